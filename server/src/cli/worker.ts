/**
 * Worker thread of the CLI's parallel mode (bundled to server/out/worker.js).
 * Receives `{ id, task }`, answers `{ id, result }`; each worker keeps its own
 * ruleset cache, so a ruleset file is loaded once per worker.
 */
import { parentPort } from 'node:worker_threads';
import { RulesetCache } from '../engine/ruleset';
import { lintOne, type LintTask } from './lintOne';

const port = parentPort;
if (port) {
  const caches = new Map<boolean, RulesetCache>();
  port.on('message', async (msg: { id: number; task: LintTask }) => {
    const remote = msg.task.allowRemoteRefs;
    let cache = caches.get(remote);
    if (!cache) caches.set(remote, (cache = new RulesetCache({ allowRemote: remote })));
    const result = await lintOne(msg.task, cache);
    port.postMessage({ id: msg.id, result });
  });
}
