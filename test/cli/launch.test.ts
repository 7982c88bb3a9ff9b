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
import { WRAPPER_OPEN } from '../../server/src/bundle/codeCache';
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
    const dir = tempDir({ 'ascii.js': 'const a = "\\u00e9"; // ascii only\n', 'utf8.js': 'const a = "é€𝄞"; // not ascii\n', 'latin1.js': Buffer.from([0x63, 0xe9, 0x0a]) });
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
