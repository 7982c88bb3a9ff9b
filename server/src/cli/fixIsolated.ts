/**
 * `--fix` and `--fix-dry-run` with a ruleset that runs the repository's JavaScript (issue 16): the fixes are
 * computed in a worker thread (worker.ts) under the custom functions' time budget, as the lint of such a
 * ruleset is (pool.ts). A function that runs past it is stopped with its worker, and the fixes are computed
 * again from the start (nothing is written before the end) with that rule skipped for that document: one
 * finding names it, the other rules' findings and fixes are kept. The main thread writes (fixCommand.ts).
 */
import { Worker } from 'node:worker_threads';
import { BudgetWatch, createMeter, DEFAULT_FUNCTION_BUDGET_MS, LOADING_NAME, pollBudget, type RulesetCache } from '../engine';
import { computeFixes, type FixComputation } from './fixCommand';
import type { CliLintTask } from './lintOne';
import { workerScript } from './pool';

type Attempt = { result: FixComputation } | { over: { index: number; rules: string[] } } | { failed: string };

export async function computeFixesIsolated(tasks: readonly CliLintTask[], cache: RulesetCache, budgetMs = DEFAULT_FUNCTION_BUDGET_MS): Promise<FixComputation> {
  const script = workerScript();
  // Not running from the bundle (tests through tsx, the single executable): in this thread, as the lint pool does.
  if (!script) return computeFixes(tasks, cache, { functionBudgetMs: budgetMs });
  const stopped = new Map<number, Set<string>>();
  const timedOut = new Set<number>();
  for (;;) {
    const attempt = await runAttempt(
      script,
      tasks.map((t, i) => ({ ...t, stoppedRules: [...(stopped.get(i) ?? t.stoppedRules ?? [])], rulesetTimedOut: t.rulesetTimedOut || timedOut.has(i), functionBudgetMs: budgetMs })),
      budgetMs,
    );
    if ('result' in attempt) return attempt.result;
    if ('failed' in attempt) return { pending: new Map(), originals: new Map(), fixesIn: new Map(), lastWriter: new Map(), finals: new Map(), errors: [attempt.failed], stopped: new Map() };
    const { index, rules } = attempt.over;
    const set = stopped.get(index) ?? new Set(tasks[index]?.stoppedRules ?? []);
    const size = set.size;
    for (const r of rules) if (r !== LOADING_NAME) set.add(r);
    stopped.set(index, set);
    // The loading, or a block no new rule explains (the backstop named only rules already skipped): the document is not fixed.
    if (rules.includes(LOADING_NAME) || set.size === size) timedOut.add(index);
  }
}

function runAttempt(script: string, tasks: CliLintTask[], budgetMs: number): Promise<Attempt> {
  return new Promise(resolve => {
    const meter = createMeter();
    let names: string[] = [];
    let current = -1;
    let watch: BudgetWatch | undefined;
    let settled = false;
    const worker = new Worker(script, { workerData: { apiconvCliWorker: true, meter } });
    const end = (a: Attempt) => {
      if (settled) return;
      settled = true;
      stopWatch();
      worker.removeAllListeners();
      void worker.terminate();
      resolve(a);
    };
    const stopWatch = pollBudget(() => watch?.check(), () => !settled, over => end({ over: { index: current, rules: over.rules } }));
    worker.on('message', (msg: { names: string[] } | { fixTask: number } | { fix: FixComputation }) => {
      if ('names' in msg) names = msg.names;
      else if ('fixTask' in msg) {
        current = msg.fixTask;
        watch = new BudgetWatch(meter, () => names, budgetMs);
      } else if ('fix' in msg) end({ result: msg.fix });
    });
    worker.on('error', e => end({ failed: `${tasks[current]?.file ?? 'apiconv'}: cannot fix: worker failed: ${e.message}` }));
    worker.on('exit', code => end({ failed: `${tasks[current]?.file ?? 'apiconv'}: cannot fix: worker exited (${code})` }));
    worker.postMessage({ id: 0, fix: { tasks, budgetMs } });
  });
}
