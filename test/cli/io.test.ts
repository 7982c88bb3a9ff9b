/**
 * The CLI's own files and stdin (server/src/cli/io.ts), against the built CLI: whatever is
 * wrong with an output or input path (unwritable, a directory, a FIFO nobody reads or
 * writes, a directory mkdir cannot make, stdin closed or empty), the run ends at once with
 * exit code 2 and one line naming the path — never a hang, never a spin.
 */
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BAD_DOC, CLI, ensureBuilt, runCli, tempDir } from './helpers';

/** Every case must end well within this; the bug was a spin forever (mkdir -p on /proc) or a blocked open (a FIFO). */
const QUICK = { timeout: 30_000 };

function oneLineError(r: { code: number; stderr: string }, pattern: RegExp, what: string): void {
  assert.equal(r.code, 2, `${what}: exit ${r.code} ${r.stderr}`);
  assert.equal(r.stderr.trim().split('\n').length, 1, `${what}: ${r.stderr}`);
  assert.match(r.stderr, pattern, what);
}

describe('CLI I/O errors: exit 2, one line, at once', () => {
  let dir: string;
  before(() => {
    ensureBuilt();
    dir = tempDir({ 'api.yaml': BAD_DOC, 'adir/keep': '' });
    execFileSync('mkfifo', [path.join(dir, 'fifo')]);
  });

  it('--output under /proc (mkdir -p spun forever there), a directory, a FIFO nobody reads, below a file', () => {
    const cases: [string, RegExp][] = [
      ['/proc/nope/report.txt', /cannot write report \/proc\/nope\/report\.txt: no such file or directory/],
      ['/proc/nope/deeper/report.txt', /cannot write report \/proc\/nope\/deeper\/report\.txt/],
      ['adir', /cannot write report adir: it is a directory/],
      ['fifo', /cannot write report fifo: it is a FIFO that nobody reads \(ENXIO\)/],
      ['api.yaml/x.txt', /cannot write report api\.yaml\/x\.txt: a parent is not a directory/],
    ];
    if (fs.existsSync('/dev/full')) cases.push(['/dev/full', /cannot write report \/dev\/full: no space left on device/]);
    for (const [out, pattern] of cases) oneLineError(runCli(['lint', '-o', out, 'api.yaml'], { cwd: dir, ...QUICK }), pattern, `-o ${out}`);
  });

  it('--output makes missing directories; a FIFO with a reader gets the whole report', async () => {
    const made = runCli(['lint', '-f', 'json', '-o', 'new/dir/r.json', 'api.yaml'], { cwd: dir, ...QUICK });
    assert.equal(made.code, 1, made.stderr);
    assert.ok(JSON.parse(fs.readFileSync(path.join(dir, 'new', 'dir', 'r.json'), 'utf8')).length > 0);

    const reader = spawn('cat', [path.join(dir, 'fifo')]);
    let read = '';
    reader.stdout.on('data', d => (read += String(d)));
    const closed = new Promise(r => reader.on('close', r));
    await new Promise(r => setTimeout(r, 300)); // cat has the FIFO open for reading
    const r = runCli(['lint', '-f', 'json', '-o', 'fifo', 'api.yaml'], { cwd: dir, ...QUICK });
    await closed;
    assert.equal(r.code, 1, r.stderr);
    assert.equal(read, fs.readFileSync(path.join(dir, 'new', 'dir', 'r.json'), 'utf8'));
  });

  it('--baseline-write: a directory, a FIFO nobody reads, /proc', () => {
    oneLineError(
      runCli(['lint', '--baseline-write', 'adir', 'api.yaml'], { cwd: dir, ...QUICK }),
      /cannot write baseline adir: it is a directory/,
      'baseline-write adir',
    );
    oneLineError(
      runCli(['lint', '--baseline-write', 'fifo', 'api.yaml'], { cwd: dir, ...QUICK }),
      /cannot write baseline fifo: .*ENXIO/,
      'baseline-write fifo',
    );
    oneLineError(
      runCli(['lint', '--baseline-write', '/proc/nope/b.json', 'api.yaml'], { cwd: dir, ...QUICK }),
      /cannot write baseline \/proc\/nope\/b\.json/,
      'baseline-write /proc',
    );
  });

  it('inputs: a FIFO or a directory as the document, the baseline or the ruleset', () => {
    const cases: [string[], RegExp][] = [
      [['lint', 'fifo'], /cannot read fifo: not a regular file/],
      [['lint', '--fix', 'fifo'], /cannot read fifo: not a regular file/],
      [['lint', '--baseline', 'fifo', 'api.yaml'], /cannot read baseline fifo: not a regular file/],
      [['lint', '--baseline', 'adir', 'api.yaml'], /cannot read baseline adir: it is a directory/],
      [['lint', '-r', 'fifo', 'api.yaml'], /cannot read ruleset fifo: not a regular file/],
      [['lint', '-r', 'adir', 'api.yaml'], /cannot read ruleset adir: it is a directory/],
    ];
    for (const [args, pattern] of cases) oneLineError(runCli(args, { cwd: dir, ...QUICK }), pattern, args.join(' '));
  });

  it('a $ref to a FIFO is an unresolvable $ref, not a hang', () => {
    fs.writeFileSync(path.join(dir, 'ref.yaml'), BAD_DOC.replace('          description: ok\n', "          $ref: './fifo'\n"));
    const r = runCli(['lint', '-f', 'json', 'ref.yaml'], { cwd: dir, ...QUICK });
    assert.equal(r.code, 1, r.stderr);
    assert.ok((JSON.parse(r.stdout) as { code: string }[]).some(f => f.code === 'invalid-ref'));
  });

  it('--stdin: closed, empty, a directory', () => {
    const closed = spawnSync('sh', ['-c', `exec "${process.execPath}" "${CLI}" lint --stdin <&-`], { cwd: dir, encoding: 'utf8', ...QUICK });
    oneLineError({ code: closed.status ?? -1, stderr: closed.stderr }, /nothing to lint on stdin: it is empty or closed/, 'stdin closed');
    oneLineError(runCli(['lint', '--stdin'], { cwd: dir, input: '', ...QUICK }), /nothing to lint on stdin/, 'stdin empty');
    const fromDir = spawnSync('sh', ['-c', `exec "${process.execPath}" "${CLI}" lint --stdin < adir`], { cwd: dir, encoding: 'utf8', ...QUICK });
    oneLineError({ code: fromDir.status ?? -1, stderr: fromDir.stderr }, /cannot read stdin: it is a directory/, 'stdin a directory');
  });
});
