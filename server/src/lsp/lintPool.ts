/**
 * The server's lint workers (workers/pool.ts, configured): one lints at a time, beside a warm spare.
 *
 * Cancelling a queued lint drops it. Cancelling the running lint drops its reply; if it has not finished
 * KILL_AFTER_MS later, its worker is terminated (a multi-second lint of a stale version really stops) and the warm
 * spare takes over while a new spare starts in the next pause of the lints (SPARE_QUIET_MS; the first spare not
 * before SPARE_DELAY_MS after the first worker is ready). The grace period matters: a worker keeps each open
 * document's incremental linter, and an incremental relint is usually done well within it — killing the worker
 * would throw that state away and make the next lint a full one. A lint made moot by a newer version of its document
 * is never killed: it is told, and ends between two of the engine's stages (an edit waits for it to end; a lint asked
 * for at once supersedes it); the newer one builds on it.
 * A custom function past the time budget stops the worker too; the document is linted again
 * without that rule (overruns.ts). If workers cannot be started (the server runs unbundled), lints run in the
 * main thread.
 */
import type { LintReply, PostedLintTask, ServerLintTask } from './lintWorker';
import { forgetDocument, runLintTask, runWarmUpStep, warmUpTasks } from './lintWorker';
import { DEFAULT_FUNCTION_BUDGET_MS } from '../engine';
import { CancelledError, WorkerPool, type TaskHandle } from '../workers/pool';
import { SentTexts, type EditsBetween } from './lintTexts';
import { ReceivedProblems } from './problemsDelta';
import { OverrunMemory } from './overruns';
import { startWorker } from './workerBoot';

/**
 * How long a cancelled running task may go on before its worker is terminated. Long enough for an
 * incremental relint of a big document (about a second for an edit of a schema shared by many paths
 * of a 4 MB document): killing it would lose the worker's incremental state and make the next lint a
 * full one, which costs more than letting the stale one finish.
 */
export const KILL_AFTER_MS = 1500;

/** How long after the first worker is ready the spare starts… */
const SPARE_DELAY_MS = 3000;

/**
 * …once no lint has run for this long: a pause in the typing. Started when the first lint of a big document was
 * done, its start and warm-up took the CPU from the first keystrokes' relints.
 */
const SPARE_QUIET_MS = 2000;

export type LintHandle = TaskHandle<LintReply>;

export class LintPool {
  /** Milliseconds a rule's custom function may run per document (and a JavaScript ruleset take to load). */
  functionBudgetMs = DEFAULT_FUNCTION_BUDGET_MS;
  private readonly overruns = new OverrunMemory();
  private readonly pool: WorkerPool<ServerLintTask, LintReply, PostedLintTask>;
  private readonly sent: SentTexts;
  private readonly received = new ReceivedProblems();

  /** `edits`: the open documents' edits, so that a task brings those rather than the whole text. */
  constructor(
    private readonly script: string | undefined,
    log: (msg: string) => void = () => undefined,
    edits: EditsBetween = { between: () => undefined },
  ) {
    this.sent = new SentTexts(edits);
    this.pool = new WorkerPool<ServerLintTask, LintReply, PostedLintTask>({
      name: 'lint worker',
      start: script ? meter => startWorker(script, { workerData: { apiconvLintWorker: true, meter } }) : undefined,
      runHere: runLintTask,
      warmUp: true,
      spareAfterMs: SPARE_DELAY_MS,
      spareQuietMs: SPARE_QUIET_MS,
      cancelGraceMs: KILL_AFTER_MS,
      budgetMs: () => this.functionBudgetMs,
      prepare: task => this.overruns.apply(task, this.functionBudgetMs),
      // Named when the task is posted: the findings the last reply brought are held by then.
      compact: task => this.sent.compact(task.incremental ? { ...task, problemsBase: this.received.baseOf(task.file) } : task),
      // Lint again in a fresh worker without the rules that ran over (or without the ruleset that did not load).
      afterOverrun: (task, over) => this.overruns.record({ ...task, incremental: false }, over, this.functionBudgetMs),
      log,
    });
  }

  /**
   * Lint `task`: in a worker, or — `inline` — right here in the calling thread (for a small document whose
   * relints take a millisecond or two: the hop to the worker and back would cost a good part of that).
   */
  run(task: ServerLintTask, inline = false): LintHandle {
    if (!inline || !this.script) {
      const handle = this.pool.run(task);
      return { ...handle, promise: handle.promise.then(reply => this.withProblems(task.file, reply)) };
    }
    let cancel!: () => void;
    let done = false;
    const promise = new Promise<LintReply>((resolve, reject) => {
      cancel = () => reject(new CancelledError());
      runLintTask(task)
        .finally(() => (done = true))
        .then(resolve, reject);
    });
    // An inline lint takes a few milliseconds, and holds this thread meanwhile: nothing tells it to end early.
    return { promise, cancel, supersede: cancel, endEarly: () => undefined, running: () => !done };
  }

  /** True once this thread has warmed up for inline lints (warmUpInline). */
  inlineReady = false;
  private inlineWarming = false;
  private disposed = false;

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

  /** `reply` with its findings, when a worker sent them as what changed since the list this thread holds. */
  private withProblems(file: string, reply: LintReply): LintReply {
    const delta = reply.problemsDelta;
    if (!delta) return reply;
    const problems = this.received.decode(file, delta);
    if (!problems) throw new Error(`the findings of ${file} came as changes to a list this thread does not hold`);
    const { problemsDelta: _delta, ...rest } = reply;
    return { ...rest, result: { ...reply.result, problems } };
  }

  /** A document was closed: the workers (and this thread's inline linting) drop its incremental state. */
  forget(file: string): void {
    forgetDocument(file);
    this.sent.forget(file);
    this.received.forget(file);
    this.pool.notify({ forget: file });
  }

  dispose(): void {
    this.disposed = true;
    this.pool.dispose();
  }
}
