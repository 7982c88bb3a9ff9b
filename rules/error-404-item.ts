import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import { isItemPath } from './_lib/oas';
import { declares, opLabel, requiredOn, requiredOnMethods, responsesPathOf, type RequiredOn } from './_lib/errors';
import { addStatusFix } from './_lib/errorBody';
import { defineOptions } from './_lib/options';

export const options = defineOptions<RequiredOn>('error-404-item', {
  methods: requiredOnMethods('404', 'on an item path; a DELETE is judged by delete-404'),
});

export default defineRule({
  id: 'error-404-item',
  meta: {
    description: 'An operation on an item path (`/api/users/{id}`) declares a 404 response.',
    severity: 'warn',
    fixable: 'safe',
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: modelRule(
    'apiconvError404Item',
    (model, o) =>
      model.operations
        // A DELETE is left to delete-404 (the more specific rule): one finding for the one gap.
        .filter(op => isItemPath(op.pathKey) && op.method !== 'delete' && requiredOn(o, op) && !declares(op, '404'))
        .map(op => ({
          message: `${opLabel(op)} addresses one resource but declares no 404 response for an id that does not exist: add a 404 error response.`,
          path: responsesPathOf(op),
        })),
    options,
  ),
  fix: addStatusFix('404'),
});
