/**
 * The time budget of a running call of one of our own rule functions. The engine sets a deadline around each call
 * (server/src/engine/functionBudget.ts `callBudgeted`); the functions' traversal loops call `checkBudget`, which
 * throws `BudgetSpent` once the deadline has passed, so that a rule that runs away (a loop on a `$ref` cycle, a walk
 * of a huge document) stops and the other rules' findings are kept. Without a deadline (inside `spectral lint`, or a
 * lint without a budget) nothing is checked.
 */

export class BudgetSpent extends Error {
  constructor() {
    super('the rule function ran past its time budget');
    this.name = 'BudgetSpent';
  }
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

const BUDGETED = Symbol.for('apiconv.budgetedFunction');

/** Marks a function of ours that checks the budget in its loops (the engine then runs it with a deadline). */
export function markBudgeted<F extends object>(fn: F): F {
  Object.defineProperty(fn, BUDGETED, { value: true });
  return fn;
}

export function isBudgeted(fn: unknown): boolean {
  return typeof fn === 'function' && (fn as unknown as Record<symbol, unknown>)[BUDGETED] === true;
}
