/**
 * `--fix` and `--fix-dry-run` with a ruleset that runs the repository's JavaScript: the fixes are computed in a
 * worker thread (worker.ts, on a pool of one, workers/pool.ts) under the custom functions' time budget, as the lint
 * of such a ruleset is (pool.ts). A function that runs past it is stopped with its worker, and the fixes are
 * computed again from the start (nothing is written before the end) with that rule skipped for that document: one
 * finding names it, the other rules' findings and fixes are kept. The main thread writes (fixCommand.ts).
 */
import { DEFAULT_FUNCTION_BUDGET_MS, LOADING_NAME, type RulesetCache } from '../engine';
import { WorkerExitError, WorkerPool } from '../workers/pool';
import { computeFixes, type FixComputation } from './fixCommand';
import type { CliLintTask } from './lintOne';
import { cliWorkerStart } from './worker';

type FixTask = { fix: { tasks: CliLintTask[]; budgetMs: number } };

export async function computeFixesIsolated(tasks: readonly CliLintTask[], cache: RulesetCache, budgetMs = DEFAULT_FUNCTION_BUDGET_MS): Promise<FixComputation> {
  const stopped = new Map<number, Set<string>>();
  const timedOut = new Set<number>();
  const attempt = (): FixTask => ({
    fix: {
      tasks: tasks.map((t, i) => ({
        ...t,
        stoppedRules: [...(stopped.get(i) ?? t.stoppedRules ?? [])],
        rulesetTimedOut: t.rulesetTimedOut || timedOut.has(i),
        functionBudgetMs: budgetMs,
      })),
      budgetMs,
    },
  });
  const pool = new WorkerPool<FixTask, FixComputation>({
    name: 'fix worker',
    start: cliWorkerStart(),
    // Not running from the bundle (tests through tsx, the single executable): in this thread, as the lint pool does.
    runHere: () => computeFixes(tasks, cache, { functionBudgetMs: budgetMs }),
    budgetMs: () => budgetMs,
    // The file being fixed (the last step) ran over: all the fixes again, without its rules that ran over.
    afterOverrun: (_task, over, index = -1) => {
      const set = stopped.get(index) ?? new Set(tasks[index]?.stoppedRules ?? []);
      const size = set.size;
      for (const r of over.rules) if (r !== LOADING_NAME) set.add(r);
      stopped.set(index, set);
      // The loading, or a block no new rule explains (the backstop named only rules already skipped): the document is not fixed.
      if (over.rules.includes(LOADING_NAME) || set.size === size) timedOut.add(index);
      return attempt();
    },
  });
  try {
    return await pool.run(attempt()).promise;
  } catch (e) {
    const file = (e instanceof WorkerExitError && e.step !== undefined && tasks[e.step]?.file) || 'apiconv';
    return {
      pending: new Map(),
      originals: new Map(),
      fixesIn: new Map(),
      lastWriter: new Map(),
      finals: new Map(),
      errors: [`${file}: cannot fix: ${(e as Error).message}`],
      stopped: new Map(),
    };
  } finally {
    pool.dispose();
  }
}
