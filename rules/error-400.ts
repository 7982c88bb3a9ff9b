import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import { requestBodyPath } from './_lib/oas';
import { addStatusFix, declares, opLabel, responsesPathOf } from './_lib/errors';

export default defineRule({
  id: 'error-400',
  meta: {
    description: 'An operation that takes input (parameters or a request body) declares a 400 response.',
    severity: 'warn',
    fixable: 'safe',
    formats: ['oas2', 'oas3'],
  },
  spectral: modelRule('apiconvError400', model =>
    model.operations
      .filter(op => (op.parameters.length > 0 || requestBodyPath(op, model.spec) !== undefined) && !declares(op, '400'))
      .map(op => ({
        message: `${opLabel(op)} takes ${op.parameters.some(p => p.in !== 'body' && p.in !== 'formData') ? 'parameters' : 'a request body'} but declares no 400 response for an invalid request: add a 400 error response.`,
        path: responsesPathOf(op),
      })),
  ),
  fix: addStatusFix('400'),
});
