import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import { requestBodyPath } from './_lib/oas';
import { declares, opLabel, requiredOn, requiredOnMethods, responsesPathOf, type RequiredOn } from './_lib/errors';
import { addStatusFix } from './_lib/errorBody';
import { defineOptions } from './_lib/options';

export const options = defineOptions<RequiredOn>('error-422', {
  methods: requiredOnMethods('422', 'when it takes a request body'),
});

export default defineRule({
  id: 'error-422',
  meta: {
    description: 'An operation with a request body declares a 422 response (validation failed).',
    severity: 'warn',
    fixable: 'safe',
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: modelRule(
    'apiconvError422',
    (model, o) =>
      model.operations
        .filter(op => requiredOn(o, op) && requestBodyPath(op, model.spec) !== undefined && !declares(op, '422'))
        .map(op => ({
          message: `${opLabel(op)} takes a request body but declares no 422 response for a body that fails validation: add a 422 error response.`,
          path: responsesPathOf(op),
        })),
    options,
  ),
  fix: addStatusFix('422'),
});
