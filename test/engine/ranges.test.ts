/** Ranges: a finding on a mapping/sequence value points at its key; scalar and parser ranges are kept. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { lint } from '../../server/src/engine/lint';
import type { LintProblem } from '../../server/src/engine/problem';
import { isSpace } from '../../server/src/engine/ranges';

const slice = (text: string, p: LintProblem) => {
  const lines = text.split('\n');
  assert.equal(p.range.start.line, p.range.end.line, 'one line');
  return lines[p.range.start.line].slice(p.range.start.character, p.range.end.character);
};

async function lintText(text: string, name: string, files: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-ranges-'));
  for (const [n, t] of Object.entries(files)) fs.writeFileSync(path.join(dir, n), t);
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return lint(text, file);
}

describe('ranges', () => {
  it('isSpace is /\\s/ on every UTF-16 code unit (the narrowing reads the text by character code)', () => {
    for (let c = 0; c < 0x10000; c++) assert.equal(isSpace(c), /\s/.test(String.fromCharCode(c)), c.toString(16));
  });

  it('YAML: a path item finding is the path key', async () => {
    const text =
      "openapi: 3.0.3\ninfo:\n  title: x\n  version: '1'\npaths:\n  '/pets':\n    get:\n      responses:\n        '200':\n          description: ok\n";
    const r = await lintText(text, 'doc.yaml');
    const p = r.problems.find(x => x.code === 'path-api-prefix')!;
    assert.equal(slice(text, p), "'/pets'");
  });

  it('JSON: the quoted key', async () => {
    const text = JSON.stringify(
      { openapi: '3.0.3', info: { title: 'x', version: '1' }, paths: { '/pets': { get: { responses: { '200': { description: 'ok' } } } } } },
      null,
      2,
    );
    const r = await lintText(text, 'doc.json');
    const p = r.problems.find(x => x.code === 'path-api-prefix')!;
    assert.equal(slice(text, p), '"/pets"');
  });

  it('a flow mapping value on one line narrows too; a scalar finding keeps its value range', async () => {
    const text = "openapi: 3.0.3\ninfo: {title: x, version: '1'}\npaths:\n  /pets: {get: {responses: {'200': {description: ok}}}}\n";
    const r = await lintText(text, 'doc.yaml');
    assert.equal(
      slice(
        text,
        r.problems.find(x => x.code === 'path-api-prefix')!,
      ),
      '/pets',
    );
    const scalar = r.problems.find(x => x.path.length === 1 && x.path[0] === 'openapi');
    assert.ok(scalar, 'a finding on the openapi scalar');
    assert.equal(slice(text, scalar), '3.0.3');
  });

  it("in a $ref'd file", async () => {
    const root = "openapi: 3.0.3\ninfo:\n  title: x\n  version: '1'\npaths:\n  /api/pets:\n    $ref: './item.yaml'\n";
    const item =
      'get:\n  parameters:\n    - name: api-version\n      in: header\n      schema:\n        type: string\n  responses:\n    "200":\n      description: ok\n';
    const r = await lintText(root, 'root.yaml', { 'item.yaml': item });
    const p = r.problems.find(x => x.code === 'version-param-400')!;
    assert.ok(p.source.endsWith('item.yaml'));
    assert.equal(slice(item, p), 'responses');
  });

  it("YAML: an unquoted path key with a {param} is the finding's range, not the path item", async () => {
    const text =
      "openapi: 3.0.3\ninfo:\n  title: x\n  version: '1'\npaths:\n  /api/users/{id}/activate:\n    post:\n      responses:\n        '204':\n          description: ok\n" +
      "  /api/users/{id}:\n    get:\n      responses:\n        '200':\n          description: ok\n";
    const r = await lintText(text, 'doc.yaml');
    const onItems = r.problems.filter(x => x.path.length === 2 && x.path[0] === 'paths');
    assert.ok(
      onItems.some(x => x.code === 'path-no-verbs'),
      'path-no-verbs on /activate',
    );
    for (const p of onItems) assert.equal(slice(text, p), p.path[1], `${p.code} on ${p.path[1]}`);
  });

  it('a {param} key after a flow indicator: the nearest start that spells the key wins', async () => {
    const text =
      "openapi: 3.0.3\ninfo: {title: x, version: '1'}\npaths: {'/a': {get: {responses: {'200': {description: ok}}}}, '/api/users/{id}/activate': {post: {responses: {'204': {description: ok}}}}}\n";
    const r = await lintText(text, 'doc.yaml');
    const p = r.problems.find(x => x.code === 'path-no-verbs')!;
    assert.equal(slice(text, p), "'/api/users/{id}/activate'");
  });

  it('JSON: a {param} key', async () => {
    const text = JSON.stringify(
      {
        openapi: '3.0.3',
        info: { title: 'x', version: '1' },
        paths: { '/api/users/{id}/activate': { post: { responses: { '204': { description: 'ok' } } } } },
      },
      null,
      2,
    );
    const r = await lintText(text, 'doc.json');
    const p = r.problems.find(x => x.code === 'path-no-verbs')!;
    assert.equal(slice(text, p), '"/api/users/{id}/activate"');
  });

  it("a finding on a $ref'd file's root is shown on its first line", async () => {
    const root =
      "openapi: 3.0.3\ninfo:\n  title: x\n  version: '1'\npaths:\n  /api/pets:\n    get:\n      responses:\n        '200':\n          $ref: './ok.yaml'\n";
    const ok = 'description: ok\ncontent:\n  application/json:\n    schema:\n      type: object\n';
    const r = await lintText(root, 'root.yaml', { 'ok.yaml': ok });
    const inOk = r.problems.filter(x => x.source.endsWith('ok.yaml'));
    assert.ok(
      inOk.some(x => x.path.length === 0),
      'a finding on the root of ok.yaml',
    );
    for (const p of inOk) assert.equal(slice(ok, p), p.path.length === 0 ? 'description: ok' : p.path[p.path.length - 1]);
  });

  it('a finding on a sequence item that is a mapping is shown on its first line', async () => {
    const text =
      "openapi: 3.0.3\ninfo:\n  title: x\n  version: '1'\npaths:\n  /api/pets:\n    get:\n      responses:\n        '200':\n          description: ok\n" +
      '          content:\n            application/json:\n              schema:\n                type: array\n                items:\n                  type: object\n                  required: [name]\n' +
      '              example:\n                - id: 1\n                  name: x\n                - id: 2\n                  nickname: y\n';
    const r = await lintText(text, 'doc.yaml');
    const p = r.problems.find(x => x.code === 'oas3-valid-media-example')!;
    assert.ok(p, 'the example is checked');
    assert.equal(String(p.path[p.path.length - 1]), '1', 'the finding is on the item');
    assert.equal(slice(text, p), 'id: 2');
  });

  it('parser ranges are kept as Spectral gives them', async () => {
    const text = 'openapi: 3.0.3\ninfo:\n  title: [x\n';
    const r = await lintText(text, 'doc.yaml');
    const parser = r.problems.filter(x => x.code === 'parser');
    assert.ok(parser.length > 0);
  });
});
