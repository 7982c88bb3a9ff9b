import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import { declares, opLabel, responsesPathOf } from './_lib/errors';
import { addStatusFix } from './_lib/errorBody';

export default defineRule({
  id: 'security-401',
  meta: {
    description: 'Every secured operation declares a 401 response (the API key is missing or invalid).',
    severity: 'error',
    fixable: 'safe',
    formats: ['oas2', 'oas3'],
  },
  spectral: modelRule('apiconvSecurity401', model =>
    model.operations
      .filter(op => op.secured && !declares(op, '401'))
      .map(op => ({
        message: `${opLabel(op)} is secured but declares no 401 response (the API key is missing or invalid): add a 401 error response.`,
        path: responsesPathOf(op),
      })),
  ),
  fix: addStatusFix('401'),
});
