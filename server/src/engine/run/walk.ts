/**
 * One walk of a document for many JSONPath expressions, with the matches of a
 * subtree reached again replayed rather than searched again.
 *
 * The resolved document shares the value of every `$ref` with its target (a
 * shared schema sits under every operation that uses it: stripe's resolved
 * tree has 741k objects, 33k of them distinct). nimma walks each occurrence
 * anew. Here, the matches found below an object (the object's own are matched
 * at each occurrence) are recorded the second time it is reached with its
 * children in the same state of the expressions, from any key, and replayed
 * from the third time on, with the path of the occurrence in front. The values
 * are frozen (resolve/), and a filter reads nothing but the value it is given
 * and its key, so the matches below an object are the same at every
 * occurrence. A filter false for every string, number and boolean
 * (scalarFilters.ts) is not called on them. The expressions' tests at a node
 * are one generated function (compileMatcher), the filters' code inlined in it. A walk of a document that shares no
 * objects (the unresolved one: `shares` false) records none.
 *
 * Only the expression shapes below are taken, each matching exactly what
 * nimma's generated code matches (same nodes, the same pre-order, and at a
 * node the expressions in the order given); a query with any other expression
 * is left to nimma (query.ts Query):
 * - `$..[?(F)]`: every node below the root where F holds;
 * - `$..name`, `$..[name,'name',"name"]`: every node below the root with one of these keys;
 * - `$..name..[?(F)]`: every node where F holds with `name` among the keys above it (its own key excluded);
 * - `$.a.b..[?(F)]`: every node strictly below `$.a.b` where F holds.
 * F may read `@` (the value) and `@property` (its key), nothing else of the
 * scope (`@path`, `@parent`, `@root`… are nimma's).
 */

import { falseForScalars } from './scalarFilters';
import type { SharedObjects } from '../resolve/types';

type Segment = string | number;
export interface WalkScope {
  path: Segment[];
  value: unknown;
}
/**
 * A match; true: it gives nothing now and will give nothing again, leave it out of the replays. The scope is the
 * walk's own, changed for the next match: a callback copies what it keeps.
 */
type Callback = (scope: WalkScope) => unknown;
/** The tests of a node: each expression in order, `hit(i, value)` for each that matches it. */
type Matcher = (value: unknown, property: Segment, depth: number, state: number[], scalar: boolean, hit: (i: number, value: unknown) => void) => void;
/** The state of a node's children (`state` itself when no expression's changes). */
type Transition = (property: Segment, depth: number, state: number[]) => number[];

const enum Kind {
  /** `$..[?(F)]` */
  Filter,
  /** `$..[a,b]` */
  Keys,
  /** `$..name..[?(F)]` */
  Below,
  /** `$.a.b..[?(F)]` */
  Prefix,
}

interface Expr {
  expr: string;
  kind: Kind;
  /** F's source in terms of `value` and `property` (compiledSource), inlined in the walk's matcher. */
  filter?: string;
  /** F is false for every string, number and boolean (scalarFilters.ts). */
  scalarFalse?: boolean;
  keys?: Set<string>;
  /** Below: the key above; Prefix: the keys from the root. */
  name?: string;
  prefix?: string[];
}

const NAME = String.raw`[A-Za-z_$][\w$-]*`;
const QUOTED = String.raw`'[^'\\]*'|"[^"\\]*"`;
const KEYS_RE = new RegExp(String.raw`^\$\.\.(?:(${NAME})|\[\s*((?:(?:${NAME}|${QUOTED})\s*,\s*)*(?:${NAME}|${QUOTED}))\s*\])$`);
const FILTER_RE = /^\$\.\.\[\?\((.*)\)\]$/s;
const BELOW_RE = new RegExp(String.raw`^\$\.\.(${NAME})\.\.\[\?\((.*)\)\]$`, 's');
const PREFIX_RE = new RegExp(String.raw`^\$((?:\.${NAME})+)\.\.\[\?\((.*)\)\]$`, 's');

/** F in terms of `value` and `property`, or undefined when it reads more of the scope, is not plain or does not compile. */
function compileFilter(src: string): { filter: string; scalarFalse: boolean } | undefined {
  const out = compiledSource(src);
  if (out === undefined) return undefined;
  try {
    new Function('value', 'property', `return (${out});`);
  } catch {
    return undefined;
  }
  return { filter: out, scalarFalse: falseForScalars(out) };
}

