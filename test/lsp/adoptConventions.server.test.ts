/**
 * `apiconv/inferConventions` (the server's side of "apiconv: Adopt This API's Conventions") over the protocol,
 * against the BUILT server: the proposal is what `apiconv init --infer` writes for the document as the editor has it
 * (unsaved edits included), for the config that applies to it (else a new `.apiconv.yaml` in the workspace folder),
 * with that config's text; the server writes nothing.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TestClient, tmpWorkspace, uriOf } from './client';
import type { InferConventionsResult } from '../../server/src/lsp/protocol';

const api = (prefix: string) => `openapi: 3.0.3
info: { title: shop, version: '1' }
paths:
${['orders', 'customers', 'invoices'].map(c => `  ${prefix}/${c}/{id}:\n    get:\n      responses:\n        '200': { description: ok }\n`).join('')}`;

describe('apiconv/inferConventions', () => {
  let client: TestClient;
  let ws: string;
  before(async () => {
    ws = tmpWorkspace({ 'specs/api.yaml': api('/v1'), 'other/notes.yaml': 'title: not an API\n' });
    client = await TestClient.start({ folder: ws });
  });
  after(() => client.stop());

  it('proposes a new .apiconv.yaml in the workspace folder with the conventions of the text as edited; writes nothing', async () => {
    const uri = client.open(path.join(ws, 'specs/api.yaml'), api('/v1'));
    const r = await client.request<InferConventionsResult>('apiconv/inferConventions', { uri });
    assert.equal(r.uri, uriOf(path.join(ws, '.apiconv.yaml')));
    assert.equal(r.current, undefined);
    assert.match(r.proposed, /^# apiconv configuration inferred from specs\/api\.yaml by `apiconv init --infer`:/);
    assert.match(r.proposed, /# \/v1\/ starts 3 of 3 paths\n {2}path-api-prefix:\n {4}then:\n {6}functionOptions:\n {8}prefix: \/v1\n/);
    assert.ok(r.rules.includes('path-api-prefix'), r.rules.join());
    assert.ok(!fs.existsSync(path.join(ws, '.apiconv.yaml')), 'the server wrote nothing');

    // An unsaved edit is what the proposal reads.
    client.change(uri, 2, api('/v2'));
    const edited = await client.request<InferConventionsResult>('apiconv/inferConventions', { uri });
    assert.match(edited.proposed, /prefix: \/v2\n/);
    const again = await client.request<InferConventionsResult>('apiconv/inferConventions', { uri });
    assert.equal(again.proposed, edited.proposed, 'the same document gives the same proposal');
  });

  it("the config that applies to the document is the one proposed for, with today's text", async () => {
    const config = 'extends: apiconv:recommended\nrules:\n  error-400: off\n';
    fs.writeFileSync(path.join(ws, 'specs', '.apiconv.yaml'), config);
    const r = await client.request<InferConventionsResult>('apiconv/inferConventions', { uri: uriOf(path.join(ws, 'specs/api.yaml')) });
    assert.equal(r.uri, uriOf(path.join(ws, 'specs', '.apiconv.yaml')));
    assert.equal(r.current, config);
    assert.match(r.proposed, /inferred from api\.yaml /);
    assert.equal(fs.readFileSync(path.join(ws, 'specs', '.apiconv.yaml'), 'utf8'), config, 'kept as it is');
  });

  it('a file that is not an OpenAPI document is an error that says so', async () => {
    const uri = client.open(path.join(ws, 'other/notes.yaml'), 'title: not an API\n');
    await assert.rejects(client.request('apiconv/inferConventions', { uri }), /notes\.yaml is not an OpenAPI document/);
  });
});
