/**
 * The server's quick fixes follow the rules' options in the workspace's `.apiconv.yaml`: the title and the edit
 * declare the team's status, not the seed's (against the built server).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { TestClient, tmpWorkspace } from './client';

const DOC = `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: Deleted   # the job is queued
`;

const CONFIG = `extends: apiconv:recommended
rules:
  delete-success-204:
    then:
      functionOptions:
        statuses: [202]
`;

describe('language server: quick fixes follow the options of .apiconv.yaml', () => {
  let ws: string;
  let c: TestClient;
  before(async () => {
    ws = tmpWorkspace({ 'api.yaml': DOC, '.apiconv.yaml': CONFIG });
    c = await TestClient.start({ folder: ws, settings: { debounceMs: 20 } });
  });
  after(() => c.stop());

  it("delete-success-204 with statuses [202]: the quick fix renames the 200 to 202, the team's status", async () => {
    const uri = c.open(path.join(ws, 'api.yaml'), DOC);
    const diags = await c.diagnostics(uri, d => d.some(x => x.code === 'delete-success-204'));
    const d = diags.find(x => x.code === 'delete-success-204') as Diagnostic;
    assert.match(String(d.message), /declares none of 202 \(it declares 200\)/);
    const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: d.range,
      context: { diagnostics: [d], only: ['quickfix'] },
    });
    const fix = actions.find(a => a.isPreferred);
    assert.equal(fix?.title, 'Rename the 200 response to 202 (review the change)', actions.map(a => a.title).join(' | '));
    const resolved = fix.edit ? fix : await c.request<CodeAction>('codeAction/resolve', fix);
    const edits = (resolved.edit?.changes?.[uri] ?? []) as TextEdit[];
    const fixed = TextDocument.applyEdits(TextDocument.create(uri, 'yaml', 1, DOC), edits);
    assert.match(fixed, /'202':\n {10}description: Deleted {3}# the job is queued/);
    const since = c.published.length;
    c.change(uri, 2, fixed);
    const after = await c.diagnostics(uri, (_, p) => p.version === 2, since);
    assert.ok(!after.some(x => x.code === 'delete-success-204'), 'the finding is gone');
  });
});
