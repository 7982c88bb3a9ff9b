/**
 * What a server thread's memory is made of, at its quiet moments, for finding what grows over a long session:
 * `APICONV_MEMORY_TRACE=<folder>` makes each thread that collects in its pauses (memory.ts) append a line of JSON to
 * `<folder>/<pid>-<thread>.jsonl` whenever a pause comes: the process's RSS, the thread's heap (used, committed,
 * malloced by V8, external, array buffers) before and after a full collection, and the units of work done so far:
 * what a thread's heap holds live at rest, what a collection gives back, and how far RSS is from the heaps (native
 * memory). Off by default: with it on, every pause makes a full collection.
 *
 * What the heap holds, object by object: a file `snapshot-<n>` put in the folder makes each lint worker write a V8
 * heap snapshot `<pid>-<thread>-<n>.heapsnapshot` there at its next pause (once per n), after the collection — two of
 * them taken a few thousand edits apart say what grew (test/bench/memoryDrive.ts compares them). Not the main thread:
 * its snapshot, which takes in the workers it runs, did not finish while they ran (Node 20).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import { isMainThread, threadId } from 'node:worker_threads';
import { gcFunction } from '../engine';

const folder = process.env.APICONV_MEMORY_TRACE;

/** Is the trace on (for this process)? */
export const memoryTraceOn = (): boolean => folder !== undefined && folder !== '';

interface HeapFigures {
  heapUsed: number;
  heapCommitted: number;
  malloced: number;
  external: number;
  arrayBuffers: number;
  /**
   * Per heap space (old, new, code, large_object…), used and committed: a big text lives in the large objects' space,
   * and a space's committed size beyond what it uses is memory V8 keeps.
   */
  spaces: Record<string, [used: number, committed: number]>;
}

const MB = 1024 * 1024;
const mb = (n: number) => Math.round((n / MB) * 10) / 10;

function heapFigures(): HeapFigures {
  const h = v8.getHeapStatistics();
  const u = process.memoryUsage();
  return {
    heapUsed: mb(h.used_heap_size),
    heapCommitted: mb(h.total_heap_size),
    malloced: mb(h.malloced_memory),
    external: mb(h.external_memory),
    arrayBuffers: mb(u.arrayBuffers),
    spaces: Object.fromEntries(v8.getHeapSpaceStatistics().map(sp => [sp.space_name.replace(/_space$/, ''), [mb(sp.space_used_size), mb(sp.space_size)]])),
  };
}

/** A pause in `thread` after `units` units of work: one line of the trace. */
export function traceQuietMoment(thread: string, units: number): void {
  if (!memoryTraceOn()) return;
  const name = `${process.pid}-${thread}${isMainThread ? '' : threadId}`;
  const before = heapFigures();
  // Two, as a pause's collection is (memory.ts): the second gives back the pages the first emptied.
  for (let i = 0; i < 2; i++) gcFunction()?.();
  const after = heapFigures();
  const line = { t: Date.now(), thread: name, units, rss: mb(process.memoryUsage.rss()), before, after };
  fs.mkdirSync(folder!, { recursive: true });
  fs.appendFileSync(path.join(folder!, `${name}.jsonl`), JSON.stringify(line) + '\n');
  if (!isMainThread) snapshotIfAsked(name);
}

/** The last `snapshot-<n>` this thread wrote a heap snapshot for. */
let snapshotTaken = 0;

function snapshotIfAsked(name: string): void {
  const asked = Math.max(0, ...fs.readdirSync(folder!).map(f => Number(/^snapshot-(\d+)$/.exec(f)?.[1] ?? 0)));
  if (asked <= snapshotTaken) return;
  snapshotTaken = asked;
  v8.writeHeapSnapshot(path.join(folder!, `${name}-${asked}.heapsnapshot`));
}
