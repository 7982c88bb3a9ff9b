import { defineRule } from './types';
import type { FixOp, JsonPath } from './types';
import { opPathFromFinding } from './_lib/fixes';
import { getAt, hasResponse, isObject, responseHeaderNames, type Operation } from './_lib/oas';
import { describeOp, followLocalPath, getKindOf, getKinds, methodsRule, type GetKind } from './_lib/methods';
import { defineOptions } from './_lib/options';

export const options = defineOptions<{ operations: GetKind[]; requireEtag: boolean }>('etag-conditional-get', {
  operations: {
    schema: getKinds,
    default: ['item', 'collection'],
    description: 'The GETs judged: on item paths (/users/{id}), on collection paths (/users); [] for none.',
    example: ['item'],
  },
  requireEtag: {
    schema: { type: 'boolean' },
    default: false,
    description: 'Whether the judged GETs must send an ETag on their 200 response; false judges only the GETs that do.',
    example: true,
  },
});

const PARAM_DESCRIPTION = 'The ETag of the cached representation; when it is still current the answer is 304 with no body';

function acceptsIfNoneMatch(op: Operation): boolean {
  return op.parameters.some(p => p.in === 'header' && p.name.toLowerCase() === 'if-none-match');
}

export default defineRule({
  id: 'etag-conditional-get',
  meta: {
    description: 'A GET whose 200 response declares ETag accepts an If-None-Match header and declares a 304 response.',
    severity: 'warn',
    fixable: 'safe',
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: methodsRule(
    'apiconvEtagConditionalGet',
    (model, _anchor, o) =>
      model.operations
        .filter(op => op.method === 'get' && o.operations.includes(getKindOf(op)))
        .flatMap(op => {
          if (!responseHeaderNames(op.responses?.['200']).includes('etag')) {
            return o.requireEtag && isObject(op.responses?.['200'])
              ? [
                  {
                    message: `${describeOp(op)} sends no ETag on its 200 response: the API's GETs let clients revalidate with If-None-Match.`,
                    path: [...op.path, 'responses', '200'],
                  },
                ]
              : [];
          }
          const noParam = !acceptsIfNoneMatch(op);
          const no304 = !hasResponse(op, '304');
          if (!noParam && !no304) return [];
          const missing = [noParam ? 'an If-None-Match header parameter' : '', no304 ? 'a 304 response' : ''].filter(Boolean).join(' and ');
          const path: JsonPath = no304 ? [...op.path, 'responses'] : Array.isArray(op.value.parameters) ? [...op.path, 'parameters'] : op.path;
          return [
            { message: `${describeOp(op)} sends an ETag but lacks ${missing}: a conditional GET with a current If-None-Match answers 304 with no body.`, path },
          ];
        }),
    options,
  ),
  fix: ctx => {
    // What the ETag would be computed from is the server's: only the conditional request has a fix.
    if (!ctx.message.includes(' sends an ETag but lacks ')) return undefined;
    const opPath = opPathFromFinding(ctx);
    const op = opPath ? getAt(ctx.data, opPath) : undefined;
    if (!opPath || !isObject(op)) return undefined;
    const ops: FixOp[] = [];
    const declares = (params: unknown, base: JsonPath) =>
      Array.isArray(params) &&
      params.some((_p, i) => {
        const at = followLocalPath(ctx.data, [...base, i]);
        const p = at ? getAt(ctx.data, at) : undefined;
        return isObject(p) && p.in === 'header' && typeof p.name === 'string' && p.name.toLowerCase() === 'if-none-match';
      });
    const itemPath = opPath.slice(0, -1);
    const pathItem = opPath.length > 0 ? getAt(ctx.data, itemPath) : undefined;
    const hasParam = declares(op.parameters, [...opPath, 'parameters']) || (isObject(pathItem) && declares(pathItem.parameters, [...itemPath, 'parameters']));
    if (!hasParam) {
      if (op.parameters !== undefined && !Array.isArray(op.parameters)) return undefined;
      const param =
        ctx.spec === 'oas2'
          ? { name: 'If-None-Match', in: 'header', required: false, type: 'string', description: PARAM_DESCRIPTION }
          : { name: 'If-None-Match', in: 'header', required: false, description: PARAM_DESCRIPTION, schema: { type: 'string' } };
      ops.push({ kind: 'append', path: [...opPath, 'parameters'], value: param });
    }
    const responses = op.responses;
    if (isObject(responses) && responses['304'] === undefined) {
      ops.push({
        kind: 'set',
        path: [...opPath, 'responses', '304'],
        value: { description: 'Not Modified: the representation matching If-None-Match is still current' },
      });
    }
    return ops.length > 0 ? { title: 'Add If-None-Match and a 304 response', ops } : undefined;
  },
});
