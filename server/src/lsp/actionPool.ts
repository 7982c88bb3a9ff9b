/**
 * The code-action worker: computes the edits of code actions (codeActions.ts runActionJob: a quick fix, an ignore
 * comment, "Fix all <rule>", the fix-all of fix-on-save) off the language server's main thread, so that a fix-all
 * of a big document (many relints) never holds hover, symbols or the diagnostics of the next edit.
 *
 * A worker pool (workers/pool.ts) of one worker, started on the first job (the server bundle itself, as the lint
 * worker is), jobs one at a time. A cancelled running job terminates the worker at once (a job keeps no state; the
 * next job starts a new one); a worker idle for IDLE_MS is terminated too, so that its ruleset and texts do not
 * stay in memory. If workers cannot be started (the server runs unbundled, as in tests), jobs run in this thread.
 *
 * Custom functions have the lint worker's time budget here too (engine/functionBudget.ts): a fix or fix-all relints
 * the document, so a ruleset function that loops for ever would hold this worker, and every later code action, for
 * good. Past the budget the pool terminates the worker and the job runs again in a new one with the rules that ran
 * over skipped (their functions return nothing: no finding, so no fix of theirs), and they stay skipped for that
 * document's later jobs until a ruleset file or the trust changes (overruns.ts). The budget counts per job (a
 * fix-all's relints together), as a lint's counts per document.
 */
import type { CancellationToken } from 'vscode-languageserver/node';
import { startWorker } from './workerBoot';
import { runActionJob, type ActionJob, type JobResult } from './codeActions';
import { editsWithBom } from './bom';
import { SERVER_LIMIT_SETTINGS, resolveRuleset, type ServerLintTask } from './lintWorker';
import { OverrunMemory } from './overruns';
import { DEFAULT_FUNCTION_BUDGET_MS, LOADING_NAME, readRefFile, taskLintOptions, withFunctionBudget, withoutBom } from '../engine';
import { CancelledError, WorkerPool } from '../workers/pool';
import { serveTasks } from '../workers/serve';

/** A job and what it runs on: the document's text, the open buffers, and how the document is linted. */
export interface ActionTask extends Pick<
  ServerLintTask,
  | 'file'
  | 'text'
  | 'rulesetFile'
  | 'trusted'
  | 'allowRemoteRefs'
  | 'overlays'
  | 'configEpoch'
  | 'configRoot'
  | 'refRoots'
  | 'maxBytes'
  | 'stoppedRules'
  | 'rulesetTimedOut'
  | 'functionBudgetMs'
> {
  job: ActionJob;
}

/** How long an idle worker is kept. */
const IDLE_MS = 30_000;

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
  serveTasks<ActionTask, JobResult | undefined>({ run: runActionTask, uncaught: e => console.error('apiconv action worker:', e) });
}

export class ActionPool {
  /** Milliseconds a custom function may run per job (the server sets apiconv.functionBudgetMs). */
  functionBudgetMs = DEFAULT_FUNCTION_BUDGET_MS;
  private readonly overruns = new OverrunMemory();
  private readonly pool: WorkerPool<ActionTask, JobResult | undefined>;

  constructor(script: string | undefined, log: (msg: string) => void = () => undefined) {
    this.pool = new WorkerPool<ActionTask, JobResult | undefined>({
      name: 'code action worker',
      start: script ? meter => startWorker(script, { workerData: { apiconvActionWorker: true, meter } }) : undefined,
      runHere: runActionTask,
      idleMs: IDLE_MS,
      budgetMs: () => this.functionBudgetMs,
      prepare: task => this.overruns.apply(task, this.functionBudgetMs),
      afterOverrun: (task, over) => {
        log(
          `code action: custom functions ran past the time budget (${this.functionBudgetMs} ms), the worker was restarted: ${over.rules.filter(r => r !== LOADING_NAME).join(', ') || 'the ruleset did not finish loading'}`,
        );
        return this.overruns.record(task, over, this.functionBudgetMs);
      },
      log,
    });
  }

  /** Runs `task`; a cancellation (token) rejects with CancelledError and stops the work. */
  run(task: ActionTask, token?: CancellationToken): Promise<JobResult | undefined> {
    if (token?.isCancellationRequested) return Promise.reject(new CancelledError());
    const handle = this.pool.run(task);
    token?.onCancellationRequested(handle.cancel);
    return handle.promise;
  }

  dispose(): void {
    this.pool.dispose();
  }
}
