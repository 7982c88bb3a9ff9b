/**
 * The CLI's launcher (server/src/cli/launch.ts): the first run writes V8's code cache of the bundle to a
 * per-user folder under the temporary folder, later runs use it, a damaged cache is written again, and
 * APICONV_NO_COMPILE_CACHE=1 writes none; the output is the same every time.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { isAscii } from 'node:buffer';
import { readSource } from '../../server/src/cli/launch';
import { KEEP_CACHES, WRAPPER_OPEN, pruneCodeCaches } from '../../server/src/bundle/codeCache';
import { ROOT, runCli, tempDir } from './helpers';

const DOC = path.join(ROOT, 'examples', 'conventional.yaml');

function cacheFiles(tmp: string): string[] {
  const dirs = fs.readdirSync(tmp).filter(d => d.startsWith('apiconv-compile-cache-'));
  return dirs.flatMap(d => fs.readdirSync(path.join(tmp, d)).map(f => path.join(tmp, d, f)));
}

describe('CLI launcher: V8 code cache', () => {
  it('written on the first run, used and rewritten when damaged, off on request; same output', () => {
    const tmp = tempDir();
    const env = { TMPDIR: tmp, TMP: tmp, TEMP: tmp };
    const first = runCli(['lint', '-f', 'json', DOC], { env });
    assert.ok(first.code === 0 || first.code === 1, first.stderr);
    const files = cacheFiles(tmp);
    assert.equal(files.length, 1, 'one cache file');
    assert.match(path.basename(files[0]!), /^cli\.bundle\.js-v\d+.*\.bin$/);
    assert.ok(fs.statSync(files[0]!).size > 100_000, 'it holds compiled code');
    const mtime = fs.statSync(files[0]!).mtimeMs;

    const second = runCli(['lint', '-f', 'json', DOC], { env });
    assert.equal(second.stdout, first.stdout);
    assert.equal(second.code, first.code);
    assert.equal(fs.statSync(files[0]!).mtimeMs, mtime, 'an accepted cache is not written again');

    fs.writeFileSync(files[0]!, Buffer.alloc(4096, 7));
    const damaged = runCli(['lint', '-f', 'json', DOC], { env });
    assert.equal(damaged.stdout, first.stdout);
    assert.ok(fs.statSync(files[0]!).size > 100_000, 'a rejected cache is written again');

    const off = tempDir();
    const none = runCli(['lint', '-f', 'json', DOC], { env: { TMPDIR: off, TMP: off, TEMP: off, APICONV_NO_COMPILE_CACHE: '1' } });
    assert.equal(none.stdout, first.stdout);
    assert.deepEqual(cacheFiles(off), []);
  });
});

describe('CLI launcher: an unsafe cache folder', () => {
  it('is neither read nor written when others may write to it', { skip: typeof process.getuid !== 'function' && 'POSIX owners and modes' }, () => {
    const tmp = tempDir();
    const env = { TMPDIR: tmp, TMP: tmp, TEMP: tmp };
    const dir = path.join(tmp, `apiconv-compile-cache-${process.getuid!()}`);
    fs.mkdirSync(dir);
    fs.chmodSync(dir, 0o777);
    const first = runCli(['lint', '-f', 'json', DOC], { env });
    assert.ok(first.code === 0 || first.code === 1, first.stderr);
    assert.deepEqual(fs.readdirSync(dir), [], 'nothing written there');
    // A planted file there is not read either: garbage as a cache would be rejected and rewritten if it were.
    const files = cacheFiles(tempDirWithCache());
    fs.copyFileSync(files[0]!, path.join(dir, path.basename(files[0]!)));
    fs.writeFileSync(path.join(dir, path.basename(files[0]!)), Buffer.alloc(4096, 7));
    const second = runCli(['lint', '-f', 'json', DOC], { env });
    assert.equal(second.stdout, first.stdout);
    assert.equal(fs.statSync(path.join(dir, path.basename(files[0]!))).size, 4096, 'the planted file is left as it was');
  });
});

/** A temporary folder in which one lint wrote the launcher's cache file. */
function tempDirWithCache(): string {
  const tmp = tempDir();
  runCli(['lint', '-f', 'json', DOC], { env: { TMPDIR: tmp, TMP: tmp, TEMP: tmp } });
  return tmp;
}

