import { defineRule } from './types';
import { opPathFromFinding } from './_lib/fixes';
import { addJsonBodyOps, describeOp, methodsRule, requestBodyInfo } from './_lib/methods';

export default defineRule({
  id: 'patch-request-body',
  meta: {
    description: 'PATCH operations take a JSON request body (the changed fields).',
    severity: 'error',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  spectral: methodsRule('apiconvPatchRequestBody', (model, anchor) =>
    model.operations
      .filter(op => op.method === 'patch')
      .flatMap(op => {
        const body = requestBodyInfo(op, model.spec, model.root);
        if (!body.present) {
          return [{ message: `${describeOp(op)} has no request body: PATCH sends the changed fields as JSON.`, path: op.path }];
        }
        if (body.json || !body.path) return [];
        const where = model.spec === 'oas3' ? [...body.path, 'content'] : body.path;
        return [
          {
            message: `${describeOp(op)} has no JSON request body (${body.mediaTypes.join(', ') || 'no media type'}): send the changed fields as application/json (or application/merge-patch+json).`,
            path: anchor(where),
          },
        ];
      }),
  ),
  fix: ctx => {
    if (!ctx.message.includes('has no request body')) return undefined;
    const opPath = opPathFromFinding(ctx);
    const ops = opPath ? addJsonBodyOps(ctx, opPath, true) : [];
    return ops.length > 0 ? { title: 'Add a JSON request body', ops } : undefined;
  },
});
