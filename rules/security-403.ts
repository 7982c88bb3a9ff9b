import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import { declares, opLabel, responsesPathOf } from './_lib/errors';
import { addStatusFix } from './_lib/errorBody';

export default defineRule({
  id: 'security-403',
  meta: {
    description: 'Every secured operation declares a 403 response (the API key is valid but lacks permission).',
    severity: 'warn',
    fixable: 'safe',
    formats: ['oas2', 'oas3'],
  },
  spectral: modelRule('apiconvSecurity403', model =>
    model.operations
      .filter(op => op.secured && !declares(op, '403'))
      .map(op => ({
        message: `${opLabel(op)} is secured but declares no 403 response (the API key is valid but lacks permission): add a 403 error response.`,
        path: responsesPathOf(op),
      })),
  ),
  fix: addStatusFix('403'),
});
