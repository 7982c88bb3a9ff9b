import { defineRule } from './types';
import type { FixOp } from './types';
import { opPathFromFinding } from './_lib/fixes';
import { getAt, isObject, resolveLocal } from './_lib/oas';
import { describeOp, methodsRule, responsesOrOp, successCodes } from './_lib/methods';
import { isSeed, missingSuccess, successStatuses, teamStatusFix, type Statuses } from './_lib/successStatuses';

const SEED = ['204'];

export const options = successStatuses('delete-success-204', 'DELETE', SEED, ['202', '204']);

export default defineRule({
  id: 'delete-success-204',
  meta: {
    description: 'DELETE operations declare a 204 response.',
    severity: 'warn',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: methodsRule(
    'apiconvDeleteSuccess204',
    (model, anchor, o) =>
      missingSuccess(model, 'delete', {
        statuses: o.statuses,
        seed: SEED,
        judged: op => op.method === 'delete',
        // 202 Accepted: the deletion is queued, not done; RFC 9110 §9.3.5 names 202 for that case.
        accepted202: true,
        seedFinding: op => {
          const success = successCodes(op);
          const lone200 = success.length === 1 && success[0] === '200';
          return {
            message: lone200
              ? `${describeOp(op)} answers 200: a successful DELETE answers 204 No Content.`
              : `${describeOp(op)} declares no 204 response: a successful DELETE answers 204 No Content; declare it.`,
            path: lone200 ? anchor([...op.path, 'responses', '200']) : responsesOrOp(op),
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
    if (!opPath || !isObject(responses) || responses['204'] !== undefined) return undefined;
    const success = Object.keys(responses).filter(c => /^2(\d\d|XX)$/i.test(c));
    if (success.length !== 1 || success[0] !== '200') return undefined;
    const r200 = responses['200'];
    const at = [...opPath, 'responses', '204'];
    const ops: FixOp[] = [{ kind: 'rename', path: [...opPath, 'responses', '200'], to: '204' }];
    if (isObject(r200) && typeof r200.$ref === 'string') {
      // A shared response may have a body other operations use: give this one its own, bodiless.
      const shared = resolveLocal(ctx.data, r200);
      const headers = isObject(shared) && isObject(shared.headers) ? { headers: shared.headers } : {};
      ops.push({ kind: 'set', path: at, value: { description: 'No Content', ...headers } });
    } else if (isObject(r200)) {
      for (const key of ctx.spec === 'oas2' ? ['schema', 'examples'] : ['content']) {
        if (r200[key] !== undefined) ops.push({ kind: 'remove', path: [...at, key] });
      }
    }
    return { title: 'Rename the 200 response to 204 and drop its body', ops };
  },
});
