/** `apiconv diff` end to end (the built CLI): files, git rev:path with $refs at the revision, --base over folders, formats, exit codes, config, errors. */
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCli, tempDir } from './helpers';

const ROOT_V1 = `openapi: 3.0.3
info: { title: Shop, version: '1.0.0' }
paths:
  /api/users:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: './schemas/user.yaml' }
  /api/orders:
    get:
      responses:
        '200': { description: OK }
`;
const USER_V1 = 'type: object\nproperties:\n  id: { type: string }\n  first_name: { type: string }\n';
const USER_V2 = 'type: object\nproperties:\n  id: { type: string }\n  firstName: { type: string }\n';
const ROOT_V2 = ROOT_V1.replace(/  \/api\/orders:[\s\S]*$/, '');

function git(dir: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, stdio: 'ignore' });
}

describe('apiconv diff', () => {
  let repo: string;
  before(() => {
    repo = tempDir({
      'api/openapi.yaml': ROOT_V1,
      'api/schemas/user.yaml': USER_V1,
      'old/legacy.yaml': ROOT_V1.replace('Shop', 'Legacy'),
      'notes.yaml': 'title: not an API\n',
    });
    git(repo, 'init', '-q');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'v1');
    fs.writeFileSync(path.join(repo, 'api/openapi.yaml'), ROOT_V2);
    fs.writeFileSync(path.join(repo, 'api/schemas/user.yaml'), USER_V2);
    fs.rmSync(path.join(repo, 'old'), { recursive: true });
    fs.writeFileSync(path.join(repo, 'api/admin.yaml'), ROOT_V2.replace('Shop', 'Admin'));
  });

  it('HEAD:path against the work tree: $refs read at the revision; a rename, a removed path, version-not-bumped; exit 1', () => {
    const r = runCli(['diff', 'HEAD:api/openapi.yaml', 'api/openapi.yaml', '-f', 'json'], { cwd: repo });
    assert.equal(r.code, 1, r.stderr);
    const found = JSON.parse(r.stdout) as { code: string; source: string; message: string; base?: { source: string; range: { start: { line: number } } } }[];
    assert.deepEqual(found.map(f => f.code).sort(), ['path-removed', 'property-renamed', 'version-not-bumped']);
    const renamed = found.find(f => f.code === 'property-renamed')!;
    assert.equal(renamed.source, fs.realpathSync(path.join(repo, 'api/schemas/user.yaml')).replace(fs.realpathSync(repo), repo));
    assert.match(renamed.message, /'first_name' → 'firstName'/);
    assert.equal(renamed.base!.range.start.line, 3);
  });

  it('two files; markdown; --fail-severity; the same file twice is exit 0', () => {
    const dir = tempDir({
      'a.yaml': ROOT_V1.replace('./schemas/user.yaml', '#/components/schemas/U') + 'components:\n  schemas:\n    U: { type: object }\n',
      'b.yaml': ROOT_V2.replace('./schemas/user.yaml', '#/components/schemas/U') + 'components:\n  schemas:\n    U: { type: object }\n',
    });
    const md = runCli(['diff', 'a.yaml', 'b.yaml', '-f', 'markdown'], { cwd: dir });
    assert.equal(md.code, 1);
    assert.match(md.stdout, /^### apiconv: 2 errors, 0 warnings, 0 info$/m);
    assert.match(md.stdout, /\| 🔴 error \| `path-removed` \| `b\.yaml:3` \| The path '\/api\/orders' was removed \(GET\)\. \| `a\.yaml:12` \|/);
    assert.equal(runCli(['diff', 'a.yaml', 'a.yaml'], { cwd: dir }).code, 0);
    const cfg = tempDir({
      'a.yaml': fs.readFileSync(path.join(dir, 'a.yaml'), 'utf8'),
      'b.yaml': fs.readFileSync(path.join(dir, 'b.yaml'), 'utf8'),
      '.apiconv.yaml': 'extends: [apiconv:recommended]\ndiff:\n  rules:\n    path-removed: warn\n    version-not-bumped: off\n',
    });
    const warned = runCli(['diff', 'a.yaml', 'b.yaml', '-f', 'json'], { cwd: cfg });
    assert.equal(warned.code, 0, warned.stderr);
    assert.deepEqual(
      (JSON.parse(warned.stdout) as { code: string; severity: number }[]).map(f => [f.code, f.severity]),
      [['path-removed', 1]],
    );
    assert.equal(runCli(['diff', 'a.yaml', 'b.yaml', '-F', 'warn'], { cwd: cfg }).code, 1);
    // The same config still lints: Spectral never sees the diff: section.
    assert.notEqual(runCli(['lint', 'a.yaml'], { cwd: cfg }).code, 2);
  });

  it('--base over a folder: changed, added and removed documents', () => {
    const r = runCli(['diff', '--base', 'HEAD', '.', '-f', 'json'], { cwd: repo });
    assert.equal(r.code, 1, r.stderr);
    const found = JSON.parse(r.stdout) as { code: string; source: string; severity: number }[];
    const rel = (f: { source: string }) => path.relative(repo, f.source).split(path.sep).join('/');
    assert.deepEqual(
      found
        .filter(f => f.code.startsWith('document-'))
        .map(f => [f.code, rel(f), f.severity])
        .sort(),
      [
        ['document-added', 'api/admin.yaml', 2],
        ['document-removed', 'old/legacy.yaml', 0],
      ],
    );
    assert.ok(found.some(f => f.code === 'property-renamed'));
  });

  it('one-line errors with exit 2: not a git repository, unknown revision, file absent at the base, not OpenAPI, a head that does not parse, bad config', () => {
    const plain = tempDir({ 'b.yaml': ROOT_V2 });
    const notRepo = runCli(['diff', 'HEAD:b.yaml', 'b.yaml'], { cwd: plain, env: { GIT_CEILING_DIRECTORIES: path.dirname(plain) } });
    assert.equal(notRepo.code, 2);
    assert.match(notRepo.stderr, /^apiconv: not a git repository: .*\n$/);
    const unknown = runCli(['diff', 'nosuchrev:api/openapi.yaml', 'api/openapi.yaml'], { cwd: repo });
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /^apiconv: unknown revision 'nosuchrev' in .*\n$/);
    const absent = runCli(['diff', 'HEAD:api/admin.yaml', 'api/admin.yaml'], { cwd: repo });
    assert.equal(absent.code, 2);
    assert.equal(absent.stderr, 'apiconv: api/admin.yaml does not exist at HEAD\n');
    const notApi = runCli(['diff', 'notes.yaml', 'api/openapi.yaml'], { cwd: repo });
    assert.equal(notApi.stderr, 'apiconv: not an OpenAPI document: notes.yaml\n');
    assert.equal(runCli(['diff', 'api/openapi.yaml'], { cwd: repo }).code, 2);
    // A head with a syntax error (an over-indented key) is not compared: its gaps would read as removals.
    const broken = tempDir({ 'a.yaml': ROOT_V1, 'b.yaml': ROOT_V1.replace('  /api/orders:\n', '  /api/orders:\n       oops: 1\n    x: 2\n') });
    const unparsed = runCli(['diff', 'a.yaml', 'b.yaml', '-f', 'json'], { cwd: broken });
    assert.equal(unparsed.code, 2);
    assert.match(unparsed.stderr, /^apiconv: b\.yaml does not parse \(line \d+: .*\): not compared\n$/);
    assert.equal(unparsed.stdout, '');
    const badCfg = tempDir({ 'a.yaml': ROOT_V2, '.apiconv.yaml': 'diff:\n  rules:\n    no-such-check: off\n' });
    const bad = runCli(['diff', 'a.yaml', 'a.yaml'], { cwd: badCfg });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /diff\.rules names an unknown check "no-such-check"/);
  });

  it('apiconv rules <check> prints its docs; lint does not call a diff check in apiconv-ignore unknown', () => {
    const r = runCli(['rules', 'property-renamed']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^# property-renamed/m);
    assert.match(r.stdout, /## Base/);
    const dir = tempDir({ 'a.yaml': ROOT_V2.replace('paths:', '# apiconv-ignore-file path-removed\npaths:') });
    const lint = runCli(['lint', 'a.yaml', '-f', 'json'], { cwd: dir });
    assert.ok(!(JSON.parse(lint.stdout) as { code: string }[]).some(f => /unknown/.test(f.code)), lint.stdout);
  });
});
