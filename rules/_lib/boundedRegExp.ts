/**
 * The regular expressions a document brings (a schema's `pattern` and `patternProperties`), as the example rules test
 * them: one a test may spend unbounded time on (nested quantifiers, `(a+)+$` on `aaaa…!`: catastrophic backtracking)
 * is tested under the running call's deadline (budget.ts). A regular expression's match cannot check a clock; a
 * `vm` script's timeout stops even a match, and the test then throws BudgetSpent: the rule is stopped and named, the
 * other rules' findings are kept. The others are tested as they are: a `vm` call costs far more than a safe match.
 * Without a deadline (a lint without a budget) a bounded test still stops after UNBUDGETED_TEST_MS, and the rule is
 * stopped the same way (budget.ts runBudgeted).
 */
import * as vm from 'node:vm';
import safeRegex from 'safe-regex2';
import { BudgetSpent, callDeadline } from './budget';

/** What Ajv and the example rules call on a pattern. */
export interface PatternTest {
  test(text: string): boolean;
}

/**
 * How long one test may run where no deadline is set (a lint without a budget: the CLI's own thread): the default
 * function budget. No real pattern needs it; one that does would never end.
 */
const UNBUDGETED_TEST_MS = 5000;

/** A test stopped at the deadline: Node's code for a `vm` script past its timeout. */
const TIMED_OUT = 'ERR_SCRIPT_EXECUTION_TIMEOUT';

const script = new vm.Script('pattern.test(text)');
const context = vm.createContext({ pattern: null as RegExp | null, text: '' });

class BoundedTest implements PatternTest {
  constructor(private readonly re: RegExp) {}

  /** Ajv keeps one compiled pattern per `toString()`: the RegExp's own, not `[object Object]` for every one. */
  toString(): string {
    return this.re.toString();
  }

  test(text: string): boolean {
    const deadline = callDeadline();
    const ms = deadline === 0 ? UNBUDGETED_TEST_MS : deadline - Date.now();
    if (ms <= 0) throw new BudgetSpent();
    context.pattern = this.re;
    context.text = text;
    try {
      return script.runInContext(context, { timeout: Math.ceil(ms) }) as boolean;
    } catch (e) {
      if ((e as { code?: unknown }).code === TIMED_OUT) throw new BudgetSpent();
      throw e;
    } finally {
      context.pattern = null;
      context.text = '';
    }
  }
}

/**
 * A document's pattern as a test: the RegExp itself when its matches cannot run away, else one under the deadline.
 * safe-regex2 tells them apart (a quantifier inside a quantified group, or more than its limit of quantifiers).
 */
export function boundedPattern(re: RegExp): PatternTest {
  return safeRegex(re) ? re : new BoundedTest(re);
}

/** Ajv's `code.regExp` (its RegExpEngine) for the example rules' instances: each pattern compiled, then bounded. */
export const boundedRegExpEngine = Object.assign((pattern: string, flags: string): PatternTest => boundedPattern(new RegExp(pattern, flags)), {
  // Read only by standalone code (the build's precompiled validators, which do not use this engine).
  code: 'new RegExp',
});
