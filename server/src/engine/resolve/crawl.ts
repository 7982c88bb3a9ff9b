/** The resolver's crawl: the `$ref` objects of each unit value, in key order (crawler.js), and the small helpers and the graph it shares with the later steps. */
import type { ResolveRunner } from '@stoplight/json-ref-resolver/runner';
import { encodeSegment, isArrayIndex, manyKeysCopy, onlyChangedLeaf, sparseIndexTarget } from '../parse/units';
// ---------------------------------------------------------------------------
// Small helpers

export const hasOwn = Object.prototype.hasOwnProperty;

/** Thrown where the model does not cover the document: resolve it with the real resolver. */
export class Fallback extends Error {}

export function isRefObject(v: unknown): v is { $ref: string } {
  return !!v && typeof v === 'object' && typeof (v as { $ref?: unknown }).$ref === 'string';
}

export function isDraftableLike(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === Array.prototype;
}

/** immer's deep freeze of what ends up in a result (stops at frozen objects). */
export function deepFreeze(v: unknown): void {
  if (typeof v !== 'object' || v === null || Object.isFrozen(v)) return;
  Object.freeze(v);
  // No call for a string, number, boolean or null (most of a document's values).
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const c: unknown = v[i];
      if (typeof c === 'object' && c !== null) deepFreeze(c);
    }
  } else {
    for (const k of Object.keys(v)) {
      const c = (v as Record<string, unknown>)[k];
      if (typeof c === 'object' && c !== null) deepFreeze(c);
    }
  }
}

/** Whether two copies of one object hold the same values (===) under every key (their keys are the object's). */
export function sameValues(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (a[k] !== b[k]) return false;
  return true;
}

export function shallowCopy(v: object): Record<string, unknown> | unknown[] {
  if (Array.isArray(v)) return v.slice();
  // many keys: the same copy in dictionary mode (units.ts manyKeysCopy), array-index keys in a dictionary too
  const many = manyKeysCopy(v);
  if (many !== undefined) return many;
  const copy = { ...(v as Record<string, unknown>) };
  // Array-index keys (response codes) come first: a copy with one keeps them in a dictionary (units.ts sparseIndexTarget).
  for (const k in copy) return isArrayIndex(k) ? sparseCopy(copy) : copy;
  return copy;
}

function sparseCopy(copy: Record<string, unknown>): Record<string, unknown> {
  const o = sparseIndexTarget();
  for (const k of Reflect.ownKeys(copy)) Object.defineProperty(o, k, Object.getOwnPropertyDescriptor(copy, k)!);
  return o;
}

export function addTo(m: Map<string, string[]>, k: string, v: string): void {
  const l = m.get(k);
  if (l) l.push(v);
  else m.set(k, [v]);
}

const ids = new WeakMap<object, number>();
let nextId = 1;
/** A stable id for an object (remote results compared by identity in signatures). */
export function idOf(v: unknown): string {
  if (typeof v !== 'object' || v === null) return 'p' + String(v);
  let id = ids.get(v);
  if (id === undefined) ids.set(v, (id = nextId++));
  return String(id);
}

// ---------------------------------------------------------------------------
// dependency-graph 0.11 (what json-ref-resolver uses, { circular: true }), same orders, Map based.

export interface GNode {
  id: string;
  out: GNode[];
  in: GNode[];
  /** The targets of `out`, once there are many (edges are deduplicated). */
  outSet: Set<GNode> | undefined;
}

const DFS_PATH = new Set<GNode>();
const DFS_TODO: GNode[] = [];
const DFS_PROCESSED: boolean[] = [];

export class Graph {
  readonly nodes = new Map<string, GNode>();

  add(id: string): GNode {
    let n = this.nodes.get(id);
    if (!n) this.nodes.set(id, (n = { id, out: [], in: [], outSet: undefined }));
    return n;
  }

  addDependency(from: GNode, to: GNode): void {
    if (from.outSet !== undefined) {
      if (from.outSet.has(to)) return;
      from.outSet.add(to);
    } else {
      if (from.out.includes(to)) return;
      if (from.out.length >= 16) from.outSet = new Set([...from.out, to]);
    }
    from.out.push(to);
    to.in.push(from);
  }

