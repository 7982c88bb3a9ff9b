/** Which rule functions the runner may run unit by unit, memoize, split or run as a group (see runner.ts). */
import * as coreFunctions from '@stoplight/spectral-functions';
import { oas } from '@stoplight/spectral-rulesets';
import * as oasFunctions from '@stoplight/spectral-rulesets/dist/oas/functions';
import * as sharedFunctions from '@stoplight/spectral-rulesets/dist/shared/functions';
import serverVariables from '@stoplight/spectral-rulesets/dist/shared/functions/serverVariables';
import { ruleStopped } from '../../../../rules/_lib/budget';
import type { FnContext, JsonPath, RuleLike, Then } from './types';
import type { FnResult, NodeCtx } from './lintNode';

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

/**
 * The functions of Spectral's OAS ruleset, by the names their modules export them under. Not by a function's own name: the
 * production bundles are minified, and a function's own name does not survive that (keeping names costs every
 * closure a call at its creation: a quarter more time on some cold lints).
 */
export const OAS_FUNCTIONS: Readonly<Record<string, object>> = { ...oasFunctions, ...sharedFunctions, serverVariables } as unknown as Record<string, object>;

/** The functions of @stoplight/spectral-functions and of Spectral's OAS ruleset with these names: by identity. */
function functionsNamed(coreNames: readonly string[], oasNames: ReadonlySet<string>): WeakSet<object> {
  const set = new WeakSet<object>();
  const core = coreFunctions as unknown as Record<string, object>;
  for (const name of coreNames) if (core[name]) set.add(core[name]);
  for (const name of oasNames) if (OAS_FUNCTIONS[name]) set.add(OAS_FUNCTIONS[name]);
  return set;
}

