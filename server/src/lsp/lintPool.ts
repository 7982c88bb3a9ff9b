/**
 * Runs lint tasks in a worker thread, one at a time, with a warm spare worker.
 *
 * Cancelling a queued task drops it. Cancelling the running task drops its
 * reply; if the task has not finished KILL_AFTER_MS later, its worker is
 * terminated (a multi-second lint of a stale version really stops) and the warm
 * spare takes over while a new spare starts in the background (the first spare
 * starts a few seconds after the first worker is ready). The grace period
 * matters: a worker keeps each open document's incremental linter, and an
 * incremental relint is usually done well within the grace period — killing the
 * worker would throw that state away and make the next lint a full one.
 * If workers cannot be started (e.g. the server runs unbundled), tasks run in
 * the main thread.
 */
import { Worker } from 'node:worker_threads';
import type { LintReply, ServerLintTask, WorkerRequest, WorkerResponse } from './lintWorker';
import { forgetDocument, runLintTask, runWarmUpStep, warmUpTasks } from './lintWorker';
import { BudgetWatch, createMeter, DEFAULT_FUNCTION_BUDGET_MS, MAX_STOPPED_RULES, pollBudget, skipAfterOverrun } from '../engine';
import { startWorker } from './workerBoot';

export class CancelledError extends Error {
  constructor() {
    super('lint cancelled');
    this.name = 'CancelledError';
  }
}

interface Job {
  id: number;
  task: ServerLintTask;
  resolve(r: LintReply): void;
  reject(e: unknown): void;
  worker?: PoolWorker;
  done: boolean;
}

interface PoolWorker {
  worker: Worker;
  ready: Promise<void>;
  job?: Job;
  dead: boolean;
  killTimer?: NodeJS.Timeout;
  /** Shared with the worker: what its custom functions are doing (engine/functionBudget.ts), and their rules. */
  meter: SharedArrayBuffer;
  names: string[];
}

/**
 * How long a cancelled running task may go on before its worker is terminated. Long enough for an
 * incremental relint of a big document (about a second for an edit of a schema shared by many paths
 * of a 4 MB document): killing it would lose the worker's incremental state and make the next lint a
 * full one, which costs more than letting the stale one finish.
 */
export const KILL_AFTER_MS = 1500;

/** How long after the first worker is ready the spare starts (see the constructor). */
const SPARE_DELAY_MS = 3000;

export interface LintHandle {
  promise: Promise<LintReply>;
  cancel(): void;
}

export class LintPool {
  private nextId = 1;
  private queue: Job[] = [];
  private active?: PoolWorker;
  private spare?: PoolWorker;
  private disposed = false;
  /** Workers started, for tests/diagnostics. */
  started = 0;
  terminated = 0;

  constructor(
    private readonly script: string | undefined,
    private readonly log: (msg: string) => void = () => undefined,
  ) {
    if (script) {
      const first = (this.active = this.spawn());
      // The spare warms up once the first worker is ready and the server has had a moment: started together,
      // two warm-ups would compete with the first lints for the CPU.
      // Nor while the first worker lints (the first document opened): it then starts when that lint is done.
      void first.ready.then(() => {
        const t = setTimeout(() => {
          this.spareDue = true;
          this.spawnSpareWhenIdle();
        }, SPARE_DELAY_MS);
        t.unref();
      });
    }
  }

  /** The first spare is due (SPARE_DELAY_MS after the first worker was ready): it starts once no lint runs. */
  private spareDue = false;

  private spawnSpareWhenIdle(): void {
    if (!this.spareDue || this.disposed || this.spare || this.active?.job) return;
    this.spareDue = false;
    this.spare = this.spawn();
  }

  /**
   * Lint `task`: in the worker, or — `inline` — right here in the calling thread (for a small document whose
   * relints take a millisecond or two: the hop to the worker and back would cost a good part of that).
   */
  run(task: ServerLintTask, inline = false): LintHandle {
    let job!: Job;
    const promise = new Promise<LintReply>((resolve, reject) => {
      job = { id: this.nextId++, task, resolve, reject, done: false };
    });
    if (inline && this.script) {
      runLintTask(task).then(
        r => this.settle(job, r),
        e => this.settle(job, undefined, e),
      );
      return { promise, cancel: () => this.cancel(job) };
    }
    this.queue.push(job);
    this.pump();
    return { promise, cancel: () => this.cancel(job) };
  }

