import { defineRule } from './types';
import { opPathFromFinding } from './_lib/fixes';
import { describeOp, methodsRule, removeRequestBodyOps, requestBodyInfo } from './_lib/methods';

export default defineRule({
  id: 'get-no-request-body',
  meta: {
    description: 'GET and HEAD operations take no request body.',
    severity: 'error',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  spectral: methodsRule('apiconvGetNoRequestBody', (model, anchor) =>
    model.operations
      .filter(op => op.method === 'get' || op.method === 'head')
      .flatMap(op => {
        const body = requestBodyInfo(op, model.spec, model.root);
        if (!body.present || !body.path) return [];
        const shared = model.spec === 'oas2' && body.params.every(p => p.level === 'path-item');
        return [{
          message: shared
            ? `${describeOp(op)} inherits a request body parameter from its path item: move it to the operations that take a body.`
            : `${describeOp(op)} has a request body: GET and HEAD read and take none; send inputs as path or query parameters.`,
          path: anchor(body.path),
        }];
      }),
  ),
  fix: ctx => {
    const opPath = opPathFromFinding(ctx);
    const ops = opPath ? removeRequestBodyOps(ctx, opPath) : [];
    return ops.length > 0 ? { title: 'Remove the request body', ops } : undefined;
  },
});
