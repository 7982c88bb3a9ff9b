/**
 * Keeps a long-lived server's heap from piling up garbage between edits, without making typing pay for it.
 *
 * Each relint leaves garbage behind (the old text — 8 MB for stripe, whose typographic quotes make V8 store it
 * two bytes a character —, the last results, the parts of the document re-parsed), in the lint worker and on the
 * main thread; V8 lets the heap grow well past what is live before it collects, so a server's memory climbs edit
 * after edit. A forced major collection of a big heap holds the thread for a while, and collecting after every
 * few edits put that in the keystrokes' latency.
 *
 * So a thread collects in the pauses between keystrokes: each unit of work done (a lint, a publish) arms a timer
 * of IDLE_MS, any work arriving (an edit, a lint request) disarms it, and when it fires with nothing pending and
 * the heap grown since the last collection, a major collection runs. A user typing does not wait for it (a
 * keystroke a few hundred milliseconds after the last one finds no collection), and the memory is reclaimed as
 * soon as they pause. Typing on without any pause is bounded too: past CEILING growth a collection runs at once.

 */
import * as v8 from 'node:v8';
import { gcFunction } from '../engine';
import { memoryTraceOn, traceQuietMoment } from './memoryTrace';

/**
 * Quiet time after the last unit of work before a thread collects: longer than the gap between a typist's
 * keystrokes (100–300 ms), short enough to be reached in a pause to think.
 */
export const IDLE_MS = 1000;

/** In a pause, a major collection runs once the heap has grown by this share since the last one (and by MIN_GROWTH). */
export const GROWTH = 0.05;

/** Below this much growth V8's own scheduling is left alone (a major GC of a small heap costs more than it frees). */
export const MIN_GROWTH = 16 * 1024 * 1024;

/**
 * Without any pause, a collection runs right after a unit of work once the heap has doubled since the last one: V8
 * left alone lets it grow on. Not lower: the main thread's heap gains several MB per edit of a big document (the new
 * text, the worker's reply, the diagnostics and their JSON), and a lower ceiling collected every other keystroke
 * while the user typed.
 */
export const CEILING = 1;

let gcFailed = false;

/** A major collection in a task of its own; resolves when done (false: not available here). */
function majorGc(): Promise<boolean> | false {
  const gc = gcFailed ? null : gcFunction();
  if (!gc) return false;
  try {
    return Promise.resolve(gc({ type: 'major', execution: 'async' })).then(() => true);
  } catch {
    gcFailed = true;
    return false;
  }
}

/** The heap in use (cheaper than process.memoryUsage(), which also measures the RSS). */
const heapUsed = (): number => v8.getHeapStatistics().used_heap_size;

export interface IdleCollectorOptions {
  idleMs?: number;
  growth?: number;
  minGrowth?: number;
  ceiling?: number;
  /** Work is pending (a lint scheduled or running): a pause is not a pause yet. */
  busy?: () => boolean;
  /** For tests: the collection (resolves when done; false when not available) and the heap in use. */
  gc?: () => Promise<boolean> | false;
  heapUsed?: () => number;
  /** The thread's name in the memory trace (memoryTrace.ts). */
  name?: string;
}

/** One thread's collection policy (see above): call `activity()` when work arrives and `done()` when a unit of it is done. */
export class IdleCollector {
  readonly idleMs: number;
  private readonly growth: number;
  private readonly minGrowth: number;
  private readonly ceiling: number;
  private readonly busy: () => boolean;
  private readonly gc: () => Promise<boolean> | false;
  private readonly used: () => number;
  private baseline = 0;
  private timer: NodeJS.Timeout | undefined;
  private collecting = false;
  /** A warm-up was the last work done: no baseline yet (warmedUp). */
  private warming = false;
  private readonly name: string;
  /** Units of work done (done() calls). */
  private units = 0;
  /** Collections started (for tests and the status). */
  collections = 0;

  constructor(o: IdleCollectorOptions = {}) {
    this.idleMs = o.idleMs ?? IDLE_MS;
    this.growth = o.growth ?? GROWTH;
    this.minGrowth = o.minGrowth ?? MIN_GROWTH;
    this.ceiling = o.ceiling ?? CEILING;
    this.busy = o.busy ?? (() => false);
    this.gc = o.gc ?? majorGc;
    this.used = o.heapUsed ?? heapUsed;
    this.name = o.name ?? 'thread';
  }

  /** Work arrived (an edit, a lint request): no collection until the next pause. */
  activity(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** A unit of work is done: collect in the pause that may follow (or now, past the ceiling). */
  done(): void {
    this.units++;
    this.warming = false;
    const used = this.used();
    if (this.baseline === 0) this.baseline = used;
    if (this.grown(used, this.ceiling)) {
      this.activity();
      this.collect();
      return;
    }
    this.armPause();
  }

  private armPause(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.idle(), this.idleMs);
    // A pending collection does not keep a process alive that has nothing else to do.
    this.timer.unref?.();
  }

  /**
   * The thread's warm-up is done: its garbage is collected in the pause that may follow, but the heap it leaves is
   * no baseline. Measured from the warm-up's small heap, the ceiling made the first real unit of work (opening a big
   * document, several times that heap) collect at once, in the time of the first keystroke after it.
   */
  warmedUp(): void {
    this.warming = true;
    this.armPause();
  }

  /** Stop (the thread is closing). */
  dispose(): void {
    this.activity();
  }

  private idle(): void {
    this.timer = undefined;
    // Still busy: the work in progress calls done() again when it is, and that arms the next pause.
    if (this.busy()) return;
    if (memoryTraceOn()) {
      traceQuietMoment(this.name, this.units);
      this.baseline = this.used();
      return;
    }
    if (this.grown(this.used(), this.growth)) this.collect();
  }

  private grown(used: number, share: number): boolean {
    return used > this.baseline * (1 + share) && used - this.baseline >= this.minGrowth;
  }

  private collect(): void {
    if (this.collecting) return;
    const r = this.gc();
    if (!r) return;
    this.collecting = true;
    this.collections++;
    void r.then(
      () => {
        this.collecting = false;
        this.baseline = this.warming ? 0 : this.used();
      },
      () => (this.collecting = false),
    );
  }
}