/** Each name the runner trusts, and whether Spectral's OAS ruleset uses exactly that function (for the tests). */
export function trustedOasFunctions(): { name: string; used: boolean }[] {
  const used = new Set<object>();
  for (const rule of Object.values((oas as unknown as { rules: Record<string, { then: Then | Then[] }> }).rules)) {
    for (const t of ([] as Then[]).concat(rule.then)) used.add(t.function as unknown as object);
  }
  return [...new Set([...LOCAL_OAS, ...MEMO_OAS, ...SPLIT_OAS])].map(name => ({
    name,
    used: OAS_FUNCTIONS[name] !== undefined && used.has(OAS_FUNCTIONS[name]),
  }));
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
const MEMO_MARK = Symbol.for('apiconv.memoFunction');
function isMemoFunction(fn: unknown): boolean {
  memoFunctions ??= functionsNamed(MEMO_CORE, MEMO_OAS);
  // Our own functions say so themselves (rules/_lib/oasSchemaOnce.ts).
  return typeof fn === 'function' && (memoFunctions.has(fn) || (fn as unknown as Record<symbol, unknown>)[MEMO_MARK] === true);
}

/** A rule's strings known to give nothing, by the last path segment (undefined: its functions do not allow it). */
interface EmptyStrings {
  byLast: Map<string | number, Set<string>> | undefined;
}

function emptyIn(strings: Map<RuleLike, EmptyStrings>, rule: RuleLike, path: JsonPath, value: string): boolean {
  const e = strings.get(rule);
  if (e === undefined || e.byLast === undefined) return false;
  return e.byLast.get(path.length > 0 ? path[path.length - 1]! : '')?.has(value) === true;
}

/** A memoized call's results: messages and paths below the given path (undefined: the given path itself). */
type MemoResults = { message: string; suffix: JsonPath | undefined }[];

/**
 * Results of the memo-able functions (isMemoFunction) by value, for one runner while its ruleset, formats and
 * dialect stay the same (IncrementalRunner.run starts a new one otherwise). Objects only (by identity): for a
 * string or a number the call is cheaper than a lookup. Keyed by the rule's `then` (function, options and the
 * rule's `resolved` with it) and the last path segment.
 */
export class FnMemo {
  private readonly byThen = new WeakMap<object, Map<string | number, WeakMap<object, MemoResults>>>();
  /**
   * Strings a rule gave no result for, by the last path segment: the rules whose every function is memo-able and
   * takes the matched value itself (no `field`). A shared description reached under every operation that uses its
   * schema (kubernetes: 400,000 matches of `$..[description,title]`, a few thousand distinct strings) is run once
   * per rule, not once per place; what a rule gives for a string does not depend on more than for an object.
   * Kept for this run and the last (see newRun): a string typed into a document is a new one at every keystroke.
   */
  private emptyStrings = new Map<RuleLike, EmptyStrings>();
  /** The last run's emptyStrings: what an incremental run re-checks is mostly what the last one met. */
  private lastEmptyStrings = new Map<RuleLike, EmptyStrings>();

  /** Rules whose results depend only on the matched value and its path's last segment (see givesSameFor). */
  private readonly sameFor = new Map<RuleLike, boolean>();

  /**
   * Whether `rule` gives the same results for the same value at a path ending the same way: every function of it is
   * memo-able (isMemoFunction: what it gives depends on its target, its options, the rule's `resolved` and the last
   * segment of the target's path), and its targets are the value itself or a property path into it (a target is
   * then the same for the same value, and its path ends the same way).
   */
  givesSameFor(rule: RuleLike): boolean {
    let same = this.sameFor.get(rule);
    if (same === undefined) {
      same = rule.then.every(t => isMemoFunction(t.function) && (t.field === undefined || (t.field !== '@key' && !t.field.startsWith('$'))));
      this.sameFor.set(rule, same);
    }
    return same;
  }

  /**
   * A new run: the strings known to give nothing are those met in this run and the last one. A long session does
   * not accumulate every string it ever saw, each holding the text it was parsed from.
   */
  newRun(): void {
    this.lastEmptyStrings = this.emptyStrings;
    this.emptyStrings = new Map();
  }

  /** Whether `rule` is known to give no result for the string `value` at a path ending like `path`. */
  knownEmpty(rule: RuleLike, path: JsonPath, value: string): boolean {
    if (emptyIn(this.emptyStrings, rule, path, value)) return true;
    // Met in the last run: kept for the next one too.
    return emptyIn(this.lastEmptyStrings, rule, path, value) && this.setEmpty(rule, path, value);
  }

  /** Records that `rule` gave no result for the string `value` at `path`, when its functions allow (see emptyStrings); whether it did. */
  setEmpty(rule: RuleLike, path: JsonPath, value: string): boolean {
    let e = this.emptyStrings.get(rule);
    if (e === undefined) {
      const plain = rule.then.every(t => t.field === undefined && isMemoFunction(t.function));
      this.emptyStrings.set(rule, (e = { byLast: plain ? new Map() : undefined }));
    }
    if (e.byLast === undefined) return false;
    const last = path.length > 0 ? path[path.length - 1]! : '';
    let set = e.byLast.get(last);
    if (!set) e.byLast.set(last, (set = new Set()));
    set.add(value);
    return true;
  }

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
export function callFunction(ctx: NodeCtx, then: Then, value: unknown, fnContext: FnContext): unknown {
  const memo = ctx.memo;
  if (!memo || value === null || typeof value !== 'object' || !isMemoFunction(then.function))
    return then.function(value, then.functionOptions ?? null, fnContext);
  const path = fnContext.path;
  const hit = memo.get(then, path, value);
  if (hit) return hit.map(r => (r.suffix === undefined ? { message: r.message } : { message: r.message, path: [...path, ...r.suffix] }));
  const out = then.function(value, then.functionOptions ?? null, fnContext);
  // What a rule the budget stopped gave (rules/_lib/budget.ts) is not what it gives for the value.
  if (ruleStopped(fnContext)) return out;
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
export function isSplitRule(rule: RuleLike, formats: Set<unknown> | null): boolean {
  splitFunctions ??= functionsNamed([], SPLIT_OAS);
  const given = rule.getGivenForFormats(formats);
  return given.length === 1 && given[0] === '$' && rule.then.every(t => t.field === undefined && (splitFunctions!.has(t.function) || splitsWith(t)));
}

/** Our own functions say so themselves, for the options they are given (rules/_lib/oasStructure.ts). */
const SPLIT_MARK = Symbol.for('apiconv.splitFunction');
function splitsWith(then: Then): boolean {
  const splits = (then.function as unknown as Record<symbol, unknown>)[SPLIT_MARK];
  return typeof splits === 'function' && (splits as (options: unknown) => boolean)(then.functionOptions) === true;
}

export function isLocalRule(rule: RuleLike): boolean {
  return rule.then.every(t => isLocalFunction(t.function));
}

/**
 * The apiconv conventions (rules/_lib/ruleFunction.ts `modelRule`): they read the resolved document through one
 * value only — the root they are given, or for a rule placed as written (`resolved: false`) the inventory's
 * `resolved`. Run as a group, through a root that records which top-level keys are read; while those keys hold the
 * same units (===), the group's results are the last run's.
 */
const MODEL_MARK = Symbol.for('apiconv.modelFunction');
export function isModelRule(rule: RuleLike, formats: Set<unknown> | null): boolean {
  const given = rule.getGivenForFormats(formats);
  return (
    given.length === 1 &&
    given[0] === '$' &&
    rule.then.every(t => t.field === undefined && typeof t.function === 'function' && (t.function as unknown as Record<symbol, unknown>)[MODEL_MARK] === true)
  );
}
