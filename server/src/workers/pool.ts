/**
 * The worker pool of apiconv: the CLI's parallel lint and its `--fix` under a time budget, the language server's
 * lint and code-action workers are this pool, configured (PoolConfig). What it does for all of them:
 *
 * - tasks run one per worker at a time, in queue order; each answer is matched to its task (protocol.ts);
 * - the time budget of a ruleset's own JavaScript: each worker counts what its custom functions do in a meter
 *   shared with this thread (the engine's functionBudget). A worker stuck in a loop cannot answer a message, so
 *   while a task runs the pool reads the meter; past the budget it terminates the worker and runs what the
 *   user's `afterOverrun` says instead (the task without the rules that ran over), first, in a fresh worker;
 * - cancellation: a queued task is dropped; a running one may go on for `cancelGraceMs` (its answer is dropped:
 *   a worker may keep state worth more than the rest of a stale task) before its worker is terminated; a task
 *   superseded by a newer one of the same work is never terminated: it is told (a flag shared with its worker) and
 *   ends at its next safe point, or runs to its end (the newer one builds on what it leaves);
 * - a worker that dies (out of memory, an error nothing caught) fails its task; the next tasks get a new worker;
 * - as configured, tasks posted compacted (`compact`: what was sent before left out, e.g. a 4 MB text as the edits
 *   since its last version), and sent whole to a worker that says it lacks what was left out;
 * - as configured: a warm-up request, a warm spare that takes over from a worker that was stopped (started in a
 *   quiet moment), an idle timeout.
 *
 * Where no worker can be started (the code does not run from its bundle: tests through tsx, the single
 * executable), the tasks run in this thread, one at a time, by `runHere`.
 */
import type { Worker } from 'node:worker_threads';
import { BudgetWatch, createMeter, pollBudget, type Overrun } from '../engine';
import type { PoolRequest, PoolResponse } from './protocol';

export interface PoolConfig<T, R, P = T> {
  /** What the workers are called in the log and in errors ("lint worker"). */
  name: string;
  /** Starts a worker with `meter` in its workerData (serve.ts attaches it); undefined: no worker can be started. */
  start: ((meter: SharedArrayBuffer) => Worker) | undefined;
  /** Runs a task in this thread, where no worker can be started. */
  runHere(task: T): Promise<R>;
  /** How many workers run tasks at once (1 unless said). */
  size?: number;
  /** Send each new worker the warm-up request. */
  warmUp?: boolean;
  /**
   * Keep the workers started, and a warm spare beside them that takes over at once from a worker that was stopped
   * (a new spare starts once no task runs). The first spare starts this long after the first worker is ready, once
   * no task runs: started together, two warm-ups would compete with the first tasks for the CPU.
   */
  spareAfterMs?: number;
  /**
   * The spare (the first one and each new one) starts only once no task has run for this long (default 0): its
   * start and warm-up take a core for a second or more, and right after a task the next one is likely to come
   * (the first keystrokes after a document's first lint).
   */
  spareQuietMs?: number;
  /** Terminate a worker that has had no task for this long (its caches go with it). */
  idleMs?: number;
  /** How long a cancelled running task may go on before its worker is terminated (0: at once). */
  cancelGraceMs?: number;
  /** Milliseconds the custom functions of a task (or of one of its steps) may run. */
  budgetMs(): number;
  /** The task as it is sent to a worker: what was learnt since it was queued (the rules that ran over). */
  prepare?(task: T): T;
  /**
   * The task as it is posted: what the workers were sent before left out (a document's text, as the edits since
   * the version sent last). A worker that lacks it answers so (serve.ts WholeTaskNeeded) and is sent the task whole.
   * Without: each task is posted whole.
   */
  compact?(task: T): P;
  /** A task's worker was stopped past the budget: the task to run again, or the error it fails with. */
  afterOverrun(task: T, over: Overrun, step: number | undefined): T | Error;
  log?(message: string): void;
}

