/**
 * How deep `$ref`s nest the resolved document, and where they would nest it too deep.
 *
 * A chain of refs through properties (`S0.properties.next → S1`, `S1.properties.next → S2`…) makes a resolved tree
 * a few levels deeper per link: the text is shallow, the resolved tree is not. The code that reads the resolved tree
 * recurses (the rules' walks, Spectral's functions, Ajv), and so would building it, one call per link. So the units
 * are put in an order where what a unit's sites hold comes first (materialize.ts builds them in it, each build then
 * stopping at units built already), and a site whose target would take the nesting past `MAX_REF_NESTING` is left a
 * `$ref`, with an `invalid-ref` finding at it.
 */
import type { UnitInfo } from './crawl';
import type { Node } from './decisions';
import type { RawError } from './types';

/**
 * The deepest nesting `$ref`s may add to the resolved document. With the text's own nesting (limits.ts: 500), what the
 * rules read stays within what their recursive code holds in a worker thread's stack (about 1,500); the real documents
 * of the corpus nest below 100.
 */
export const MAX_REF_NESTING = 1000;

export interface RefDepth {
  /** The keys of the units with sites to resolve, each after the units its sites hold a part of. */
  order: string[];
  /** The sites left a `$ref` because they nest too deep (removed from the `changing` set). */
  cut: Set<number>;
  /** One finding per cut site. */
  errors: RawError[];
}

/**
 * The order of the units with changing sites and the sites to cut, over the units' dependencies (a site's target in
 * a unit, or the units below a container it targets): a depth-first walk with a stack of its own, in post-order. The
 * decisions leave a circular `$ref` in place, so these dependencies have no cycle; a unit met again on the way
 * (were there one) is not waited for and counts as adding nothing.
 */
export function refDepth(units: UnitInfo[], changing: Set<number>, finals: ReadonlyMap<number, Node>, max = MAX_REF_NESTING): RefDepth {
  const order: string[] = [];
  const cut = new Set<number>();
  const errors: RawError[] = [];
  // Most of a big document's units hold no `$ref`: only those with one are looked at (a map of them all was seconds
  // of a document with 200,000 paths).
  const holders = changing.size === 0 ? [] : units.filter(u => hasChangingSite(u, changing));
  if (holders.length === 0) return { order, cut, errors };
  const byKey = new Map<string, UnitInfo>();
  for (const u of units) byKey.set(u.key, u);
  const below = new Map<string, UnitInfo[]>(); // a container's pointer → the units under it
  const unitsBelow = (path: string[], ptr: string): UnitInfo[] => {
    let found = below.get(ptr);
    if (found === undefined) {
      found = units.filter(u => path.every((seg, j) => u.path[j] === seg));
      below.set(ptr, found);
    }
    return found;
  };
  const dependencies = (u: UnitInfo): UnitInfo[] => {
    const out: UnitInfo[] = [];
    for (let j = 0; j < u.crawl.sites.length; j++) {
      const n = changing.has(u.first + j) ? finals.get(u.first + j) : undefined;
      if (n?.k !== 'loc') continue;
      if (n.unit === undefined) out.push(...unitsBelow(n.path, n.ptr));
      else {
        const d = byKey.get(n.unit);
        if (d !== undefined) out.push(d);
      }
    }
    return out;
  };
  /** How deep the refs below a unit's value nest it (0: no changing site, or not yet known). */
  const nesting = new Map<string, number>();
  const targetNesting = (n: Node | undefined): number => {
    if (n?.k !== 'loc') return 0;
    if (n.unit !== undefined) return nesting.get(n.unit) ?? 0;
    let deepest = 0;
    for (const u of unitsBelow(n.path, n.ptr)) deepest = Math.max(deepest, u.path.length - n.path.length + (nesting.get(u.key) ?? 0));
    return deepest;
  };
  const done = (u: UnitInfo): void => {
    let deepest = 0;
    for (let j = 0; j < u.crawl.sites.length; j++) {
      const i = u.first + j;
      if (!changing.has(i)) continue;
      const keys = u.crawl.sites[j]!.keys;
      const n = finals.get(i);
      let depth = keys.length + 1 + targetNesting(n);
      if (depth > max) {
        cut.add(i);
        depth = keys.length;
        const target = n?.k === 'loc' ? n.ptr : 'its target';
        errors.push({
          code: 'TOO_DEEP',
          message: `'${target}' is not resolved here: the $refs on the way nest the resolved document more than ${max} levels deep`,
          path: [...u.path, ...keys],
          uriStack: [],
        });
      }
      deepest = Math.max(deepest, depth);
    }
    nesting.set(u.key, deepest);
    order.push(u.key);
  };

  const seen = new Set<string>();
  for (const start of holders) {
    if (seen.has(start.key)) continue;
    seen.add(start.key);
    const stack: { unit: UnitInfo; deps: UnitInfo[]; next: number }[] = [{ unit: start, deps: dependencies(start), next: 0 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const dep = top.deps[top.next++];
      if (dep === undefined) {
        done(top.unit);
        stack.pop();
      } else if (!seen.has(dep.key)) {
        seen.add(dep.key);
        stack.push({ unit: dep, deps: dependencies(dep), next: 0 });
      }
    }
  }
  for (const i of cut) changing.delete(i);
  return { order, cut, errors };
}

function hasChangingSite(u: UnitInfo, changing: ReadonlySet<number>): boolean {
  for (let j = 0; j < u.crawl.sites.length; j++) if (changing.has(u.first + j)) return true;
  return false;
}
