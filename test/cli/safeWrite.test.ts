/**
 * `--fix` keeps a file's identity or refuses, and never writes over a text it did not read: safeWrite.ts directly
 * (the file changed between the read and the write), and through the built CLI (read-only, hard links, mode).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { OPEN_REF_POLICY } from '../../server/src/engine';
import { readForFix, writeAll } from '../../server/src/cli/safeWrite';
import { runCli, tempDir } from './helpers';

const FIXABLE = `openapi: 3.0.3
info:
  title: Fix
  version: '1'
servers:
  - url: https://x.example.com/api/v1
paths:
  /users/{id}:
    delete:
      parameters:
        - name: id
          in: path
          required: true
          schema:
            type: string
      responses:
        '204':
          description: gone
`;
const posix = process.platform !== 'win32';
const policy = { followSymlinks: false };

describe('--fix: safe writes', () => {
  it('a file that changed since it was read is not written, nor is any other file of the run', () => {
    const d = tempDir({ 'a.yaml': 'a: 1\n', 'b.yaml': 'b: 1\n' });
    const a = path.join(d, 'a.yaml');
    const b = path.join(d, 'b.yaml');
    const readA = readForFix(a, OPEN_REF_POLICY, true);
    const readB = readForFix(b, OPEN_REF_POLICY, true);
    fs.appendFileSync(a, '# typed while the fixes were computed\n');
    const out = writeAll(
      [
        { file: a, text: 'a: 2\n', form: readA.form },
        { file: b, text: 'b: 2\n', form: readB.form },
      ],
      policy,
    );
    assert.deepEqual(out.written, []);
    assert.equal(out.refused.length, 1);
    assert.match(out.refused[0]!.reason, /a\.yaml changed since it was read.*nothing written/);
    assert.equal(fs.readFileSync(a, 'utf8'), 'a: 1\n# typed while the fixes were computed\n');
    assert.equal(fs.readFileSync(b, 'utf8'), 'b: 1\n');
    assert.deepEqual(fs.readdirSync(d).sort(), ['a.yaml', 'b.yaml'], 'no temp file left');
  });

  it('an unchanged file is written with its mode, whatever the umask', { skip: !posix && 'modes' }, () => {
    const d = tempDir({ 'a.yaml': 'a: 1\n' });
    const a = path.join(d, 'a.yaml');
    fs.chmodSync(a, 0o664);
    const old = process.umask(0o077);
    try {
      const out = writeAll([{ file: a, text: 'a: 2\n', form: readForFix(a, OPEN_REF_POLICY, true).form }], policy);
      assert.deepEqual(out.refused, []);
    } finally {
      process.umask(old);
    }
    assert.equal(fs.readFileSync(a, 'utf8'), 'a: 2\n');
    assert.equal(fs.statSync(a).mode & 0o777, 0o664);
  });

  it('a read-only file is not written, and the CLI says so with exit 2', { skip: !posix && 'modes' }, () => {
    const d = tempDir({ 'a.yaml': FIXABLE });
    const a = path.join(d, 'a.yaml');
    fs.chmodSync(a, 0o444);
    const r = runCli(['lint', '--fix', 'a.yaml'], { cwd: d });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /a\.yaml is read-only \(mode 444\): not written/);
    assert.equal(fs.readFileSync(a, 'utf8'), FIXABLE);
  });

  it('a file with another hard link is not written (a rename would split them)', { skip: !posix && 'hard links' }, () => {
    const d = tempDir({ 'a.yaml': FIXABLE });
    fs.linkSync(path.join(d, 'a.yaml'), path.join(d, 'same.yaml.bak'));
    const r = runCli(['lint', '--fix', 'a.yaml'], { cwd: d });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /a\.yaml has 2 hard links: .*not written/);
    assert.equal(fs.readFileSync(path.join(d, 'a.yaml'), 'utf8'), FIXABLE);
    assert.equal(fs.statSync(path.join(d, 'a.yaml')).ino, fs.statSync(path.join(d, 'same.yaml.bak')).ino);
  });

  it('the group of a fixed file is kept', { skip: (!posix || process.getuid?.() !== 0) && 'needs root to give a group' }, () => {
    const d = tempDir({ 'a.yaml': FIXABLE });
    const a = path.join(d, 'a.yaml');
    fs.chownSync(a, 0, 12345);
    const r = runCli(['lint', '--fix', 'a.yaml'], { cwd: d });
    assert.match(r.stderr, /applied [1-9]\d* fix(es)? to 1 file/);
    assert.notEqual(fs.readFileSync(a, 'utf8'), FIXABLE);
    assert.equal(fs.statSync(a).gid, 12345);
  });
});
