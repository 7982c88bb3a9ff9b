import { defineRule } from './types';
import { addErrorResponse, opPathFromFinding } from './_lib/fixes';
import { getAt, hasResponse, isObject } from './_lib/oas';
import { describeOp, methodsRule, responsesOrOp } from './_lib/methods';
import { configuredErrorBody } from './_lib/errorBody';

export default defineRule({
  id: 'delete-404',
  meta: {
    description: 'DELETE operations declare a 404 response for a resource that does not exist.',
    severity: 'error',
    fixable: 'safe',
    formats: ['oas2', 'oas3'],
  },
  spectral: methodsRule('apiconvDelete404', model =>
    model.operations
      .filter(op => op.method === 'delete' && !hasResponse(op, '404'))
      .map(op => ({
        message: `${describeOp(op)} declares no 404 response: deleting a resource that does not exist answers 404.`,
        path: responsesOrOp(op),
      })),
  ),
  fix: ctx => {
    const opPath = opPathFromFinding(ctx);
    if (!opPath || !isObject(getAt(ctx.data, opPath))) return undefined;
    const responses = getAt(ctx.data, [...opPath, 'responses']);
    if (responses !== undefined && !isObject(responses)) return undefined;
    const body = configuredErrorBody(ctx.optionsOf);
    const ops = body ? addErrorResponse(ctx, opPath, '404', body) : [];
    return ops.length > 0 ? { title: 'Add a 404 response', ops } : undefined;
  },
});
