/** The rules' given JSONPaths, compiled once per (ruleset, formats): plain paths walked directly, the rest by the shared walk or nimma. */
import Nimma from 'nimma';
import { jsonPathPlus } from 'nimma/fallbacks';
import { changedLeaves, isRecord } from '../parse/units';
import { SharedWalk } from './walk';
import type { JsonPath, RuleLike } from './types';
import type { SharedObjects } from '../resolve/types';

// ---------------------------------------------------------------------------------------------
// Nimma queries, compiled once per (ruleset, formats).

interface Scope {
  path: JsonPath;
  value: unknown;
}
/** One match of one rule; true when the match can be dropped from the walk's recordings (see Query.run's `prune`). */
type Visit = (rule: RuleLike, path: JsonPath, value: unknown) => boolean | void;

export class Query {
  private readonly nimma: { query(input: unknown, callbacks: Record<string, (scope: Scope) => void>): void } | undefined;
  private readonly byExpr = new Map<string, RuleLike[]>();
  private visit: Visit = () => undefined;
  private prune = false;
  private readonly callbacks: Record<string, (scope: Scope) => boolean> = {};
  /** Expressions without descendants or filters, walked directly (nimma would traverse the whole document). */
  private readonly plain: [Segment[], string][] = [];

  /**
   * `shares`: the documents walked share objects (the resolved document: a `$ref`'s target sits at every site), so
   * the walk records and replays what is below an object reached again. The unresolved document shares none (but
   * for YAML aliases, walked again as nimma walks them): its walk keeps no record of the objects it met.
   */
  constructor(rules: RuleLike[], formats: Set<unknown> | null, shares = true) {
    for (const rule of rules) {
      for (const given of rule.getGivenForFormats(formats)) {
        let list = this.byExpr.get(given);
        if (!list) this.byExpr.set(given, (list = []));
        list.push(rule);
      }
    }
    for (const [expr, list] of this.byExpr) {
      this.callbacks[expr] = scope => {
        const p = scope.path.length > 0 && scope.path[0] === '$' ? scope.path.slice(1) : scope.path.slice();
        let dead = true;
        for (const rule of list) if (this.visit(rule, p, scope.value) !== true) dead = false;
        return this.prune && dead;
      };
    }
    const traversed: string[] = [];
    for (const expr of this.byExpr.keys()) {
      const segments = parsePlainPath(expr);
      if (segments) this.plain.push([segments, expr]);
      else traversed.push(expr);
    }
    // [i12 walk] The expressions of the shapes walk.ts knows are walked there (matches under shared objects
    // replayed); a query with any other expression is nimma's.
    if (traversed.length > 0) this.walk = SharedWalk.of(traversed, shares);
    if (traversed.length > 0 && !this.walk) {
      const Ctor = Nimma as unknown as new (e: string[], o: object) => Query['nimma'];
      this.nimma = new Ctor(traversed, { fallback: jsonPathPlus, unsafe: false, output: 'auto', customShorthands: {} });
    }
  }

  private readonly walk: SharedWalk | undefined;

  /** A new run: the walk's recorded matches are for the last run's objects. */
  newRun(): void {
    this.walk?.reset();
  }

  get empty(): boolean {
    return this.byExpr.size === 0;
  }

  /** What the filters of the given paths read (leafEdit). */
  private reads: FilterReads | undefined;

  /**
   * The paths (relative to the unit) of the strings, numbers or booleans where a unit's new value differs from
   * its last one, when the matches of this query's given paths are the same for both: the keys are the same, and
   * no filter reads the changed value (no filter reads a property of that name, and the value kept its type and
   * truthiness, which is what a filter can tell of a value it is evaluated on). Undefined otherwise.
   */
  leafEdit(prev: unknown, next: unknown): string[][] | undefined {
    this.reads ??= filterReadsOf(this.byExpr.keys());
    if (this.reads.opaque) return undefined;
    // Several leaves: a shared schema's string edited where the unit holds it more than once, each the same way.
    const leaves = changedLeaves(prev, next);
    if (leaves === undefined) return undefined;
    for (const leaf of leaves) {
      if (leaf.length === 0 || this.reads.keys.has(leaf[leaf.length - 1]!)) return undefined;
      const a = valueAt(prev, leaf);
      const b = valueAt(next, leaf);
      if (typeof a !== typeof b || !a !== !b || (a !== null && typeof a === 'object')) return undefined;
    }
    return leaves;
  }

  /**
   * Calls `visit` for each match of each rule. With `prune`, a match for which every rule's visit said true is left
   * out of what the shared walk replays for the rest of this run (newRun): only for a run that records no matches
   * (the runner's replay after an edit needs them all), i.e. a one-shot lint. `shared`: the objects the walk will meet
   * again (ResolvedDoc.shared), recorded the first time (walk.ts).
   */
  run(input: unknown, visit: Visit, prune = false, shared?: SharedObjects): void {
    if (this.byExpr.size === 0) return;
    this.visit = visit;
    this.prune = prune;
    try {
      if (!isRecord(input) && !Array.isArray(input)) {
        // Spectral calls only the root's callbacks on a scalar document.
        this.callbacks.$?.({ path: [], value: input });
        return;
      }
      for (const [segments, expr] of this.plain) {
        const cb = this.callbacks[expr]!;
        walkPlain(input, segments, 0, [], cb);
      }
      if (this.walk) this.walk.query(input, this.callbacks, shared);
      else this.nimma?.query(input, this.callbacks);
    } finally {
      this.visit = () => undefined;
      this.prune = false;
    }
  }
}