  /** Resolve (a reply) or reject (an error) a job that is not done yet. */
  private settle(job: Job, reply: LintReply | undefined, error?: unknown): void {
    if (job.done) return;
    job.done = true;
    if (reply) job.resolve(reply);
    else job.reject(error);
  }

  /** True once this thread has warmed up for inline lints (warmUpInline). */
  inlineReady = false;
  private inlineWarming = false;

  /**
   * Warm this thread up for inline lints, one step at a time in idle moments (a step is one lint of the small
   * warm-up document; the first one builds the ruleset), so that requests are still served in between.
   */
  warmUpInline(): void {
    if (this.inlineReady || this.inlineWarming || !this.script || this.disposed) return;
    this.inlineWarming = true;
    const steps = warmUpTasks();
    const next = (): void => {
      if (this.disposed) return;
      const step = steps.next();
      if (step.done) {
        this.inlineWarming = false;
        this.inlineReady = true;
        return;
      }
      void runWarmUpStep(step.value).then(() => setImmediate(next));
    };
    setImmediate(next);
  }

  /** A document was closed: the workers (and this thread's inline linting) drop its incremental state. */
  forget(file: string): void {
    forgetDocument(file);
    for (const w of [this.active, this.spare]) if (w && !w.dead) w.worker.postMessage({ id: 0, forget: file } satisfies WorkerRequest);
  }

  /** Thread ids of the live workers (for memory measurements). */
  workers(): Worker[] {
    return [this.active, this.spare].filter((w): w is PoolWorker => !!w && !w.dead).map(w => w.worker);
  }

  dispose(): void {
    this.disposed = true;
    for (const w of [this.active, this.spare]) if (w) void w.worker.terminate();
    for (const j of this.queue) j.reject(new CancelledError());
    this.queue = [];
  }

  private cancel(job: Job): void {
    if (job.done) return;
    this.settle(job, undefined, new CancelledError());
    const i = this.queue.indexOf(job);
    if (i >= 0) {
      this.queue.splice(i, 1);
      return;
    }
    const w = job.worker;
    if (w && w === this.active && this.script && !w.killTimer) {
      w.killTimer = setTimeout(() => {
        w.killTimer = undefined;
        if (w.dead || w.job !== job || w !== this.active) return;
        // Still busy with the stale lint: stop it for real; the spare takes over.
        this.kill(w);
        this.active = this.spare ?? this.spawn();
        this.spare = this.spawn();
        this.pump();
      }, KILL_AFTER_MS);
      w.killTimer.unref();
    }
  }

  private kill(w: PoolWorker): void {
    if (w.killTimer) clearTimeout(w.killTimer);
    w.killTimer = undefined;
    w.dead = true;
    w.job = undefined;
    this.terminated++;
    void w.worker.terminate().catch(() => undefined);
  }

  private spawn(warm = true): PoolWorker {
    const meter = createMeter();
    const worker = startWorker(this.script!, { workerData: { apiconvLintWorker: true, meter }, stdout: false, stderr: false });
    this.started++;
    worker.unref();
    const pw: PoolWorker = { worker, dead: false, ready: Promise.resolve(), meter, names: [] };
    pw.ready = new Promise<void>(resolve => {
      const onMessage = (m: WorkerResponse) => {
        if ('ready' in m) {
          worker.off('message', onMessage);
          resolve();
        }
      };
      worker.on('message', onMessage);
      worker.once('exit', () => resolve());
      if (warm) worker.postMessage({ id: 0, warmup: true } satisfies WorkerRequest);
      else resolve();
    });
    worker.on('message', (m: WorkerResponse) => {
      if ('ready' in m) return;
      if ('names' in m) {
        pw.names = m.names;
        return;
      }
      const job = pw.job;
      if (!job || job.id !== m.id) return;
      pw.job = undefined;
      if (pw.killTimer) {
        clearTimeout(pw.killTimer);
        pw.killTimer = undefined;
      }
      if ('reply' in m) this.settle(job, m.reply);
      else this.settle(job, undefined, new Error(m.error));
      this.pump();
      this.spawnSpareWhenIdle();
    });
    worker.on('error', e => this.log(`lint worker error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`));
    worker.on('exit', code => {
      if (pw.dead) return;
      pw.dead = true;
      this.log(`lint worker exited unexpectedly (code ${code})`);
      if (pw.job) this.settle(pw.job, undefined, new Error(`the lint worker exited (code ${code}; out of memory?)`));
      if (this.disposed) return;
      if (this.active === pw) this.active = this.spare ?? this.spawn();
      if (this.spare === pw || this.spare === this.active) this.spare = this.spawn();
      this.pump();
    });
    return pw;
  }

