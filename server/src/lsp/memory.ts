/**
 * Keeps a long-lived server's heap from piling up garbage between edits.
 *
 * Each relint leaves garbage behind (the old text, the last results, the parts
 * of the document re-parsed); V8 lets the heap grow well past what is live
 * before it collects, so a server's memory climbs edit after edit until a major
 * collection. After each lint, when the heap has grown by more than a tenth
 * since the last collection — and by at least MIN_GROWTH bytes, so that a small
 * document's few kilobytes of garbage per edit do not start a major collection
 * every few edits — a major collection is started in the background (V8's
 * concurrent marking: the thread is not stopped for it), so memory stays flat
 * while the user types.
 */
import * as v8 from 'node:v8';
import * as vm from 'node:vm';

type Gc = (options?: { type?: 'major' | 'minor'; execution?: 'sync' | 'async' }) => unknown;

/**
 * A major collection starts once the heap has grown by this share since the last one: under the 10% the
 * language server promises for memory while a document is edited, whatever the size of the heap.
 */
export const GROWTH = 0.1;

/** Below this much growth V8's own scheduling is left alone (a major GC of a small heap costs more than it frees). */
export const MIN_GROWTH = 16 * 1024 * 1024;

let gcFn: Gc | null | undefined;
function gcFunction(): Gc | null {
  if (gcFn === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      gcFn = vm.runInNewContext('gc') as Gc;
    } catch {
      gcFn = null;
    }
  }
  return gcFn;
}

let baseline = 0;

/** The heap in use (cheaper than process.memoryUsage(), which also measures the RSS). */
const heapUsed = (): number => v8.getHeapStatistics().used_heap_size;

/** Call when a unit of work (a lint, a publish) is done. */
export function collectIfGrown(growth = GROWTH, minGrowth = MIN_GROWTH): void {
  const used = heapUsed();
  if (baseline === 0) {
    baseline = used;
    return;
  }
  if (used <= baseline * (1 + growth) || used - baseline < minGrowth) return;
  const gc = gcFunction();
  if (!gc) return;
  try {
    const r = gc({ type: 'major', execution: 'async' });
    void Promise.resolve(r).then(() => {
      baseline = heapUsed();
    });
  } catch {
    gcFn = null;
  }
}