/** F in terms of `value` and `property`, or undefined when it reads more of the scope or is not plain. */
function compiledSource(src: string): string | undefined {
  // Outside string literals: `@property` → property, `@` → value; nothing else may follow `@`.
  let out = '';
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === "'" || c === '"' || c === '`') {
      if (c === '`') return undefined;
      const end = src.indexOf(c, i + 1);
      if (end < 0) return undefined;
      const lit = src.slice(i, end + 1);
      if (lit.includes('\\')) return undefined;
      out += lit;
      i = end;
      continue;
    }
    if (c === '@') {
      const rest = src.slice(i + 1);
      if (/^property\b/.test(rest)) {
        out += 'property';
        i += 'property'.length;
        continue;
      }
      if (/^[A-Za-z_$\d]/.test(rest)) return undefined; // @path, @parent, @root, @parentProperty…
      out += 'value';
      continue;
    }
    if ((c === '$' && src[i - 1] !== '.') || (c === '=' && src[i + 1] === '>') || c === ';' || c === '{' || c === '}') return undefined;
    out += c;
  }
  // Only operators, literals and property reads of `value` and `property`: no calls, no assignments, no other names.
  const bare = out.replace(/'[^']*'|"[^"]*"/g, "''");
  if (bare.trim() === '' || /[^=!<>]=[^=]|\+\+|--|[\w$\])]\s*\(/.test(bare)) return undefined;
  // One expression, its brackets closed within it (`@.a) || (@.b` would compile on its own in `return (…)`, and
  // not inside the walk's generated tests, where it is put in brackets beside other tests).
  let depth = 0;
  for (const c of bare) {
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && --depth < 0) return undefined;
  }
  if (depth !== 0) return undefined;
  for (const m of bare.matchAll(/(^|[^.\w$])([A-Za-z_$][\w$]*)/g)) {
    if (!ALLOWED_NAMES.has(m[2]!)) return undefined;
  }
  return out;
}

const ALLOWED_NAMES = new Set(['value', 'property', 'void', 'undefined', 'null', 'true', 'false', 'typeof']);

function unquote(k: string): string {
  return k.startsWith("'") || k.startsWith('"') ? k.slice(1, -1) : k;
}

function parseExpr(expr: string): Expr | undefined {
  let m = KEYS_RE.exec(expr);
  if (m) {
    const list = m[1] !== undefined ? [m[1]] : m[2]!.split(',').map(s => unquote(s.trim()));
    return { expr, kind: Kind.Keys, keys: new Set(list) };
  }
  m = BELOW_RE.exec(expr);
  if (m) {
    const f = compileFilter(m[2]!);
    return f ? { expr, kind: Kind.Below, name: m[1]!, ...f } : undefined;
  }
  m = PREFIX_RE.exec(expr);
  if (m) {
    const f = compileFilter(m[2]!);
    return f ? { expr, kind: Kind.Prefix, prefix: m[1]!.slice(1).split('.'), ...f } : undefined;
  }
  m = FILTER_RE.exec(expr);
  if (m) {
    const f = compileFilter(m[1]!);
    return f ? { expr, kind: Kind.Filter, ...f } : undefined;
  }
  return undefined;
}

/**
 * The expressions' tests as one function, their filters' sources inlined (a call per expression and node through
 * a shared call site, which V8 cannot inline, was most of the walk's own time), and the children's state as another.
 * The tests run in the expressions' order; at a string, number or boolean, only those that can match one.
 */
