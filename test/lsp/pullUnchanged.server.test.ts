/**
 * Pull diagnostics with result ids: after an edit that changes no finding the pull is answered `unchanged`, so the
 * client keeps its diagnostics (VS Code then leaves its markers and the Problems tree alone), and the quick fixes of
 * the copies it keeps, computed for an earlier version, still apply. An edit that changes a finding gets it whole.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { TestClient, tmpWorkspace } from './client';

const DOC = `openapi: 3.0.3
info:
  title: shop
  version: '1'
  description: The shop.
servers:
  - url: https://shop.example.com/api/v1
security:
  - ApiKey: []
paths:
  /users/{id}:
    delete:
      operationId: deleteUser
      parameters:
        - name: id
          in: path
          required: true
          schema: { type: string }
      responses:
        '204':
          description: Deleted.
components:
  securitySchemes:
    ApiKey: { type: apiKey, in: header, name: X-API-Key }
`;

type Report = { kind: 'full'; resultId?: string; items: Diagnostic[] } | { kind: 'unchanged'; resultId: string };

describe('language server: pulls answered unchanged when no finding changed', () => {
  let ws: string;
  let c: TestClient;
  before(async () => {
    ws = tmpWorkspace({ 'api.yaml': DOC });
    c = await TestClient.start({
      folder: ws,
      settings: { debounceMs: 20 },
      capabilities: { workspace: { configuration: true }, textDocument: { diagnostic: { dynamicRegistration: false } } },
    });
  });
  after(() => c.stop());

  it('unchanged after an edit that changes no finding; the kept quick fix applies; full after one that does', async () => {
    const uri = c.open(path.join(ws, 'api.yaml'), DOC);
    const pull = (previousResultId?: string) => c.request<Report>('textDocument/diagnostic', { textDocument: { uri }, previousResultId });
    const first = await pull();
    assert.equal(first.kind, 'full');
    assert.ok(first.kind === 'full' && first.resultId, 'a full answer has a result id');
    const d404 = first.items.find(d => d.code === 'delete-404');
    assert.ok(d404, 'delete-404 found');

    c.change(uri, 2, DOC.replace('The shop.', 'The shop, typed into.'));
    const second = await pull(first.resultId);
    assert.deepEqual(second, { kind: 'unchanged', resultId: first.resultId }, 'a description typed into changes no finding');

    // The client holds version 1's diagnostic; the document is at version 2.
    const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: d404.range,
      context: { diagnostics: [d404], only: ['quickfix'] },
    });
    const fix = actions.find(a => a.isPreferred);
    assert.ok(fix, `the quick fix is offered: ${actions.map(a => a.title).join(' | ')}`);
    const resolved = fix.edit ? fix : await c.request<CodeAction>('codeAction/resolve', fix);
    assert.ok(JSON.stringify(resolved.edit ?? {}).includes("'404'"), 'and it edits');

    const moved = DOC.replace('The shop.', 'The shop.\n  x-note: a line above every finding');
    c.change(uri, 3, moved);
    const third = await pull(first.resultId);
    assert.equal(third.kind, 'full', 'findings moved a line down: sent again');
    assert.notEqual(third.kind === 'full' && third.resultId, first.resultId);
    assert.equal(third.kind === 'full' && third.items.find(d => d.code === 'delete-404')?.range.start.line, d404.range.start.line + 1);
  });
});
