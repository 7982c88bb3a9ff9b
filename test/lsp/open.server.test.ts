/**
 * Opening a document (first diagnostics after opening a big document): what the server does around the
 * first lint must not hold it up.
 * - A request that parses the document in the server's main thread (the outline, which VS Code asks for right after
 *   didOpen) waits until the document's lint has started: the lint waits for the client's settings, whose answer
 *   the parse would hold up (a second for stripe), and the lint with it.
 * - The first lint of an opened document is a one-shot lint, as fast as the CLI's; the document's incremental state
 *   is built after its diagnostics are out, and the first edit relints incrementally. Each gives a fresh lint's findings.
 * - The lint worker starts with V8's code cache of the bundle (workerBoot.ts): the first worker writes it, the next
 *   server's workers use it; a damaged cache is written again, APICONV_NO_COMPILE_CACHE=1 writes none, a cache
 *   folder others may write to is not used, and the findings are the same every time.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as os from 'node:os';
import { KEEP_CACHES } from '../../server/src/bundle/codeCache';
import { lint } from '../../server/src/engine/lint';
import { ROOT, TestClient, tmpWorkspace } from './client';

const BAD = fs.readFileSync(path.join(ROOT, 'examples', 'unconventional.yaml'), 'utf8');
const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));

describe('language server: opening a document', () => {
  let ws: string;
  let c: TestClient;
  before(async () => {
    ws = tmpWorkspace({ 'api.yaml': BAD });
    c = await TestClient.start({ folder: ws });
  });
  after(() => c.stop());

  it("the outline asked for right after didOpen is answered once the lint has started (after the settings' answer), with the symbols", async () => {
    let answeredAt = 0;
    c.conn.onRequest('workspace/configuration', async (p: { items: unknown[] }) => {
      await sleep(400);
      answeredAt = Date.now();
      return p.items.map(() => ({}));
    });
    const uri = c.open(path.join(ws, 'api.yaml'), BAD);
    const symbols = await c.request<{ name: string }[]>('textDocument/documentSymbol', { textDocument: { uri } });
    const symbolsAt = Date.now();
    assert.ok(
      answeredAt > 0 && symbolsAt >= answeredAt,
      `the outline came ${answeredAt ? `${answeredAt - symbolsAt} ms before the settings' answer` : 'before the settings were answered'}`,
    );
    assert.ok(
      symbols.some(s => s.name === 'paths'),
      'the outline of the document',
    );
    const diags = await c.diagnostics(uri, (_, p) => p.version === 1);
    assert.ok(diags.length > 0);
    c.close(uri);
  });

  it('a client that never answers the settings does not hold the outline up for more than a moment', async () => {
    c.conn.onRequest('workspace/configuration', () => new Promise(() => undefined));
    const file = path.join(ws, 'never.yaml');
    const uri = c.open(file, BAD);
    const t0 = Date.now();
    const symbols = await c.request<{ name: string }[]>('textDocument/documentSymbol', { textDocument: { uri } });
    assert.ok(symbols.some(s => s.name === 'paths'));
    assert.ok(Date.now() - t0 < 15_000, 'answered (after the wait for the lint to start ran out)');
    c.close(uri);
  });
});

describe("language server: an opened document's first lint", () => {
  /** Paths enough that the document is always linted in the worker (not in the main thread, as a small one is). */
  const BIG = [
    'openapi: 3.0.3',
    'info:',
    '  title: first lint',
    '  version: 1.0.0',
    'paths:',
    ...Array.from({ length: 400 }, (_, i) => [
      `  /getThings${i}/{id}:`,
      '    get:',
      `      summary: Get thing ${i}`,
      '      parameters:',
      '        - name: id',
      '          in: path',
      '          required: true',
      '          schema:',
      '            type: string',
      '      responses:',
      "        '200':",
      '          description: ok',
    ]).flat(),
    '',
  ].join('\n');
  const keyOf = (code: unknown, line: number, character: number, message: unknown) => `${String(code)}@${line}:${character} ${String(message)}`;
  /** A fresh lint's findings on `text`, as the server's diagnostics are compared. */
  const fresh = async (text: string, file: string) =>
    (await lint(text, file)).problems.map(p => keyOf(p.code, p.range.start.line, p.range.start.character, p.message)).sort();

  let ws: string;
  let c: TestClient;
  before(async () => {
    ws = tmpWorkspace();
    c = await TestClient.start({ folder: ws });
  });
  after(() => c.stop());

  it('is a one-shot lint; the first edit after it relints incrementally; both give the findings of a fresh lint', { timeout: 60_000 }, async () => {
    assert.ok(BIG.length > 64 * 1024, 'linted in the worker');
    const file = path.join(ws, 'big.yaml');
    const uri = c.open(file, BIG);
    const first = await c.diagnostics(uri, (_, p) => p.version === 1);
    const opened = await c.until('the status of the first lint', () => c.statuses.find(s => s.uri === uri && s.version === 1 && s.state === 'ok'));
    assert.equal(opened.incremental, undefined, 'a one-shot lint: no incremental state was built before the diagnostics');
    assert.equal(opened.thread, 'worker');
    assert.deepEqual(first.map(d => keyOf(d.code, d.range.start.line, d.range.start.character, d.message)).sort(), await fresh(BIG, file));

    const edited = BIG.replace('summary: Get thing 7', 'summary: Get thing 7 again');
    const since = c.published.length;
    c.change(uri, 2, edited);
    const second = await c.diagnostics(uri, (_, p) => p.version === 2, since);
    const relint = await c.until('the status of the edit', () => c.statuses.find(s => s.uri === uri && s.version === 2));
    assert.ok(relint.incremental, `an incremental relint (${JSON.stringify(relint)})`);
    assert.equal(relint.incremental.fullParse, false);
    assert.ok(relint.incremental.unitsRun <= 2 && relint.incremental.unitsReused >= 398, JSON.stringify(relint.incremental));
    assert.deepEqual(second.map(d => keyOf(d.code, d.range.start.line, d.range.start.character, d.message)).sort(), await fresh(edited, file));
    c.close(uri);
  });

  it('closed and opened again at once (its state being built): the findings of a fresh lint, then an incremental relint', { timeout: 60_000 }, async () => {
    const file = path.join(ws, 'reopened.yaml');
    let uri = c.open(file, BIG);
    await c.diagnostics(uri, (_, p) => p.version === 1);
    c.close(uri);
    let since = c.published.length;
    uri = c.open(file, BIG, 5);
    const reopened = await c.diagnostics(uri, (_, p) => p.version === 5, since);
    assert.deepEqual(reopened.map(d => keyOf(d.code, d.range.start.line, d.range.start.character, d.message)).sort(), await fresh(BIG, file));
    const edited = BIG.replace('summary: Get thing 9', 'summary: Get thing 9 again');
    since = c.published.length;
    c.change(uri, 6, edited);
    const after = await c.diagnostics(uri, (_, p) => p.version === 6, since);
    const relint = await c.until('the status of the edit', () => c.statuses.find(s => s.uri === uri && s.version === 6));
    assert.equal(relint.incremental?.fullParse, false, JSON.stringify(relint));
    assert.deepEqual(after.map(d => keyOf(d.code, d.range.start.line, d.range.start.character, d.message)).sort(), await fresh(edited, file));
    c.close(uri);
  });
});

