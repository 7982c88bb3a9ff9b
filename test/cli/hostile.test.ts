/** Issue 16 through the built CLI: safe --fix writes, skip messages, $refs inside the project, FIFOs. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { BAD_DOC, runCli, tempDir } from './helpers';

/** A document with a safe fix (delete-404 / error-500 add responses) and a Latin-1 comment. */
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

describe('CLI: hostile input', () => {
  it('--fix keeps a BOM, CRLF line endings and Latin-1 bytes outside the edits, and the result parses', () => {
    const latin = Buffer.concat([Buffer.from('\uFEFF# caf'), Buffer.from([0xe9]), Buffer.from(`\n${FIXABLE}`.replace(/\n/g, '\r\n'))]);
    const d = tempDir({ 'a.yaml': latin });
    const r = runCli(['lint', '--fix', '-f', 'json', 'a.yaml'], { cwd: d });
    assert.match(r.stderr, /applied [1-9]\d* fix(es)? to 1 file: a\.yaml/);
    const after = fs.readFileSync(path.join(d, 'a.yaml'));
    assert.deepEqual([...after.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'BOM kept');
    assert.deepEqual(after.subarray(3, 10), Buffer.from([0x23, 0x20, 0x63, 0x61, 0x66, 0xe9, 0x0d]), 'the Latin-1 byte kept');
    const text = after.toString('latin1');
    assert.ok(text.length > latin.length, 'fixes were written');
    assert.equal(text.replace(/\r\n/g, '').includes('\n'), false, 'every line ends with CRLF');
    assert.deepEqual(fs.readdirSync(d), ['a.yaml'], 'no temp file left');
    // A second run has nothing more to fix: the written document parses and is linted.
    const again = runCli(['lint', '--fix', '-f', 'json', 'a.yaml'], { cwd: d });
    assert.match(again.stderr, /applied 0 fixes to 0 files/);
    assert.ok(!JSON.parse(again.stdout).some((p: { code: string }) => p.code === 'parser'));
  });

  it('--fix does not write through a symlink unless --fix-follow-symlinks, nor outside the linted folders, and says so', { skip: !posix && 'symlinks' }, () => {
    const d = tempDir({ 'docs/real.yaml': FIXABLE, 'elsewhere/a.yaml': FIXABLE });
    fs.symlinkSync('real.yaml', path.join(d, 'docs', 'link.yaml'));
    fs.symlinkSync(path.join(d, 'elsewhere', 'a.yaml'), path.join(d, 'docs', 'out.yaml'));
    const r = runCli(['lint', '--fix', 'docs/link.yaml'], { cwd: d });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /link\.yaml is a symlink .*not written .*--fix-follow-symlinks/);
    assert.match(r.stderr, /applied 0 fixes to 0 files/);
    assert.equal(fs.readFileSync(path.join(d, 'docs', 'real.yaml'), 'utf8'), FIXABLE);
    const ok = runCli(['lint', '--fix', '--fix-follow-symlinks', 'docs/link.yaml'], { cwd: d });
    assert.match(ok.stderr, /applied [1-9]\d* fix(es)? to 1 file/);
    assert.ok(fs.lstatSync(path.join(d, 'docs', 'link.yaml')).isSymbolicLink(), 'the link stays a link');
    assert.notEqual(fs.readFileSync(path.join(d, 'docs', 'real.yaml'), 'utf8'), FIXABLE);
    const out = runCli(['lint', '--fix', '--fix-follow-symlinks', 'docs/out.yaml'], { cwd: d });
    assert.match(out.stderr, /elsewhere\/a\.yaml is outside the linted folders .*not written/);
    assert.equal(fs.readFileSync(path.join(d, 'elsewhere', 'a.yaml'), 'utf8'), FIXABLE);
  });

  it('$refs outside the project are refused (not read, not quoted) unless --allow-refs-outside', () => {
    const d = tempDir({
      'api/a.yaml': `openapi: 3.0.3\ninfo:\n  title: x\n  version: '1'\npaths: {}\ncomponents:\n  schemas:\n    S:\n      $ref: '../secret.yaml'\n`,
      'secret.yaml': 'password: hunter2\n',
    });
    const r = runCli(['lint', '-f', 'json', 'api/a.yaml'], { cwd: d });
    const refs = JSON.parse(r.stdout).filter((p: { code: string }) => p.code === 'invalid-ref');
    assert.equal(refs.length, 1);
    assert.match(refs[0].message, /outside the project .*--allow-refs-outside/);
    assert.ok(!r.stdout.includes('hunter2'));
    const wide = runCli(['lint', '-f', 'json', '--allow-refs-outside', 'api/a.yaml'], { cwd: d });
    assert.ok(!JSON.parse(wide.stdout).some((p: { code: string }) => p.code === 'invalid-ref'));
  });

  it("a FIFO: named, $ref'd or in a folder, answered at once", { skip: !posix && 'mkfifo' }, () => {
    const d = tempDir({
      'ok.yaml': BAD_DOC,
      'r.yaml': `openapi: 3.0.3\ninfo:\n  title: x\n  version: '1'\npaths: {}\ncomponents:\n  schemas:\n    S:\n      $ref: 'pipe'\n`,
    });
    execFileSync('mkfifo', [path.join(d, 'pipe')]);
    fs.symlinkSync('pipe', path.join(d, 'link.yaml'));
    const dir = runCli(['lint', '-f', 'json', '.'], { cwd: d, timeout: 30_000 });
    assert.match(dir.stderr, /link\.yaml: skipped: a FIFO, not a regular file/);
    const ref = JSON.parse(dir.stdout).find((p: { code: string }) => p.code === 'invalid-ref');
    assert.match(ref.message, /a FIFO, not a regular file/);
    const named = runCli(['lint', 'pipe'], { cwd: d, timeout: 30_000 });
    assert.equal(named.code, 2);
    assert.match(named.stderr, /cannot read pipe: not a regular file \(a FIFO\)/);
  });

  it('says what was skipped and why: empty, UTF-16, openapi 4.0.0', () => {
    const d = tempDir({
      'e.yaml': '',
      'u.yaml': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('openapi: 3.0.3\n', 'utf16le')]),
      'v4.yaml': "openapi: 4.0.0\ninfo:\n  title: x\n  version: '1'\npaths: {}\n",
    });
    const r = runCli(['lint', 'e.yaml', 'u.yaml', 'v4.yaml'], { cwd: d });
    assert.match(r.stderr, /e\.yaml: skipped: the file is empty/);
    assert.match(r.stderr, /u\.yaml: skipped: UTF-16/);
    assert.match(r.stderr, /v4\.yaml: skipped: openapi: 4\.0\.0 is not a version apiconv lints/);
  });

  it('--max-file-size: a document over it is not read, with one message (exit 2)', () => {
    const d = tempDir({ 'a.yaml': `${BAD_DOC}x-pad: '${'x'.repeat(2 * 1024 * 1024)}'\n` });
    const r = runCli(['lint', '--max-file-size', '1', 'a.yaml'], { cwd: d });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /a\.yaml: not linted: 2 MB, over the size limit of 1 MB/);
  });
});
