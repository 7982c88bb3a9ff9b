/**
 * The document's own conventions, counted: how many operations (path items, error bodies…) follow each way of
 * doing one thing. One count serves both readers of it — a rule whose option is `auto` takes the majority of its
 * document and reports the rest, and `apiconv init --infer` (server/src/engine/infer.ts) sums the counts of an
 * API's documents and writes the majority as the option, with the counts as evidence. So a config inferred from
 * a document and `auto` on that document judge it alike.
 *
 * A measure is counted once per model (the model is built once per lint and shared by every rule of it), so the
 * rules that ask for one count in a lint share it. In the editor the model rules run again only when what they read
 * changed (engine/run/runner.ts), and so does the count.
 */
import type { Model } from './oas';

/** How many units chose each value. */
export type Counts = Map<string, number>;

/** A count of one convention: per value, how many units chose it, and how many units there were (`total`), named `what`. */
export interface Tally {
  counts: Counts;
  total: number;
  /** What the units are, plural: "list operations with a page size". */
  what: string;
}

export const bump = (m: Counts, k: string, by = 1) => m.set(k, (m.get(k) ?? 0) + by);

/** The values, most chosen first (ties by value, so that the order and any text made of it are stable). */
export const ranked = (counts: Counts): [string, number][] => [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));

/** "a in 40 of 43 list operations, b in 3": the counts, most chosen first. */
export function tallyText(t: Tally): string {
  return ranked(t.counts)
    .map(([name, n], i) => (i === 0 ? `${name} in ${n} of ${t.total} ${t.what}` : `${name} in ${n}`))
    .join(', ');
}

/** The tallies of several documents as one. */
export function sumTallies(tallies: Tally[], what = tallies[0]?.what ?? ''): Tally {
  const counts: Counts = new Map();
  let total = 0;
  for (const t of tallies) {
    total += t.total;
    for (const [k, n] of t.counts) bump(counts, k, n);
  }
  return { counts, total, what };
}

/** The value chosen by more than half of the units, with its count; undefined when no value has that many. */
export function majorityOf(t: Tally): { value: string; count: number } | undefined {
  const [top] = ranked(t.counts);
  return top !== undefined && top[1] * 2 > t.total ? { value: top[0], count: top[1] } : undefined;
}

/** The value chosen most, when no other is chosen as often (a tie decides nothing). */
export function pluralityOf(t: Tally): { value: string; count: number } | undefined {
  const [top, next] = ranked(t.counts);
  return top !== undefined && (next === undefined || next[1] < top[1]) ? { value: top[0], count: top[1] } : undefined;
}

/** `measure`, counted once per model. */
export function perModel<T>(measure: (model: Model) => T): (model: Model) => T {
  const memo = new WeakMap<Model, T>();
  return model => {
    let t = memo.get(model);
    if (t === undefined) memo.set(model, (t = measure(model)));
    return t;
  };
}
