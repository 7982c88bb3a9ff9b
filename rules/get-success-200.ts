import { defineRule } from './types';
import { opPathFromFinding } from './_lib/fixes';
import { getAt, isObject, type Operation } from './_lib/oas';
import { describeOp, methodsRule, responsesOrOp, successCodes } from './_lib/methods';
import { isSeed, missingSuccess, successStatuses, teamStatusFix, type Statuses } from './_lib/successStatuses';

/** Redirect statuses (RFC 9110 §15.4): a GET that answers only with one of them sends the client elsewhere, it reads nothing. */
const REDIRECT = /^(30[123578]|3XX)$/i;

/** A GET with no 2xx response and a redirect: a login or download redirect, not a read that lacks its 200. */
function onlyRedirects(op: Operation): boolean {
  return successCodes(op).length === 0 && Object.keys(op.responses ?? {}).some(c => REDIRECT.test(c));
}

const SEED = ['200'];

export const options = successStatuses('get-success-200', 'GET', SEED, ['200', '206']);

export default defineRule({
  id: 'get-success-200',
  meta: {
    description: 'GET operations declare a 200 response (206 and 304 may be declared as well).',
    severity: 'error',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: methodsRule(
    'apiconvGetSuccess200',
    (model, _anchor, o) =>
      missingSuccess(model, 'get', {
        statuses: o.statuses,
        seed: SEED,
        judged: op => op.method === 'get' && !onlyRedirects(op),
        accepted202: false,
        seedFinding: op => ({
          message: `${describeOp(op)} declares no 200 response: a successful GET answers 200 with the resource or list.`,
          path: responsesOrOp(op),
        }),
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
    if (isObject(responses) && responses['200'] !== undefined) return undefined;
    return { title: 'Add a 200 response', ops: [{ kind: 'set', path: [...opPath, 'responses', '200'], value: { description: 'OK' } }] };
  },
});
