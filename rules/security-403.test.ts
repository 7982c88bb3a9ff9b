import { testRule } from '../test/helpers/testRule';
import { securityStatusCases } from '../test/helpers/securityStatusCases';

testRule('security-403', securityStatusCases('403'));
