/**
 * The matches the runner's units keep for a replay (runner.ts): a unit run again after an edit keeps its matches
 * (one per node and rule), so that typing on into it runs again only those on the way down to the string typed
 * into. Kept for every unit ever run again, they added up over a session to a match per node and rule of the whole
 * document. The units run again last keep theirs; the others', least recently run first, go past MAX_MATCHES_HELD.
 */

/** A unit's entry, as far as its kept matches go. */
export interface KeepsMatches {
  matches?: unknown[];
  replay?: unknown;
}

/**
 * Matches kept per pass: about 10 MB, a few units of a big document (stripe's units hold 8,000 on average where its
 * first schema is). The last run's units keep theirs whatever they come to.
 */
export const MAX_MATCHES_HELD = 80_000;

/** One pass's units (resolved or unresolved) that keep their matches, with how many, least recently run first. */
export class HeldMatches {
  private readonly held = new Map<string, number>();
  /** The units this run ran again that keep their matches. */
  private recorded = new Set<string>();

  /** Unit `key`, run again in this run, keeps its matches. */
  keep(key: string): void {
    this.recorded.add(key);
  }

  /** After a run of `units` (those it ran again were given to keep()): returns the matches held. */
  update(units: Map<string, KeepsMatches>): number {
    const recorded = this.recorded;
    this.recorded = new Set();
    let total = 0;
    for (const [key, n] of this.held) {
      if (recorded.has(key) || units.get(key)?.matches === undefined) this.held.delete(key);
      else total += n;
    }
    for (const key of recorded) {
      const n = units.get(key)?.matches?.length ?? 0;
      this.held.set(key, n);
      total += n;
    }
    for (const [key, n] of this.held) {
      if (total <= MAX_MATCHES_HELD || recorded.has(key)) break;
      const entry = units.get(key)!;
      entry.matches = entry.replay = undefined;
      this.held.delete(key);
      total -= n;
    }
    return total;
  }

  clear(): void {
    this.held.clear();
    this.recorded.clear();
  }
}
