/**
 * A time budget for a repository's JavaScript (custom rule functions, and a JavaScript ruleset's own code while
 * it loads), so that the thread that started a lint can stop it: a function that loops forever, or whose promise
 * never settles, is found by the thread that watches, which terminates the lint worker and lints again without
 * that rule (the other rules' findings are kept), reporting one finding that names the rule.
 *
 * The lint worker wraps every function of a trusted ruleset that is not built in (not a Spectral core function,
 * not one of a Spectral or apiconv built-in ruleset) so that it keeps, in memory shared with the watching thread,
 * per rule: whether one of its calls is running, since when, and the milliseconds its calls took. Slot 0 is the
 * ruleset's loading (a JavaScript ruleset's own code). A thread blocked in a loop cannot answer a message; the
 * shared memory is read without its help. A promise that is still pending when the lint's budget is spent does
 * not block the thread: the worker gives it up itself (the rule's results are dropped, one finding names it).
 */

import { DEFAULT_BUDGET_MS, newBudgetAccount, setBudgetAccount, type BudgetAccount } from '../../../rules/_lib/budget';
import type { LintResult } from './problem';

export const DEFAULT_FUNCTION_BUDGET_MS = DEFAULT_BUDGET_MS;
/** Rules with custom functions beyond this many share the last slot. */
const SLOTS = 256;
export const LOADING_SLOT = 0;
export const LOADING_NAME = '\0loading';

const COUNTS = 0; // Int32Array[SLOTS]
const SINCE = SLOTS * 4; // Float64Array[SLOTS]: when the slot last became busy
const TOTAL = SINCE + SLOTS * 8; // Float64Array[SLOTS]: ms of finished synchronous calls
const HEARTBEAT = TOTAL + SLOTS * 8; // Int32: bumped by the worker's event loop every HEARTBEAT_MS
const BYTES = HEARTBEAT + 8;
const HEARTBEAT_MS = 100;

export function createMeter(): SharedArrayBuffer {
  return new SharedArrayBuffer(BYTES);
}

// ---------------------------------------------------------------------------
// the lint worker's side

let counts: Int32Array | undefined;
let since: Float64Array | undefined;
let total: Float64Array | undefined;
const names: string[] = [LOADING_NAME];
const slotByName = new Map<string, number>([[LOADING_NAME, LOADING_SLOT]]);
let announce: ((names: string[]) => void) | undefined;
let skipped = new Set<string>();

/** In a lint worker: count in `buffer`, and tell the watching thread the rule names by `onNames`. */
export function attachMeter(buffer: SharedArrayBuffer, onNames: (names: string[]) => void): void {
  counts = new Int32Array(buffer, COUNTS, SLOTS);
  since = new Float64Array(buffer, SINCE, SLOTS);
  total = new Float64Array(buffer, TOTAL, SLOTS);
  announce = onNames;
  announce([...names]);
  const beat = new Int32Array(buffer, HEARTBEAT, 1);
  setInterval(() => Atomics.add(beat, 0, 1), HEARTBEAT_MS).unref();
}

let deadline = 0;
let stoppedInLint = new Set<string>();
/** What our own rule functions spend in the budgeted scope that runs (rules/_lib/budget.ts); undefined: none runs. */
let ownRules: BudgetAccount | undefined;

/**
 * A lint starts: the time taken by earlier lints does not count. With a budget, a promise of a custom function
 * still pending when it is spent is given up (the rule's results are dropped, takeStoppedRules names it): the
 * lint goes on in this worker. A function that blocks the thread is stopped by the watching thread.
 */
export function startLintMeter(budgetMs?: number): void {
  total?.fill(0);
  deadline = budgetMs ? Date.now() + budgetMs : 0;
  stoppedInLint = new Set();
}

/** How many rules the lint has stopped so far, custom and ours (a run that stopped one keeps no results for a next run). */
export function stoppedRuleCount(): number {
  return stoppedInLint.size + (ownRules?.stopped.size ?? 0);
}

/** Rules whose promises were given up in the lint that just ended (startLintMeter). */
export function takeStoppedRules(): string[] {
  const out = [...stoppedInLint];
  stoppedInLint = new Set();
  return out;
}

