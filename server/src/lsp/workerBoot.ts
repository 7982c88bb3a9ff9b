/**
 * The server's worker threads start with V8's code cache of the bundle, as the CLI does (cli/launch.ts): a lint
 * worker started without the cache compiles the whole bundle, then compiles each function of the engine the first time it runs, and the first document opened waits for
 * both. A worker that found no cache (or one V8 rejected) writes one once it has linted
 * (saveCodeCache: after its warm-up or its first lint), so that it holds the engine's functions too; the next
 * workers, of this server or of the next one, read it instead of compiling. The cache file is named after the Node
 * version and the bundle's size and time (a new build or another Node makes a new one) and lives in the CLI's
 * per-user folder under the system's temporary folder. `APICONV_NO_COMPILE_CACHE=1` turns it off; any failure with
 * the cache falls back to a plain compile.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { WRAPPER_OPEN, codeCacheFile, pruneCodeCaches } from '../bundle/codeCache';

/** The worker's hook that writes the cache (set by BOOT when there is none to use). */
const SAVE = 'apiconv.saveCodeCache';

/**
 * The worker's first code (CommonJS, run by `new Worker(…, { eval: true })`): the bundle compiled with the cached
 * code (none when the cache is off), then run as the module it is. A bundle that is not written as the module
 * wrapper is wrapped, its `#!` line made a comment of the same length (inside the wrapper it would not parse); if
 * the cache cannot be read, V8 compiles as usual.
 */
const BOOT = `'use strict';
// In a function: what is read to compile the bundle (its bytes, the cache) is garbage once it runs. Declared at the
// script's top level, it stayed in the worker's script context for the worker's life.
(() => {
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');
const { script: filename, cacheFile, lowPriority } = workerData.apiconvBoot;
// Before the bundle's compile, a second of a core: a thread has its own nice value on Linux only (elsewhere it is the
// whole process's, left alone); where it may not be changed, the worker runs at the server's priority.
if (lowPriority && process.platform === 'linux') {
  try {
    require('node:os').setPriority(require('node:os').constants.priority.PRIORITY_LOW);
  } catch {}
}
// ASCII (esbuild.mjs, asciiOnly) is read as Latin-1, the same text without decoding it (cli/launch.ts, readSource).
const bytes = fs.readFileSync(filename);
const { isAscii } = require('node:buffer');
const source = typeof isAscii === 'function' && isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
let cachedData;
try {
  if (cacheFile) cachedData = fs.readFileSync(cacheFile);
} catch {}
// The bundle is written as the module wrapper function (esbuild.mjs): compiled as it is, V8 holds its text once.
const wrapped = source.startsWith(${JSON.stringify(WRAPPER_OPEN)}) ? source : Module.wrap(source.replace(/^#!/, '//'));
const compiled = new vm.Script(wrapped, { filename, cachedData });
if (cacheFile && (cachedData === undefined || compiled.cachedDataRejected)) {
  globalThis[Symbol.for(${JSON.stringify(SAVE)})] = () => {
    delete globalThis[Symbol.for(${JSON.stringify(SAVE)})];
    try {
      fs.mkdirSync(path.dirname(cacheFile), { recursive: true, mode: 0o700 });
      const tmp = cacheFile + '.' + process.pid + '.' + require('node:worker_threads').threadId + '.tmp';
      fs.writeFileSync(tmp, compiled.createCachedData(), { mode: 0o600 });
      fs.renameSync(tmp, cacheFile);
    } catch {}
  };
}
const mod = new Module(filename);
mod.filename = filename;
mod.paths = Module._nodeModulePaths(path.dirname(filename));
compiled.runInThisContext().call(mod.exports, mod.exports, Module.createRequire(filename), mod, filename, path.dirname(filename));
})();
`;

/**
 * A worker thread of the server running the bundle `script`, started with its code cache where there is one. It
 * always starts through BOOT: the bundle is the module wrapper function, which a worker started on the file would
 * only define. Its output goes to the server's (stderr: the client's log), and it does not keep the server alive.
 * `lowPriority`: work in the background, which gives the CPU to the lints (on Linux, the thread's lowest priority
 * from its start on).
 */
export function startWorker(script: string, options: WorkerOptions, lowPriority = false): Worker {
  const label = `${path.basename(script)}-worker`;
  const cacheFile = codeCacheFile(script, label);
  // This worker writes a new cache (a new build, another Node): the old ones go (not on every start).
  if (cacheFile && !fs.existsSync(cacheFile)) pruneCodeCaches(cacheFile, label);
  const workerData = { ...(options.workerData as object), apiconvBoot: { script, cacheFile, lowPriority } };
  const worker = new Worker(BOOT, { stdout: false, stderr: false, ...options, eval: true, workerData });
  worker.unref();
  return worker;
}

/** In a worker: write the code cache if this worker started without one (once; the later calls do nothing). */
export function saveCodeCache(): void {
  const save = (globalThis as Record<symbol, unknown>)[Symbol.for(SAVE)];
  if (typeof save === 'function') save();
}
