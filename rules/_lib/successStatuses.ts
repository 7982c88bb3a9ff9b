/**
 * The success-status rules (get-success-200, post-create-201, put-success-200-204, delete-success-204): their
 * `statuses` option (a list, or `auto`: the status most of the document's operations of the method answer with),
 * the count `auto` and `init --infer` take the majority of, the finding of an operation that declares none of the
 * statuses, and the fix that declares the one status the team chose.
 */
import type { FixContext, FixOp, FixResult } from '../types';
import { getAt, hasResponse, isCollectionPath, isObject, type Model, type Operation } from './oas';
import { defineOptions, statusCodes, type OptionSpec, type RuleOptions } from './options';
import { bump, perModel, pluralityOf, type Tally } from './majority';
import { describeOp, isActionPost, responsesOrOp, successCodes } from './methods';
import { opPathFromFinding } from './fixes';
import type { Finding } from './ruleFunction';
import { IANA_STATUS_CODES } from '../status-code-standard';

export type Statuses = 'auto' | (string | number)[];
export type SuccessMethod = 'get' | 'post' | 'put' | 'delete';

/** The `statuses` option of a success-status rule: the statuses a successful `method` may answer with (any one will do), or `auto`. */
export function statusesOption(method: string, seed: string[], example: (string | number)[]): OptionSpec<Statuses> {
  return {
    schema: { anyOf: [statusCodes, { const: 'auto' }] },
    default: seed,
    description: `The success statuses a ${method} may declare (any one of them will do), or 'auto': the status most of the document's ${method}s answer with.`,
    example,
  };
}

/** The options of a success-status rule that takes only `statuses`. */
export function successStatuses(rule: string, method: string, seed: string[], example: (string | number)[]): RuleOptions<{ statuses: Statuses }> {
  return defineOptions<{ statuses: Statuses }>(rule, { statuses: statusesOption(method, seed, example) });
}

/**
 * The operations each rule judges: post-create-201 judges the POSTs that create (on a collection, not an action
 * such as `/cancel`, not a 207 bulk answer), so an API's actions answering 200 say nothing of its creations.
 */
export const JUDGED: Record<SuccessMethod, { judges: (op: Operation) => boolean; what: string }> = {
  get: { judges: op => op.method === 'get', what: 'GET operations with a success status' },
  post: {
    judges: op => op.method === 'post' && op.effectivePaths.some(isCollectionPath) && !isActionPost(op) && !hasResponse(op, '207'),
    what: 'creating POSTs with a success status',
  },
  put: { judges: op => op.method === 'put', what: 'PUT operations with a success status' },
  delete: { judges: op => op.method === 'delete', what: 'DELETE operations with a success status' },
};

/** Per method, the success statuses of the operations its rule judges that declare one: the count, and each one's statuses. */
export const successStatusTallies = perModel((model: Model) => {
  const out = {} as Record<SuccessMethod, { tally: Tally; declared: string[][] }>;
  for (const [method, { judges, what }] of Object.entries(JUDGED) as [SuccessMethod, (typeof JUDGED)[SuccessMethod]][]) {
    const declared = model.operations
      .filter(judges)
      .map(successCodes)
      .filter(c => c.length > 0);
    const counts = new Map<string, number>();
    for (const codes of declared) for (const c of codes) bump(counts, c);
    out[method] = { tally: { counts, total: declared.length, what }, declared };
  }
  return out;
});

/** The statuses a rule judges by: the option's, or for `auto` the document's most used one and why; undefined: no majority, nothing judged. */
export interface StatusesInUse {
  statuses: (string | number)[];
  /** For `auto`: the counts behind the choice, as a message says them. */
  why?: string;
}

export function statusesInUse(model: Model, method: SuccessMethod, statuses: Statuses): StatusesInUse | undefined {
  if (statuses !== 'auto') return { statuses };
  const { tally } = successStatusTallies(model)[method];
  const top = pluralityOf(tally);
  return top && { statuses: [top.value], why: `${top.count} of ${tally.total} ${tally.what} answer ${top.value}` };
}