  /** dependency-graph's createDFS(edges, false, result, circular=true), one start. */
  static dfs(start: GNode, outgoing: boolean, visited: Set<GNode>, result: GNode[]): void {
    if (visited.has(start)) return;
    // The scratch of every search, empty again when one ends (a search per node of the graph: kubernetes' 10,000
    // sites each started one with a set and two arrays of its own).
    const inPath = DFS_PATH;
    const todo = DFS_TODO;
    const processed = DFS_PROCESSED;
    todo.push(start);
    processed.push(false);
    while (todo.length > 0) {
      const top = todo.length - 1;
      const node = todo[top]!;
      if (!processed[top]) {
        if (visited.has(node) || inPath.has(node)) {
          todo.pop();
          processed.pop();
          continue;
        }
        inPath.add(node);
        processed[top] = true;
        const edges = outgoing ? node.out : node.in;
        for (let i = edges.length - 1; i >= 0; i--) {
          todo.push(edges[i]!);
          processed.push(false);
        }
      } else {
        todo.pop();
        processed.pop();
        inPath.delete(node);
        visited.add(node);
        result.push(node);
      }
    }
  }

  overallOrder(): GNode[] {
    const result: GNode[] = [];
    const visited = new Set<GNode>();
    for (const n of this.nodes.values()) if (n.in.length === 0) Graph.dfs(n, true, visited, result);
    for (const n of this.nodes.values()) Graph.dfs(n, true, visited, result);
    return result;
  }