export interface TaskHandle<R> {
  promise: Promise<R>;
  /** The promise rejects with CancelledError; the work stops (see PoolConfig.cancelGraceMs). */
  cancel(): void;
  /**
   * A newer task takes this one's place: the promise rejects with CancelledError and a queued task is dropped, but a
   * running one is not terminated: it is told (endEarly). Its worker ends it and then runs the newer task, which
   * builds on the state the ended one left (a document's incremental linter): terminating it would make the newer
   * task start from nothing.
   */
  supersede(): void;
  /**
   * A newer task will take this one's place once it ends: a running task is told, and ends at its next safe point
   * (the worker's handler decides where: serve.ts TaskSuperseded), its promise rejecting with CancelledError then;
   * or it ends first and settles as usual. A queued task is left as it is.
   */
  endEarly(): void;
  /** A worker (or this thread) runs the task now: it is neither queued nor done. */
  running(): boolean;
}

export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

/** A worker exited while it ran the task (at its step `step`): out of memory, or an error nothing caught (`failure`). */
export class WorkerExitError extends Error {
  constructor(
    worker: string,
    readonly code: number,
    readonly failure: Error | undefined,
    readonly step: number | undefined,
  ) {
    super(failure ? `the ${worker} failed: ${failure.message}` : `the ${worker} exited (code ${code}; out of memory?)`);
    this.name = 'WorkerExitError';
  }
}

interface Job<T, R> {
  id: number;
  task: T;
  /** The step the task announced last (PoolResponse `step`). */
  step?: number;
  done: boolean;
  resolve(result: R): void;
  reject(error: unknown): void;
}

interface Slot<T, R> {
  worker: Worker;
  meter: SharedArrayBuffer;
  /** The id of its task when a newer task takes that one's place (PoolRequest `superseded`), else 0. */
  superseded: Int32Array<SharedArrayBuffer>;
  /** The rule names of the meter's slots, as the worker announced them. */
  names: readonly string[];
  ready: Promise<void>;
  job?: Job<T, R>;
  /** Terminated by the pool, or exited. */
  stopped: boolean;
  /** The error the worker reported before it exited. */
  failure?: Error;
  graceTimer?: NodeJS.Timeout;
  idleTimer?: NodeJS.Timeout;
  stopWatch?: () => void;
}

export class WorkerPool<T, R, P = T> {
  private readonly queue: Job<T, R>[] = [];
  /** The workers that run tasks. */
  private readonly slots: Slot<T, R>[] = [];
  private spare?: Slot<T, R>;
  /** A spare should start once no task runs. */
  private spareDue = false;
  /** Starts the spare once no task has run for spareQuietMs. */
  private spareTimer?: NodeJS.Timeout;
  private nextId = 1;
  private disposed = false;
  private runningHere = false;
  /** Workers started, terminated by the pool, and stopped past the budget (tests, the log). */
  started = 0;
  terminated = 0;
  overruns = 0;

  constructor(private readonly config: PoolConfig<T, R, P>) {
    if (config.spareAfterMs === undefined || !config.start) return;
    const first = this.fill();
    void first?.ready.then(() => {
      setTimeout(() => {
        this.spareDue = true;
        this.startSpareWhenIdle();
      }, config.spareAfterMs).unref();
    });
  }

  run(task: T): TaskHandle<R> {
    let job!: Job<T, R>;
    const promise = new Promise<R>((resolve, reject) => {
      job = { id: this.nextId++, task, done: false, resolve, reject };
    });
    if (this.disposed) this.fail(job, new CancelledError());
    else {
      this.queue.push(job);
      this.pump();
    }
    return {
      promise,
      cancel: () => this.cancel(job),
      supersede: () => this.supersede(job),
      endEarly: () => this.endEarly(job),
      running: () => !job.done && !this.queue.includes(job),
    };
  }

  /** Tells every live worker `notice` (no answer). */
  notify(notice: unknown): void {
    for (const slot of [...this.slots, this.spare]) if (slot && !slot.stopped) slot.worker.postMessage({ id: 0, notice } satisfies PoolRequest<P>);
  }

  /** Cancels every task and terminates the workers. */
  dispose(): void {
    this.disposed = true;
    clearTimeout(this.spareTimer);
    for (const job of this.queue.splice(0)) this.fail(job, new CancelledError());
    for (const slot of [...this.slots, this.spare]) {
      if (!slot) continue;
      if (slot.job) this.fail(slot.job, new CancelledError());
      this.stop(slot);
    }
  }

