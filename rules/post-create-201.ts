import { defineRule } from './types';
import { opPathFromFinding } from './_lib/fixes';
import { getAt, hasResponse, isObject } from './_lib/oas';
import { describeOp, methodsRule, responsesOrOp, successCodes } from './_lib/methods';
import { JUDGED, isSeed, noneOfStatuses, statusesInUse, successStatuses, teamStatusFix, type Statuses } from './_lib/successStatuses';

const SEED = ['201'];

export const options = successStatuses('post-create-201', 'POST', SEED, ['200', '201']);

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
    (model, anchor, o) => {
      const use = statusesInUse(model, 'post', o.statuses);
      if (!use) return [];
      return (
        model.operations
          // A POST answering 207 Multi-Status is a bulk action on many resources, not the creation of one; an action
          // (`/cancel`, `/search`) creates nothing; with the seed's status, one answering 202 Accepted queues work not done yet.
          .filter(op => JUDGED.post.judges(op) && !use.statuses.some(c => hasResponse(op, String(c))))
          .filter(op => !(isSeed(o.statuses, SEED) && hasResponse(op, '202')))
          .map(op => {
            if (!isSeed(o.statuses, SEED)) return noneOfStatuses(op, 'POST', use);
            const success = successCodes(op);
            const lone200 = success.length === 1 && success[0] === '200';
            return {
              message: lone200
                ? `${describeOp(op)} answers 200: POST on a collection creates a resource and answers 201 Created.`
                : `${describeOp(op)} declares no 201 response: POST on a collection creates a resource and answers 201 Created.`,
              path: lone200 ? anchor([...op.path, 'responses', '200']) : responsesOrOp(op),
            };
          })
      );
    },
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
