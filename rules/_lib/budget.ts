/**
 * The time budget of our own rule functions, wherever they run: in apiconv's engine, in its Spectral fallback and
 * inside `spectral lint` with the exported ruleset. Each function's body runs through `runBudgeted`, which sets a
 * deadline for the call; the functions' traversal loops call `checkBudget`, which throws `BudgetSpent` once it has
 * passed, and a document's pattern test (boundedRegExp.ts) stops at it. A rule that runs away (a loop on a `$ref`
 * cycle, a walk of a huge document, a pattern that backtracks without end) is stopped there: its call returns one
 * finding, placed at the value it was given, that says so; its later calls on the document return nothing; the other
 * rules run on. Nothing is thrown out of the rule, so no run ends with an exception and no finding is lost.
 *
 * What a rule may spend is kept in an account: the engine opens one per budgeted lint (its `--function-budget`, or
 * none: then only a pattern test's own limit stops a rule); where none is open (Spectral's own run) each document
 * has one with the default budget.
 */
import type { JsonPath } from '../types';

export class BudgetSpent extends Error {
  constructor() {
    super('the rule function ran past its time budget');
    this.name = 'BudgetSpent';
  }
}

/** What a rule may spend per document where no one sets it: the engine's default function budget. */
export const DEFAULT_BUDGET_MS = 5000;

/** The time our rules spent in one lint (the engine's) or on one document (Spectral's run). */
export interface BudgetAccount {
  /** Milliseconds per rule; 0: no deadline (a pattern test's own time limit still stops a rule). */
  readonly ms: number;
  /** Per rule: the ms its calls took. */
  readonly spent: Map<string, number>;
  /** The rules stopped: their later calls return nothing. */
  readonly stopped: Set<string>;
}

export function newBudgetAccount(ms: number): BudgetAccount {
  return { ms, spent: new Map(), stopped: new Set() };
}

/** The engine's account for the lint that runs; undefined: none (each document has its own, byDocument). */
let openAccount: BudgetAccount | undefined;
const byDocument = new WeakMap<object, BudgetAccount>();

/** Opens `account` for the calls that follow (undefined closes it); returns the one it replaces. */
export function setBudgetAccount(account: BudgetAccount | undefined): BudgetAccount | undefined {
  const prev = openAccount;
  openAccount = account;
  return prev;
}

function accountFor(document: unknown): BudgetAccount {
  if (openAccount) return openAccount;
  if (document === null || typeof document !== 'object') return newBudgetAccount(DEFAULT_BUDGET_MS);
  let a = byDocument.get(document);
  if (!a) byDocument.set(document, (a = newBudgetAccount(DEFAULT_BUDGET_MS)));
  return a;
}

/** What a rule function is called with, as far as the budget reads it (Spectral's function context). */
interface CallContext {
  /** Spectral's Rule: its `name` is the rule's id (the interface type of the context leaves it out). */
  rule?: unknown;
  path?: JsonPath;
  document?: unknown;
}

function ruleName(context: CallContext | undefined): string {
  const name = (context?.rule as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' ? name : '';
}

/** The one finding of a stopped rule, at the value its stopped call was given. */
export interface StopFinding {
  message: string;
  path: JsonPath;
}

/**
 * Runs `call`, the body of one of our rule functions, under the budget of its rule on its document: past the
 * deadline the rule is stopped and the call returns its one finding; a stopped rule's later calls return nothing.
 */
export function runBudgeted<R>(context: CallContext | undefined, call: () => R): R | StopFinding[] | undefined {
  const rule = ruleName(context);
  const account = accountFor(context?.document);
  if (account.stopped.has(rule)) return undefined;
  const spent = account.spent.get(rule) ?? 0;
  const t0 = Date.now();
  const outer = setCallDeadline(account.ms ? t0 + Math.max(0, account.ms - spent) : 0);
  try {
    return call();
  } catch (e) {
    if (!(e instanceof BudgetSpent)) throw e;
    account.stopped.add(rule);
    const path = context?.path ?? [];
    return [{ message: stoppedRuleMessage(rule, account.ms, path.length > 0), path: [...path] }];
  } finally {
    setCallDeadline(outer);
    account.spent.set(rule, spent + Date.now() - t0);
  }
}

/**
 * Whether the rule of a call is stopped on its document: what it gave (a stop finding, or nothing after one) is
 * not what it gives for the value, and is not to be kept for the value met again.
 */
export function ruleStopped(context: CallContext): boolean {
  return (
    (openAccount ?? (typeof context.document === 'object' && context.document !== null ? byDocument.get(context.document) : undefined))?.stopped.has(
      ruleName(context),
    ) === true
  );
}

const STOPPED = / ran past the time (budget \(\d+ ms for this document\)|limit of a pattern test) and was stopped/;

/** The message of a stopped rule's finding; `here`: the finding is at the value it stopped on (not the document). */
export function stoppedRuleMessage(rule: string, budgetMs: number, here: boolean): string {
  const limit = budgetMs > 0 ? `the time budget (${budgetMs} ms for this document)` : 'the time limit of a pattern test';
  return `rule "${rule}" ran past ${limit} and was stopped${here ? ' here' : ''}; the rule is skipped for this document, the other rules' findings are kept`;
}

/** Whether a finding is a stopped rule's (it has no fix: the rule found nothing there). */
export function isStoppedRuleMessage(message: string): boolean {
  return message.startsWith('rule "') && STOPPED.test(message);
}

/** Epoch ms after which the running call stops; 0: none. */
let deadline = 0;
let ticks = 0;
/** Clock reads are one check in this many: a traversal step costs far less than reading the clock. */
const CHECK_EVERY = 64;

/** Sets the running call's deadline (0: none); returns the one it replaces. */
export function setCallDeadline(at: number): number {
  const prev = deadline;
  deadline = at;
  ticks = 0;
  return prev;
}

/** The running call's deadline (epoch ms); 0: none. */
export function callDeadline(): number {
  return deadline;
}

/** In a traversal loop of our rule functions: throws BudgetSpent past the running call's deadline. */
export function checkBudget(): void {
  if (deadline !== 0 && ++ticks % CHECK_EVERY === 0 && Date.now() > deadline) throw new BudgetSpent();
}
