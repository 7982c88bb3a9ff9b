/**
 * The size of V8's young generation in a CLI run (cli/launch.ts). V8 starts it at 1 MB a semi-space and doubles it,
 * up to 16 MB, whenever most of what a scavenge found was still alive. Loading the bundle keeps nearly everything it
 * allocates, and a lint keeps the document's tree: both make it grow to its maximum, which is memory the process
 * holds (both semi-spaces, in use or not) without saving time, since what survives is promoted to the old generation
 * anyway. Kept at its first size (a growth factor of 1), a lint's peak RSS is 5–6 MB lower on a small document and
 * 25–70 MB lower on asana or digitalocean, with the same CPU time (measured in the issue's notes).
 *
 * `--max-semi-space-size` would do it, but only on Node's command line (V8 reads it when it makes the heap); the
 * growth factor is read at each growth, so it is set at run time. V8 hashes its flags into a code cache and rejects a
 * cache made under other flags: the launcher sets the factor after it has compiled the bundle with its cache, and
 * sets it back before it writes one, so every cache is made and read under the default flags. The CLI's worker
 * threads (a parallel run) get the default back too: the flag is the process's, and their lints were not measured.
 */
import * as v8 from 'node:v8';

const SMALL = '--semi-space-growth-factor=1';
const DEFAULT = '--semi-space-growth-factor=2';

// The launcher (cli.js) and the bundle it runs (cli.bundle.js) each hold a copy of this module: the state is global.
const SMALL_NOW = Symbol.for('apiconv.smallYoungGeneration');
const state = globalThis as { [SMALL_NOW]?: boolean };

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
