/**
 * The code-action worker: computes the edits of code actions (codeActions.ts runActionJob: a quick fix, an ignore
 * comment, "Fix all <rule>", the fix-all of fix-on-save) off the language server's main thread, so that a fix-all
 * of a big document (many relints) never holds hover, symbols or the diagnostics of the next edit.
 *
 * One worker, started on the first job (the server bundle itself, as the lint worker is), jobs one at a time.
 * A cancelled running job terminates the worker at once (a job keeps no state; the next job starts a new one);
 * a worker idle for IDLE_MS is terminated too, so that its ruleset and texts do not stay in memory.
 * If workers cannot be started (the server runs unbundled, as in tests), jobs run in the calling thread.
 *
 * Custom functions have the lint worker's time budget here too (engine/functionBudget.ts): a fix or fix-all relints
 * the document, so a ruleset function that loops for ever would hold this worker, and every later code action, for
 * good. The pool watches the worker's meter; past the budget it terminates the worker and runs the job again in a
 * new one with the rules that ran over skipped (their functions return nothing: no finding, so no fix of theirs),
 * and keeps them skipped for that document's later jobs until a ruleset file or the trust changes (configEpoch).
 * The budget counts per job (a fix-all's relints together), as a lint's counts per document.
 */
import { parentPort, workerData, type Worker } from 'node:worker_threads';
import { startWorker } from './workerBoot';
import type { CancellationToken } from 'vscode-languageserver/node';
import { runActionJob, type ActionJob, type JobResult } from './codeActions';
import { editsWithBom } from './bom';
import { SERVER_LIMIT_SETTINGS, resolveRuleset, type ServerLintTask } from './lintWorker';
import {
  attachMeter,
  BudgetWatch,
  createMeter,
  DEFAULT_FUNCTION_BUDGET_MS,
  LOADING_NAME,
  MAX_STOPPED_RULES,
  oneLine,
  pollBudget,
  readRefFile,
  skipAfterOverrun,
  taskLintOptions,
  withFunctionBudget,
  withoutBom,
} from '../engine';

/** A job and what it runs on: the document's text, the open buffers, and how the document is linted. */
export interface ActionTask extends Pick<ServerLintTask, 'file' | 'text' | 'rulesetFile' | 'trusted' | 'allowRemoteRefs' | 'overlays' | 'configEpoch' | 'configRoot' | 'refRoots' | 'maxBytes' | 'stoppedRules' | 'rulesetTimedOut' | 'functionBudgetMs'> {
  job: ActionJob;
}

type Request = { id: number; task: ActionTask };
type Response = { id: number; result?: JobResult } | { id: number; error: string } | { id: 0; names: string[] };

/** How long an idle worker is kept. */
const IDLE_MS = 30_000;
/** How often the budget of a running job is checked (as the lint pool does). */

/** Runs a task in this thread (the worker's body). */
export async function runActionTask(task: ActionTask): Promise<JobResult | undefined> {
  const rs = await resolveRuleset({ ...task, incremental: false });
  // $ref'd files are read as in the lint worker: regular, bounded, inside the workspace folders (refFiles.ts).
  const { functionBudget, ...options } = taskLintOptions(task, SERVER_LIMIT_SETTINGS);
  // A BOM the client sent (engine/bom.ts): the fix engine gets the texts after it, the edits come back in the editor's texts.
  const { text, overlays, bomFiles } = withoutBom(task.file, task.text, task.overlays);
  const readText = (f: string): string | undefined => {
    if (f in overlays) return overlays[f];
    try {
      return readRefFile(f, options.refPolicy);
    } catch {
      return undefined;
    }
  };
  // The time budget counts for the job's relints together (a promise that never settles is given up here; a loop
  // is stopped by the pool).
  const { value } = await withFunctionBudget(functionBudget, () =>
    runActionJob(task.job, { file: task.file, text, readText, options: { ...options, ruleset: rs.value, readFile: f => overlays[f] } }),
  );
  return editsWithBom(value, bomFiles);
}

/** The worker thread's message loop. */
export function runActionWorker(): void {
  const port = parentPort;
  if (!port) return;
  const meter = (workerData as { meter?: SharedArrayBuffer } | undefined)?.meter;
  if (meter) attachMeter(meter, names => port.postMessage({ id: 0, names } satisfies Response));
  process.on('uncaughtException', e => console.error('apiconv action worker:', e));
  process.on('unhandledRejection', e => console.error('apiconv action worker:', e));
  port.on('message', async (msg: Request) => {
    try {
      port.postMessage({ id: msg.id, result: await runActionTask(msg.task) } satisfies Response);
    } catch (e) {
      port.postMessage({ id: msg.id, error: oneLine(e) } satisfies Response);
    }
  });
}

interface Job {
  id: number;
  task: ActionTask;
  resolve(r: JobResult | undefined): void;
  reject(e: unknown): void;
  done: boolean;
}

export class ActionCancelledError extends Error {
  constructor() {
    super('code action cancelled');
    this.name = 'ActionCancelledError';
  }
}

export class ActionPool {
  private worker?: Worker;
  private running?: Job;
  private queue: Job[] = [];
  private nextId = 1;
  private idle?: NodeJS.Timeout;
  private disposed = false;
  /** Workers started and terminated (tests). */
  started = 0;
  terminated = 0;
  /** The running worker's meter and the rule names it announced (engine/functionBudget.ts). */
  private meter?: SharedArrayBuffer;
  private names: string[] = [];
  /** Milliseconds a custom function may run per job (the server sets apiconv.functionBudgetMs). */
  functionBudgetMs = DEFAULT_FUNCTION_BUDGET_MS;
  /** Workers stopped because a custom function ran past the budget (tests). */
  overruns = 0;
  /** Per document: the rules that ran over, while the config epoch stays the same. */
  private readonly overrunBefore = new Map<string, { epoch: number | undefined; stoppedRules: string[]; rulesetTimedOut: boolean }>();

