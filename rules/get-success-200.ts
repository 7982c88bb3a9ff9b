import { defineRule } from './types';
import { opPathFromFinding } from './_lib/fixes';
import { getAt, hasResponse, isObject } from './_lib/oas';
import { describeOp, methodsRule, responsesOrOp } from './_lib/methods';

export default defineRule({
  id: 'get-success-200',
  meta: {
    description: 'GET operations declare a 200 response (206 and 304 may be declared as well).',
    severity: 'error',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  spectral: methodsRule('apiconvGetSuccess200', model =>
    model.operations
      .filter(op => op.method === 'get' && !hasResponse(op, '200'))
      .map(op => ({
        message: `${describeOp(op)} declares no 200 response: a successful GET answers 200 with the resource or list.`,
        path: responsesOrOp(op),
      })),
  ),
  fix: ctx => {
    const opPath = opPathFromFinding(ctx);
    if (!opPath || !isObject(getAt(ctx.data, opPath))) return undefined;
    const responses = getAt(ctx.data, [...opPath, 'responses']);
    if (responses !== undefined && !isObject(responses)) return undefined;
    if (isObject(responses) && responses['200'] !== undefined) return undefined;
    return { title: 'Add a 200 response', ops: [{ kind: 'set', path: [...opPath, 'responses', '200'], value: { description: 'OK' } }] };
  },
});
