/**
 * Worker thread of the CLI's parallel mode: the CLI bundle (server/out/cli.js) itself, started with
 * `workerData: { apiconvCliWorker: true }` (one bundle instead of two in the npm package).
 * Receives `{ id, task }`, answers `{ id, result }`; each worker keeps its own
 * ruleset cache, so a ruleset file is loaded once per worker.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { attachMeter, RulesetCache } from '../engine';
import { lintOne, type CliLintTask } from './lintOne';
import { computeFixes } from './fixCommand';

/** True in a worker thread started by pool.ts. */
export function isCliWorker(): boolean {
  return parentPort !== null && (workerData as { apiconvCliWorker?: boolean } | undefined)?.apiconvCliWorker === true;
}

export function runCliWorker(): void {
  const port = parentPort;
  if (!port) return;
  // What custom functions are doing, for the main thread's time budget (pool.ts).
  const meter = (workerData as { meter?: SharedArrayBuffer } | undefined)?.meter;
  if (meter) attachMeter(meter, names => port.postMessage({ id: -1, names }));
  const caches = new Map<boolean, RulesetCache>();
  const cacheFor = (remote: boolean) => {
    let cache = caches.get(remote);
    if (!cache) caches.set(remote, (cache = new RulesetCache({ allowRemote: remote })));
    return cache;
  };
  port.on('message', async (msg: { id: number; task: CliLintTask } | { id: number; fix: { tasks: CliLintTask[]; budgetMs: number } }) => {
    if ('fix' in msg) {
      // --fix with the repository's JavaScript (fixIsolated.ts): the fixes of every task, nothing written here.
      const { tasks, budgetMs } = msg.fix;
      const fix = await computeFixes(tasks, cacheFor(tasks[0]?.allowRemoteRefs ?? false), { functionBudgetMs: budgetMs, onTask: fixTask => port.postMessage({ id: -1, fixTask }) });
      port.postMessage({ id: msg.id, fix });
      return;
    }
    const result = await lintOne(msg.task, cacheFor(msg.task.allowRemoteRefs));
    port.postMessage({ id: msg.id, result });
  });
}
