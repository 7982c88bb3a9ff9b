/**
 * The incremental rule runner: runs a Spectral ruleset over a parsed and
 * resolved document with the results Spectral's own Runner gives, but reuses
 * the results of unchanged units from the previous run.
 *
 * How the work is split (units: units.ts):
 * - "Local" rules — every function of the rule is one whose result depends on
 *   nothing but the value it is given, its path, the document's formats (and
 *   `jsonSchemaDialect`) — are matched unit by unit: each unit is queried on its
 *   own (a sparse root holding only that unit), and its results are kept while
 *   the unit's value is the same object (the parser and the resolver keep the
 *   identity of unchanged units). The places above the units (the root, `paths`,
 *   `components.schemas`…) are matched on a stub root whose units are empty
 *   objects, and the functions get the real values there: that pass is cheap.
 * - The OAS schema rules (Ajv with allErrors: the errors of a document are the
 *   union of its parts') validate each changed unit on its own, and the rest
 *   of the document with the units left out (when that rest changed).
 * - The apiconv conventions (functions marked by rules/_lib/ruleFunction.ts
 *   `modelRule`) run as a group on views of the document that record which
 *   top-level keys they read and the names of the properties whose values
 *   they read; their results are reused while every unit under those keys is
 *   the same object or differs only in values of other properties (an edit
 *   of `info` or of a description does not re-run them).
 * - Every other rule (the document-wide ones: operationId uniqueness, custom
 *   JavaScript functions…) runs over the whole document every time, as
 *   Spectral runs it; plain JSONPaths (`$.paths`) are walked directly rather
 *   than by a traversal of the whole document.
 * Results are then mapped, deduplicated and sorted as Spectral does. The
 * result equals Spectral's: test/engine/incremental.test.ts compares it with
 * `lintWithSpectral()` (Spectral's own runner) after random edits.
 */
import type { IRange } from '@stoplight/types';
import type { Ruleset } from '@stoplight/spectral-core';
import Nimma from 'nimma';
import { jsonPathPlus } from 'nimma/fallbacks';
import { JSONPath } from 'jsonpath-plus';
import { get, toPath } from 'lodash';
import { Parser as ExprParser } from 'expr-eval-fork';
import { decodeSegmentFragment, getClosestJsonPath, printPath, PrintStyle, printValue } from '@stoplight/spectral-runtime';
import * as coreFunctions from '@stoplight/spectral-functions';
import { oas } from '@stoplight/spectral-rulesets';
import { isRecord, onlyChangedLeaf, unitDepth, unitKey, unitsOf } from '../parse/units';
import { SharedWalk } from './walk';
import { severityCapOf } from '../../../../rules/_lib/severity';

type JsonPath = (string | number)[];
type Fn = (input: unknown, options: unknown, context: FnContext) => unknown;

interface Then {
  field?: string;
  function: Fn;
  functionOptions?: unknown;
}

export interface RuleLike {
  name: string;
  enabled: boolean;
  resolved: boolean;
  then: Then[];
  message: string | null;
  description: string | null;
  documentationUrl: string | null;
  severity: number;
  matchesFormat(formats: Set<unknown> | null): boolean;
  getGivenForFormats(formats: Set<unknown> | null): string[];
  getSeverityForSource(source: string, path: JsonPath): number;
}

/** What a rule function gets as `context.document`. */
export interface DocLike {
  source: string | null;
  data: unknown;
  formats?: Set<unknown> | null;
  getRangeForJsonPath(path: JsonPath, closest?: boolean): IRange | undefined;
  trapAccess<T>(obj: T): T;
}

export interface AssociatedItem {
  document: DocLike;
  path: JsonPath;
  missingPropertyPath: JsonPath;
}

/** What a rule function gets as `context.documentInventory` (the part of Spectral's DocumentInventory rules use). */
export interface InventoryLike {
  document: DocLike;
  resolved: unknown;
  unresolved: unknown;
  formats: Set<unknown> | null;
  source: string | null;
  graph: unknown;
  referencedDocuments: Record<string, DocLike>;
  findAssociatedItemForPath(path: JsonPath, resolved: boolean): AssociatedItem | null;
}

interface FnContext {
  document: DocLike;
  documentInventory: InventoryLike;
  rule: RuleLike;
  path: JsonPath;
}

/** One result before ranges (ranges move with every edit; results of a unit are kept across edits). */
export interface RawResult {
  code: string;
  message: string;
  path: JsonPath;
  severity: number;
  source?: string;
  documentationUrl?: string;
  /** severity cap recorded by the rule function (rules/_lib/severity.ts) */
  cap?: 'info' | 'hint';
}

export interface RunnerResult extends RawResult {
  range: IRange;
}

const DEFAULT_RANGE: IRange = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

// ---------------------------------------------------------------------------------------------
// Which functions are local (see the module comment). Identity, not names: a custom function
// that happens to be called `truthy` is not trusted.

const LOCAL_CORE = ['alphabetical', 'casing', 'defined', 'enumeration', 'falsy', 'length', 'pattern', 'schema', 'truthy', 'undefined', 'xor', 'or'];
const LOCAL_OAS = new Set([
  'oasOpSuccessResponse',
  'oasOpFormDataConsumeCheck',
  'oasOpParams',
  'oasSchema', // reads `jsonSchemaDialect`: part of the run's global key
  'uniquenessTags',
  'refSiblings', // reads the unresolved document at its own path
  'typedEnum',
  'oasDiscriminator',
  'oasExample',
  'serverVariables',
]);

