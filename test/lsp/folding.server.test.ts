/**
 * textDocument/foldingRange over the protocol: the client's `rangeLimit` caps the answer by whole nesting levels, and a
 * YAML document that is not OpenAPI gets none (null: the editor keeps its own folding there).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { TestClient, tmpWorkspace } from './client';

const API = [
  'openapi: 3.0.3',
  'info:',
  '  title: t',
  "  version: '1'",
  'paths:',
  '  /a:',
  '    get:',
  '      responses:',
  "        '200':",
  '          description: OK.',
  '',
].join('\n');

describe('language server: folding ranges', () => {
  let ws: string;
  let c: TestClient;
  before(async () => {
    ws = tmpWorkspace({ 'api.yaml': API, 'other.yaml': 'a:\n  b: 1\n  c: 2\n' });
    c = await TestClient.start({
      folder: ws,
      capabilities: { workspace: { configuration: true }, textDocument: { foldingRange: { rangeLimit: 4, lineFoldingOnly: true } } },
    });
  });
  after(() => c.stop());

  it("whole levels under the client's rangeLimit; none for a document that is not OpenAPI", async () => {
    const uri = c.open(path.join(ws, 'api.yaml'), API);
    const ranges = await c.request<{ startLine: number; endLine: number }[]>('textDocument/foldingRange', { textDocument: { uri } });
    // info, paths (level 0), /a (level 1), get (level 2); responses would be a fifth.
    assert.deepEqual(
      ranges.map(r => `${r.startLine}-${r.endLine}`),
      ['1-3', '4-9', '5-9', '6-9'],
    );
    const other = c.open(path.join(ws, 'other.yaml'), 'a:\n  b: 1\n  c: 2\n');
    assert.equal(await c.request('textDocument/foldingRange', { textDocument: { uri: other } }), null);
  });
});
