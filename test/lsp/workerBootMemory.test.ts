/**
 * What a server worker keeps of its start (workerBoot.ts): the bundle's file is read into a buffer (14 MB for the
 * server's) to be compiled, and the code cache into another. Once compiled, V8 holds the bundle's text itself; the
 * buffers are garbage, and a worker that kept them held them for its whole life — in each of the lint worker, its
 * spare and the code-action worker.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startWorker } from '../../server/src/lsp/workerBoot';

/** Size of the stand-in bundle: far above what a worker's own buffers come to. */
const BUNDLE_BYTES = 8 * 1024 * 1024;

/** A bundle (written as Node's module wrapper, as esbuild.mjs writes it) that reports its thread's array buffers once collected. */
function standInBundle(): string {
  const body = [
    "const { parentPort } = require('node:worker_threads');",
    "require('node:v8').setFlagsFromString('--expose-gc');",
    "const gc = require('node:vm').runInNewContext('gc');",
    'setTimeout(() => { gc(); gc(); parentPort.postMessage(process.memoryUsage().arrayBuffers); }, 50);',
  ].join('\n');
  const filler = `\n//${'x'.repeat(BUNDLE_BYTES)}\n`;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-boot-')), 'stand-in.bundle.js');
  fs.writeFileSync(file, `(function (exports, require, module, __filename, __dirname) {${body}${filler}});`);
  return file;
}

describe("a server worker's start", () => {
  it('keeps no buffer of the bundle it compiled', async () => {
    const worker = startWorker(standInBundle(), { workerData: {} });
    worker.ref();
    try {
      const arrayBuffers = await new Promise<number>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      assert.ok(
        arrayBuffers < BUNDLE_BYTES / 2,
        `the worker holds ${(arrayBuffers / 1048576).toFixed(1)} MB of array buffers; the bundle is ${BUNDLE_BYTES / 1048576} MB`,
      );
    } finally {
      await worker.terminate();
    }
  });
});
