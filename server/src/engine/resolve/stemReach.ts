/**
 * Whether a dependant's path starts with a stem its target reaches (runner.js's cycle test, decide.ts), without the
 * target's whole closure where the graph's shape answers it.
 *
 * A stem that is a proper ancestor of the dependant's site, away from its target, has an edge to that target (decide.ts
 * adds one for each such stem that is a target). The target reaches it then exactly when both are in one strongly
 * connected component. A chain of n schemas through properties (S0.properties.next → S1 → …) made each target's
 * closure walk the rest of the chain, n²/2 steps; this answers each of its dependants in a few lookups.
 */
import type { GNode, Graph } from './crawl';

/** A segment as @stoplight/json startsWith compares it (by parseInt when either side parses). */
export function normSegment(s: string): string {
  const n = parseInt(s);
  return isNaN(n) ? 's' + s : 'n' + n;
}

export class StemReach {
  private components: Map<GNode, number> | undefined;
  private byKey: Map<string, GNode[]> | undefined;

  /** `stemKey`: a stem pointer's path as one string of normalized segments (decide.ts). */
  constructor(
    private readonly graph: Graph,
    private readonly stemKey: (pointer: string) => string,
  ) {}

  /**
   * true: a stem the target reaches starts the dependant's path (a cycle); false: none does; undefined: the shape does
   * not tell (a stem with no edge to the target: an ancestor of both, or one met under another spelling).
   */
  circular(target: string, dependantPath: readonly string[]): boolean | undefined {
    const from = this.graph.nodes.get(target);
    if (from === undefined) return undefined;
    if (this.byKey === undefined) {
      this.components = this.graph.components();
      this.byKey = new Map();
      for (const n of this.graph.nodes.values()) {
        const k = this.stemKey(n.id);
        const list = this.byKey.get(k);
        if (list === undefined) this.byKey.set(k, [n]);
        else list.push(n);
      }
    }
    const component = this.components!.get(from);
    let key = '';
    for (let i = 0; i <= dependantPath.length; i++) {
      if (i > 0) key += '\u0000' + normSegment(dependantPath[i - 1]!);
      for (const stem of this.byKey.get(key) ?? []) {
        if (stem === from) continue; // the closure leaves its start out, even where a cycle comes back to it
        if (this.components!.get(stem) === component) return true;
        const edge = stem.outSet !== undefined ? stem.outSet.has(from) : stem.out.includes(from);
        if (!edge) return undefined;
      }
    }
    return false;
  }
}