  /**
   * The strongly connected components over the out-edges (Tarjan's, with a stack of its own): two nodes have the same
   * number when each reaches the other.
   */
  components(): Map<GNode, number> {
    const index = new Map<GNode, number>();
    const low = new Map<GNode, number>();
    const component = new Map<GNode, number>();
    const onStack: GNode[] = [];
    let next = 0;
    let count = 0;
    for (const root of this.nodes.values()) {
      if (index.has(root)) continue;
      const walk: { node: GNode; edge: number }[] = [{ node: root, edge: 0 }];
      index.set(root, next);
      low.set(root, next++);
      onStack.push(root);
      while (walk.length > 0) {
        const top = walk[walk.length - 1]!;
        const to = top.node.out[top.edge++];
        if (to !== undefined) {
          if (!index.has(to)) {
            index.set(to, next);
            low.set(to, next++);
            onStack.push(to);
            walk.push({ node: to, edge: 0 });
          } else if (!component.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
          continue;
        }
        walk.pop();
        const n = top.node;
        if (walk.length > 0) {
          const parent = walk[walk.length - 1]!.node;
          low.set(parent, Math.min(low.get(parent)!, low.get(n)!));
        }
        if (low.get(n) === index.get(n)) {
          let w: GNode;
          do {
            w = onStack.pop()!;
            component.set(w, count);
          } while (w !== n);
          count++;
        }
      }
    }
    return component;
  }

  /** dependantsOf / dependenciesOf: the DFS result without the start node. */
  static closure(node: GNode, outgoing: boolean): GNode[] {
    // No edge that way (most stems, the targets nothing refers to through another ref): nothing to search.
    if ((outgoing ? node.out : node.in).length === 0) return [];
    const result: GNode[] = [];
    Graph.dfs(node, outgoing, new Set(), result);
    const i = result.indexOf(node);
    if (i >= 0) result.splice(i, 1);
    return result;
  }
}

// ---------------------------------------------------------------------------
// The crawl

/** A `$ref` object found in a unit value, relative to it. */
export interface RelSite {
  keys: string[];
  /** Its JSON pointer relative to the unit ('' for the unit itself), json-ref-resolver's encoding. */
  ptr: string;
  ref: string;
  val: object;
}

export interface UnitCrawl {
  sites: RelSite[];
  /** The sites' pointers and refs, to tell whether an edit touched them. */
  sig: string;
  /** Something the model does not cover (odd object, odd key). */
  bad?: string;
  /** Site index (in `sites`) by relative pointer, made when needed. */
  siteAtRel?: Map<string, number>;
  /** For `infoFor`'s base URI: which sites are remote refs (indices in `sites`). */
  infoFor?: ResolveRunner;
  remote?: number[];
}

export interface UnitInfo {
  key: string;
  path: string[];
  ptr: string;
  value: unknown;
  crawl: UnitCrawl;
  /** Index of its first site in the document's site list. */
  first: number;
}

/** A site of the document's site list (made only when the decisions are computed). */
export interface Site {
  keys: string[];
  ptr: string;
  ref: string;
  unit: UnitInfo;
  j: number;
}

export const EMPTY_CRAWL: UnitCrawl = { sites: [], sig: '' };

export function badObject(o: object): string | undefined {
  if (!isDraftableLike(o)) return 'an object with an unusual prototype';
  if ((o as { hasOwnProperty?: unknown }).hasOwnProperty !== hasOwn) return "a 'hasOwnProperty' key";
  return undefined;
}

/** crawler.js computeGraph below `target`: its $ref objects, in key order. */
function crawlObject(target: object, keys: string[], ptr: string, out: RelSite[], state: { bad?: string }): void {
  const bad = badObject(target);
  if (bad) state.bad = bad;
  for (const key in target) {
    if (!hasOwn.call(target, key)) continue;
    const val = (target as Record<string, unknown>)[key];
    // A string, number, boolean or null holds no $ref: no pointer made for it (most of a document's keys).
    if (typeof val !== 'object' || val === null) continue;
    keys.push(key);
    const childPtr = ptr + '/' + encodeSegment(key);
    if (isRefObject(val)) {
      // The processing loop sets a site at pointerToPath(its pointer): a '%' would be decoded.
      if (keys.some(k => k.indexOf('%') >= 0)) state.bad = "a '%' in a key on the way to a $ref";
      out.push({ keys: keys.slice(), ptr: childPtr, ref: val.$ref, val });
      const b = badObject(val);
      if (b) state.bad = b;
    } else {
      crawlObject(val, keys, childPtr, out, state);
    }
    keys.pop();
  }
}

/**
 * The crawl of a unit's value. `signed`: with its `sig` (what a next resolve compares: a one-shot resolve has none,
 * and leaves it empty rather than build a string of every site's pointer and ref).
 */
export function crawlUnitValue(value: unknown, signed = true): UnitCrawl {
  if (isRefObject(value)) {
    const c: UnitCrawl = { sites: [{ keys: [], ptr: '', ref: value.$ref, val: value }], sig: signed ? '\u0001' + value.$ref : '' };
    const b = badObject(value);
    if (b) c.bad = b;
    return c;
  }
  if (typeof value !== 'object' || value === null) return EMPTY_CRAWL;
  const sites: RelSite[] = [];
  const state: { bad?: string } = {};
  crawlObject(value, [], '', sites, state);
  let sig = '';
  if (signed) for (const s of sites) sig += s.ptr + '\u0001' + s.ref + '\u0000';
  const c: UnitCrawl = { sites, sig };
  if (state.bad) c.bad = state.bad;
  return c;
}

/**
 * The crawl of a unit's new value from the crawl of its last value, when they differ in one string or number
 * (onlyChangedLeaf) that is not a `$ref` and not inside a `$ref` object: the same `$ref` objects are at the same
 * places, so the crawl is the same (its sites hold those very objects). Undefined when it must crawl again.
 */
export function crawlAfterEdit(prev: unknown, prevCrawl: UnitCrawl, next: unknown): UnitCrawl | undefined {
  if (prevCrawl.bad) return undefined;
  const path = onlyChangedLeaf(prev, next);
  if (path === undefined || path.length === 0 || path[path.length - 1] === '$ref') return undefined;
  for (const site of prevCrawl.sites) {
    if (site.keys.length <= path.length && site.keys.every((k, i) => path[i] === k)) return undefined;
  }
  // The objects on the way are new: what the crawl checks of each object holds for them too.
  let v = next as Record<string, unknown>;
  for (let i = 0; i < path.length; i++) {
    if (badObject(v)) return undefined;
    if (i < path.length - 1) v = v[path[i]!] as Record<string, unknown>;
  }
  return prevCrawl;
}

const NO_SITES = new Map<string, number>();

export function siteAtRel(c: UnitCrawl): Map<string, number> {
  if (c.sites.length === 0) return NO_SITES;
  if (!c.siteAtRel) {
    c.siteAtRel = new Map();
    for (let j = 0; j < c.sites.length; j++) c.siteAtRel.set(c.sites[j]!.ptr, j);
  }
  return c.siteAtRel;
}