function compileMatcher(exprs: Expr[]): { match: Matcher; next: Transition } {
  const test = (e: Expr, i: number): string => {
    switch (e.kind) {
      case Kind.Filter:
        return `if (${e.filter}) hit(${i}, value);`;
      case Kind.Keys:
        return `if (typeof property === 'string' && (${[...e.keys!].map(k => `property === ${JSON.stringify(k)}`).join(' || ')})) hit(${i}, value);`;
      case Kind.Below:
        return `if (state[${i}] === 1 && (${e.filter})) hit(${i}, value);`;
      case Kind.Prefix:
        return `if (state[${i}] === ${e.prefix!.length} && depth >= ${e.prefix!.length} && (${e.filter})) hit(${i}, value);`;
    }
  };
  const scalarTests = exprs.map((e, i) => (e.scalarFalse === true ? '' : test(e, i))).filter(t => t !== '');
  const match = new Function(
    'value',
    'property',
    'depth',
    'state',
    'scalar',
    'hit',
    `if (scalar) {\n${scalarTests.join('\n')}\nreturn;\n}\n${exprs.map(test).join('\n')}`,
  ) as Matcher;
  const change = (i: number, to: string): string => `if (n === state) n = state.slice();\nn[${i}] = ${to};`;
  const steps = exprs.map((e, i) => {
    if (e.kind === Kind.Below) return `if (property === ${JSON.stringify(e.name)} && state[${i}] !== 1) {\n${change(i, '1')}\n}`;
    if (e.kind !== Kind.Prefix) return '';
    // Prefix: how many of its keys the path has matched, -1 once it took another.
    const keys = e.prefix!.map((k, j) => `to === ${j} && property === ${JSON.stringify(k)}`).join(' || ');
    return `{\nconst to = state[${i}];\nif (to >= 0 && to < ${e.prefix!.length}) {\nconst t = to === depth && (${keys}) ? to + 1 : -1;\nif (t !== to) {\n${change(i, 't')}\n}\n}\n}`;
  });
  const next = new Function('property', 'depth', 'state', `let n = state;\n${steps.filter(t => t !== '').join('\n')}\nreturn n;`) as Transition;
  return { match, next };
}

function inheritsEnumerable(): boolean {
  for (const _ in {}) return true;
  return false;
}

/**
 * One entry of what was found below a recorded object: a match (which expression, the path from the object's
 * children down, the value), or the entries of an object recorded on its own (`sub`, the path from the object's
 * children down to that object in front): a shared object inside a shared object is stored once.
 */
interface Rel {
  e: number;
  rel: Segment[];
  value?: unknown;
  sub?: Rel[];
  /** the callback said the match gives nothing again: not replayed */
  dead?: true;
}
interface Recorder {
  base: number;
  list: Rel[];
}

/**
 * The walker of a set of expressions, or undefined when one of them is not of the shapes above.
 * `state` holds, per expression: Below — 1 when its name is among the keys above the node; Prefix — how many
 * keys of the prefix the path has matched (-1: another key).
 */
export class SharedWalk {
  private readonly exprs: Expr[];
  private callbacks: Record<string, Callback> = {};
  private readonly path: Segment[] = [];
  /** What a callback is given: one object, its value set for each match (a callback reads it at once: query.ts). */
  private readonly scope: WalkScope = { path: this.path, value: undefined };
  /**
   * Objects reached once, and the recorded matches of objects reached again (by the state of their children). A Set
   * and a Map rather than weak ones (a sixth less of plaid's walk): they hold the objects until reset(), which the
   * runner calls at the start and at the end of a run.
   */
  private seen = new Set<object>();
  /** The objects to record at their first visit (query's `shared`). */
  private shared: ReadonlySet<object> | undefined;
  /**
   * They are all the objects met more than once: no `seen` set is kept (an object reached again anyway would be
   * walked again, as nimma walks it, with the same matches).
   */
  private sharedAll = false;
  private memo = new Map<object, Map<string, Rel[]>>();
  private recorders: Recorder[] = [];
  private readonly stateful: boolean;
  /** Whether Object.prototype has enumerable properties (for-in would list them): the keys by Object.keys then. */
  private inherits = false;
  private readonly match: Matcher;
  private readonly next: Transition;
  /** A match of expression `i` at the node on the path (the matcher's `hit`). */
  private readonly hit = (i: number, value: unknown): void => {
    this.scope.value = value;
    const dead = this.callbacks[this.exprs[i]!.expr]!(this.scope) === true;
    const r = this.recorders[this.recorders.length - 1];
    if (r && !dead) r.list.push({ e: i, rel: this.path.slice(r.base), value });
  };

  /** `shares`: record and replay what lies below objects reached again (false: walk every occurrence, as nimma). */
  static of(exprs: string[], shares = true): SharedWalk | undefined {
    const parsed: Expr[] = [];
    for (const e of exprs) {
      const p = parseExpr(e);
      if (!p) return undefined;
      parsed.push(p);
    }
    return new SharedWalk(parsed, shares);
  }