/**
 * The finding of an operation that declares none of the statuses a team chose instead of the seed's (or `auto`
 * found in the rest of the API): what it declares, and what it may or what the others do.
 */
export function noneOfStatuses(op: Operation, method: string, use: StatusesInUse): Finding {
  const success = successCodes(op);
  return {
    message: `${describeOp(op)} declares none of ${use.statuses.join(', ')}${success.length > 0 ? ` (it declares ${success.join(', ')})` : ''}: ${use.why ?? `a successful ${method} answers one of them here`}.`,
    path: responsesOrOp(op),
  };
}

/**
 * The findings of a success-status rule: each operation `judged` that declares none of the statuses in use. Under
 * the seed's statuses the rule's own finding (`seedFinding`), and an operation answering 202 passes where
 * `accepted202` (the work is queued, not done yet); under the team's statuses (or `auto`) what those are.
 */
export function missingSuccess(
  model: Model,
  method: SuccessMethod,
  opts: { statuses: Statuses; seed: string[]; judged: (op: Operation) => boolean; accepted202: boolean; seedFinding: (op: Operation) => Finding },
): Finding[] {
  const use = statusesInUse(model, method, opts.statuses);
  if (!use) return [];
  const seed = isSeed(opts.statuses, opts.seed);
  return model.operations
    .filter(op => opts.judged(op) && !use.statuses.some(c => hasResponse(op, String(c))) && !(seed && opts.accepted202 && hasResponse(op, '202')))
    .map(op => (seed ? opts.seedFinding(op) : noneOfStatuses(op, method.toUpperCase(), use)));
}

/** Whether the statuses are the seed's (the rule's own messages and fixes apply). */
export const isSeed = (statuses: Statuses, seed: string[]) =>
  statuses !== 'auto' && statuses.length === seed.length && seed.every(s => statuses.map(String).includes(s));

/**
 * The fix of a finding under the team's statuses: declare the one status the team chose (or `auto` found, as
 * the finding says). The operation's only success response becomes it (a 204 loses the body it cannot have);
 * else it is added. Several statuses to choose from: which one is the team's call, no fix.
 */
export function teamStatusFix(ctx: FixContext): FixResult | undefined {
  const set = ctx.options.statuses as Statuses | undefined;
  const status =
    set === 'auto' ? / declares none of (\d{3}|[1-5]XX)\b(?!,)/.exec(ctx.message)?.[1] : Array.isArray(set) && set.length === 1 ? String(set[0]) : undefined;
  const opPath = opPathFromFinding(ctx);
  if (status === undefined || !opPath || !isObject(getAt(ctx.data, opPath))) return undefined;
  const responses = getAt(ctx.data, [...opPath, 'responses']);
  if ((responses !== undefined && !isObject(responses)) || (isObject(responses) && responses[status] !== undefined)) return undefined;
  const success = isObject(responses) ? Object.keys(responses).filter(c => /^2(\d\d|XX)$/i.test(c)) : [];
  if (success.length === 1) {
    const ops: FixOp[] = [{ kind: 'rename', path: [...opPath, 'responses', success[0]], to: status }];
    const only = responses![success[0]];
    if (status === '204' && isObject(only) && typeof only.$ref !== 'string')
      for (const key of ctx.spec === 'oas2' ? ['schema', 'examples'] : ['content'])
        if (only[key] !== undefined) ops.push({ kind: 'remove', path: [...opPath, 'responses', status, key] });
    return { title: `Rename the ${success[0]} response to ${status}`, ops };
  }
  const description = IANA_STATUS_CODES[Number(status)] ?? 'Success';
  return { title: `Add a ${status} response`, ops: [{ kind: 'set', path: [...opPath, 'responses', status], value: { description } }] };
}
