import { defineRule } from './types';
import { getAt, isObject, responseHeaderNames } from './_lib/oas';
import { followLocalPath, getKindOf, getKinds, methodsRule, stringHeader, type GetKind } from './_lib/methods';
import { defineOptions } from './_lib/options';

export const options = defineOptions<{ operations: GetKind[] }>('cache-control-get', {
  operations: {
    schema: getKinds,
    default: ['item', 'collection'],
    description: 'The GETs whose 200 response must declare Cache-Control: on item paths (/users/{id}), on collection paths (/users); [] for none.',
    example: ['item'],
  },
});

export const CACHE_CONTROL_DESCRIPTION = 'Caching directives for this response, e.g. max-age=60 or no-store';

export default defineRule({
  id: 'cache-control-get',
  meta: {
    description: 'The 200 response of a GET declares a Cache-Control header.',
    severity: 'info',
    fixable: 'safe',
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: methodsRule(
    'apiconvCacheControlGet',
    (model, _anchor, o) =>
      model.operations
        .filter(op => op.method === 'get' && o.operations.includes(getKindOf(op)))
        .filter(op => isObject(op.responses?.['200']) && !responseHeaderNames(op.responses['200']).includes('cache-control'))
        .map(op => ({
          message: 'This 200 response of a GET declares no Cache-Control header: say whether and how long clients and proxies may cache it.',
          path: [...op.path, 'responses', '200'],
        })),
    options,
  ),
  fix: ctx => {
    const target = followLocalPath(ctx.data, ctx.path);
    const response = target ? getAt(ctx.data, target) : undefined;
    if (!target || !isObject(response) || typeof response.$ref === 'string') return undefined;
    if (response.headers !== undefined && !isObject(response.headers)) return undefined;
    if (responseHeaderNames(response).includes('cache-control')) return undefined;
    return {
      title: 'Add a Cache-Control header',
      ops: [{ kind: 'set', path: [...target, 'headers', 'Cache-Control'], value: stringHeader(ctx.spec, CACHE_CONTROL_DESCRIPTION) }],
    };
  },
});
