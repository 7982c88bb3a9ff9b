/**
 * The server's memory of the rules whose custom functions ran past the time budget, per document: the lint and
 * code-action pools keep skipping them for that document until a ruleset file or the trust changes (the task's
 * configEpoch), rather than stopping a worker again at every edit.
 */
import { MAX_STOPPED_RULES, skipAfterOverrun, type Overrun } from '../engine';

interface Skippable {
  file: string;
  configEpoch?: number;
  stoppedRules?: string[];
  rulesetTimedOut?: boolean;
}

export class OverrunMemory {
  private readonly byFile = new Map<string, { epoch: number | undefined; stoppedRules: string[]; rulesetTimedOut: boolean }>();

  /** `task` with the rules that ran over for its document skipped, and the pool's budget. */
  apply<T extends Skippable & { functionBudgetMs?: number }>(task: T, functionBudgetMs: number): T {
    const over = this.byFile.get(task.file);
    if (!over || over.epoch !== task.configEpoch) return { ...task, functionBudgetMs };
    const stoppedRules = [...new Set([...(task.stoppedRules ?? []), ...over.stoppedRules])];
    return { ...task, stoppedRules, rulesetTimedOut: !!task.rulesetTimedOut || over.rulesetTimedOut, functionBudgetMs };
  }

  /**
   * After `over`: `task` to run again without the rules that ran over (remembered for its document), or the error
   * it fails with when there are too many of them (the ruleset, not a rule, is the trouble).
   */
  record<T extends Skippable>(task: T, over: Overrun, budgetMs: number): T | Error {
    const skip = skipAfterOverrun(task, over);
    this.byFile.set(task.file, { epoch: task.configEpoch, ...skip });
    if (skip.stoppedRules.length > MAX_STOPPED_RULES)
      return new Error(`custom functions ran past the time budget (${budgetMs} ms): ${skip.stoppedRules.join(', ')}`);
    return { ...task, ...skip };
  }
}
