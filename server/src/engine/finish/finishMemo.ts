/**
 * What the incremental engine's finish stage keeps from one lint to the next: the finding made of each rule result.
 *
 * A relint gives most results again as the very objects of the last lint (run/runner.ts keeps a unit's results, and
 * the conventions', while what they read is unchanged; a kept result whose range moved is a new object): such a
 * result is not converted again. Its range is narrowed again (the narrowing reads the text around the finding, which
 * an edit elsewhere in its unit may have changed without changing the result).
 *
 * And a finding equal to one of the last lint is that object, whatever made it (a document-wide rule's result is new
 * on every lint, and so is every convention's when an edit touched what they read): what uses the findings can tell
 * those that did not change by their identity (the language server sends only the others from its lint worker to its
 * main thread: lsp/problemsDelta.ts).
 */
import type { LintProblem } from '../problem';
import { compareProblems, sameProblem } from './order';

export class FinishMemo {
  /** Each rule result's finding, before its range is narrowed (never handed out, never changed) */
  private converted = new WeakMap<object, LintProblem>();
  /** The findings the last lint gave, in their order */
  private last: readonly LintProblem[] = [];

  /** The finding of each of `results`: `convert` makes the finding of a result not met before. */
  convert<R extends object>(results: readonly R[], convert: (r: R) => LintProblem): LintProblem[] {
    return results.map(r => {
      let p = this.converted.get(r);
      if (!p) this.converted.set(r, (p = convert(r)));
      return p;
    });
  }

  /**
   * `problems` (in compareProblems' order) with each one that equals a finding of the last lint replaced by that
   * finding: both lists are in one order, so one walk through both finds them.
   */
  keep(problems: LintProblem[]): LintProblem[] {
    const last = this.last;
    let j = 0;
    for (let i = 0; i < problems.length; i++) {
      const p = problems[i]!;
      while (j < last.length && compareProblems(last[j]!, p) < 0) j++;
      // Findings in one place of one rule with one message (on two paths) are in either order.
      for (let k = j; k < last.length && compareProblems(last[k]!, p) === 0; k++) {
        if (sameProblem(last[k]!, p)) {
          problems[i] = last[k]!;
          break;
        }
      }
    }
    this.last = problems;
    return problems;
  }

  /** Forget every result (the linter starts over). */
  reset(): void {
    this.converted = new WeakMap();
    this.last = [];
  }
}
