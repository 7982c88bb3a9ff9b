/**
 * Runs lint tasks serially or on worker threads (workers/pool.ts). Results come back in task order whatever the
 * scheduling, so the report is identical either way.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import { restoreYoungGeneration } from '../bundle/youngGeneration';
import { DEFAULT_FUNCTION_BUDGET_MS, skipAfterOverrun, type RulesetCache } from '../engine';
import { WorkerExitError, WorkerPool } from '../workers/pool';
import { lintOne, type CliLintTask, type LintTaskResult } from './lintOne';
import { cliWorkerStart } from './worker';

/** Below this many files, or this many bytes in all, starting workers (about 0.3 s each) costs more than it saves. */
export const PARALLEL_MIN_FILES = 4;
export const PARALLEL_MIN_BYTES = 128 * 1024;

export interface RunOptions {
  /** Requested threads; undefined = automatic. */
  jobs?: number;
  cache: RulesetCache;
  onDone?: (done: number, total: number, file: string) => void;
  /**
   * A ruleset runs the repository's JavaScript: lint in worker threads (one at least), where a custom function
   * that runs past `functionBudgetMs` can be stopped (engine/functionBudget.ts).
   */
  isolate?: boolean;
  functionBudgetMs?: number;
}

export function plannedJobs(taskCount: number, requested?: number, totalBytes = Infinity): number {
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  if (requested !== undefined) return Math.max(1, Math.min(requested, taskCount));
  if (taskCount < PARALLEL_MIN_FILES || cores < 2 || totalBytes < PARALLEL_MIN_BYTES) return 1;
  return Math.max(1, Math.min(cores, taskCount, 8));
}

export async function runTasks(tasks: readonly CliLintTask[], opts: RunOptions): Promise<LintTaskResult[]> {
  const jobs = plannedJobs(tasks.length, opts.jobs, totalSize(tasks));
  const start = jobs > 1 || opts.isolate ? cliWorkerStart() : undefined;
  const budget = opts.functionBudgetMs ?? DEFAULT_FUNCTION_BUDGET_MS;
  // The workers lint with V8's own young generation (bundle/youngGeneration.ts), as before: the flag is the process's.
  if (start) restoreYoungGeneration();
  const pool = new WorkerPool<{ lint: CliLintTask }, LintTaskResult>({
    name: 'lint worker',
    start,
    size: jobs,
    runHere: ({ lint }) => lintOne(lint, opts.cache),
    budgetMs: () => budget,
    prepare: ({ lint }) => ({ lint: { functionBudgetMs: budget, ...lint } }),
    // A custom function past the budget: the file is linted again without that rule.
    afterOverrun: ({ lint }, over) => ({ lint: { ...lint, ...skipAfterOverrun(lint, over) } }),
  });
  const results = new Array<LintTaskResult>(tasks.length);
  let done = 0;
  try {
    await Promise.all(
      order(tasks, start !== undefined).map(async i => {
        const task = tasks[i]!;
        // A worker that died (out of memory): its file is reported as an error, the others go on in a new worker.
        results[i] = await pool.run({ lint: task }).promise.catch((e: Error) => ({
          file: task.file,
          problems: [],
          suppressed: [],
          files: [task.file],
          error: `${task.file}: ${e.message}`,
          stack: (e instanceof WorkerExitError ? e.failure : e)?.stack,
          ms: 0,
        }));
        opts.onDone?.(++done, tasks.length, task.file);
      }),
    );
  } finally {
    pool.dispose();
  }
  return results;
}

/** The order tasks are queued in: on workers, largest first (the long poles start early and the pool ends together). */
function order(tasks: readonly CliLintTask[], parallel: boolean): number[] {
  const indexes = tasks.map((_t, i) => i);
  if (!parallel) return indexes;
  const sizes = tasks.map(sizeOf);
  return indexes.sort((a, b) => sizes[b]! - sizes[a]! || a - b);
}

export function totalSize(tasks: readonly CliLintTask[]): number {
  return tasks.reduce((n, t) => n + sizeOf(t), 0);
}

function sizeOf(task: CliLintTask): number {
  if (task.text !== undefined) return task.text.length;
  try {
    return fs.statSync(task.file).size;
  } catch {
    return 0;
  }
}