  private constructor(
    exprs: Expr[],
    private readonly shares: boolean,
  ) {
    this.exprs = exprs;
    this.stateful = exprs.some(e => e.kind === Kind.Below || e.kind === Kind.Prefix);
    ({ match: this.match, next: this.next } = compileMatcher(exprs));
  }

  /** Forget the recorded matches and the shared objects (a new run: the objects may be others). */
  reset(): void {
    this.seen = new Set();
    this.memo = new Map();
    this.shared = undefined;
    this.sharedAll = false;
  }

  /**
   * `shared`: objects known to be reached again (the values the resolver put at `$ref` sites): recorded at their first
   * visit rather than their second, so that each is walked once (stripe, github-api: a good part of the walk's nodes were
   * second visits).
   */
  query(root: unknown, callbacks: Record<string, Callback>, shared?: SharedObjects): void {
    if (typeof root !== 'object' || root === null) return;
    this.callbacks = callbacks;
    this.shared = shared?.objects;
    this.sharedAll = shared?.all === true;
    this.inherits = inheritsEnumerable();
    this.path.length = 0;
    this.recorders = [];
    const state = this.exprs.map(() => 0);
    this.children(root, state);
  }

  private children(obj: object, state: number[]): void {
    if (Array.isArray(obj)) {
      for (let i = 0; i < obj.length; i++) this.node(i, obj[i], state);
    } else {
      const o = obj as Record<string, unknown>;
      // for-in rather than Object.keys: no array of the keys, and V8 reads `o[key]` through the enumeration's cache
      // (a tenth to a fifth of plaid's walk). The same keys in the same order while nothing enumerable is inherited.
      if (this.inherits) for (const key of Object.keys(o)) this.node(key, o[key], state);
      else for (const key in o) this.node(key, o[key], state);
    }
  }

  private node(key: Segment, value: unknown, state: number[]): void {
    const path = this.path;
    path.push(key);
    const depth = path.length - 1;
    // The node itself, the expressions in order (a string, number or boolean: only those that can match one).
    const t = typeof value;
    if (t !== 'object' || value === null) {
      this.match(value, key, depth, state, t === 'string' || t === 'number' || t === 'boolean', this.hit);
      path.pop();
      return;
    }
    const obj = value as object;
    this.match(obj, key, depth, state, false, this.hit);
    const next = this.stateful ? this.next(key, depth, state) : state;
    // What lies below the object depends on nothing but the object and the state its children are reached in (a
    // child's own key is its own; the depth is decided by the state: a Prefix expression at its full length lies
    // at least that deep): recorded at its second visit, replayed from its third, under whatever key.
    let recorder: Recorder | undefined;
    if (!this.shares) {
      // a document without shared objects: nothing to record
    } else if (this.seen.has(obj) || this.shared?.has(obj) === true) {
      const memoKey = this.stateful ? next.join() : '';
      let byState = this.memo.get(obj);
      const hit = byState?.get(memoKey);
      if (hit) {
        const outer = this.recorders[this.recorders.length - 1];
        if (outer) outer.list.push({ e: -1, rel: path.slice(outer.base), sub: hit });
        this.replay(hit, depth + 1); // leaves the path at `depth + 1` segments
        path.pop();
        return;
      }
      if (!byState) this.memo.set(obj, (byState = new Map()));
      recorder = { base: depth + 1, list: [] };
      byState.set(memoKey, recorder.list);
      this.recorders.push(recorder);
    } else if (!this.sharedAll) this.seen.add(obj);
    this.children(obj, next);
    if (recorder) {
      this.recorders.pop();
      const outer = this.recorders[this.recorders.length - 1];
      if (outer) outer.list.push({ e: -1, rel: path.slice(outer.base), sub: recorder.list });
    }
    // The children left the path as they found it. pop(), not `length =`: V8 sets an array's length in a runtime
    // call, which was a few percent of stripe's lint here.
    path.pop();
  }

  /** The matches of `list` again, below the path's first `base` segments. */
  private replay(list: Rel[], base: number): void {
    const path = this.path;
    for (const m of list) {
      if (m.dead) continue;
      while (path.length > base) path.pop();
      for (const s of m.rel) path.push(s);
      if (m.sub) this.replay(m.sub, path.length);
      else {
        this.scope.value = m.value;
        if (this.callbacks[this.exprs[m.e]!.expr]!(this.scope) === true) m.dead = true;
      }
    }
    while (path.length > base) path.pop();
  }
}