/** Rules whose functions are skipped in the next lints (they ran past the budget). */
export function setSkippedRules(rules: readonly string[] | undefined): void {
  skipped = new Set(rules ?? []);
}

/** What a lint (or several together) may spend in custom functions. */
export interface FunctionBudget {
  /** Milliseconds; undefined: no limit, a pending promise is waited for. */
  ms?: number;
  /** Rules whose functions return nothing here: they ran past the budget in an earlier try. */
  skip?: readonly string[];
}

/** The budgeted scopes of this thread, one after the other. */
let scopes: Promise<unknown> = Promise.resolve();

/**
 * Runs `run` (a lint, or a code action's relints together) under `budget`: the time of earlier scopes does not
 * count, the rules of `budget.skip` return nothing, and a promise still pending when the budget is spent is given
 * up. Custom functions are wrapped once per ruleset and shared by every lint of the thread, so scopes in one thread
 * run one after the other; lints outside a scope run at once and skip nothing. Our own rule functions spend the same
 * budget per rule (rules/_lib/budget.ts; without one, only a pattern test's own limit stops them) and report their
 * stop themselves, as a finding where they stopped. Returns `run`'s value and the custom rules stopped (those
 * skipped and those given up), each to be reported as one finding (withOverrunProblems).
 */
export function withFunctionBudget<T>(budget: FunctionBudget, run: () => Promise<T>): Promise<{ value: T; stopped: string[] }> {
  const scope = scopes.then(async () => {
    // In a worker: let its event loop turn, so that the heartbeat the watching thread reads goes on (a loop that
    // has not turned for long is taken for a blocked function).
    if (budget.ms) await new Promise(resolve => setImmediate(resolve));
    startLintMeter(budget.ms);
    setSkippedRules(budget.skip);
    ownRules = newBudgetAccount(budget.ms ?? 0);
    const outer = setBudgetAccount(ownRules);
    try {
      const value = await run();
      return { value, stopped: [...new Set([...(budget.skip ?? []), ...takeStoppedRules()])] };
    } finally {
      setBudgetAccount(outer);
      ownRules = undefined;
      setSkippedRules(undefined);
    }
  });
  scopes = scope.catch(() => undefined);
  return scope;
}

function slotOf(rule: string): number {
  let s = slotByName.get(rule);
  if (s === undefined) {
    s = Math.min(names.length, SLOTS - 1);
    if (names.length < SLOTS) names.push(rule);
    slotByName.set(rule, s);
    announce?.([...names]);
  }
  return s;
}

function enter(slot: number): void {
  if (!counts) return;
  if (Atomics.add(counts, slot, 1) === 0) since![slot] = Date.now();
}

function leave(slot: number): void {
  if (!counts) return;
  if (Atomics.sub(counts, slot, 1) === 1) since![slot] = 0;
}

/** Run `load` (the evaluation of a ruleset's bundle: the repository's JavaScript runs) as the loading slot. */
export function meteredLoad<T>(load: () => T): T {
  enter(LOADING_SLOT);
  try {
    return load();
  } finally {
    leave(LOADING_SLOT);
  }
}

type Fn = (this: unknown, ...args: unknown[]) => unknown;

function wrap(fn: Fn, rule: string): Fn {
  const slot = slotOf(rule);
  const wrapped = function (this: unknown, ...args: unknown[]): unknown {
    if (skipped.has(rule)) return undefined;
    enter(slot);
    const t0 = performance.now();
    let r: unknown;
    try {
      r = fn.apply(this, args);
    } catch (e) {
      if (total) total[slot] += performance.now() - t0;
      leave(slot);
      throw e;
    }
    if (total) total[slot] += performance.now() - t0;
    leave(slot);
    if (!r || typeof (r as PromiseLike<unknown>).then !== 'function' || !deadline) return r;
    // A promise: given up when the lint's budget is spent (this thread is free meanwhile: no need to stop it).
    let timer: NodeJS.Timeout | undefined;
    const settled = Promise.resolve(r).finally(() => clearTimeout(timer));
    const givenUp = new Promise<undefined>(resolve => {
      timer = setTimeout(
        () => {
          stoppedInLint.add(rule);
          resolve(undefined);
        },
        Math.max(0, deadline - Date.now()),
      );
    });
    return Promise.race([settled, givenUp]);
  };
  // Spectral reads properties of ruleset functions (createRulesetFunction's option validation): keep them.
  for (const key of Reflect.ownKeys(fn)) {
    if (key === 'length' || key === 'prototype' || key === 'arguments' || key === 'caller') continue;
    const d = Object.getOwnPropertyDescriptor(fn, key);
    if (d) Object.defineProperty(wrapped, key, d);
  }
  return wrapped;
}