  private succeed(job: Job<T, R>, result: R): void {
    if (job.done) return;
    job.done = true;
    job.resolve(result);
  }

  private fail(job: Job<T, R>, error: unknown): void {
    if (job.done) return;
    job.done = true;
    job.reject(error);
  }

  /** Fails `job` as cancelled and takes it out of the queue; true if it was queued (not running). */
  private drop(job: Job<T, R>): boolean {
    this.fail(job, new CancelledError());
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    return queued >= 0;
  }

  private supersede(job: Job<T, R>): void {
    this.endEarly(job);
    if (!job.done) this.drop(job);
  }

  private endEarly(job: Job<T, R>): void {
    const slot = this.slots.find(s => s.job === job);
    if (slot) Atomics.store(slot.superseded, 0, job.id);
  }

  private cancel(job: Job<T, R>): void {
    if (job.done) return;
    if (this.drop(job)) return;
    const slot = this.slots.find(s => s.job === job);
    if (!slot || slot.graceTimer) return;
    const grace = this.config.cancelGraceMs ?? 0;
    if (grace <= 0) {
      this.retire(slot);
      this.pump();
      return;
    }
    slot.graceTimer = setTimeout(() => {
      slot.graceTimer = undefined;
      if (slot.job !== job || slot.stopped) return;
      this.retire(slot);
      this.pump();
    }, grace);
    slot.graceTimer.unref();
  }

  /** Starts the workers that are missing (see PoolConfig.spareAfterMs); returns the first one started. */
  private fill(): Slot<T, R> | undefined {
    let first: Slot<T, R> | undefined;
    while (this.slots.length < (this.config.size ?? 1)) {
      const slot = this.spawn();
      this.slots.push(slot);
      first ??= slot;
    }
    return first;
  }

  private startSpareWhenIdle(): void {
    if (!this.spareDue || this.disposed || this.spare || this.spareTimer || this.slots.some(s => s.job)) return;
    const start = (): void => {
      this.spareTimer = undefined;
      if (!this.spareDue || this.disposed || this.spare || this.slots.some(s => s.job)) return;
      this.spareDue = false;
      this.spare = this.spawn();
    };
    const quiet = this.config.spareQuietMs ?? 0;
    if (quiet <= 0) start();
    else (this.spareTimer = setTimeout(start, quiet)).unref();
  }

  /** Terminates `slot` (its task, if any, is the caller's); the spare takes over. */
  private retire(slot: Slot<T, R>): void {
    slot.job = undefined;
    this.stop(slot);
    this.replace();
  }

  private stop(slot: Slot<T, R>): void {
    if (!this.release(slot)) return;
    this.terminated++;
    void slot.worker.terminate().catch(() => undefined);
  }

  /** Takes a worker out of use (false if it was already): its timers stop, the pool forgets it. */
  private release(slot: Slot<T, R>): boolean {
    if (slot.stopped) return false;
    slot.stopped = true;
    clearTimeout(slot.graceTimer);
    clearTimeout(slot.idleTimer);
    slot.stopWatch?.();
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    if (this.spare === slot) this.spare = undefined;
    return true;
  }

  /** A worker is gone: the spare takes its place, the missing workers start, and a new spare once no task runs. */
  private replace(): void {
    if (this.disposed || this.config.spareAfterMs === undefined) return;
    if (this.spare && this.slots.length < (this.config.size ?? 1)) {
      this.slots.push(this.spare);
      this.spare = undefined;
    }
    this.fill();
    if (!this.spare) this.spareDue = true;
  }

  private spawn(): Slot<T, R> {
    const meter = createMeter();
    const worker = this.config.start!(meter);
    this.started++;
    let ready!: () => void;
    const slot: Slot<T, R> = {
      worker,
      meter,
      superseded: new Int32Array(new SharedArrayBuffer(4)),
      names: [],
      ready: new Promise<void>(r => (ready = r)),
      stopped: false,
    };
    if (this.config.warmUp) worker.postMessage({ id: 0, warmUp: true } satisfies PoolRequest<T>);
    else ready();
    worker.on('message', (m: PoolResponse<R>) => {
      if ('names' in m) slot.names = m.names;
      else if ('ready' in m) ready();
      else this.answered(slot, m);
    });
    worker.on('error', e => {
      slot.failure = e;
      this.log(`${this.config.name} error: ${e.stack ?? e.message}`);
    });
    worker.on('exit', code => {
      ready();
      if (!this.release(slot)) return;
      this.log(`${this.config.name} exited unexpectedly (code ${code})`);
      if (slot.job) this.fail(slot.job, new WorkerExitError(this.config.name, code, slot.failure, slot.job.step));
      this.replace();
      this.pump();
    });
    return slot;
  }