describe("language server: the lint worker's code cache", () => {
  const cacheFiles = (tmp: string): string[] =>
    fs.existsSync(tmp)
      ? fs
          .readdirSync(tmp)
          .filter(d => d.startsWith('apiconv-compile-cache-'))
          .flatMap(d =>
            fs
              .readdirSync(path.join(tmp, d))
              .filter(f => f.startsWith('server.bundle.js-worker-'))
              .map(f => path.join(tmp, d, f)),
          )
      : [];

  /** One server run in `env` (TMPDIR…): opens the document, returns its findings. */
  async function run(ws: string, env: Record<string, string | undefined>, waitForCache: (() => boolean) | undefined): Promise<string[]> {
    const saved: Record<string, string | undefined> = {};
    for (const k of Object.keys(env)) {
      saved[k] = process.env[k];
      if (env[k] === undefined) delete process.env[k];
      else process.env[k] = env[k];
    }
    let c: TestClient;
    try {
      c = await TestClient.start({ folder: ws });
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
    try {
      const uri = c.open(path.join(ws, 'api.yaml'), BAD);
      const diags = await c.diagnostics(uri, (_, p) => p.version === 1);
      if (waitForCache) await c.until("the worker's code cache", () => waitForCache(), 30_000);
      return diags.map(d => `${String(d.code)}@${d.range.start.line}:${d.range.start.character} ${String(d.message)}`).sort();
    } finally {
      await c.stop();
    }
  }

  it('written by the first worker, used by the next server, written again when damaged, off on request; the same findings', { timeout: 120_000 }, async () => {
    const ws = tmpWorkspace({ 'api.yaml': BAD });
    const tmp = tmpWorkspace();
    const env = { TMPDIR: tmp, TMP: tmp, TEMP: tmp, APICONV_NO_COMPILE_CACHE: undefined };
    const first = await run(ws, env, () => cacheFiles(tmp).length > 0);
    assert.ok(first.length > 5);
    const files = cacheFiles(tmp);
    assert.equal(files.length, 1, 'one cache file');
    assert.ok(fs.statSync(files[0]!).size > 100_000, 'it holds compiled code');
    const mtime = fs.statSync(files[0]!).mtimeMs;

    const second = await run(ws, env, undefined);
    assert.deepEqual(second, first);
    await sleep(500);
    assert.equal(fs.statSync(files[0]!).mtimeMs, mtime, 'an accepted cache is not written again');

    fs.writeFileSync(files[0]!, Buffer.alloc(4096, 7));
    const damaged = await run(ws, env, () => fs.statSync(files[0]!).size > 100_000);
    assert.deepEqual(damaged, first, 'a rejected cache: compiled as usual (and written again)');

    const off = tmpWorkspace();
    const none = await run(ws, { TMPDIR: off, TMP: off, TEMP: off, APICONV_NO_COMPILE_CACHE: '1' }, undefined);
    assert.deepEqual(none, first);
    await sleep(500);
    assert.deepEqual(cacheFiles(off), []);
  });

  it('a worker that writes a new cache removes the stale ones of the same bundle', { timeout: 60_000 }, async () => {
    const ws = tmpWorkspace({ 'api.yaml': BAD });
    const tmp = tmpWorkspace();
    const dir = path.join(tmp, `apiconv-compile-cache-${typeof process.getuid === 'function' ? process.getuid() : os.userInfo().username}`);
    fs.mkdirSync(dir, { mode: 0o700 });
    const stale = Array.from({ length: KEEP_CACHES + 2 }, (_, i) => path.join(dir, `server.bundle.js-worker-v0.0.${i}-x64-1-1.bin`));
    stale.forEach((f, i) => {
      fs.writeFileSync(f, 'old');
      const t = Date.now() / 1000 - 3600 * (i + 1);
      fs.utimesSync(f, t, t);
    });
    const fresh = (): string[] => cacheFiles(tmp).filter(f => !path.basename(f).startsWith('server.bundle.js-worker-v0.0.'));
    const found = await run(ws, { TMPDIR: tmp, TMP: tmp, TEMP: tmp, APICONV_NO_COMPILE_CACHE: undefined }, () => fresh().length > 0);
    assert.ok(found.length > 5, 'linted as usual');
    assert.deepEqual(
      stale.filter(f => fs.existsSync(f)),
      stale.slice(0, KEEP_CACHES),
      'the newest stale caches stay, the older go',
    );
  });

  it(
    'not read from nor written to a cache folder that others may write to',
    { timeout: 60_000, skip: typeof process.getuid !== 'function' && 'POSIX owners and modes' },
    async () => {
      const ws = tmpWorkspace({ 'api.yaml': BAD });
      const tmp = tmpWorkspace();
      const dir = path.join(tmp, `apiconv-compile-cache-${process.getuid!()}`);
      fs.mkdirSync(dir);
      fs.chmodSync(dir, 0o777);
      const found = await run(ws, { TMPDIR: tmp, TMP: tmp, TEMP: tmp, APICONV_NO_COMPILE_CACHE: undefined }, undefined);
      assert.ok(found.length > 5, 'linted as usual');
      await sleep(500);
      assert.deepEqual(cacheFiles(tmp), []);
    },
  );
});
