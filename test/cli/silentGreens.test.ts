/**
 * No silent green: an input apiconv did not lint never exits 0 unsaid (README, exit codes). A stray NUL byte is a
 * located parser finding; a folder with no OpenAPI document, an AsyncAPI document, only skipped files: exit 2 with
 * the reason; CR-only line ends read as YAML reads them; `--roots` (the pre-commit hooks) lints a staged `$ref`'d
 * piece through the documents that reach it. Through the built CLI.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runCli, tempDir, type JsonFinding } from './helpers';

const HEAD = `openapi: 3.0.3
info:
  title: T
  version: '1'
servers:
  - url: https://x.example.com/api/v1
`;
const VERB_PATH = `${HEAD}paths:\n  /getUsers:\n    get:\n      responses:\n        '200':\n          description: ok\n`;
const json = (s: string) => JSON.parse(s) as JsonFinding[];

describe('CLI: no silent greens', () => {
  it('a document with one NUL byte: a parser finding at the byte, exit 1', () => {
    const d = tempDir({ 'a.yaml': `${HEAD}paths: {}\nx-note: ab\u0000c\n` });
    const r = runCli(['lint', '-f', 'json', 'a.yaml'], { cwd: d });
    assert.equal(r.code, 1, r.stderr);
    const parser = json(r.stdout).filter(f => f.code === 'parser');
    assert.equal(parser.length, 1);
    assert.match(parser[0]!.message, /NUL character/);
    assert.deepEqual(parser[0]!.range.start, { line: 7, character: 10 });
  });

  it('a folder with no OpenAPI document, an AsyncAPI document, an empty file: exit 2, saying why', () => {
    const d = tempDir({ 'specs/x.yaml': 'a: 1\n', 'async.yaml': "asyncapi: 2.6.0\ninfo:\n  title: T\n  version: '1'\nchannels: {}\n", 'empty.yaml': '' });
    const folder = runCli(['lint', 'specs'], { cwd: d });
    assert.equal(folder.code, 2);
    assert.match(folder.stderr, /no OpenAPI document was linted in specs/);
    const asyncapi = runCli(['lint', 'async.yaml'], { cwd: d });
    assert.equal(asyncapi.code, 2);
    assert.match(asyncapi.stderr, /async\.yaml: skipped: an AsyncAPI document: apiconv lints OpenAPI/);
    assert.match(asyncapi.stderr, /no OpenAPI document was linted \(every file was skipped/);
    assert.equal(runCli(['lint', 'empty.yaml'], { cwd: d }).code, 2);
  });

  it("a skipped file beside a linted document: the exit code is the document's", () => {
    const d = tempDir({ 'a.yaml': `${HEAD}paths: {}\n`, 'empty.yaml': '' });
    const r = runCli(['lint', 'a.yaml', 'empty.yaml'], { cwd: d });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /empty\.yaml: skipped: the file is empty/);
  });

  it('CR-only line ends: linted as with LF, at the same lines, no parser finding', () => {
    const lf = json(runCli(['lint', '-f', 'json', 'a.yaml'], { cwd: tempDir({ 'a.yaml': VERB_PATH }) }).stdout);
    const cr = json(runCli(['lint', '-f', 'json', 'a.yaml'], { cwd: tempDir({ 'a.yaml': VERB_PATH.replace(/\n/g, '\r') }) }).stdout);
    assert.ok(!cr.some(f => f.code === 'parser'), JSON.stringify(cr.filter(f => f.code === 'parser')));
    const brief = (fs: JsonFinding[]) => fs.map(f => `${f.code} ${f.range.start.line}:${f.range.start.character}`).sort();
    assert.deepEqual(brief(cr), brief(lf));
    assert.ok(cr.some(f => f.code === 'path-no-verbs'));
  });

  it("--roots: a staged $ref'd piece with a broken $ref fails through its document; other YAML passes", () => {
    const d = tempDir({
      '.git/HEAD': 'ref: refs/heads/main\n',
      'api/openapi.yaml': `${HEAD}paths:\n  /api/v1/users:\n    $ref: paths/users.yaml\n`,
      'api/paths/users.yaml': "get:\n  operationId: listUsers\n  responses:\n    '200':\n      $ref: '../responses.yaml#/Missing'\n",
      'api/responses.yaml': 'Other:\n  description: ok\n',
      'deploy/k8s.yaml': 'kind: Deployment\n',
    });
    const piece = runCli(['lint', '--roots', '-f', 'json', 'api/paths/users.yaml'], { cwd: d });
    assert.equal(piece.code, 1, piece.stderr);
    assert.match(piece.stderr, /api\/paths\/users\.yaml: not an OpenAPI document: linted through the documents that \$ref it/);
    assert.ok(
      json(piece.stdout).some(f => f.code === 'invalid-ref' && f.source.endsWith('users.yaml')),
      piece.stdout,
    );
    const other = runCli(['lint', '--roots', 'deploy/k8s.yaml'], { cwd: d });
    assert.equal(other.code, 0, other.stderr);
    assert.match(other.stderr, /k8s\.yaml: not an OpenAPI document, and no document of the project \$refs it: not linted/);
  });
});
