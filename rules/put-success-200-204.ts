import { defineRule } from './types';
import { opPathFromFinding } from './_lib/fixes';
import { getAt, isObject } from './_lib/oas';
import { describeOp, methodsRule, responsesOrOp, successCodes } from './_lib/methods';
import { isSeed, missingSuccess, successStatuses, teamStatusFix, type Statuses } from './_lib/successStatuses';

const SEED = ['200', '204'];

export const options = successStatuses('put-success-200-204', 'PUT', SEED, ['200', '202', '204']);

export default defineRule({
  id: 'put-success-200-204',
  meta: {
    description: 'PUT operations declare a 200 or a 204 response.',
    severity: 'error',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: methodsRule(
    'apiconvPutSuccess200204',
    (model, anchor, o) =>
      missingSuccess(model, 'put', {
        statuses: o.statuses,
        seed: SEED,
        judged: op => op.method === 'put',
        // 202 Accepted: the replacement runs as a background job and is not done yet (RFC 9110 §15.3.3).
        accepted202: true,
        seedFinding: op => {
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
        },
      }),
    options,
  ),
  fix: ctx => {
    // The team's statuses: the one it chose, or none when it is the team's call which.
    if (!isSeed(ctx.options.statuses as Statuses, SEED)) return teamStatusFix(ctx);
    const opPath = opPathFromFinding(ctx);
    const responses = opPath ? getAt(ctx.data, [...opPath, 'responses']) : undefined;
    if (!opPath || !isObject(responses) || responses['200'] !== undefined || responses['204'] !== undefined) return undefined;
    const success = Object.keys(responses).filter(c => /^2(\d\d|XX)$/i.test(c));
    if (success.length !== 1) return undefined;
    return { title: `Rename the ${success[0]} response to 200`, ops: [{ kind: 'rename', path: [...opPath, 'responses', success[0]], to: '200' }] };
  },
});
