/** Ranges: a finding on a mapping/sequence value points at its key; scalar and parser ranges are kept. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { lint } from '../../server/src/engine/lint';
import type { LintProblem } from '../../server/src/engine/problem';

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
  it('YAML: a path item finding is the path key', async () => {
    const text = "openapi: 3.0.3\ninfo:\n  title: x\n  version: '1'\npaths:\n  '/pets':\n    get:\n      responses:\n        '200':\n          description: ok\n";
    const r = await lintText(text, 'doc.yaml');
    const p = r.problems.find(x => x.code === 'path-api-prefix')!;
    assert.equal(slice(text, p), "'/pets'");
  });

  it('JSON: the quoted key', async () => {
    const text = JSON.stringify({ openapi: '3.0.3', info: { title: 'x', version: '1' }, paths: { '/pets': { get: { responses: { '200': { description: 'ok' } } } } } }, null, 2);
    const r = await lintText(text, 'doc.json');
    const p = r.problems.find(x => x.code === 'path-api-prefix')!;
    assert.equal(slice(text, p), '"/pets"');
  });

  it('a flow mapping value on one line narrows too; a scalar finding keeps its value range', async () => {
    const text = "openapi: 3.0.3\ninfo: {title: x, version: '1'}\npaths:\n  /pets: {get: {responses: {'200': {description: ok}}}}\n";
    const r = await lintText(text, 'doc.yaml');
    assert.equal(slice(text, r.problems.find(x => x.code === 'path-api-prefix')!), '/pets');
    const scalar = r.problems.find(x => x.path.length === 1 && x.path[0] === 'openapi');
    assert.ok(scalar, 'a finding on the openapi scalar');
    assert.equal(slice(text, scalar), '3.0.3');
  });

  it("in a $ref'd file", async () => {
    const root = "openapi: 3.0.3\ninfo:\n  title: x\n  version: '1'\npaths:\n  /api/pets:\n    $ref: './item.yaml'\n";
    const item = 'get:\n  parameters:\n    - name: api-version\n      in: header\n      schema:\n        type: string\n  responses:\n    "200":\n      description: ok\n';
    const r = await lintText(root, 'root.yaml', { 'item.yaml': item });
    const p = r.problems.find(x => x.code === 'version-param-400')!;
    assert.ok(p.source.endsWith('item.yaml'));
    assert.equal(slice(item, p), 'responses');
  });

  it('parser ranges are kept as Spectral gives them', async () => {
    const text = 'openapi: 3.0.3\ninfo:\n  title: [x\n';
    const r = await lintText(text, 'doc.yaml');
    const parser = r.problems.filter(x => x.code === 'parser');
    assert.ok(parser.length > 0);
  });
});
