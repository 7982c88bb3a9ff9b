/**
 * A pool's worker (pool.ts): attaches the meter the pool watches, and answers the pool's requests with a handler
 * of each kind. A task that throws is answered with its error in one line; the worker goes on.
 */
import { parentPort, workerData } from 'node:worker_threads';
// The two engine modules a worker needs to be served, not the engine's entry: a worker loads what its handlers
// import, and no more.
import { attachMeter } from '../engine/functionBudget';
import { oneLine } from '../engine/oneLine';
import type { PoolRequest, PoolResponse } from './protocol';

/**
 * Thrown by a handler given a compacted task (PoolConfig.compact) that leaves out what this worker does not have (it
 * was started since, or has dropped it): the pool sends the task again, whole.
 */
export class WholeTaskNeeded extends Error {
  constructor(what: string) {
    super(`the whole task is needed: ${what}`);
    this.name = 'WholeTaskNeeded';
  }
}

/**
 * Thrown by a handler that ended its task early because a newer task took its place (its `superseded()` turned
 * true): the pool drops the task, as it had dropped its answer.
 */
export class TaskSuperseded extends Error {
  constructor() {
    super('superseded by a newer task');
    this.name = 'TaskSuperseded';
  }
}

export interface TaskHandlers<T, R> {
  /**
   * Runs a task; `step(n)` says it has moved on to its step n (the time budget counts from there); `superseded()`
   * whether a newer task has taken its place (TaskHandle.supersede): the task may end early then, throwing
   * TaskSuperseded, where what it leaves in the worker is whole.
   */
  run(task: T, step: (n: number) => void, superseded: () => boolean): Promise<R>;
  /** The warm-up request; `ready` is answered when it resolves. */
  warmUp?(): Promise<void>;
  notice?(notice: unknown): void;
  /** After each answer was posted (a task's, or the warm-up's): work that should not delay the answer. */
  answered?(): void;
  /** An error nothing caught (a rule's stray promise): reported here, and the worker goes on; without, it exits. */
  uncaught?(error: unknown): void;
}

/** In a worker thread started by a pool: serve its requests. Does nothing on the main thread. */
export function serveTasks<T, R>(handlers: TaskHandlers<T, R>): void {
  const port = parentPort;
  if (!port) return;
  const post = (m: PoolResponse<R>) => port.postMessage(m);
  const { uncaught } = handlers;
  if (uncaught) {
    process.on('uncaughtException', uncaught);
    process.on('unhandledRejection', uncaught);
  }
  const meter = (workerData as { meter?: SharedArrayBuffer } | undefined)?.meter;
  if (meter) attachMeter(meter, names => post({ id: 0, names }));
  port.on('message', async (msg: PoolRequest<T>) => {
    if ('notice' in msg) {
      handlers.notice?.(msg.notice);
      return;
    }
    if ('warmUp' in msg) {
      await handlers.warmUp?.();
      post({ id: 0, ready: true });
    } else {
      const { id } = msg;
      const flag = msg.superseded && new Int32Array(msg.superseded);
      const superseded = () => flag !== undefined && Atomics.load(flag, 0) === id;
      try {
        post({ id, result: await handlers.run(msg.task, step => post({ id, step }), superseded) });
      } catch (e) {
        post(e instanceof WholeTaskNeeded ? { id, whole: true } : e instanceof TaskSuperseded ? { id, superseded: true } : { id, error: oneLine(e) });
      }
    }
    handlers.answered?.();
  });
}
