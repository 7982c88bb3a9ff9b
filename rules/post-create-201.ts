import { defineRule } from './types';
import { opPathFromFinding } from './_lib/fixes';
import { getAt, isObject } from './_lib/oas';
import { describeOp, isPostAction, methodsRule, postActionsOption, responsesOrOp, successCodes, type PostActions } from './_lib/methods';
import { defineOptions } from './_lib/options';
import { JUDGED, isSeed, missingSuccess, statusesOption, teamStatusFix, type Statuses } from './_lib/successStatuses';

const SEED = ['201'];

export const options = defineOptions<{ statuses: Statuses; actions: PostActions }>('post-create-201', {
  statuses: statusesOption('POST', SEED, ['200', '201']),
  actions: postActionsOption,
});

export default defineRule({
  id: 'post-create-201',
  meta: {
    description: 'POST on a collection path (creating a resource) declares a 201 response.',
    severity: 'error',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: methodsRule(
    'apiconvPostCreate201',
    (model, anchor, o) =>
      missingSuccess(model, 'post', {
        statuses: o.statuses,
        seed: SEED,
        // A POST answering 207 Multi-Status is a bulk action on many resources, not the creation of one; an action
        // (`/cancel`, `/search`, and under `actions: non-collections` `/me/player/next`) creates nothing.
        judged: op => JUDGED.post.judges(op) && !isPostAction(op, o.actions),
        // 202 Accepted queues work not done yet.
        accepted202: true,
        seedFinding: op => {
          const success = successCodes(op);
          const lone200 = success.length === 1 && success[0] === '200';
          return {
            message: lone200
              ? `${describeOp(op)} answers 200: POST on a collection creates a resource and answers 201 Created.`
              : `${describeOp(op)} declares no 201 response: POST on a collection creates a resource and answers 201 Created.`,
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
    if (!opPath || !isObject(getAt(ctx.data, opPath))) return undefined;
    const responses = getAt(ctx.data, [...opPath, 'responses']);
    if (responses !== undefined && !isObject(responses)) return undefined;
    if (isObject(responses) && responses['201'] !== undefined) return undefined;
    const success = isObject(responses) ? Object.keys(responses).filter(c => /^2(\d\d|XX)$/i.test(c)) : [];
    if (success.length === 1 && success[0] === '200') {
      return { title: 'Rename the 200 response to 201', ops: [{ kind: 'rename', path: [...opPath, 'responses', '200'], to: '201' }] };
    }
    return { title: 'Add a 201 response', ops: [{ kind: 'set', path: [...opPath, 'responses', '201'], value: { description: 'Created' } }] };
  },
});