/** The functions of @stoplight/spectral-functions and of Spectral's OAS ruleset with these names: by identity. */
function functionsNamed(coreNames: readonly string[], oasNames: ReadonlySet<string>): WeakSet<object> {
  const set = new WeakSet<object>();
  const core = coreFunctions as unknown as Record<string, object>;
  for (const name of coreNames) if (core[name]) set.add(core[name]);
  for (const rule of Object.values((oas as unknown as { rules: Record<string, { then: Then | Then[] }> }).rules)) {
    for (const t of ([] as Then[]).concat(rule.then)) if (oasNames.has(t.function.name)) set.add(t.function);
  }
  return set;
}

const LOCAL_MARK = Symbol.for('apiconv.localFunction');
let localFunctions: WeakSet<object> | undefined;
function isLocalFunction(fn: unknown): boolean {
  localFunctions ??= functionsNamed(LOCAL_CORE, LOCAL_OAS);
  // Our own functions say so themselves (rules/_lib/memoExamples.ts).
  return typeof fn === 'function' && (localFunctions.has(fn) || (fn as unknown as Record<symbol, unknown>)[LOCAL_MARK] === true);
}

/**
 * Functions whose results, for one run's formats and `jsonSchemaDialect`, depend only on the value they are
 * given, their options, whether the rule is resolved, and the last segment of the path (the schema functions
 * name the property in their messages); any other path they report lies below the given path. The same
 * (frozen) object met again — a shared component inlined under several path items, the same description —
 * gives the same results: FnMemo keeps them. By identity, as for the local functions.
 */
const MEMO_CORE = ['pattern', 'truthy', 'falsy', 'defined', 'undefined', 'casing', 'enumeration', 'length', 'xor', 'schema'];
const MEMO_OAS = new Set(['oasSchema', 'typedEnum']);
let memoFunctions: WeakSet<object> | undefined;
function isMemoFunction(fn: unknown): boolean {
  memoFunctions ??= functionsNamed(MEMO_CORE, MEMO_OAS);
  return typeof fn === 'function' && memoFunctions.has(fn);
}

/** A memoized call's results: messages and paths below the given path (undefined: the given path itself). */
type MemoResults = { message: string; suffix: JsonPath | undefined }[];

/**
 * Results of the memo-able functions (isMemoFunction) by value, for one runner while its ruleset, formats and
 * dialect stay the same (IncrementalRunner.run starts a new one otherwise). Objects only (by identity): for a
 * string or a number the call is cheaper than a lookup. Keyed by the rule's `then` (function, options and the
 * rule's `resolved` with it) and the last path segment.
 */
class FnMemo {
  private readonly byThen = new WeakMap<object, Map<string | number, WeakMap<object, MemoResults>>>();

  private slot(then: Then, path: JsonPath): WeakMap<object, MemoResults> {
    let bySeg = this.byThen.get(then);
    if (!bySeg) this.byThen.set(then, (bySeg = new Map()));
    const last = path.length > 0 ? path[path.length - 1]! : '';
    let m = bySeg.get(last);
    if (!m) bySeg.set(last, (m = new WeakMap()));
    return m;
  }

  get(then: Then, path: JsonPath, value: object): MemoResults | undefined {
    return this.slot(then, path).get(value);
  }

  set(then: Then, path: JsonPath, value: object, results: MemoResults): void {
    this.slot(then, path).set(value, results);
  }
}

/** Calls `then.function`, through the memo when it is a memo-able function. */
function callFunction(ctx: NodeCtx, then: Then, value: unknown, fnContext: FnContext): unknown {
  const memo = ctx.memo;
  if (!memo || value === null || typeof value !== 'object' || !isMemoFunction(then.function)) return then.function(value, then.functionOptions ?? null, fnContext);
  const path = fnContext.path;
  const hit = memo.get(then, path, value);
  if (hit) return hit.map(r => (r.suffix === undefined ? { message: r.message } : { message: r.message, path: [...path, ...r.suffix] }));
  const out = then.function(value, then.functionOptions ?? null, fnContext);
  if (out === undefined || Array.isArray(out)) {
    const results = (out ?? []) as FnResult[];
    const kept: MemoResults = [];
    for (const r of results) {
      if (typeof r.message !== 'string') return out;
      if (r.path === undefined) kept.push({ message: r.message, suffix: undefined });
      else if (r.path.length >= path.length && path.every((seg, i) => r.path![i] === seg)) kept.push({ message: r.message, suffix: r.path.slice(path.length) });
      else return out; // a path elsewhere: not memoized
    }
    memo.set(then, path, value, kept);
  }
  return out;
}

/**
 * Document-wide functions whose result is the union of what they give for each part: the OAS schema
 * validation (Ajv with allErrors; each path item / component is validated by its own subschema). They run
 * once per changed unit on a document holding only that unit, plus once on the document with the units
 * left out for what lies above them.
 */