/**
 * Wrap, in a ruleset definition (as a JavaScript ruleset exports it, extended rulesets included), every rule
 * function that is not in `known`, and every format function that is not in `knownFormats` (the same wrapper
 * wherever a format appears: Spectral matches formats by identity). Returns the names of the rules whose
 * functions were wrapped.
 */
export function meterCustomFunctions(
  definition: unknown,
  known: ReadonlySet<unknown>,
  knownFormats: ReadonlySet<unknown> = new Set(),
  builtinRulesets: ReadonlySet<unknown> = new Set(),
): string[] {
  const rules = new Set<string>();
  // The built-in rulesets' definitions are shared by every ruleset: never changed.
  const seen = new Set<unknown>(builtinRulesets);
  const formatWrappers = new Map<unknown, Fn>();
  const wrappers = new Set<unknown>();
  const formats = (list: unknown): void => {
    if (!Array.isArray(list)) return;
    list.forEach((f, i) => {
      if (typeof f !== 'function' || knownFormats.has(f) || wrappers.has(f)) return;
      let w = formatWrappers.get(f);
      if (!w) formatWrappers.set(f, (w = wrap(f as Fn, `format ${(f as { displayName?: string }).displayName ?? (f.name || '(anonymous)')}`)));
      wrappers.add(w);
      list[i] = w;
    });
  };
  const visitRuleset = (def: unknown): void => {
    if (!def || typeof def !== 'object' || seen.has(def)) return;
    seen.add(def);
    const d = def as { rules?: unknown; extends?: unknown; overrides?: unknown; formats?: unknown; aliases?: unknown };
    formats(d.formats);
    if (d.aliases && typeof d.aliases === 'object') {
      for (const a of Object.values(d.aliases as Record<string, unknown>)) {
        const targets = a && typeof a === 'object' ? (a as { targets?: unknown }).targets : undefined;
        if (Array.isArray(targets)) for (const t of targets) if (t && typeof t === 'object') formats((t as { formats?: unknown }).formats);
      }
    }
    if (d.rules && typeof d.rules === 'object') {
      for (const [name, rule] of Object.entries(d.rules as Record<string, unknown>)) {
        if (!rule || typeof rule !== 'object') continue;
        formats((rule as { formats?: unknown }).formats);
        const then = (rule as { then?: unknown }).then;
        for (const t of Array.isArray(then) ? then : [then]) {
          if (!t || typeof t !== 'object') continue;
          const fn = (t as { function?: unknown }).function;
          if (typeof fn !== 'function' || known.has(fn)) continue;
          (t as { function: unknown }).function = wrap(fn as Fn, name);
          rules.add(name);
        }
      }
    }
    const ext = d.extends;
    for (const e of Array.isArray(ext) ? ext : ext ? [ext] : []) visitRuleset(Array.isArray(e) ? e[0] : e);
    if (Array.isArray(d.overrides)) for (const o of d.overrides) visitRuleset(o);
  };
  visitRuleset(definition);
  return [...rules];
}

// ---------------------------------------------------------------------------
// the watching thread's side

export interface Overrun {
  /** Rules whose functions ran past the budget (LOADING_NAME: the ruleset's loading). */
  rules: string[];
}

/** Past this many stopped rules a task is given up rather than run again (the ruleset, not a rule, is the trouble). */
export const MAX_STOPPED_RULES = 8;

/**
 * A task's rules to skip and whether its ruleset's loading ran over, after an overrun: the rules that ran past the
 * budget added to those it skipped already. The lint pools, the code-action pool and the CLI's pool run it again so.
 */
