import { defineRule } from './types';
import { opPathFromFinding } from './_lib/fixes';
import { getAt, isObject } from './_lib/oas';
import { addJsonBodyOps, describeOp, followLocalPath, methodsRule, requestBodyInfo } from './_lib/methods';

export default defineRule({
  id: 'put-request-body',
  meta: {
    description: 'PUT operations take a required JSON request body: the full resource.',
    severity: 'error',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  spectral: methodsRule('apiconvPutRequestBody', (model, anchor) =>
    model.operations
      .filter(op => op.method === 'put')
      .flatMap(op => {
        const body = requestBodyInfo(op, model.spec, model.root);
        if (!body.present) {
          return [{ message: `${describeOp(op)} has no request body: PUT sends the full resource as JSON.`, path: op.path }];
        }
        if (!body.path) return [];
        if (!body.json) {
          const where = model.spec === 'oas3' ? [...body.path, 'content'] : body.path;
          return [
            {
              message: `${describeOp(op)} has no JSON request body (${body.mediaTypes.join(', ') || 'no media type'}): send the full resource as application/json.`,
              path: anchor(where),
            },
          ];
        }
        if (!body.required) {
          // Point at the body object itself (a shared one where it is defined): that is where `required` goes.
          const bodyParam = model.spec === 'oas2' ? body.params.find(p => p.in === 'body') : undefined;
          return [
            {
              message: `${describeOp(op)}: the request body is optional: PUT replaces the whole resource, so set \`required: true\`.`,
              path: bodyParam ? bodyParam.path : body.path,
            },
          ];
        }
        return [];
      }),
  ),
  fix: ctx => {
    if (ctx.message.includes('has no request body')) {
      const opPath = opPathFromFinding(ctx);
      const ops = opPath ? addJsonBodyOps(ctx, opPath, true) : [];
      return ops.length > 0 ? { title: 'Add a required JSON request body', ops } : undefined;
    }
    if (ctx.message.includes('set `required: true`')) {
      const target = followLocalPath(ctx.data, ctx.path);
      const body = target ? getAt(ctx.data, target) : undefined;
      if (!target || !isObject(body) || body.required === true) return undefined;
      return { title: 'Make the request body required', ops: [{ kind: 'set', path: [...target, 'required'], value: true }] };
    }
    return undefined;
  },
});
