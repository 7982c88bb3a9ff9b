/** The built language server validates an open config file with the config schema, while it is edited. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { TestClient, tmpWorkspace } from './client';

describe('language server: config diagnostics from the schema', () => {
  let ws: string;
  let c: TestClient;
  before(async () => {
    ws = tmpWorkspace({});
    c = await TestClient.start({ folder: ws, settings: { debounceMs: 20 } });
  });
  after(() => c.stop());

  it('an open .apiconv.yaml: a misspelt rule id at its key; fixed by an edit; cleared on close', async () => {
    const file = path.join(ws, '.apiconv.yaml');
    const text = 'extends: apiconv:recommended\nrules:\n  path-no-verbz: error\n';
    const uri = c.open(file, text);
    const diags = await c.diagnostics(uri, d => d.length > 0);
    assert.equal(diags.length, 1);
    assert.equal(diags[0].code, 'config-schema');
    assert.deepEqual(diags[0].range, { start: { line: 2, character: 2 }, end: { line: 2, character: 15 } });
    assert.match(String(diags[0].message), /did you mean "path-no-verbs"/);
    c.change(uri, 2, text.replace('verbz', 'verbs'));
    assert.deepEqual(await c.diagnostics(uri, (_, p) => p.version === 2 || p.diagnostics.length === 0), []);
    c.change(uri, 3, text.replace('verbz', 'verbs').replace(': error', ': loud'));
    const again = await c.diagnostics(uri, d => d.length > 0 && String(d[0].message).includes('severity'));
    assert.deepEqual(again[0].range.start, { line: 2, character: 17 });
    c.close(uri);
    assert.deepEqual(await c.diagnostics(uri, d => d.length === 0), []);
  });

  it('an open .apiconv.json too; other YAML files that are not OpenAPI get nothing', async () => {
    const uri = c.open(path.join(ws, '.apiconv.json'), '{ "rules": { "error-500": 7 } }');
    const d = await c.diagnostics(uri, x => x.length > 0);
    assert.equal(d[0].code, 'config-schema');
    const other = c.open(path.join(ws, 'notes.yaml'), 'rules:\n  path-no-verbz: error\n');
    const none = await c.until('status of notes.yaml', () => c.statuses.find(s => s.uri === other));
    assert.equal(none.state, 'skipped');
    assert.equal(c.published.filter(p => p.uri === other && p.diagnostics.length > 0).length, 0);
  });
});
