import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import { requestBodyPath } from './_lib/oas';
import { lacksVersion400 } from './_lib/versioning';
import { declares, opLabel, requiredOn, requiredOnMethods, responsesPathOf, type RequiredOn } from './_lib/errors';
import { addStatusFix } from './_lib/errorBody';
import { defineOptions } from './_lib/options';

export const options = defineOptions<RequiredOn>('error-400', {
  methods: requiredOnMethods('400', 'when it takes parameters or a request body'),
});

export default defineRule({
  id: 'error-400',
  meta: {
    description: 'An operation that takes input (parameters or a request body) declares a 400 response.',
    severity: 'warn',
    fixable: 'safe',
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: modelRule(
    'apiconvError400',
    (model, o) =>
      model.operations
        // Where version-param-400 (the more specific rule) asks for the 400, it alone does: one finding for the one gap.
        .filter(
          op =>
            requiredOn(o, op) && (op.parameters.length > 0 || requestBodyPath(op, model.spec) !== undefined) && !declares(op, '400') && !lacksVersion400(op),
        )
        .map(op => ({
          message: `${opLabel(op)} takes ${op.parameters.some(p => p.in !== 'body' && p.in !== 'formData') ? 'parameters' : 'a request body'} but declares no 400 response for an invalid request: add a 400 error response.`,
          path: responsesPathOf(op),
        })),
    options,
  ),
  fix: addStatusFix('400'),
});