describe('CLI and server bundles', () => {
  for (const bundle of ['cli.bundle.js', 'server.bundle.js']) {
    it(`${bundle} is one function expression, the wrapper Node puts around a module, compiled by its launcher as it is`, () => {
      // Wrapping the bundle's text in the launcher made V8 keep a second copy of it (esbuild.mjs CLI_WRAPPER).
      const text = fs.readFileSync(path.join(ROOT, 'server', 'out', bundle), 'utf8');
      assert.ok(text.startsWith(WRAPPER_OPEN), text.slice(0, 80));
      const fn = new vm.Script(text, { filename: bundle }).runInThisContext() as unknown;
      assert.equal(typeof fn, 'function');
      assert.equal((fn as (...a: unknown[]) => unknown).length, 5);
    });
  }

  it('server.js is the launcher of server.bundle.js: small, with the #! line editors and npm run it by', () => {
    const launcher = fs.readFileSync(path.join(ROOT, 'server', 'out', 'server.js'), 'utf8');
    assert.ok(launcher.startsWith('#!/usr/bin/env node\n'));
    assert.ok(launcher.length < 20_000, `${launcher.length} characters`);
    assert.match(launcher, /launch\("server\.bundle\.js"\)/);
  });
});

describe('CLI launcher: reading the bundle', () => {
  it('reads an ASCII file as Latin-1 and any other as UTF-8: the same text as a UTF-8 read', () => {
    const dir = tempDir({
      'ascii.js': 'const a = "\\u00e9"; // ascii only\n',
      'utf8.js': 'const a = "é€𝄞"; // not ascii\n',
      'latin1.js': Buffer.from([0x63, 0xe9, 0x0a]),
    });
    for (const name of ['ascii.js', 'utf8.js', 'latin1.js']) {
      const file = path.join(dir, name);
      assert.equal(readSource(file), fs.readFileSync(file, 'utf8'), name);
    }
    // The built bundle is ASCII (esbuild.mjs asciiOnly), so that it is read without decoding.
    const bundle = path.join(ROOT, 'server', 'out', 'cli.bundle.js');
    assert.ok(isAscii(fs.readFileSync(bundle)), 'cli.bundle.js is ASCII');
    assert.equal(readSource(bundle), fs.readFileSync(bundle, 'utf8'));
  });
});

describe('CLI launcher: runs with fixes keep a cache of their own', () => {
  it('a --fix-dry-run or --fix run reads and writes the -fix cache, a lint its own; neither rewrites the other', () => {
    const tmp = tempDir();
    const env = { TMPDIR: tmp, TMP: tmp, TEMP: tmp };
    // version-param-400 has a safe fix: the dry run has a diff to print.
    const doc = tempDir({
      'api.yaml':
        "openapi: 3.0.3\ninfo:\n  title: T\n  version: '1'\nservers:\n  - url: https://x.example.com/api\npaths:\n  /users:\n    get:\n      parameters:\n        - name: version\n          in: query\n          schema:\n            type: string\n      responses:\n        '200':\n          description: ok\n",
    });
    const dry = runCli(['lint', '--fix-dry-run', 'api.yaml'], { cwd: doc, env });
    assert.equal(dry.code, 1, dry.stderr);
    let files = cacheFiles(tmp);
    assert.equal(files.length, 1, 'one cache file');
    assert.match(path.basename(files[0]!), /^cli\.bundle\.js-fix-v\d+.*\.bin$/);
    const fixCache = files[0]!;
    const fixMtime = fs.statSync(fixCache).mtimeMs;

    const lint = runCli(['lint', '-f', 'json', 'api.yaml'], { cwd: doc, env });
    assert.equal(lint.code, 1, lint.stderr);
    files = cacheFiles(tmp);
    assert.equal(files.length, 2, 'the lint wrote its own');
    const lintCache = files.find(f => f !== fixCache)!;
    assert.match(path.basename(lintCache), /^cli\.bundle\.js-v\d+.*\.bin$/);
    const lintMtime = fs.statSync(lintCache).mtimeMs;

    const again = runCli(['lint', '--fix-dry-run', 'api.yaml'], { cwd: doc, env });
    assert.equal(again.stdout, dry.stdout);
    const fix = runCli(['lint', '-f', 'json', '--fix', 'api.yaml'], { cwd: doc, env });
    assert.equal(fix.code, 1, fix.stderr);
    const after = runCli(['lint', '-f', 'json', 'api.yaml'], { cwd: doc, env });
    assert.equal(after.stdout, fix.stdout, 'the report of --fix is a lint of what it wrote');
    assert.equal(cacheFiles(tmp).length, 2, 'no third cache');
    assert.equal(fs.statSync(fixCache).mtimeMs, fixMtime, 'the -fix cache, accepted, is not written again');
    assert.equal(fs.statSync(lintCache).mtimeMs, lintMtime, "the lint's cache is not written again");
  });
});

