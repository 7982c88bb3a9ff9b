/**
 * Renames: a member (a property, a parameter) one version lost paired with one the other
 * gained, taken as one element under a new name only on evidence. An equal schema is not
 * enough: siblings often share one (an API's rate limits all `$ref` one component), so a
 * member removed and another added elsewhere in the same object would read as a rename.
 * The evidence is the place and the text: the new member sits where the old one was
 * (between the same kept siblings), with an equal schema and the same description.
 */
import { deepEqual, schemaEqual } from './schemaShape';
import { isObj, type Obj } from './model';

/** A member of an ordered set (an object's properties, an operation's parameters) as a rename sees it. */
export interface Member {
  key: string;
  schema: Obj | undefined;
  /** The member's description (a parameter's own, or its schema's). */
  description: unknown;
}

/** The kept members on either side of a member: its place among what both versions have. */
function placeOf(order: string[], at: number, kept: Set<string>): [string | undefined, string | undefined] {
  let before: string | undefined;
  let after: string | undefined;
  for (let i = at - 1; i >= 0 && before === undefined; i--) if (kept.has(order[i])) before = order[i];
  for (let i = at + 1; i < order.length && after === undefined; i++) if (kept.has(order[i])) after = order[i];
  return [before, after];
}

/** The same member under two names: equal schemas and the same description (where both have one). */
function alike(b: Member, h: Member): boolean {
  if (b.description !== undefined && h.description !== undefined && !deepEqual(b.description, h.description)) return false;
  return schemaEqual(b.schema, h.schema);
}

/**
 * The renames between two versions of an ordered set: removed key → added key. `base` and `head` are the
 * members in their written order; a removed member is renamed when exactly one added member is alike
 * (alike) and in its place, and that one is the place's only candidate.
 */
export function findRenames(base: Member[], head: Member[], candidate: (b: Member, h: Member) => boolean = () => true): Map<string, string> {
  const renames = new Map<string, string>();
  const headKeys = new Set(head.map(m => m.key));
  const baseKeys = new Set(base.map(m => m.key));
  const kept = new Set([...baseKeys].filter(k => headKeys.has(k)));
  const baseOrder = base.map(m => m.key);
  const headOrder = head.map(m => m.key);
  const removed = base.flatMap((m, i) => (headKeys.has(m.key) ? [] : [{ m, place: placeOf(baseOrder, i, kept) }]));
  const added = head.flatMap((m, i) => (baseKeys.has(m.key) ? [] : [{ m, place: placeOf(headOrder, i, kept) }]));
  const samePlace = (x: (typeof removed)[number], y: (typeof added)[number]) => x.place[0] === y.place[0] && x.place[1] === y.place[1];
  const matches = (x: (typeof removed)[number], y: (typeof added)[number]) => samePlace(x, y) && candidate(x.m, y.m) && alike(x.m, y.m);
  for (const r of removed) {
    const cands = added.filter(a => matches(r, a));
    if (cands.length !== 1) continue;
    // Another removed member in the same place that is just as alike: which one was renamed is not known.
    if (removed.some(o => o !== r && matches(o, cands[0]))) continue;
    renames.set(r.m.key, cands[0].m.key);
  }
  return renames;
}

/** A schema's description, for a property: what its own schema says. */
export const descriptionOf = (s: unknown): unknown => (isObj(s) ? s.description : undefined);
