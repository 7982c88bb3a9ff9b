/**
 * The code-action worker: computes the edits of code actions (codeActions.ts runActionJob: a quick fix, an ignore
 * comment, "Fix all <rule>", the fix-all of fix-on-save) off the language server's main thread, so that a fix-all
 * of a big document (many relints) never holds hover, symbols or the diagnostics of the next edit.
 *
 * One worker, started on the first job (the server bundle itself, as the lint worker is), jobs one at a time.
 * A cancelled running job terminates the worker at once (a job keeps no state; the next job starts a new one);
 * a worker idle for IDLE_MS is terminated too, so that its ruleset and texts do not stay in memory.
 * If workers cannot be started (the server runs unbundled, as in tests), jobs run in the calling thread.
 */
import { Worker, parentPort } from 'node:worker_threads';
import type { CancellationToken } from 'vscode-languageserver/node';
import { oneLine } from '../engine/ruleset';
import { runActionJob, type ActionJob, type JobResult } from './codeActions';
import { resolveRuleset, serverLimits, type LintTask } from './lintWorker';
import { getRefPolicy, readRefFile, setRefPolicy } from '../engine/refFiles';

/** A job and what it runs on: the document's text, the open buffers, and how the document is linted. */
export interface ActionTask extends Pick<LintTask, 'file' | 'text' | 'rulesetFile' | 'trusted' | 'allowRemoteRefs' | 'overlays' | 'configEpoch' | 'refRoots' | 'maxBytes'> {
  job: ActionJob;
}

type Request = { id: number; task: ActionTask };
type Response = { id: number; result?: JobResult } | { id: number; error: string };

/** How long an idle worker is kept. */
const IDLE_MS = 30_000;

/** Runs a task in this thread (the worker's body). */
export async function runActionTask(task: ActionTask): Promise<JobResult | undefined> {
  // Run in the calling thread (no worker), the process's $ref policy is the session's: kept.
  const before = getRefPolicy();
  try {
    return await actionTask(task);
  } finally {
    setRefPolicy(before);
  }
}

async function actionTask(task: ActionTask): Promise<JobResult | undefined> {
  // $ref'd files are read as in the lint worker: regular, bounded, inside the workspace folders (refFiles.ts).
  setRefPolicy({ roots: task.refRoots, maxBytes: task.maxBytes, widenHint: 'allow it with the apiconv.allowRefsOutsideWorkspace setting' });
  const rs = await resolveRuleset({ ...task, incremental: false });
  const overlays = task.overlays;
  const readText = (f: string): string | undefined => {
    if (f in overlays) return overlays[f];
    try {
      return readRefFile(f);
    } catch {
      return undefined;
    }
  };
  return runActionJob(task.job, {
    rootText: task.text,
    readText,
    options: { ruleset: rs.value, allowRemoteRefs: task.allowRemoteRefs, readFile: f => overlays[f], limits: serverLimits(task.maxBytes) },
  });
}

/** The worker thread's message loop. */
export function runActionWorker(): void {
  const port = parentPort;
  if (!port) return;
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
    const worker = new Worker(this.script!, { workerData: { apiconvActionWorker: true }, stdout: false, stderr: false });
    this.started++;
    worker.unref();
    worker.on('message', (m: Response) => {
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
    this.worker.postMessage({ id: job.id, task: job.task } satisfies Request);
  }
}