describe('CLI launcher: old caches are removed', () => {
  it('keeps the cache in use and the newest few of the same bundle; leaves other bundles and fresh .tmp files', () => {
    const dir = tempDir();
    const at = (name: string, ageMs: number): string => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, 'x');
      const t = (Date.now() - ageMs) / 1000;
      fs.utimesSync(file, t, t);
      return file;
    };
    const day = 24 * 3600 * 1000;
    const inUse = at('cli.bundle.js-v20.0.0-x64-10-1.bin', 30 * day);
    const old = Array.from({ length: 6 }, (_, i) => at(`cli.bundle.js-v20.0.0-x64-${100 + i}-${i}.bin`, (i + 1) * day));
    const fix = at('cli.bundle.js-fix-v20.0.0-x64-10-1.bin', 40 * day);
    const worker = at('server.bundle.js-worker-v20.0.0-x64-10-1.bin', 40 * day);
    const freshTmp = at('cli.bundle.js-v20.0.0-x64-10-1.bin.123.tmp', 60 * 1000);
    const deadTmp = at('cli.bundle.js-v20.0.0-x64-10-1.bin.456.tmp', 2 * 3600 * 1000);
    const other = at('notes.txt', 40 * day);
    pruneCodeCaches(inUse, 'cli.bundle.js');
    const left = new Set(fs.readdirSync(dir).map(f => path.join(dir, f)));
    assert.ok(left.has(inUse), 'the cache in use stays');
    assert.deepEqual(
      old.filter(f => left.has(f)),
      old.slice(0, KEEP_CACHES),
      'the newest of the same bundle stay, the older go',
    );
    for (const f of [fix, worker, freshTmp, other]) assert.ok(left.has(f), `${path.basename(f)} is not this bundle's`);
    assert.ok(!left.has(deadTmp), 'a .tmp left by a dead writer goes');
    pruneCodeCaches(path.join(dir, 'missing', 'x.bin'), 'cli.bundle.js');
  });

  it('a run that writes a new cache removes the stale ones of that bundle', () => {
    const tmp = tempDir();
    const env = { TMPDIR: tmp, TMP: tmp, TEMP: tmp };
    const dir = path.join(tmp, `apiconv-compile-cache-${typeof process.getuid === 'function' ? process.getuid() : 'u'}`);
    fs.mkdirSync(dir, { mode: 0o700 });
    const stale = Array.from({ length: KEEP_CACHES + 2 }, (_, i) => path.join(dir, `cli.bundle.js-v0.0.${i}-x64-1-1.bin`));
    stale.forEach((f, i) => {
      fs.writeFileSync(f, 'old');
      const t = Date.now() / 1000 - 3600 * (i + 1);
      fs.utimesSync(f, t, t);
    });
    const run = runCli(['lint', '-f', 'json', DOC], { env });
    assert.ok(run.code === 0 || run.code === 1, run.stderr);
    const left = fs.readdirSync(dir);
    assert.equal(left.filter(f => /^cli\.bundle\.js-v\d/.test(f) && !f.startsWith('cli.bundle.js-v0.0.')).length, 1, 'the new cache is written');
    assert.deepEqual(
      stale.filter(f => fs.existsSync(f)),
      stale.slice(0, KEEP_CACHES),
    );
  });
});

describe('CLI launcher: the bin', () => {
  it('server/out/cli.js is executable, as npm links it as `apiconv`', { skip: process.platform === 'win32' && 'POSIX modes' }, () => {
    const cli = path.join(ROOT, 'server', 'out', 'cli.js');
    assert.equal(fs.readFileSync(cli, 'utf8').slice(0, 2), '#!');
    assert.notEqual(fs.statSync(cli).mode & 0o111, 0, 'executable after the build');
  });
});
