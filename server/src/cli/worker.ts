/**
 * The CLI's worker threads (parallel lint, pool.ts; `--fix` under a time budget, fixIsolated.ts): the CLI bundle
 * itself, started through its launcher with `workerData: { apiconvCliWorker: true }` (one bundle instead of two in
 * the npm package). Each worker keeps its own ruleset caches, so a ruleset file is loaded once per worker.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { RulesetCache } from '../engine';
import { serveTasks } from '../workers/serve';
import { computeFixes, type FixComputation } from './fixCommand';
import { lintOne, type CliLintTask, type LintTaskResult } from './lintOne';

/** A lint of one file, or the fixes of all (nothing is written in the worker). */
export type CliWorkerTask = { lint: CliLintTask } | { fix: { tasks: CliLintTask[]; budgetMs: number } };

/** True in a worker thread started by the CLI. */
export function isCliWorker(): boolean {
  return parentPort !== null && (workerData as { apiconvCliWorker?: boolean } | undefined)?.apiconvCliWorker === true;
}

/**
 * How the CLI starts a worker: its launcher (cli.js, which runs the bundle cli.bundle.js with V8's code cache,
 * launch.ts), as the bundle is also the worker. Undefined when not running from the bundle (tests through tsx, the
 * single executable): the work is then done in the main thread.
 */
export function cliWorkerStart(): ((meter: SharedArrayBuffer) => Worker) | undefined {
  const launcher = path.join(__dirname, 'cli.js');
  const bundle = path.join(__dirname, 'cli.bundle.js');
  const fromBundle = (__filename === bundle || __filename === launcher) && fs.existsSync(launcher) && fs.existsSync(bundle);
  return fromBundle ? meter => new Worker(launcher, { workerData: { apiconvCliWorker: true, meter } }) : undefined;
}

export function runCliWorker(): void {
  const caches = new Map<boolean, RulesetCache>();
  const cacheFor = (remote: boolean) => {
    let cache = caches.get(remote);
    if (!cache) caches.set(remote, (cache = new RulesetCache({ allowRemote: remote })));
    return cache;
  };
  serveTasks<CliWorkerTask, LintTaskResult | FixComputation>({
    run(task, step) {
      if ('lint' in task) return lintOne(task.lint, cacheFor(task.lint.allowRemoteRefs));
      const { tasks, budgetMs } = task.fix;
      // Each file's fixes are a step: the budget counts per file, and an overrun names the file.
      return computeFixes(tasks, cacheFor(tasks[0]?.allowRemoteRefs ?? false), { functionBudgetMs: budgetMs, onTask: step });
    },
  });
}
