import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import { requestBodyPath } from './_lib/oas';
import { addStatusFix, declares, opLabel, responsesPathOf } from './_lib/errors';

export default defineRule({
  id: 'error-422',
  meta: {
    description: 'An operation with a request body declares a 422 response (validation failed).',
    severity: 'warn',
    fixable: 'safe',
    formats: ['oas2', 'oas3'],
  },
  spectral: modelRule('apiconvError422', model =>
    model.operations
      .filter(op => requestBodyPath(op, model.spec) !== undefined && !declares(op, '422'))
      .map(op => ({
        message: `${opLabel(op)} takes a request body but declares no 422 response for a body that fails validation: add a 422 error response.`,
        path: responsesPathOf(op),
      })),
  ),
  fix: addStatusFix('422'),
});