export function skipAfterOverrun(
  task: { stoppedRules?: readonly string[]; rulesetTimedOut?: boolean },
  over: Overrun,
): { stoppedRules: string[]; rulesetTimedOut: boolean } {
  const stopped = new Set(task.stoppedRules ?? []);
  for (const r of over.rules) if (r !== LOADING_NAME) stopped.add(r);
  return { stoppedRules: [...stopped], rulesetTimedOut: !!task.rulesetTimedOut || over.rules.includes(LOADING_NAME) };
}

/** Which rules (by the names the worker announced) have run past `budgetMs`, if any. */
export function overrun(buffer: SharedArrayBuffer, workerNames: readonly string[], budgetMs: number, now = Date.now()): Overrun | undefined {
  const c = new Int32Array(buffer, COUNTS, SLOTS);
  const s = new Float64Array(buffer, SINCE, SLOTS);
  const t = new Float64Array(buffer, TOTAL, SLOTS);
  const rules: string[] = [];
  for (let i = 0; i < SLOTS; i++) {
    const busy = Atomics.load(c, i) > 0 && s[i] > 0 ? now - s[i] : 0;
    if (busy > budgetMs || t[i] > budgetMs) rules.push(workerNames[i] ?? `rule #${i}`);
  }
  return rules.length > 0 ? { rules } : undefined;
}

/**
 * Watches one lint in a worker: overrun(), and a backstop for custom code that blocks the worker outside a
 * metered call (the continuation of an async function): when the worker's event loop has not turned for
 * `max(4 × budget, 10 s)` while its ruleset has custom functions, every custom rule is stopped.
 */
export class BudgetWatch {
  private beat = -1;
  private beatAt = Date.now();

  constructor(
    private readonly buffer: SharedArrayBuffer,
    private readonly names: () => readonly string[],
    private readonly budgetMs: number,
  ) {}

  check(now = Date.now()): Overrun | undefined {
    const names = this.names();
    const over = overrun(this.buffer, names, this.budgetMs, now);
    if (over) return over;
    const beat = Atomics.load(new Int32Array(this.buffer, HEARTBEAT, 1), 0);
    if (beat !== this.beat) {
      this.beat = beat;
      this.beatAt = now;
      return undefined;
    }
    const custom = names.slice(1);
    if (custom.length > 0 && now - this.beatAt > Math.max(4 * this.budgetMs, 10_000)) return { rules: custom };
    return undefined;
  }
}

/** How often the thread that started a worker checks its budget while the worker runs the repository's JavaScript. */
export const BUDGET_POLL_MS = 200;

/**
 * Checks the budget (`check`, a BudgetWatch's) every BUDGET_POLL_MS while `running()` holds; on the first overrun
 * the polling stops and `onOver` is called. The CLI's pool and `--fix` worker and the server's lint and code-action
 * pools watch their workers this way. Returns what stops the polling; the timer does not keep a process alive.
 */
export function pollBudget(check: () => Overrun | undefined, running: () => boolean, onOver: (over: Overrun) => void): () => void {
  const timer = setInterval(() => {
    if (!running()) {
      clearInterval(timer);
      return;
    }
    const over = check();
    if (!over) return;
    clearInterval(timer);
    onOver(over);
  }, BUDGET_POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** The finding for a custom rule stopped by the budget (on the document's first line: its worker was stopped). */
export function overrunMessage(rule: string, budgetMs: number): string {
  if (rule.startsWith('format '))
    return `the custom format "${rule.slice(7)}" ran past the time budget (${budgetMs} ms for this document) and was stopped; it matches no document for now, the other rules' findings are kept`;
  return `rule "${rule}": its custom function ran past the time budget (${budgetMs} ms for this document) and was stopped; the rule is skipped for this document, the other rules' findings are kept`;
}

/** One finding per stopped custom rule, at the top of `file`; none for a document that was skipped: no rule ran. */
export function withOverrunProblems(result: LintResult, stopped: readonly string[], file: string, budgetMs: number): LintResult {
  if (stopped.length === 0 || result.skipped) return result;
  const at = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  for (const rule of stopped) result.problems.unshift({ code: rule, message: overrunMessage(rule, budgetMs), severity: 0, path: [], range: at, source: file });
  return result;
}

export function loadingOverrunMessage(file: string, budgetMs: number): string {
  return `the ruleset ${file} did not finish loading within the time budget (${budgetMs} ms): its JavaScript was stopped`;
}
