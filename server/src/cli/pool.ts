/**
 * Runs lint tasks serially or on a pool of worker threads. Results come back in
 * task order whatever the scheduling, so the report is identical either way.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { restoreYoungGeneration } from '../bundle/youngGeneration';
import { BudgetWatch, createMeter, DEFAULT_FUNCTION_BUDGET_MS, pollBudget, type RulesetCache, skipAfterOverrun } from '../engine';
import { lintOne, type CliLintTask, type LintTaskResult } from './lintOne';

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

/**
 * The script of a worker: the CLI's launcher (cli.js, which runs the bundle cli.bundle.js with V8's code cache,
 * launch.ts), as the bundle is also the worker (worker.ts); undefined when not running from the bundle (tests
 * through tsx, the single executable).
 */
export function workerScript(): string | undefined {
  const launcher = path.join(__dirname, 'cli.js');
  const bundle = path.join(__dirname, 'cli.bundle.js');
  return (__filename === bundle || __filename === launcher) && fs.existsSync(launcher) && fs.existsSync(bundle) ? launcher : undefined;
}

export function plannedJobs(taskCount: number, requested?: number, totalBytes = Infinity): number {
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  if (requested !== undefined) return Math.max(1, Math.min(requested, taskCount));
  if (taskCount < PARALLEL_MIN_FILES || cores < 2 || totalBytes < PARALLEL_MIN_BYTES) return 1;
  return Math.max(1, Math.min(cores, taskCount, 8));
}

export async function runTasks(tasks: readonly CliLintTask[], opts: RunOptions): Promise<LintTaskResult[]> {
  const jobs = plannedJobs(tasks.length, opts.jobs, totalSize(tasks));
  const script = workerScript();
  if ((jobs <= 1 && !opts.isolate) || !script) {
    const results: LintTaskResult[] = [];
    for (const task of tasks) {
      results.push(await lintOne(task, opts.cache));
      opts.onDone?.(results.length, tasks.length, task.file);
    }
    return results;
  }
  return runParallel(tasks, jobs, script, opts);
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

async function runParallel(tasks: readonly CliLintTask[], jobs: number, script: string, opts: RunOptions): Promise<LintTaskResult[]> {
  const results = new Array<LintTaskResult | undefined>(tasks.length);
  // Largest first: the long poles start early and the pool ends together.
  const queue = tasks.map((t, i) => ({ i, size: sizeOf(t) })).sort((a, b) => b.size - a.size || a.i - b.i).map(x => x.i);
  let done = 0;
  const budget = opts.functionBudgetMs ?? DEFAULT_FUNCTION_BUDGET_MS;
  // The workers lint with V8's own young generation (bundle/youngGeneration.ts), as before: the flag is the process's.
  restoreYoungGeneration();
  const retried = new Map<number, CliLintTask>();
  const runWorker = () =>
    new Promise<void>((resolve, reject) => {
      const meter = createMeter();
      let names: string[] = [];
      const worker = new Worker(script, { workerData: { apiconvCliWorker: true, meter } });
      let current: number | undefined;
      let stopWatch: (() => void) | undefined;
      const next = () => {
        stopWatch?.();
        current = queue.shift();
        if (current === undefined) {
          void worker.terminate().then(() => resolve());
          return;
        }
        const i = current;
        worker.postMessage({ id: i, task: { functionBudgetMs: budget, ...(retried.get(i) ?? tasks[i]) } });
        // A custom function past the budget: stop this worker, lint the file again without that rule.
        const budgetWatch = new BudgetWatch(meter, () => names, budget);
        stopWatch = pollBudget(() => budgetWatch.check(), () => current === i, over => {
          current = undefined;
          worker.removeAllListeners();
          void worker.terminate();
          const task = retried.get(i) ?? tasks[i];
          retried.set(i, { ...task, ...skipAfterOverrun(task, over), functionBudgetMs: budget });
          queue.unshift(i);
          runWorker().then(resolve, reject);
        });
      };
      worker.on('message', (msg: { id: number; result: LintTaskResult } | { id: number; names: string[] }) => {
        if ('names' in msg) {
          names = msg.names;
          return;
        }
        if (msg.id !== current) return;
        results[msg.id] = msg.result;
        done++;
        opts.onDone?.(done, tasks.length, tasks[msg.id].file);
        next();
      });
      worker.on('error', e => {
        stopWatch?.();
        // A crashed worker (e.g. out of memory): its file is reported as an error, the others go on in a new worker.
        if (current !== undefined) {
          results[current] = { file: tasks[current].file, problems: [], suppressed: [], files: [tasks[current].file], error: `${tasks[current].file}: worker failed: ${e.message}`, stack: e.stack, ms: 0 };
          done++;
          opts.onDone?.(done, tasks.length, tasks[current].file);
        }
        runWorker().then(resolve, reject);
      });
      next();
    });
  await Promise.all(Array.from({ length: jobs }, runWorker));
  return results.map((r, i) => r ?? { file: tasks[i].file, problems: [], suppressed: [], files: [tasks[i].file], error: `${tasks[i].file}: not linted`, ms: 0 });
}
