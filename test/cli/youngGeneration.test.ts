/**
 * The CLI keeps V8's young generation at its first size (server/src/bundle/youngGeneration.ts): a lint holds 1 MB
 * semi-spaces rather than the 8–16 MB V8 grows them to, a user's own young-generation flag is kept, and the code
 * cache (which V8 checks against its flags) is still read by later runs and by the worker threads of a parallel
 * run, never written again. A lint that reads over 1 MB of text (the root's or its referenced files') grows it once,
 * to 4 MB semi-spaces, and no further.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT, runCli, tempDir } from './helpers';

const DOC = path.join(ROOT, 'examples', 'conventional.yaml');
const MiB = 1024 * 1024;

/** A preload that prints the young generation's size (both semi-spaces) when the process exits. */
function newSpaceProbe(): string {
  const dir = tempDir({
    'probe.cjs':
      "process.on('exit', () => { const s = require('v8').getHeapSpaceStatistics().find(x => x.space_name === 'new_space'); process.stderr.write(`new-space ${s.space_size}\\n`); });\n",
  });
  return path.join(dir, 'probe.cjs');
}

function newSpaceOf(stderr: string): number {
  const m = /new-space (\d+)/.exec(stderr);
  assert.ok(m, stderr);
  return Number(m[1]);
}

describe('CLI: a small young generation', () => {
  it('a lint keeps 1 MB semi-spaces; a young-generation flag of the user is kept', () => {
    const tmp = tempDir();
    const probe = newSpaceProbe();
    const env = { TMPDIR: tmp, TMP: tmp, TEMP: tmp };
    // Loading the bundle alone grows it to 8 MB semi-spaces (16 MB in all) when V8 is left alone.
    const ours = runCli(['lint', '-f', 'json', DOC], { env: { ...env, NODE_OPTIONS: `--require ${probe}` } });
    assert.ok(ours.code === 0 || ours.code === 1, ours.stderr);
    assert.ok(newSpaceOf(ours.stderr) <= 2 * MiB, `new space ${newSpaceOf(ours.stderr)}`);
    const theirs = runCli(['lint', '-f', 'json', DOC], { env: { ...env, NODE_OPTIONS: `--require ${probe} --max-semi-space-size=4` } });
    assert.equal(theirs.stdout, ours.stdout);
    assert.ok(newSpaceOf(theirs.stderr) >= 8 * MiB, `new space ${newSpaceOf(theirs.stderr)}`);
  });

  it('a lint that reads over 1 MB grows it to 4 MB semi-spaces, once; one that reads less does not', () => {
    const tmp = tempDir();
    const probe = newSpaceProbe();
    const env = { TMPDIR: tmp, TMP: tmp, TEMP: tmp, NODE_OPTIONS: `--require ${probe}` };
    const doc = fs.readFileSync(DOC, 'utf8');
    // The root itself big: a long description (1.1 MB) in the example's info.
    const long = 'A long description. '.repeat(55_000);
    const bigRoot = doc.replace(/^info:\n/m, `info:\n  description: ${long}\n`);
    assert.notEqual(bigRoot, doc);
    // A small root whose referenced file is big: 600 schemas of 2 KB each.
    const schemas = Array.from({ length: 600 }, (_, i) => `S${i}:\n  type: object\n  description: ${'Words of a schema. '.repeat(100)}\n`).join('');
    const dir = tempDir({
      'big.yaml': bigRoot,
      'small.yaml': doc,
      'split.yaml': doc.replace(/^info:\n/m, `info:\n  x-schemas:\n    $ref: './schemas.yaml'\n`),
      'schemas.yaml': schemas,
    });
    assert.ok(fs.statSync(path.join(dir, 'schemas.yaml')).size > 1.1 * MiB);
    const sizes: Record<string, number> = {};
    for (const name of ['big.yaml', 'split.yaml', 'small.yaml']) {
      const r = runCli(['lint', '-f', 'json', name], { cwd: dir, env });
      assert.ok(r.code === 0 || r.code === 1, r.stderr);
      sizes[name] = newSpaceOf(r.stderr);
    }
    // Four times the first size (1 MB semi-spaces, 2 MiB in all): grown once, by the factor 4, and no further.
    assert.ok(sizes['small.yaml']! <= 2 * MiB, `small ${sizes['small.yaml']}`);
    assert.deepEqual(sizes, { 'big.yaml': 4 * sizes['small.yaml']!, 'split.yaml': 4 * sizes['small.yaml']!, 'small.yaml': sizes['small.yaml'] });
  });

  it('the code cache written by a lint is read by the next lint and by the workers of a parallel run, not written again', () => {
    const tmp = tempDir();
    const env = { TMPDIR: tmp, TMP: tmp, TEMP: tmp };
    const first = runCli(['lint', '-f', 'json', DOC], { env });
    assert.ok(first.code === 0 || first.code === 1, first.stderr);
    const dir = path.join(
      tmp,
      fs.readdirSync(tmp).find(d => d.startsWith('apiconv-compile-cache-'))!,
    );
    const [file] = fs.readdirSync(dir);
    const mtime = fs.statSync(path.join(dir, file!)).mtimeMs;
    const docs = tempDir({ 'a.yaml': fs.readFileSync(DOC), 'b.yaml': fs.readFileSync(DOC) });
    const parallel = runCli(['lint', '-f', 'json', '--jobs', '2', 'a.yaml', 'b.yaml'], { cwd: docs, env });
    assert.ok(parallel.code === 0 || parallel.code === 1, parallel.stderr);
    const second = runCli(['lint', '-f', 'json', DOC], { env });
    assert.equal(second.stdout, first.stdout);
    assert.deepEqual(fs.readdirSync(dir), [file], 'one cache file');
    assert.equal(fs.statSync(path.join(dir, file!)).mtimeMs, mtime, 'not written again');
  });
});
