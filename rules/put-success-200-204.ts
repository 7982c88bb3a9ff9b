import { defineRule } from './types';
import { opPathFromFinding } from './_lib/fixes';
import { getAt, hasResponse, isObject } from './_lib/oas';
import { describeOp, methodsRule, responsesOrOp, successCodes } from './_lib/methods';

export default defineRule({
  id: 'put-success-200-204',
  meta: {
    description: 'PUT operations declare a 200 or a 204 response.',
    severity: 'error',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  spectral: methodsRule('apiconvPutSuccess200204', (model, anchor) =>
    model.operations
      .filter(op => op.method === 'put' && !hasResponse(op, '200') && !hasResponse(op, '204'))
      .map(op => {
        const success = successCodes(op);
        if (success.length === 1) {
          return {
            message: `${describeOp(op)} answers ${success[0]}: a successful PUT answers 200 (with the resource) or 204 (no body).`,
            path: anchor([...op.path, 'responses', success[0]]),
          };
        }
        return {
          message: `${describeOp(op)} declares neither 200 nor 204: a successful PUT answers 200 (with the resource) or 204 (no body); declare one of them.`,
          path: responsesOrOp(op),
        };
      }),
  ),
  fix: ctx => {
    const opPath = opPathFromFinding(ctx);
    const responses = opPath ? getAt(ctx.data, [...opPath, 'responses']) : undefined;
    if (!opPath || !isObject(responses) || responses['200'] !== undefined || responses['204'] !== undefined) return undefined;
    const success = Object.keys(responses).filter(c => /^2(\d\d|XX)$/i.test(c));
    if (success.length !== 1) return undefined;
    return { title: `Rename the ${success[0]} response to 200`, ops: [{ kind: 'rename', path: [...opPath, 'responses', success[0]], to: '200' }] };
  },
});