const SPLIT_OAS = new Set(['oasDocumentSchema']);
let splitFunctions: WeakSet<object> | undefined;
function isSplitRule(rule: RuleLike, formats: Set<unknown> | null): boolean {
  splitFunctions ??= functionsNamed([], SPLIT_OAS);
  const given = rule.getGivenForFormats(formats);
  return given.length === 1 && given[0] === '$' && rule.then.every(t => t.field === undefined && splitFunctions!.has(t.function));
}

function isLocalRule(rule: RuleLike): boolean {
  return rule.then.every(t => isLocalFunction(t.function));
}

/**
 * The apiconv conventions (rules/_lib/ruleFunction.ts `modelRule`): given the resolved root, they read the
 * document through that value only. Run as a group, through a root that records which top-level keys are read;
 * while those keys hold the same units (===), the group's results are the last run's.
 */
const MODEL_MARK = Symbol.for('apiconv.modelFunction');
function isModelRule(rule: RuleLike, formats: Set<unknown> | null): boolean {
  if (!rule.resolved) return false;
  const given = rule.getGivenForFormats(formats);
  return (
    given.length === 1 &&
    given[0] === '$' &&
    rule.then.every(t => t.field === undefined && typeof t.function === 'function' && (t.function as unknown as Record<symbol, unknown>)[MODEL_MARK] === true)
  );
}

/**
 * What a group of model rules read of the document: the top-level keys ('*': the root's keys enumerated), and the
 * name of every property whose value they read where that value is not an object (at any depth, on any object).
 * `$ref` counts as read always: where the references are decides the findings' places (`anchor`, `onePerLocation`
 * in rules/_lib/ruleFunction.ts).
 */
class Reads implements ProxyHandler<StandIn> {
  readonly top = new Set<string>();
  readonly names = new Set<string>(['$ref']);
  private readonly views = new WeakMap<object, object>();

  constructor(private readonly root: object) {}

  /** `v` as the rules see it: objects through a view that records what is read (one view per object: identity kept). */
  view<T>(v: T): T {
    if (typeof v !== 'object' || v === null) return v;
    let p = this.views.get(v);
    if (p === undefined) {
      // The view's target is a stand-in: the document is frozen, and a proxy of a frozen object could not hand
      // out views of its values.
      const standIn = (Array.isArray(v) ? [] : {}) as StandIn;
      standIn[REAL] = v as Record<PropertyKey, unknown>;
      p = new Proxy(standIn, this);
      this.views.set(v, p);
    }
    return p as T;
  }

  get(t: StandIn, key: PropertyKey): unknown {
    const r = t[REAL];
    if (typeof key !== 'string') return r[key];
    if (r === this.root) this.top.add(key);
    const v = r[key];
    if (typeof v === 'object' && v !== null) return this.view(v);
    // Only values that are not objects are noted: an object's own properties are noted as they are read, and
    // where an object stands (and whether it is one) is the structure, compared anyway. So reading a schema's
    // `properties` (one of which may be named `description`) does not make every description "read".
    this.names.add(key);
    return v;
  }

  has(t: StandIn, key: PropertyKey): boolean {
    // Whether a key is there is the structure (compared anyway): only the root's keys are noted.
    const r = t[REAL];
    if (r === this.root && typeof key === 'string') this.top.add(key);
    return key in r;
  }

  getOwnPropertyDescriptor(t: StandIn, key: PropertyKey): PropertyDescriptor | undefined {
    // What enumerates (Object.keys, entries, spread, JSON.stringify) asks this of every key, for whether it is
    // there (the structure: compared anyway) and enumerable; what reads the values then reads them through `get`.
    // So this records nothing: an Object.keys of an operation does not make its description "read".
    const r = t[REAL];
    if (typeof key !== 'string') {
      const d = Reflect.getOwnPropertyDescriptor(r, key);
      return d && { ...d, configurable: true };
    }
    if (r === this.root) this.top.add(key);
    if (!Object.prototype.hasOwnProperty.call(r, key)) return undefined;
    // A property the stand-in lacks must be reported configurable; an array's `length` (the stand-in's own,
    // writable) as writable.
    if (key === 'length' && Array.isArray(r)) return { value: r.length, writable: true, enumerable: false, configurable: false };
    return { value: this.view(r[key]), writable: false, enumerable: true, configurable: true };
  }

  ownKeys(t: StandIn): (string | symbol)[] {
    const r = t[REAL];
    if (r === this.root) this.top.add('*');
    // A frozen object's keys are known for good (the resolved document is frozen).
    let keys = OWN_KEYS.get(r);
    if (keys === undefined) {
      keys = Reflect.ownKeys(r);
      if (Object.isFrozen(r)) OWN_KEYS.set(r, keys);
    }
    return keys;
  }

  getPrototypeOf(t: StandIn): object | null {
    return Reflect.getPrototypeOf(t[REAL]);
  }

  set(): boolean {
    return false;
  }

  defineProperty(): boolean {
    return false;
  }

  deleteProperty(): boolean {
    return false;
  }
}
const REAL = Symbol('apiconv.real');
const OWN_KEYS = new WeakMap<object, (string | symbol)[]>();
type StandIn = { [REAL]: Record<PropertyKey, unknown> };

/**
 * The same snapshot (snapshotOf) but for what was not read: where a unit is a new object, it may differ from the
 * old one only in the values of properties no model rule read (a description, a summary…) — same keys in the same
 * order, same types, same `$ref`s. The rules read through views (Reads), so they saw exactly what they saw before.
 */
