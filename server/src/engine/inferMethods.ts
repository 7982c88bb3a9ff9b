/** How an API uses its methods (engine/infer.ts): the paths it sends each to (method-path-fit), what its PUTs carry (put-request-body). */
import { hasResponse, type Model } from '../../../rules/_lib/oas';
import { endsInNonCollection, isActionPost, requestBodyInfo } from '../../../rules/_lib/methods';
import { isFileUpload } from '../../../rules/_lib/uploads';
import { JUDGED_METHODS, options as methodPathFit, targetOf, type JudgedMethod, type PathKind } from '../../../rules/method-path-fit';
import { bump, tally, type Inference } from './inferTally';

/** The least share of a method's operations on the kind of path the seed does not send it to that makes a practice. */
const PRACTICE_SHARE = 0.25;
/** …and the fewest operations: one or two are an oddity the rule should report, not a convention. */
const PRACTICE_COUNT = 3;

/**
 * The kinds of path each method targets, against the seed's (POST on collections; PUT, PATCH, DELETE on items):
 * an API that sends a method to the other kind of path in at least a quarter of its operations of that method,
 * and at least three, does so by design (Stripe and Twilio update with POST on an item, Xero creates with PUT on
 * its collections, Spotify saves and removes several items with PUT and DELETE on a collection), and that kind is
 * accepted beside the seed's. Rarer ones stay what the rule reports.
 */
export function inferMethodTargets(models: Model[]): Inference | undefined {
  const singletons = inferSingletonTargets(models);
  const counts = new Map<JudgedMethod, Map<string, number>>(JUDGED_METHODS.map(m => [m, new Map()]));
  for (const m of models)
    for (const op of m.operations) {
      const target = JUDGED_METHODS.includes(op.method as JudgedMethod) ? targetOf(op, m, singletons !== undefined) : undefined;
      if (target) bump(counts.get(op.method as JudgedMethod)!, `${target.kind} paths`);
    }
  const accepted: Record<PathKind, JudgedMethod[]> = {
    collection: [...methodPathFit.defaults.collectionMethods],
    item: [...methodPathFit.defaults.itemMethods],
  };
  const evidence = singletons ? [singletons] : [];
  let moved = false;
  for (const method of JUDGED_METHODS) {
    const byKind = counts.get(method)!;
    const other: PathKind = accepted.collection.includes(method) ? 'item' : 'collection';
    const n = byKind.get(`${other} paths`) ?? 0;
    const total = [...byKind.values()].reduce((a, b) => a + b, 0);
    if (n < PRACTICE_COUNT || n < total * PRACTICE_SHARE) continue;
    accepted[other].push(method);
    moved = true;
    const M = method.toUpperCase();
    evidence.push(`${M}: ${tally(byKind, total, `${M} operations`)}`);
  }
  if (evidence.length === 0) return undefined;
  const ordered = (list: JudgedMethod[]) => JUDGED_METHODS.filter(m => list.includes(m));
  return {
    rule: 'method-path-fit',
    options: {
      ...(moved ? { collectionMethods: ordered(accepted.collection), itemMethods: ordered(accepted.item) } : {}),
      ...(singletons ? { singletons: true } : {}),
    },
    evidence,
  };
}

/**
 * Whether the API changes resources that its paths name as one (`PATCH /app/hook/config`: no `/app/hook/config/{id}`,
 * no list of it, nothing posted to it) with PUT, PATCH or DELETE, in at least three operations the rule would
 * otherwise take as aimed at a collection: the evidence line when it does.
 */
function inferSingletonTargets(models: Model[]): string | undefined {
  const found: string[] = [];
  let judged = 0;
  for (const m of models)
    for (const op of m.operations) {
      if (op.method !== 'put' && op.method !== 'patch' && op.method !== 'delete') continue;
      judged++;
      if (targetOf(op, m)?.kind === 'collection' && targetOf(op, m, true)?.kind === 'item') found.push(`${op.method.toUpperCase()} ${op.pathKey}`);
    }
  if (found.length < PRACTICE_COUNT) return undefined;
  return `${found.length} of ${judged} PUT, PATCH and DELETE operations target a path that names one resource (no item below it, no list of it), as ${found.slice(0, 2).join(' and ')}`;
}

