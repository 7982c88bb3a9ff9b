/**
 * How long after an edit a document is relinted: the adaptive debounce.
 *
 * A wait after a keystroke saves the lints of versions typed over at once. It is worth what such a lint would cost,
 * and no more: a small document relints in a few milliseconds, and a fixed wait was most of its time from
 * keystroke to Problems panel. So the wait is half of what this document's relints take (a lint started for a version that is
 * typed over then delays the next one by at most twice the wait), none for a document that relints within
 * IMMEDIATE_MS, and never more than the setting (`apiconv.debounceMs`, now the longest wait).
 *
 * Edits that arrive while a lint runs are coalesced: the pool lints one version of a document at a time, and a lint
 * scheduled while one runs waits for it in the queue, where each newer version replaces it (session.ts cancels the
 * queued one; lintPool.ts drops it), so only the latest version is linted after the running one.
 */

/** A document whose relints take at most this long (ms) is relinted at once. */
export const IMMEDIATE_MS = 20;

/**
 * What a relint is assumed to take before the document has had one: this part of its first lint. A relint re-does
 * the units an edit touched (the first one after opening runs the edited unit in full; the pieces' ranges it reads
 * are looked up in the pause after the first lint: lintWorker.ts prepareNextEdit): stripe's relints take a
 * twentieth to a thirtieth of its first lint.
 */
const FIRST_RELINT_SHARE = 1 / 20;

/**
 * The wait (ms) before relinting after an edit. `lastRelintMs`: the document's last relint, if it had one;
 * `firstLintMs`: its first lint (the one of opening it).
 */
export function relintDelay(debounceMs: number, lastRelintMs: number | undefined, firstLintMs: number | undefined): number {
  const expected = lastRelintMs ?? (firstLintMs !== undefined ? firstLintMs * FIRST_RELINT_SHARE : undefined);
  if (expected === undefined) return debounceMs;
  if (expected <= IMMEDIATE_MS) return 0;
  return Math.min(debounceMs, Math.round(expected / 2));
}
