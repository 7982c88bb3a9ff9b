import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import { declares, opLabel, requiredOn, requiredOnMethods, responsesPathOf, type RequiredOn } from './_lib/errors';
import { addStatusFix } from './_lib/errorBody';
import { defineOptions } from './_lib/options';

export const options = defineOptions<RequiredOn & { acceptDefault: boolean }>('error-500', {
  methods: requiredOnMethods('500', 'or a default response'),
  acceptDefault: {
    schema: { type: 'boolean' },
    default: true,
    description: 'Whether a default response stands in for the 500; false asks for an explicit 500.',
    example: false,
  },
});

export default defineRule({
  id: 'error-500',
  meta: {
    description: 'Every operation declares a 500 (internal server error) or a default response.',
    severity: 'info',
    fixable: 'safe',
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: modelRule(
    'apiconvError500',
    (model, o) =>
      model.operations
        .filter(op => requiredOn(o, op) && !(o.acceptDefault ? declares(op, '500', 'default') : declares(op, '500')))
        .map(op => ({
          message: o.acceptDefault
            ? `${opLabel(op)} declares neither 500 nor default: add a 500 error response so clients know the error body of a server failure.`
            : `${opLabel(op)} declares no 500 response (the API does not let a default response stand in): add a 500 error response so clients know the error body of a server failure.`,
          path: responsesPathOf(op),
        })),
    options,
  ),
  fix: addStatusFix('500'),
});
