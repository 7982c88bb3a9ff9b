import { defineRule } from './types';
import { opPathFromFinding } from './_lib/fixes';
import { addJsonBodyOps, describeOp, isActionPost, methodsRule, requestBodyInfo } from './_lib/methods';

export default defineRule({
  id: 'post-request-body',
  meta: {
    description: 'POST operations take a JSON request body.',
    severity: 'warn',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  spectral: methodsRule('apiconvPostRequestBody', (model, anchor) =>
    model.operations
      .filter(op => op.method === 'post')
      .flatMap(op => {
        const body = requestBodyInfo(op, model.spec, model.root);
        if (!body.present) {
          // An action (`POST /orders/{id}/cancel`) may need no input at all: it sends no new resource.
          if (isActionPost(op)) return [];
          return [{ message: `${describeOp(op)} has no request body: POST sends the new resource as JSON.`, path: op.path }];
        }
        if (body.json || !body.path) return [];
        const where = model.spec === 'oas3' ? [...body.path, 'content'] : body.path;
        return [{
          message: `${describeOp(op)} has no JSON request body (${body.mediaTypes.join(', ') || 'no media type'}): send the resource as application/json.`,
          path: anchor(where),
        }];
      }),
  ),
  fix: ctx => {
    if (!ctx.message.includes('has no request body')) return undefined;
    const opPath = opPathFromFinding(ctx);
    const ops = opPath ? addJsonBodyOps(ctx, opPath, true) : [];
    return ops.length > 0 ? { title: 'Add a required JSON request body', ops } : undefined;
  },
});