/**
 * How the API's PUTs carry what they set (put-request-body): when most PUT bodies are optional, the API's PUT sends
 * the parts it changes and `required` is off; when at least a quarter of the PUTs, and three, take no body at all
 * (the state is in the path or query), a PUT may take none.
 */
export function inferPutBodies(models: Model[]): Inference | undefined {
  let puts = 0;
  let none = 0;
  let bodies = 0;
  let optional = 0;
  for (const m of models)
    for (const op of m.operations) {
      if (op.method !== 'put') continue;
      puts++;
      const body = requestBodyInfo(op, m.spec, m.root);
      if (!body.present) none++;
      else if (body.json) {
        bodies++;
        if (!body.required) optional++;
      }
    }
  const options: Record<string, unknown> = {};
  const evidence: string[] = [];
  if (optional * 2 > bodies) {
    options.required = false;
    evidence.push(`PUT bodies: optional in ${optional} of ${bodies} PUTs with a JSON body`);
  }
  if (none >= PRACTICE_COUNT && none >= puts * PRACTICE_SHARE) {
    options.allowNone = true;
    evidence.push(`PUT without a body: ${none} of ${puts} PUT operations`);
  }
  return evidence.length > 0 ? { rule: 'put-request-body', options, evidence } : undefined;
}

/**
 * Whether the API uploads files as themselves (post-request-body's and put-request-body's `uploads`): one of its POSTs
 * (PUTs) that takes a body that is a file is enough. A file has no JSON form for the API to be consistent with: an
 * upload is not an oddity however rare (Asana's one attachment upload, Spotify's one playlist image).
 */
export function inferUploads(models: Model[]): Inference[] {
  const out: Inference[] = [];
  for (const [method, rule] of [
    ['post', 'post-request-body'],
    ['put', 'put-request-body'],
  ] as const) {
    let withBody = 0;
    let files = 0;
    for (const m of models)
      for (const op of m.operations) {
        if (op.method !== method || !requestBodyInfo(op, m.spec, m.root).present) continue;
        withBody++;
        if (isFileUpload(op, m)) files++;
      }
    const M = method.toUpperCase();
    if (files > 0) out.push({ rule, options: { uploads: true }, evidence: [`${M} bodies that are a file: ${files} of ${withBody} ${M}s with a body`] });
  }
  return out;
}

/**
 * Whether the API's POSTs whose last segment names no collection are actions on what their path names rather than
 * creations in a collection (GitHub's /check-runs/{id}/rerequest, Spotify's /me/player/next, Slack's
 * /dnd.endSnooze): at least three, and most, of them act — they send no body, or answer without a 201. One notion
 * for the two rules that judge a POST as a creation: post-request-body (a body) and post-create-201 (a 201), both
 * `actions: non-collections`. A POST to a plural collection stays what they report.
 */
export function inferPostActions(models: Model[]): Inference[] {
  const acting: string[] = [];
  let named = 0;
  for (const m of models)
    for (const op of m.operations) {
      if (op.method !== 'post' || isActionPost(op) || !endsInNonCollection(op)) continue;
      named++;
      if (!requestBodyInfo(op, m.spec, m.root).present || !hasResponse(op, '201')) acting.push(op.pathKey);
    }
  if (acting.length < PRACTICE_COUNT || acting.length * 2 <= named) return [];
  const evidence = [
    `POSTs whose last segment names no collection: ${acting.length} of ${named} act (send no body, or answer without a 201), as ${acting.slice(0, 2).join(' and ')}`,
  ];
  return ['post-request-body', 'post-create-201'].map(rule => ({ rule, options: { actions: 'non-collections' }, evidence }));
}
