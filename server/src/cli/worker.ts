/**
 * Worker thread of the CLI's parallel mode: the CLI bundle (server/out/cli.js) itself, started with
 * `workerData: { apiconvCliWorker: true }` (one bundle instead of two in the npm package).
 * Receives `{ id, task }`, answers `{ id, result }`; each worker keeps its own
 * ruleset cache, so a ruleset file is loaded once per worker.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { RulesetCache } from '../engine/ruleset';
import { lintOne, type LintTask } from './lintOne';

/** True in a worker thread started by pool.ts. */
export function isCliWorker(): boolean {
  return parentPort !== null && (workerData as { apiconvCliWorker?: boolean } | undefined)?.apiconvCliWorker === true;
}

export function runCliWorker(): void {
  const port = parentPort;
  if (!port) return;
  const caches = new Map<boolean, RulesetCache>();
  port.on('message', async (msg: { id: number; task: LintTask }) => {
    const remote = msg.task.allowRemoteRefs;
    let cache = caches.get(remote);
    if (!cache) caches.set(remote, (cache = new RulesetCache({ allowRemote: remote })));
    const result = await lintOne(msg.task, cache);
    port.postMessage({ id: msg.id, result });
  });
}
