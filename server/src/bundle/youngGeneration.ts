/**
 * The size of V8's young generation in a CLI run (cli/launch.ts). V8 starts it at 1 MB a semi-space and doubles it,
 * up to 16 MB, whenever most of what a scavenge found was still alive. Loading the bundle keeps nearly everything it
 * allocates, and a lint keeps the document's tree: both make it grow to its maximum, which is memory the process
 * holds (both semi-spaces, in use or not) without saving time, since what survives is promoted to the old generation
 * anyway. Kept at its first size (a growth factor of 1), a lint's peak RSS is lower, most on multi-file documents,
 * for the same CPU time.
 *
 * `--max-semi-space-size` would do it, but only on Node's command line (V8 reads it when it makes the heap); the
 * growth factor is read at each growth, so it is set at run time. V8 hashes its flags into a code cache and rejects a
 * cache made under other flags: the launcher sets the factor after it has compiled the bundle with its cache, and
 * sets it back before it writes one, so every cache is made and read under the default flags. The CLI's worker
 * threads (a parallel run) get the default back too: the flag is the process's, and their lints were not measured.
 *
 * A big lint is another matter: at 1 MB a semi-space, the biggest documents make hundreds of scavenges, each copying
 * what the parse and the resolver keep. Semi-spaces of 4 MB save time on the documents over 1 MB for a few MiB of
 * peak RSS; larger ones cost much more memory for little more time. V8 sets
 * the young generation's maximum (16 MB) when it makes the heap, before anyone knows the document: a lint that reads
 * a big input grows it once, on purpose, to 4 MB (growYoungGeneration), and it stays there.
 */
import * as v8 from 'node:v8';

const SMALL = '--semi-space-growth-factor=1';
const DEFAULT = '--semi-space-growth-factor=2';

// The launcher (cli.js) and the bundle it runs (cli.bundle.js) each hold a copy of this module: the state is global.
const SMALL_NOW = Symbol.for('apiconv.smallYoungGeneration');
const GROWN = Symbol.for('apiconv.grownYoungGeneration');
const state = globalThis as { [SMALL_NOW]?: boolean; [GROWN]?: boolean };

/** Whoever runs node chose a young generation (a flag on the command line or in NODE_OPTIONS): theirs is kept. */
function chosenByUser(): boolean {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
  return /semi[-_]space/.test(given);
}

/** Keeps the young generation at its first size (not on a worker thread, nor when the user chose its size). */
export function keepYoungGenerationSmall(isMainThread: boolean): void {
  if (state[SMALL_NOW] === true || !isMainThread || chosenByUser()) return;
  v8.setFlagsFromString(SMALL);
  state[SMALL_NOW] = true;
}

/** V8's default growth again: before a code cache is written, or worker threads compile the bundle. */
export function restoreYoungGeneration(): void {
  if (state[SMALL_NOW] !== true) return;
  v8.setFlagsFromString(DEFAULT);
  state[SMALL_NOW] = false;
}

/** How many times its first size the young generation of a big lint is (growYoungGeneration). */
const BIG_FACTOR = 4;

/** The young generation's committed size (both semi-spaces). */
function newSpaceSize(): number {
  return v8.getHeapSpaceStatistics().find(s => s.space_name === 'new_space')?.space_size ?? 0;
}

/**
 * Makes the young generation BIG_FACTOR times its first size, once, where the launcher keeps it small (else it is
 * V8's or the user's). V8 grows it after a scavenge that found more alive than its size; the growth factor is
 * BIG_FACTOR for a scavenge forced (`gc`, minor) while 1.1 MB of arrays is alive, then 1 again, so that it grows
 * exactly once.
 */
export function growYoungGeneration(gc: ((options?: { type?: 'major' | 'minor' }) => unknown) | null): void {
  if (state[SMALL_NOW] !== true || state[GROWN] === true || gc === null) return;
  state[GROWN] = true;
  const first = newSpaceSize();
  const alive: number[][] = [];
  for (let i = 0; i < 24; i++) alive.push(new Array<number>(6000).fill(0));
  v8.setFlagsFromString(`--semi-space-growth-factor=${BIG_FACTOR}`);
  try {
    for (let i = 0; i < 3 && newSpaceSize() === first; i++) gc({ type: 'minor' });
  } finally {
    v8.setFlagsFromString(SMALL);
  }
  alive.length = 0;
}