  private pump(): void {
    if (this.disposed) return;
    if (!this.script) {
      void this.pumpInline();
      return;
    }
    const w = this.active;
    if (!w || w.dead || w.job) return;
    const job = this.queue.shift();
    if (!job) return;
    w.job = job;
    job.worker = w;
    const over = this.overrunBefore.get(job.task.file);
    if (over && over.epoch === job.task.configEpoch) {
      // The rules that ran over for this document stay skipped until a ruleset file (or the trust) changes.
      const stoppedRules = [...new Set([...(job.task.stoppedRules ?? []), ...over.task.stoppedRules!])];
      job.task = { ...job.task, stoppedRules, rulesetTimedOut: job.task.rulesetTimedOut || over.task.rulesetTimedOut, functionBudgetMs: this.functionBudgetMs };
    }
    if (job.task.functionBudgetMs === undefined) job.task = { ...job.task, functionBudgetMs: this.functionBudgetMs };
    w.worker.postMessage({ id: job.id, task: job.task } satisfies WorkerRequest);
    this.watchBudget(w, job);
  }

  // ---------------------------------------------------------------------------
  // the time budget of custom functions (engine/functionBudget.ts)

  /** Milliseconds a rule's custom function may run per document (and a JavaScript ruleset take to load). */
  functionBudgetMs = DEFAULT_FUNCTION_BUDGET_MS;
  /** Workers stopped because a custom function ran past the budget (for tests). */
  overruns = 0;
  /** Per document: the last task that ran over, while the server's config epoch stays the same. */
  private readonly overrunBefore = new Map<string, { epoch: number | undefined; task: ServerLintTask }>();

  /** While `job` runs in `w`: stop the worker when a custom function of the repository runs past the budget. */
  private watchBudget(w: PoolWorker, job: Job): void {
    const watch = new BudgetWatch(w.meter, () => w.names, this.functionBudgetMs);
    pollBudget(() => watch.check(), () => !w.dead && w.job === job, over => {
      this.overruns++;
      this.kill(w);
      if (this.active === w) {
        // The lint goes on at once in the spare, or in a worker that skips the warm-up; a new spare comes later.
        this.active = this.spare ?? this.spawn(false);
        this.spare = undefined;
        const t = setTimeout(() => {
          if (!this.disposed && !this.spare) this.spare = this.spawn();
        }, SPARE_DELAY_MS);
        t.unref();
      }
      // Lint again in a fresh worker without the rules that ran over (or without the ruleset that did not load).
      const skip = skipAfterOverrun(job.task, over);
      const retry: ServerLintTask = { ...job.task, ...skip, functionBudgetMs: this.functionBudgetMs, incremental: false };
      this.overrunBefore.set(retry.file, { epoch: retry.configEpoch, task: retry });
      if (job.done) {
        this.pump();
        return;
      }
      if (skip.stoppedRules.length > MAX_STOPPED_RULES) {
        this.settle(job, undefined, new Error(`custom functions ran past the time budget (${this.functionBudgetMs} ms): ${skip.stoppedRules.join(', ')}`));
        this.pump();
        return;
      }
      job.task = retry;
      job.worker = undefined;
      this.queue.unshift(job);
      this.pump();
    });
  }

  private inlineBusy = false;
  private async pumpInline(): Promise<void> {
    if (this.inlineBusy) return;
    this.inlineBusy = true;
    try {
      for (let job = this.queue.shift(); job; job = this.queue.shift()) {
        try {
          this.settle(job, await runLintTask(job.task));
        } catch (e) {
          this.settle(job, undefined, e);
        }
      }
    } finally {
      this.inlineBusy = false;
    }
  }
}
