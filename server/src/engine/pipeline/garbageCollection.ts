/**
 * Full garbage collections at the CLI's chosen moments, when the heap is big: after the remote `$ref`s are resolved
 * (resolve/resolver.ts), after the parse, resolve and rules stages (pipeline/linter.ts: what they made and dropped,
 * and in a one-shot lint all but their results, before the finish stage builds on them) and between the lint and its
 * report (cli/main.ts). The language server makes none. Another, between the resolve and run stages, was tried and
 * dropped: it took a noticeable share of the time of the big documents for a few MiB of peak memory on some.
 *
 * A one-shot lint of a big document fills V8's old generation with what the parse, the resolver and the runner
 * made and dropped; V8 collects it only when the heap reaches its next limit, set high after the last collection,
 * so the next stage (the run; the report: a JSON report of kubernetes is 5 MB, its string, its objects and its
 * write buffer) is built on top of all of it and the process's peak memory is reached there. Collected once a
 * stage is over, that garbage is memory the next one reuses. Each collection costs a few tens of milliseconds on
 * the biggest documents; below `MIN_HEAP` none is made.
 *
 * Node gives the collector's function only to a process started with `--expose-gc`: the flag is set for the moment
 * the function is taken (`gc` of a new context), then set back, as V8 checks its flags against the code cache the
 * launcher writes at exit.
 */
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { growYoungGeneration } from '../../bundle/youngGeneration';

/** Below this much heap in use, no collection: what it could give back is less than what a report adds. */
const MIN_HEAP = 48 * 1024 * 1024;

/** Set by the CLI: collections between a cold lint's stages. */
export const stageCollection = { enabled: false };

/** A CLI lint that has read this much input (UTF-16 units of the root's text and its referenced files') is big. */
const BIG_INPUT = 1024 * 1024;
let inputRead = 0;

/**
 * Counts the text a CLI lint reads (lint.ts the root, resolve/documentInventory.ts the referenced files): past
 * BIG_INPUT, the young generation grows (bundle/youngGeneration.ts). Nothing in the language server.
 */
export function noteInputRead(length: number): void {
  if (!stageCollection.enabled || inputRead >= BIG_INPUT) return;
  inputRead += length;
  if (inputRead >= BIG_INPUT) growYoungGeneration(gcFunction());
}

/** A stage that grew the heap by less than this left too little to collect for the collection's cost. */
const STAGE_GROWTH = 16 * 1024 * 1024;

const heapInUse = (): number => process.memoryUsage().heapUsed;

/**
 * Runs a stage of a CLI lint, then collects when it grew the heap by STAGE_GROWTH or more. The remote resolution of
 * digitalocean's 2,850 files leaves 45 MB of garbage; that of github-api, whose only remote `$ref`s are `https:`
 * addresses in examples (not followed), none: its collection freed nothing. (Without it, V8 makes one of its own later,
 * mostly concurrent: the same time, a lower peak RSS.)
 */
export async function collectAfter<T>(stage: () => Promise<T>): Promise<T> {
  if (!stageCollection.enabled) return stage();
  const before = heapInUse();
  const out = await withSlowHeapGrowth(stage);
  if (heapInUse() - before >= STAGE_GROWTH) collectGarbage();
  return out;
}

/**
 * How far past what its last full collection left V8 lets the heap of a big lint grow before it collects again, in
 * percent. V8's own factor, set from its collector's speed, let it reach about twice that: the rules' stage of the
 * biggest documents ended with nearly as much garbage as it kept alive, the lint's peak memory. A few more
 * collections, mostly concurrent, cost little beside that memory.
 */
const BIG_HEAP_GROWTH = 50;
let slowGrowthDepth = 0;

/**
 * Runs a stage of a CLI lint that has read BIG_INPUT or more with V8's heap growth set to BIG_HEAP_GROWTH, V8's own
 * again after it. V8 hashes its flags into the code cache the launcher writes at exit: none is written under this one.
 */
async function withSlowHeapGrowth<T>(stage: () => Promise<T>): Promise<T> {
  if (inputRead < BIG_INPUT) return stage();
  if (slowGrowthDepth++ === 0) v8.setFlagsFromString(`--heap-growing-percent=${BIG_HEAP_GROWTH}`);
  try {
    return await stage();
  } finally {
    if (--slowGrowthDepth === 0) v8.setFlagsFromString('--heap-growing-percent=0');
  }
}

export function collectGarbage(): void {
  if (heapInUse() < MIN_HEAP) return;
  gcFunction()?.();
}

/** V8's collector as `--expose-gc` gives it (the options are those of V8's gc extension). */
export type Gc = (options?: { type?: 'major' | 'minor'; execution?: 'sync' | 'async' }) => unknown;

let taken: Gc | null | undefined;

/**
 * The collector, taken once (null where it cannot be had). Also the language server's (lsp/memory.ts): the flag is
 * set back there too, or the code cache its workers write would carry it and be rejected by the next server.
 */
export function gcFunction(): Gc | null {
  if (taken !== undefined) return taken;
  taken = null;
  const given = typeof (globalThis as { gc?: unknown }).gc === 'function';
  try {
    if (given) taken = (globalThis as unknown as { gc: Gc }).gc;
    else {
      v8.setFlagsFromString('--expose-gc');
      taken = vm.runInNewContext('gc') as Gc;
    }
  } catch {
    taken = null;
  } finally {
    if (!given) v8.setFlagsFromString('--no-expose-gc');
  }
  return taken;
}
