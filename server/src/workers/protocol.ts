/**
 * The messages between a worker pool (pool.ts) and its workers (serve.ts). Task ids start at 1; id 0 is the
 * worker's own business (the warm-up, notices, the meter's rule names), not a task's.
 */

export type PoolRequest<T> =
  /**
   * Run a task (in the form the pool's `compact` gives it, or whole). `superseded`: an Int32 the pool sets to the
   * task's id when a newer task takes its place (TaskHandle.supersede); the task may end early then.
   */
  | { id: number; task: T; superseded?: SharedArrayBuffer }
  /** Warm up (compile the code, build the caches); answered by `ready`. */
  | { id: 0; warmUp: true }
  /** Something every worker is told, with no answer (e.g. a document was closed). */
  | { id: 0; notice: unknown };

export type PoolResponse<R> =
  | { id: number; result: R }
  | { id: number; error: string }
  /** The task came compacted and this worker lacks what it left out (a worker started since): send it whole. */
  | { id: number; whole: true }
  /** The task ended early: a newer one took its place (serve.ts TaskSuperseded). */
  | { id: number; superseded: true }
  /** The task has moved on to its step `step`: the time budget counts from here (a `--fix` moves to the next file). */
  | { id: number; step: number }
  | { id: 0; ready: true }
  /** The rules with metered custom functions, by slot of the meter (engine functionBudget). */
  | { id: 0; names: string[] };
