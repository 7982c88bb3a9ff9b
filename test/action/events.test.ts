/**
 * The Action under the environment GitHub sets for a push, a pull request and a pull request from a fork: one lint
 * feeds every output, SARIF is uploaded only where it can be, annotations are capped and, on a pull request, only
 * on the files it changes; the summary says what was left out and why.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BAD_DOC, ROOT, WARN_DOC, ensureBuilt, tempDir } from '../cli/helpers';
import { TWO_RULES, runAction } from './helpers';

const CLI = path.join(ROOT, 'server', 'out', 'cli.js');

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' },
  });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim();
}

/** A wrapper of the CLI that counts its runs in $COUNT_FILE: the action must lint once. */
function countingCli(): { script: string; count: () => number; file: string } {
  const dir = tempDir();
  const file = path.join(dir, 'count');
  const script = path.join(dir, 'apiconv.mjs');
  fs.writeFileSync(
    script,
    `import { spawnSync } from 'node:child_process';\nimport { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(file)}, 'x');\n` +
      `const r = spawnSync(process.execPath, [${JSON.stringify(CLI)}, ...process.argv.slice(2)], { stdio: 'inherit' });\nprocess.exit(r.status ?? 2);\n`,
  );
  return { script, file, count: () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').length : 0) };
}

interface EventOptions {
  name: 'push' | 'pull_request';
  fork?: boolean;
  private?: boolean;
  baseSha?: string;
}

/** The event payload GitHub writes to $GITHUB_EVENT_PATH (the fields the action reads, as GitHub names them). */
function eventFiles(o: EventOptions): { env: Record<string, string>; dir: string } {
  const dir = tempDir();
  const repository = { full_name: 'octo/shop', private: o.private === true };
  const payload =
    o.name === 'push'
      ? { ref: 'refs/heads/main', repository }
      : {
          action: 'opened',
          number: 7,
          repository,
          pull_request: {
            number: 7,
            base: { sha: o.baseSha ?? '', repo: repository },
            head: { sha: 'f'.repeat(40), repo: { full_name: o.fork ? 'someone/shop' : 'octo/shop' } },
          },
        };
  const file = path.join(dir, 'event.json');
  fs.writeFileSync(file, JSON.stringify(payload));
  return { env: { GITHUB_EVENT_NAME: o.name, GITHUB_EVENT_PATH: file }, dir };
}

/** A workspace that is a git repository: warn.yaml on the base, bad.yaml added by the pull request. */
function prWorkspace(): { files: Record<string, string>; setup: (ws: string) => string } {
  return {
    files: { '.apiconv.yaml': TWO_RULES, 'specs/warn.yaml': WARN_DOC, 'specs/bad.yaml': BAD_DOC },
    setup: ws => {
      git(ws, 'init', '-q', '-b', 'main');
      git(ws, 'add', '.apiconv.yaml', 'specs/warn.yaml');
      git(ws, 'commit', '-q', '-m', 'base');
      const base = git(ws, 'rev-parse', 'HEAD');
      git(ws, 'add', 'specs/bad.yaml');
      git(ws, 'commit', '-q', '-m', 'head');
      return base;
    },
  };
}

const annotations = (stdout: string) => stdout.split('\n').filter(l => /^::(error|warning|notice) file=/.test(l));

describe('GitHub Action under GitHub events', () => {
  before(() => ensureBuilt());

  it('push: one lint; every finding annotated, SARIF uploaded', () => {
    const cli = countingCli();
    const { env } = eventFiles({ name: 'push' });
    const r = runAction({ paths: 'specs' }, { env: { ...env, APICONV_CLI: cli.script } });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.equal(cli.count(), 1, 'one lint for annotations, SARIF and summary');
    assert.equal(annotations(r.stdout).length, 3);
    assert.equal(r.outputs['upload-sarif'], 'true');
    assert.ok(fs.existsSync(r.outputs['sarif-file']));
    assert.match(r.summary, /^## apiconv: 1 error, 2 warnings/m);
    assert.doesNotMatch(r.summary, /not uploaded|not annotated/);
  });

  it('pull request: only the files it changes are annotated, the rest counted in the summary', () => {
    const ws = prWorkspace();
    const cli = countingCli();
    const r = runAction(
      { paths: 'specs' },
      { files: ws.files, beforeRun: dir => eventFiles({ name: 'pull_request', baseSha: ws.setup(dir) }).env, env: { APICONV_CLI: cli.script } },
    );
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.equal(cli.count(), 1);
    const shown = annotations(r.stdout);
    assert.deepEqual(
      shown.map(l => /file=([^,]+)/.exec(l)![1]),
      ['specs/bad.yaml', 'specs/bad.yaml'],
    );
    assert.match(r.summary, /1 finding\(s\) in files this pull request does not change are not annotated/);
    assert.match(r.summary, /2 documents linted, 2 with findings/, 'the summary still counts every finding');
    assert.equal(r.outputs['upload-sarif'], 'true');
  });

  it('pull request with only-new: only the findings on what it adds or changes are reported, as lint --since its base', () => {
    const ws = prWorkspace();
    const r = runAction(
      { paths: 'specs', 'only-new': 'true' },
      { files: ws.files, beforeRun: dir => eventFiles({ name: 'pull_request', baseSha: ws.setup(dir) }).env },
    );
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.summary, /^## apiconv: 1 error, 1 warning$/m, 'warn.yaml, unchanged, is not reported');
    assert.match(r.stderr, /1 finding on what did not change since [0-9a-f]{40} not reported/);
  });

  it('pull request from a fork: no SARIF upload (a read-only token), and the summary says so', () => {
    const ws = prWorkspace();
    const r = runAction(
      { paths: 'specs', sarif: 'true' },
      { files: ws.files, beforeRun: dir => eventFiles({ name: 'pull_request', fork: true, baseSha: ws.setup(dir) }).env },
    );
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.equal(r.outputs['upload-sarif'], 'false');
    assert.ok(fs.existsSync(r.outputs['sarif-file']), 'the SARIF file is still written, for an artifact');
    assert.match(r.summary, /SARIF not uploaded: this pull request comes from a fork/);
    assert.equal(annotations(r.stdout).length, 2);
  });

  it('pull request without the history to tell the changed files: every file annotated, and said', () => {
    const r = runAction({ paths: 'specs' }, { env: eventFiles({ name: 'pull_request', baseSha: 'a'.repeat(40) }).env });
    assert.equal(annotations(r.stdout).length, 3);
    assert.match(r.summary, /The files this pull request changes are unknown \(check out with `fetch-depth: 2` or more\)/);
  });

  it('a private repository uploads only when sarif is set to true', () => {
    const { env } = eventFiles({ name: 'push', private: true });
    const auto = runAction({ paths: 'specs' }, { env });
    assert.equal(auto.outputs['upload-sarif'], 'false');
    assert.match(auto.summary, /the repository is private/);
    assert.equal(runAction({ paths: 'specs', sarif: 'yes' }, { env }).outputs['upload-sarif'], 'true');
  });

  it('annotations are capped at what GitHub shows; the others are in the summary', () => {
    const paths = Array.from({ length: 14 }, (_, i) => `  /getThing${i}:\n    get:\n      responses:\n        '200':\n          description: ok\n`).join('');
    const doc = BAD_DOC.replace(/paths:\n[\s\S]*$/, `paths:\n${paths}`);
    const r = runAction({ paths: 'api.yaml' }, { files: { '.apiconv.yaml': TWO_RULES, 'api.yaml': doc }, env: eventFiles({ name: 'push' }).env });
    const shown = annotations(r.stdout);
    assert.equal(shown.filter(l => l.startsWith('::error')).length, 10);
    assert.equal(shown.filter(l => l.startsWith('::warning')).length, 10);
    assert.match(r.summary, /8 more finding\(s\) are not annotated \(GitHub shows 10 annotations of each kind per step\)/);
  });

  it('boolean inputs have one reading: yes/no/on/off/1/0 as true/false, anything else an error', () => {
    const off = runAction({ paths: 'specs', annotations: 'no', sarif: 'off', summary: '0' });
    assert.equal(annotations(off.stdout).length, 0);
    assert.match(off.stdout, /path-no-verbs/, 'the stylish report instead');
    assert.equal(off.outputs['upload-sarif'], 'false');
    assert.equal(off.outputs['sarif-file'], undefined);
    assert.equal(off.summary, '');
    const bad = runAction({ paths: 'specs', summary: 'maybe' });
    assert.equal(bad.code, 2);
    assert.match(bad.stdout, /::error title=apiconv::summary must be true or false, not "maybe"/);
  });
});