  private answered(slot: Slot<T, R>, m: Exclude<PoolResponse<R>, { id: 0 }>): void {
    const job = slot.job;
    if (!job || job.id !== m.id) return;
    if ('step' in m) {
      job.step = m.step;
      this.watch(slot, job);
      return;
    }
    if ('whole' in m) {
      slot.worker.postMessage({ id: job.id, task: job.task, superseded: slot.superseded.buffer } satisfies PoolRequest<T>);
      return;
    }
    slot.job = undefined;
    clearTimeout(slot.graceTimer);
    slot.graceTimer = undefined;
    slot.stopWatch?.();
    if ('superseded' in m) this.fail(job, new CancelledError());
    else if ('error' in m) this.fail(job, new Error(m.error));
    else this.succeed(job, m.result);
    this.pump();
  }

  private pump(): void {
    if (this.disposed) return;
    if (!this.config.start) {
      void this.runQueueHere();
      return;
    }
    while (this.queue.length > 0) {
      let slot = this.slots.find(s => !s.job);
      if (!slot) {
        if (this.slots.length >= (this.config.size ?? 1)) break;
        this.slots.push((slot = this.spawn()));
      }
      this.dispatch(slot, this.queue.shift()!);
    }
    if (this.config.idleMs !== undefined) for (const slot of this.slots) if (!slot.job) this.idleFrom(slot);
    this.startSpareWhenIdle();
  }

  private dispatch(slot: Slot<T, R>, job: Job<T, R>): void {
    clearTimeout(slot.idleTimer);
    slot.idleTimer = undefined;
    // A task runs: the quiet the spare waits for starts again once it is done (pump).
    clearTimeout(this.spareTimer);
    this.spareTimer = undefined;
    slot.job = job;
    if (this.config.prepare) job.task = this.config.prepare(job.task);
    const task = this.config.compact ? this.config.compact(job.task) : job.task;
    Atomics.store(slot.superseded, 0, 0);
    slot.worker.postMessage({ id: job.id, task, superseded: slot.superseded.buffer } satisfies PoolRequest<T | P>);
    this.watch(slot, job);
  }

  private idleFrom(slot: Slot<T, R>): void {
    if (slot.idleTimer) return;
    slot.idleTimer = setTimeout(() => {
      slot.idleTimer = undefined;
      if (!slot.job) this.stop(slot);
    }, this.config.idleMs);
    slot.idleTimer.unref();
  }

  /** While `job` runs in `slot` (even cancelled, within its grace): stop the worker when it runs past the budget. */
  private watch(slot: Slot<T, R>, job: Job<T, R>): void {
    slot.stopWatch?.();
    const budget = new BudgetWatch(slot.meter, () => slot.names, this.config.budgetMs());
    slot.stopWatch = pollBudget(
      () => budget.check(),
      () => slot.job === job && !slot.stopped,
      over => this.overran(slot, job, over),
    );
  }

  private overran(slot: Slot<T, R>, job: Job<T, R>, over: Overrun): void {
    this.overruns++;
    this.retire(slot);
    const next = this.config.afterOverrun(job.task, over, job.step);
    if (next instanceof Error) this.fail(job, next);
    else if (!job.done) {
      job.task = next;
      job.step = undefined;
      this.queue.unshift(job);
    }
    this.pump();
  }

  private async runQueueHere(): Promise<void> {
    if (this.runningHere) return;
    this.runningHere = true;
    try {
      for (let job = this.queue.shift(); job; job = this.queue.shift()) {
        try {
          this.succeed(job, await this.config.runHere(job.task));
        } catch (e) {
          this.fail(job, e);
        }
      }
    } finally {
      this.runningHere = false;
    }
  }

  private log(message: string): void {
    this.config.log?.(message);
  }
}