function sameAsRead(a: unknown[], b: unknown[], names: Set<string>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && !differsOnlyUnread(a[i], b[i], names)) return false;
  return true;
}

function differsOnlyUnread(a: unknown, b: unknown, names: Set<string>): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i];
    if (k !== kb[i]) return false;
    const va = (a as Record<string, unknown>)[k];
    const vb = (b as Record<string, unknown>)[k];
    if (va === vb) continue;
    const oa = typeof va === 'object' && va !== null;
    const ob = typeof vb === 'object' && vb !== null;
    if (oa || ob) {
      if (!oa || !ob || !differsOnlyUnread(va, vb, names)) return false;
    } else if (names.has(k) || typeof va !== typeof vb) return false;
  }
  return true;
}

/** The units (units.ts) under a top-level key, with their values: what must stay === for a read of that key to give the same. */
function snapshotOf(root: Record<string, unknown>, key: string): unknown[] {
  if (key === '*') return [...Object.keys(root), ...Object.keys(root).flatMap(k => snapshotOf(root, k))];
  const v = root[key];
  // A container's own object may be new after any edit (the parser and resolver rebuild what holds a changed
  // unit): its entries are what count.
  if (!isRecord(v) || unitDepth([key, '']) === 1) return [v];
  const out: unknown[] = [];
  for (const name of Object.keys(v)) {
    const w = v[name];
    out.push(name);
    if (key === 'components' && isRecord(w)) {
      // a kind (`schemas`): a container too
      for (const entry of Object.keys(w)) out.push(entry, w[entry]);
      out.push(undefined); // the end of the kind
    } else out.push(w);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Nimma queries, compiled once per (ruleset, formats).

interface Scope {
  path: JsonPath;
  value: unknown;
}
type Visit = (rule: RuleLike, path: JsonPath, value: unknown) => void;

class Query {
  private readonly nimma: { query(input: unknown, callbacks: Record<string, (scope: Scope) => void>): void } | undefined;
  private readonly byExpr = new Map<string, RuleLike[]>();
  private visit: Visit = () => undefined;
  private readonly callbacks: Record<string, (scope: Scope) => void> = {};
  /** Expressions without descendants or filters, walked directly (nimma would traverse the whole document). */
  private readonly plain: [Segment[], string][] = [];

  constructor(rules: RuleLike[], formats: Set<unknown> | null) {
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
        for (const rule of list) this.visit(rule, p, scope.value);
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
    if (traversed.length > 0) this.walk = SharedWalk.of(traversed);
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
   * The path (relative to the unit) of the one string, number or boolean where a unit's new value differs from
   * its last one, when the matches of this query's given paths are the same for both: the keys are the same, and
   * no filter reads the changed value (no filter reads a property of that name, and the value kept its type and
   * truthiness, which is what a filter can tell of a value it is evaluated on). Undefined otherwise.
   */
  leafEdit(prev: unknown, next: unknown): string[] | undefined {
    this.reads ??= filterReadsOf(this.byExpr.keys());
    if (this.reads.opaque) return undefined;
    const leaf = onlyChangedLeaf(prev, next);
    if (leaf === undefined || leaf.length === 0 || this.reads.keys.has(leaf[leaf.length - 1]!)) return undefined;
    const a = valueAt(prev, leaf);
    const b = valueAt(next, leaf);
    if (typeof a !== typeof b || !a !== !b || (a !== null && typeof a === 'object')) return undefined;
    return leaf;
  }

  run(input: unknown, visit: Visit): void {
    if (this.byExpr.size === 0) return;
    this.visit = visit;
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
      if (this.walk) this.walk.query(input, this.callbacks);
      else this.nimma?.query(input, this.callbacks);
    } finally {
      this.visit = () => undefined;
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

interface UnitEntry {
  value: unknown;
  results: RawResult[];
  /** The local rules' matches in the unit, in order, each with how many of `results` it gave (undefined: not kept). */
  matches?: Match[];
}

interface Match {
  rule: RuleLike;
  path: JsonPath;
  n: number;
}

export interface RunInput {
  ruleset: Ruleset;
  document: DocLike;
  inventory: InventoryLike;
  /** results that come before the rules' (parser diagnostics, resolver errors), with their ranges */
  preResults: RunnerResult[];
  /** A one-shot run (cold.ts): nothing is kept for a next run. */
  oneShot?: boolean;
}

export class IncrementalRunner {
  private key: { ruleset: Ruleset; formats: string; dialect: unknown } | undefined;
  private queries:
    | { localR: Query; localU: Query; globalR: Query; globalU: Query; split: RuleLike[]; model: RuleLike[] }
    | undefined;
  /** Results of the split rules per rule and unit. */
  private splitUnits = new Map<string, Map<string, UnitEntry>>();
  /** Results of the split rules on the rest of the document (withoutContainerUnits), with what that rest held. */
  private splitRest = new Map<string, { sig: unknown[]; results: RawResult[] }>();
  private unitsR = new Map<string, UnitEntry>();
  private unitsU = new Map<string, UnitEntry>();
  /** Results of the memo-able functions by value (see FnMemo). */
  private fnMemo = new FnMemo();
  /** The model rules' last results and what they read: top-level key → its units (resolved, unresolved), and the names of the properties whose values they read (Reads). */
  private modelMemo: { deps: Map<string, { resolved: unknown[]; unresolved: unknown[] }>; names: Set<string>; results: RawResult[] } | undefined;
  /** The last run: units re-run and reused (the first keys re-run), and where the time went. */
  stats = emptyStats();

  async run(input: RunInput): Promise<RunnerResult[]> {
    const { ruleset, document, inventory } = input;
    const formats = document.formats ?? null;
    const formatKey = formats ? [...formats].map(f => (f as { displayName?: string; name?: string }).displayName ?? (f as { name?: string }).name).join(',') : '';
    const dialect = isRecord(inventory.unresolved) ? inventory.unresolved.jsonSchemaDialect : undefined;
    if (!this.key || this.key.ruleset !== ruleset || this.key.formats !== formatKey || this.key.dialect !== dialect) {
      this.key = { ruleset, formats: formatKey, dialect };
      this.unitsR.clear();
      this.unitsU.clear();
      const rules = (Object.values(ruleset.rules) as unknown as RuleLike[]).filter(r => r.enabled && r.matchesFormat(formats));
      this.splitUnits.clear();
      this.splitRest.clear();
      const split: RuleLike[] = [];
      const local: RuleLike[] = [];
      const model: RuleLike[] = [];
      const global: RuleLike[] = [];
      for (const r of rules) (isSplitRule(r, formats) ? split : isLocalRule(r) ? local : isModelRule(r, formats) ? model : global).push(r);
      this.modelMemo = undefined;
      this.fnMemo = new FnMemo();
      this.queries = {
        split,
        model,
        localR: new Query(local.filter(r => r.resolved), formats),
        localU: new Query(local.filter(r => !r.resolved), formats),
        globalR: new Query(global.filter(r => r.resolved), formats),
        globalU: new Query(global.filter(r => !r.resolved), formats),
      };
    }
    const q = this.queries!;
    for (const query of [q.localR, q.localU, q.globalR, q.globalU]) query.newRun();
    const promises: Promise<void>[] = [];
    const fresh: RawResult[] = [];
    const ctx: NodeCtx = { document, inventory, promises, memo: this.fnMemo };
    this.stats = emptyStats();
    const ms = this.stats.ms;
    let t = performance.now();
    const lap = (k: keyof typeof ms): void => {
      const n = performance.now();
      ms[k] += n - t;
      t = n;
    };

    // Local rules: unit by unit, then above the units on a stub root.
    for (const [query, root, cache] of [
      [q.localR, inventory.resolved, this.unitsR],
      [q.localU, inventory.unresolved, this.unitsU],
    ] as const) {
      if (query.empty) continue;
      const seen = new Set<string>();
      let recording = MAX_RECORDED_UNITS;
      for (const [key, path, value] of unitsOf(root)) {
        seen.add(key);
        const hit = cache.get(key);
        if (hit && hit.value === value) {
          this.stats.unitsReused++;
          continue;
        }
        this.stats.unitsRun++;
        if (this.stats.rerun.length < 20) this.stats.rerun.push(key);
        const results: RawResult[] = [];
        const matches: Match[] = [];
        const depth = path.length;
        const pending = promises.length;
        // One string typed into (or a number, a boolean changed): the same matches as last time. Only those on the
        // way down to the changed value are run again; the others' values are the same objects, their results too.
        const leaf = hit?.matches ? query.leafEdit(hit.value, value) : undefined;
        if (hit?.matches && leaf) {
          this.stats.unitsReplayed++;
          const full = [...path, ...leaf];
          let at = 0;
          for (const m of hit.matches) {
            if (isPrefixOf(m.path, full)) {
              const n0 = results.length;
              lintNode(ctx, m.rule, m.path, valueAt(value, m.path.slice(depth)), results);
              matches.push({ rule: m.rule, path: m.path, n: results.length - n0 });
            } else {
              for (let i = at; i < at + m.n; i++) results.push(hit.results[i]!);
              matches.push(m);
            }
            at += m.n;
          }
        } else {
          const record = hit !== undefined && recording > 0;
          query.run(sparseRoot(path, value), (rule, p, v) => {
            if (p.length < depth) return;
            const n0 = results.length;
            lintNode(ctx, rule, p, v, results);
            if (record) matches.push({ rule, path: p, n: results.length - n0 });
          });
        }
        // Matches are kept for a unit run again after an edit, when few are (the unit being typed into), not for
        // every unit of a document opened or of an edit many units share: a match per node of a big document.
        // Asynchronous results land later, out of order: no matches kept then.
        const keep = hit !== undefined && recording-- > 0 && promises.length === pending;
        cache.set(key, { value, results, matches: keep ? matches : undefined });
      }
      for (const key of cache.keys()) if (!seen.has(key)) cache.delete(key);
      lap('units');
      const units = seen;
      query.run(stubRoot(root), (rule, p) => {
        const d = unitDepth(p);
        if (d > 0 && units.has(unitKey(p.slice(0, d)))) return; // inside a unit: done above
        lintNode(ctx, rule, p, valueAt(root, p), fresh);
      });
      lap('above');
    }
    // The split rules: unit by unit (container entries), then the rest of the document.
    for (const rule of q.split) {
      const root = rule.resolved ? inventory.resolved : inventory.unresolved;
      let cache = this.splitUnits.get(rule.name);
      if (!cache) this.splitUnits.set(rule.name, (cache = new Map()));
      const seen = new Set<string>();
      for (const [key, path, value] of unitsOf(root)) {
        if (path.length < 2) continue; // top-level units are validated with the rest
        seen.add(key);
        const hit = cache.get(key);
        if (hit && hit.value === value) continue;
        const tmp: RawResult[] = [];
        lintNode(ctx, rule, [], sparseRoot(path, value), tmp);
        cache.set(key, { value, results: tmp.filter(r => insideUnit(r.path, key)) });
      }
      for (const key of cache.keys()) if (!seen.has(key)) cache.delete(key);
      // The rest of the document: the last results while it is the same (an edit inside paths leaves it so).
      const sig = restSignature(root);
      let rest = this.splitRest.get(rule.name);
      if (!rest || !sameSignature(rest.sig, sig)) {
        const tmp: RawResult[] = [];
        lintNode(ctx, rule, [], withoutContainerUnits(root), tmp);
        this.splitRest.set(rule.name, (rest = { sig, results: tmp }));
      }
      for (const r of rest.results) {
        const d = unitDepth(r.path);
        if (d >= 2 && seen.has(unitKey(r.path.slice(0, d)))) continue;
        fresh.push(r);
      }
    }
    lap('split');
    // The model rules, as a group: the last run's results while what they read is unchanged.
    if (q.model.length > 0) this.runModelRules(q.model, ctx, fresh);
    lap('model');
    // Everything else over the whole document.
    q.globalR.run(inventory.resolved, (rule, p, v) => lintNode(ctx, rule, p, v, fresh));
    q.globalU.run(inventory.unresolved, (rule, p, v) => lintNode(ctx, rule, p, v, fresh));
    if (promises.length > 0) await Promise.all(promises);
    lap('global');

    const all: RunnerResult[] = [...input.preResults];
    const addRanges = (list: RawResult[]): void => {
      for (const r of list) all.push({ ...r, range: rangeOf(inventory, r) });
    };
    for (const e of this.unitsR.values()) addRanges(e.results);
    for (const e of this.unitsU.values()) addRanges(e.results);
    for (const m of this.splitUnits.values()) for (const e of m.values()) addRanges(e.results);
    addRanges(fresh);
    lap('ranges');
    const prepared = prepareResults(all);
    lap('prepare');
    return prepared;
  }

  private runModelRules(rules: RuleLike[], ctx: NodeCtx, fresh: RawResult[]): void {
    const root = ctx.inventory.resolved;
    const unresolved = ctx.inventory.unresolved;
    const memo = this.modelMemo;
    if (
      memo &&
      isRecord(root) &&
      isRecord(unresolved) &&
      [...memo.deps].every(([k, snap]) => sameAsRead(snap.resolved, snapshotOf(root, k), memo.names) && sameAsRead(snap.unresolved, snapshotOf(unresolved, k), memo.names))
    ) {
      for (const r of memo.results) fresh.push(r);
      this.stats.modelReused = true;
      return;
    }
    this.modelMemo = undefined;
    const reads = isRecord(root) ? new Reads(root) : undefined;
    const input = reads ? reads.view(root) : root;
    const out: RawResult[] = [];
    const pending = ctx.promises.length;
    for (const rule of rules) lintNode(ctx, rule, [], input, out);
    for (const r of out) fresh.push(r);
    // Asynchronous results are not in `out` yet: no memo then (the model functions are synchronous).
    if (!reads || !isRecord(root) || !isRecord(unresolved) || ctx.promises.length !== pending) return;
    const deps = new Map<string, { resolved: unknown[]; unresolved: unknown[] }>();
    for (const k of reads.top.has('*') ? ['*'] : reads.top) deps.set(k, { resolved: snapshotOf(root, k), unresolved: snapshotOf(unresolved, k) });
    this.modelMemo = { deps, names: reads.names, results: out };
  }

  /** Forget everything (e.g. when the ruleset object is replaced). */
  reset(): void {
    this.modelMemo = undefined;
    this.fnMemo = new FnMemo();
    this.key = undefined;
    this.queries = undefined;
    this.unitsR.clear();
    this.unitsU.clear();
    this.splitUnits.clear();
    this.splitRest.clear();
  }
}

/** Units per pass (resolved, unresolved) that keep their matches for a replay (see run). */
const MAX_RECORDED_UNITS = 4;

function isPrefixOf(prefix: JsonPath, path: JsonPath): boolean {
  if (prefix.length > path.length) return false;
  for (let i = 0; i < prefix.length; i++) if (String(prefix[i]) !== String(path[i])) return false;
  return true;
}

function insideUnit(path: JsonPath, key: string): boolean {
  const d = unitDepth(path);
  return d > 0 && unitKey(path.slice(0, d)) === key;
}

/**
 * What withoutContainerUnits(root) is made of: the root's keys and values, containers by their kinds (not their
 * entries). The same signature (===, element by element) gives an equal document.
 */
function restSignature(root: unknown): unknown[] {
  if (!isRecord(root)) return [root];
  const out: unknown[] = [];
  for (const k of Object.keys(root)) {
    const v = root[k];
    out.push(k);
    if (k === 'components' && isRecord(v)) {
      out.push(CONTAINER);
      for (const kind of Object.keys(v)) out.push(kind, isRecord(v[kind]) ? CONTAINER : v[kind]);
      out.push(CONTAINER);
    } else if (unitDepth([k, '']) === 2 && isRecord(v)) out.push(CONTAINER);
    else out.push(v);
  }
  return out;
}
const CONTAINER = Symbol('container');

function sameSignature(a: unknown[], b: unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The document with the entries of its containers (paths, components.schemas…) left out. */
function withoutContainerUnits(root: unknown): unknown {
  if (!isRecord(root)) return root;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(root)) {
    const v = root[k];
    if (k === 'components' && isRecord(v)) {
      const c: Record<string, unknown> = {};
      for (const kind of Object.keys(v)) c[kind] = isRecord(v[kind]) ? {} : v[kind];
      out[k] = c;
    } else if (unitDepth([k, '']) === 2 && isRecord(v)) {
      out[k] = {};
    } else {
      out[k] = v;
    }
  }
  return out;
}

function emptyStats() {
  return { unitsRun: 0, unitsReused: 0, unitsReplayed: 0, modelReused: false, rerun: [] as string[], ms: { units: 0, above: 0, split: 0, model: 0, global: 0, ranges: 0, prepare: 0 } };
}

function rangeOf(inventory: InventoryLike, r: RawResult): IRange {
  const doc = r.source === undefined || r.source === inventory.document.source ? inventory.document : inventory.referencedDocuments[r.source];
  return doc?.getRangeForJsonPath(r.path, true) ?? DEFAULT_RANGE;
}

function sparseRoot(path: JsonPath, value: unknown): unknown {
  let node: unknown = value;
  for (let i = path.length - 1; i >= 0; i--) node = { [path[i]]: node };
  return node;
}

const STUB = Object.freeze({});

/** The root with every unit replaced by an empty object (containers that are no mapping are kept whole). */
function stubRoot(root: unknown): unknown {
  if (!isRecord(root)) return root;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(root)) {
    const v = root[k];
    if (k === 'components' && isRecord(v)) {
      const c: Record<string, unknown> = {};
      for (const kind of Object.keys(v)) {
        const m = v[kind];
        c[kind] = isRecord(m) ? stubMap(m) : m;
      }
      out[k] = c;
    } else if (unitDepth([k, '']) === 2 && isRecord(v)) {
      out[k] = stubMap(v);
    } else if (unitDepth([k]) === 1) {
      out[k] = STUB;
    } else {
      out[k] = v;
    }
  }
  return out;
}

function stubMap(m: Record<string, unknown>): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const k of Object.keys(m)) o[k] = STUB;
  return o;
}

function valueAt(root: unknown, path: JsonPath): unknown {
  let v = root;
  for (const seg of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[seg as string];
  }
  return v;
}

// ---------------------------------------------------------------------------------------------
// Spectral's lintNode, our implementation of the same behaviour.

interface NodeCtx {
  document: DocLike;
  inventory: InventoryLike;
  promises: Promise<void>[];
  memo?: FnMemo;
}

function lintNode(ctx: NodeCtx, rule: RuleLike, givenPath: JsonPath, value: unknown, out: RawResult[]): void {
  const fnContext: FnContext = { document: ctx.document, documentInventory: ctx.inventory, rule, path: givenPath };
  for (const then of rule.then) {
    for (const target of lintTargets(value, then.field)) {
      fnContext.path = target.path.length > 0 ? [...givenPath, ...target.path] : givenPath;
      let results: unknown;
      try {
        results = callFunction(ctx, then, target.value, fnContext);
      } catch (e) {
        throw new Error(`Function "${then.function.name}" threw an exception${e instanceof Error ? `: ${e.message}` : ''}`, { cause: e });
      }
      if (results === undefined) continue;
      if (typeof (results as Promise<unknown>).then === 'function') {
        const saved = { ...fnContext };
        ctx.promises.push(
          (results as Promise<unknown>).then(r => {
            if (r !== undefined) processResults(ctx, saved, r as FnResult[], out);
          }),
        );
      } else {
        processResults(ctx, fnContext, results as FnResult[], out);
      }
    }
  }
}

interface FnResult {
  message: string;
  path?: JsonPath;
}

function lintTargets(value: unknown, field: string | undefined): { path: JsonPath; value: unknown }[] {
  const targets: { path: JsonPath; value: unknown }[] = [];
  if (value !== null && (typeof value === 'object' || typeof value === 'function') && typeof field === 'string') {
    if (field === '@key') {
      for (const key of Object.keys(value as object)) targets.push({ path: [key], value: key });
    } else if (field.startsWith('$')) {
      JSONPath({
        path: field,
        json: value as object,
        resultType: 'all',
        callback(result: { path: string; value: unknown }) {
          targets.push({ path: toPath(result.path.slice(1)), value: result.value });
        },
      });
    } else {
      targets.push({ path: toPath(field), value: get(value, field) });
    }
  } else {
    targets.push({ path: [], value });
  }
  if (targets.length === 0) targets.push({ path: [], value: undefined });
  return targets;
}

function getPath(value: unknown, path: JsonPath): unknown {
  return path.length === 0 ? value : get(value, path);
}

function processResults(ctx: NodeCtx, fnContext: FnContext, results: FnResult[], out: RawResult[]): void {
  const { rule, path: targetPath } = fnContext;
  for (const result of results) {
    const escaped = (result.path ?? targetPath).map(decodeSegmentFragment);
    const item = ctx.inventory.findAssociatedItemForPath(escaped, rule.resolved);
    const path = item?.path ?? (getClosestJsonPath(ctx.inventory.resolved, escaped) as JsonPath);
    const source = item?.document.source ?? undefined;
    const document = item?.document ?? ctx.inventory.document;
    const value = path.length === 0 ? document.data : getPath(document.data, path);
    const vars: Record<string, unknown> = {
      property:
        item?.missingPropertyPath !== undefined && item.missingPropertyPath.length > path.length
          ? printPath(item.missingPropertyPath.slice(path.length - 1), PrintStyle.Dot)
          : path.length > 0
            ? path[path.length - 1]
            : '',
      error: result.message,
      path: printPath(path, PrintStyle.EscapedPointer),
      description: rule.description,
      value,
    };
    const resultMessage = formatMessage(result.message, vars);
    vars.error = resultMessage;
    const severity = source !== undefined ? rule.getSeverityForSource(source, path) : rule.severity;
    if (severity === -1) continue;
    const message = (rule.message === null ? (rule.description ?? resultMessage) : formatMessage(rule.message, vars)).trim();
    const raw: RawResult = { code: rule.name, message, path, severity };
    if (source !== undefined) raw.source = source;
    if (rule.documentationUrl) raw.documentationUrl = rule.documentationUrl;
    // A finding the rule reports below its severity (rules/_lib/severity.ts), recorded as the function ran.
    const cap = severityCapOf(ctx.document, rule.name, message, path);
    if (cap) raw.cap = cap;
    out.push(raw);
  }
}

// Spectral's message templates: `{{name}}` and `#{{expression}}` (with print(), toUpperCase(), concat()).
const TEMPLATE = /#?\{\{([^}\n]+)\}\}/g;

function formatMessage(input: string, values: Record<string, unknown>): string {
  if (!input.includes('{{')) return input;
  return input.replace(TEMPLATE, (whole: string, identifier: string, index: number) => {
    if (whole.startsWith('#')) return evaluate(identifier.trim(), values);
    if (index < 0 || index >= input.length) return '';
    return identifier in values ? String(values[identifier]) : '';
  });
}

function evaluate(expression: string, values: Record<string, unknown>): string {
  if (/constructor|process|require|global|mainModule|fs|child_process/.test(expression)) return '';
  const parser = new ExprParser();
  const fns = parser.functions as Record<string, unknown>;
  fns.toUpperCase = (v: unknown) => String(v).toUpperCase();
  fns.concat = (...args: unknown[]) => args.map(String).join('');
  fns.print = (type: unknown) => {
    if (typeof type !== 'string') return '';
    if (type === 'property') {
      const p = values.property;
      return p !== undefined && p !== '' ? `"${String(p)}" property ` : 'The document ';
    }
    if (type === 'value') return printValue(values.value);
    return type in values && values[type] !== null ? String(values[type]) : '';
  };
  try {
    const expr = expression
      .replace(/(\S+)\.toUpperCase\(\)/g, 'toUpperCase($1)')
      .replace(/\s*\+\s*/g, ',')
      .replace(/^(.+)$/, 'concat($1)');
    return String(parser.evaluate(expr, values as never));
  } catch {
    return '';
  }
}

// ---------------------------------------------------------------------------------------------
// Spectral's result preparation: one result per fingerprint, then its order.

function fingerprint(r: RunnerResult): string {
  let id = String(r.code);
  id += r.path.length > 0 ? JSON.stringify(r.path) : JSON.stringify(r.range);
  if (r.source !== undefined) id += r.source;
  if (r.message !== undefined) id += r.message;
  return id;
}

export function prepareResults(results: RunnerResult[]): RunnerResult[] {
  const seen = new Set<string>();
  const unique = results.filter(r => {
    const f = fingerprint(r);
    if (seen.has(f)) return false;
    seen.add(f);
    return true;
  });
  return unique.sort(compareResults);
}

const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0);

function compareResults(a: RunnerResult, b: RunnerResult): number {
  // (the same source, as nearly always: no collation needed)
  const s = a.source === b.source ? 0 : a.source === undefined ? -1 : b.source === undefined ? 1 : sign(a.source.localeCompare(b.source));
  if (s !== 0) return s;
  const line = a.range.start.line - b.range.start.line;
  if (line !== 0) return sign(line);
  const ch = a.range.start.character - b.range.start.character;
  if (ch !== 0) return sign(ch);
  const c = sign(NUMERIC.compare(String(a.code), String(b.code)));
  if (c !== 0) return c;
  return sign(DEFAULT.compare(a.path.join(), b.path.join()));
}

// What `x.localeCompare(y, undefined, options)` does, without building a collator at every call.
const NUMERIC = new Intl.Collator(undefined, { numeric: true });
const DEFAULT = new Intl.Collator();