// ---------------------------------------------------------------------------------------------

/** The property names the filters of some given paths read, or `opaque` when a filter may read more. */
interface FilterReads {
  keys: Set<string>;
  opaque: boolean;
}

/**
 * What the filters (`?(…)`) of given paths read of the values they are evaluated on. Read at each `@`:
 * `@property` and `@path` (keys: an edit of a value leaves them); `@.a.b` and `@['x-a']` (the properties `a`,
 * `b` and `x-a`); `@` as a truth value or compared with null. Anything else (`@parent`, `@root`, `@[0]`,
 * `@['x-a'].b`, a call, a comparison of `@` itself, `.length`) makes them opaque.
 */
export function filterReadsOf(givens: Iterable<string>): FilterReads {
  const keys = new Set<string>();
  let opaque = false;
  for (const g of givens) {
    for (let i = g.indexOf('@'); i >= 0 && !opaque; i = g.indexOf('@', i + 1)) {
      const rest = g.slice(i + 1);
      if (/^(property|path)\b/.test(rest)) continue;
      const m = /^((?:\.[A-Za-z_$][\w$]*)+)(\s*\()?/.exec(rest);
      if (m) {
        if (m[2]) opaque = true;
        for (const k of m[1]!.split('.').slice(1)) keys.add(k);
        continue;
      }
      const q = /^\[\s*(?:'([^'\\]*)'|"([^"\\]*)")\s*\]/.exec(rest);
      if (q) {
        keys.add(q[1] ?? q[2]!);
        if (/^[.[]/.test(rest.slice(q[0].length))) opaque = true;
        continue;
      }
      if (/^\s*(&&|\|\||\)|!==?\s*(null|void 0)\b)/.test(rest)) continue;
      opaque = true;
    }
  }
  if (keys.has('length')) opaque = true;
  return { keys, opaque };
}

/** A step of a plain JSONPath: one key, some keys, or every member (`*`). */
type Segment = { keys: string[] } | { any: true };

/**
 * Parses `$`, `$.a.b`, `$.a[*]`, `$['a b']`, `$.paths[*][get,put].security[*]`: no `..`, no filters.
 * Anything else is left to nimma (undefined).
 */
function parsePlainPath(expr: string): Segment[] | undefined {
  if (!expr.startsWith('$')) return undefined;
  const out: Segment[] = [];
  let i = 1;
  while (i < expr.length) {
    const c = expr[i];
    if (c === '.') {
      if (expr[i + 1] === '.') return undefined;
      const m = /^[A-Za-z_$][\w$-]*|^\*/.exec(expr.slice(i + 1));
      if (!m) return undefined;
      out.push(m[0] === '*' ? { any: true } : { keys: [m[0]] });
      i += 1 + m[0].length;
    } else if (c === '[') {
      const end = expr.indexOf(']', i);
      if (end < 0) return undefined;
      const body = expr.slice(i + 1, end);
      if (body === '*') out.push({ any: true });
      else {
        const keys: string[] = [];
        for (const part of body.split(',')) {
          const t = part.trim();
          const q = /^'([^'\\]*)'$|^"([^"\\]*)"$/.exec(t);
          if (q) keys.push(q[1] ?? q[2]!);
          else if (/^[A-Za-z_$][\w$-]*$/.test(t)) keys.push(t);
          else return undefined; // indexes, slices, filters, scripts
        }
        out.push({ keys });
      }
      i = end + 1;
    } else {
      return undefined;
    }
  }
  return out;
}

function walkPlain(node: unknown, segments: Segment[], i: number, path: (string | number)[], cb: (scope: Scope) => void): void {
  if (i === segments.length) {
    cb({ path: path.slice(), value: node });
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const seg = segments[i]!;
  if ('any' in seg) {
    if (Array.isArray(node)) {
      for (let k = 0; k < node.length; k++) {
        path.push(k);
        walkPlain(node[k], segments, i + 1, path, cb);
        path.pop();
      }
    } else {
      for (const k of Object.keys(node)) {
        path.push(k);
        walkPlain((node as Record<string, unknown>)[k], segments, i + 1, path, cb);
        path.pop();
      }
    }
    return;
  }
  for (const k of seg.keys) {
    if (Array.isArray(node) || !Object.prototype.hasOwnProperty.call(node, k)) continue;
    path.push(k);
    walkPlain((node as Record<string, unknown>)[k], segments, i + 1, path, cb);
    path.pop();
  }
}

export function valueAt(root: unknown, path: JsonPath): unknown {
  let v = root;
  for (const seg of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[seg as string];
  }
  return v;
}