  constructor(
    private readonly script: string | undefined,
    private readonly log: (msg: string) => void = () => undefined,
  ) {}

  /** Runs `task`; a cancellation (token) rejects with ActionCancelledError and stops the work. */
  run(task: ActionTask, token?: CancellationToken): Promise<JobResult | undefined> {
    if (token?.isCancellationRequested) return Promise.reject(new ActionCancelledError());
    return new Promise<JobResult | undefined>((resolve, reject) => {
      const job: Job = { id: this.nextId++, task, resolve, reject, done: false };
      token?.onCancellationRequested(() => this.cancel(job));
      if (!this.script) {
        runActionTask(task).then(
          r => this.settle(job, r),
          e => this.settle(job, undefined, e),
        );
        return;
      }
      this.queue.push(job);
      this.pump();
    });
  }

  dispose(): void {
    this.disposed = true;
    for (const j of [...this.queue, ...(this.running ? [this.running] : [])]) this.settle(j, undefined, new ActionCancelledError());
    this.queue = [];
    this.stop();
  }

  private settle(job: Job, result: JobResult | undefined, error?: unknown): void {
    if (job.done) return;
    job.done = true;
    if (error) job.reject(error);
    else job.resolve(result);
  }

  private cancel(job: Job): void {
    if (job.done) return;
    this.settle(job, undefined, new ActionCancelledError());
    const i = this.queue.indexOf(job);
    if (i >= 0) this.queue.splice(i, 1);
    else if (this.running === job) {
      // A job keeps nothing worth keeping: stop it now.
      this.running = undefined;
      this.stop();
      this.pump();
    }
  }

  private stop(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = undefined;
    const w = this.worker;
    this.worker = undefined;
    if (w) {
      this.terminated++;
      void w.terminate().catch(() => undefined);
    }
  }

  private spawn(): Worker {
    const meter = createMeter();
    const worker = startWorker(this.script!, { workerData: { apiconvActionWorker: true, meter }, stdout: false, stderr: false });
    this.meter = meter;
    this.names = [];
    this.started++;
    worker.unref();
    worker.on('message', (m: Response) => {
      if ('names' in m) {
        if (worker === this.worker) this.names = m.names;
        return;
      }
      const job = this.running;
      if (!job || job.id !== m.id || worker !== this.worker) return;
      this.running = undefined;
      if ('error' in m) this.settle(job, undefined, new Error(m.error));
      else this.settle(job, m.result);
      this.pump();
    });
    worker.on('error', e => this.log(`code action worker error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`));
    worker.on('exit', code => {
      if (worker !== this.worker) return; // terminated on purpose
      this.worker = undefined;
      const job = this.running;
      this.running = undefined;
      if (job) this.settle(job, undefined, new Error(`the code action worker exited (code ${code}; out of memory?)`));
      this.pump();
    });
    return worker;
  }

  private pump(): void {
    if (this.disposed || this.running) return;
    const job = this.queue.shift();
    if (!job) {
      if (this.worker && !this.idle) {
        this.idle = setTimeout(() => {
          this.idle = undefined;
          if (!this.running && this.queue.length === 0) this.stop();
        }, IDLE_MS);
        this.idle.unref();
      }
      return;
    }
    if (this.idle) clearTimeout(this.idle);
    this.idle = undefined;
    this.worker ??= this.spawn();
    this.running = job;
    const over = this.overrunBefore.get(job.task.file);
    if (over && over.epoch === job.task.configEpoch) {
      // The rules that ran over for this document stay skipped until a ruleset file (or the trust) changes.
      const stoppedRules = [...new Set([...(job.task.stoppedRules ?? []), ...over.stoppedRules])];
      job.task = { ...job.task, stoppedRules, rulesetTimedOut: job.task.rulesetTimedOut || over.rulesetTimedOut };
    }
    job.task = { ...job.task, functionBudgetMs: this.functionBudgetMs };
    this.worker.postMessage({ id: job.id, task: job.task } satisfies Request);
    this.watchBudget(job);
  }

  /** While `job` runs: stop the worker when a custom function of the repository runs past the budget, and run the job again without it. */
  private watchBudget(job: Job): void {
    const worker = this.worker!;
    const watch = new BudgetWatch(this.meter!, () => this.names, this.functionBudgetMs);
    const running = () => this.running === job && this.worker === worker && !job.done;
    pollBudget(() => watch.check(), running, over => {
      this.overruns++;
      this.running = undefined;
      this.stop();
      const { stoppedRules, rulesetTimedOut } = skipAfterOverrun(job.task, over);
      this.log(`code action: custom functions ran past the time budget (${this.functionBudgetMs} ms), the worker was restarted: ${over.rules.filter(r => r !== LOADING_NAME).join(', ') || 'the ruleset did not finish loading'}`);
      this.overrunBefore.set(job.task.file, { epoch: job.task.configEpoch, stoppedRules, rulesetTimedOut });
      if (stoppedRules.length > MAX_STOPPED_RULES) {
        this.settle(job, undefined, new Error(`custom functions ran past the time budget (${this.functionBudgetMs} ms): ${stoppedRules.join(', ')}`));
      } else {
        job.task = { ...job.task, stoppedRules, rulesetTimedOut };
        this.queue.unshift(job);
      }
      this.pump();
    });
  }
}
