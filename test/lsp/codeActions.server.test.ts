/**
 * Code actions and completion over the protocol, against the BUILT server:
 * a quick fix applied through its WorkspaceEdit removes the finding on relint,
 * `source.fixAll.apiconv` (what editor.codeActionsOnSave asks for) fixes every
 * safe finding, "ignore" silences it, a stale diagnostic gets no edit, and
 * completion offers the conventional snippets in every client.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, CompletionItem, CompletionList, Diagnostic, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { TestClient, tmpWorkspace } from './client';

const DOC = `# a small API; comments must survive fixes
openapi: 3.0.3
info: { title: shop, version: '1' }
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
          description: Deleted.   # no 404 yet
components:
  securitySchemes:
    ApiKey: { type: apiKey, in: header, name: X-API-Key }
`;

function apply(text: string, edits: TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create('file:///x', 'yaml', 1, text), edits);
}

function editsFor(edit: WorkspaceEdit | undefined, uri: string): TextEdit[] {
  if (!edit) return [];
  if (edit.changes?.[uri]) return edit.changes[uri];
  for (const c of edit.documentChanges ?? []) if ('textDocument' in c && c.textDocument.uri === uri) return c.edits as TextEdit[];
  return [];
}

describe('language server: code actions and completion over the protocol', () => {
  let ws: string;
  let c: TestClient;
  before(async () => {
    ws = tmpWorkspace({ 'api.yaml': DOC });
    c = await TestClient.start({ folder: ws, settings: { debounceMs: 20 } });
  });
  after(() => c.stop());

  it('the quick fix of delete-404 adds the response; relint has the finding gone, comments kept', async () => {
    const uri = c.open(path.join(ws, 'api.yaml'), DOC);
    const diags = await c.diagnostics(uri, d => d.some(x => x.code === 'delete-404'));
    const d404 = diags.find(x => x.code === 'delete-404') as Diagnostic;
    const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: d404.range,
      context: { diagnostics: [d404], only: ['quickfix'] },
    });
    const fix = actions.find(a => a.isPreferred);
    assert.ok(fix, `a preferred quick fix among ${actions.map(a => a.title).join(' | ')}`);
    const fixed = apply(DOC, editsFor(fix.edit, uri));
    assert.notEqual(fixed, DOC);
    assert.ok(fixed.includes('# a small API; comments must survive fixes') && fixed.includes('# no 404 yet'), 'comments kept');
    assert.match(fixed, /'404':/);
    const since = c.published.length;
    c.change(uri, 2, fixed);
    const after = await c.diagnostics(uri, (_, p) => p.version === 2, since);
    assert.ok(!after.some(x => x.code === 'delete-404'), 'delete-404 gone after the fix');
    assert.ok(!after.some(x => x.code === 'parser'), 'the fixed text parses');
  });

  it('a diagnostic of an older version that the current lint does not have (it moved) gets no edit', async () => {
    const uri = c.open(path.join(ws, 'stale.yaml'), DOC);
    const diags = await c.diagnostics(uri, d => d.some(x => x.code === 'delete-404'));
    const d404 = diags.find(x => x.code === 'delete-404') as Diagnostic;
    const since = c.published.length;
    c.change(uri, 2, '# a line above every finding\n' + DOC);
    await c.diagnostics(uri, (_, p) => p.version === 2, since);
    const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: d404.range,
      context: { diagnostics: [d404] },
    });
    assert.ok(
      actions.every(a => editsFor(a.edit, uri).length === 0),
      'no action of a stale diagnostic edits the document',
    );
  });

  it('source.fixAll.apiconv fixes every safe finding (what fix-on-save runs)', async () => {
    const uri = c.open(path.join(ws, 'all.yaml'), DOC);
    const before = await c.diagnostics(uri, d => d.length > 0);
    const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [], only: ['source.fixAll.apiconv'] },
    });
    assert.equal(actions.length, 1, 'one fix-all action');
    assert.equal(actions[0].kind, 'source.fixAll.apiconv');
    const fixed = apply(DOC, editsFor(actions[0].edit, uri));
    const since = c.published.length;
    c.change(uri, 2, fixed);
    const after = await c.diagnostics(uri, (_, p) => p.version === 2, since);
    const safeBefore = before.filter(d => (d.data as { fixable?: unknown })?.fixable === 'safe' || d.code === 'delete-404');
    assert.ok(safeBefore.length > 0);
    for (const d of safeBefore) assert.ok(!after.some(a => a.code === d.code && a.range.start.line === d.range.start.line), `${d.code} fixed`);
    assert.ok(after.length < before.length, 'fewer findings');
  });

  it('"ignore this finding" silences it', async () => {
    const uri = c.open(path.join(ws, 'ignore.yaml'), DOC);
    const diags = await c.diagnostics(uri, d => d.some(x => x.code === 'delete-404'));
    const d404 = diags.find(x => x.code === 'delete-404') as Diagnostic;
    const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: d404.range,
      context: { diagnostics: [d404] },
    });
    const ignore = actions.find(a => /ignore/i.test(a.title));
    assert.ok(ignore, 'an ignore action');
    const text = apply(DOC, editsFor(ignore.edit, uri));
    assert.match(text, /# apiconv-ignore delete-404/);
    const since = c.published.length;
    c.change(uri, 2, text);
    const after = await c.diagnostics(uri, (_, p) => p.version === 2, since);
    assert.ok(!after.some(x => x.code === 'delete-404'));
  });

  it('completion under paths: offers the conventional collection + item snippet', async () => {
    const text = DOC.replace('paths:\n', 'paths:\n  \n');
    const uri = c.open(path.join(ws, 'complete.yaml'), text);
    const line = text.split('\n').indexOf('paths:') + 1;
    const res = await c.request<CompletionItem[] | CompletionList>('textDocument/completion', {
      textDocument: { uri },
      position: { line, character: 2 },
    });
    const items = Array.isArray(res) ? res : res.items;
    assert.ok(items.length > 0, 'completion items');
    const joined = items
      .map(i => `${i.label} ${typeof i.insertText === 'string' ? i.insertText : ''} ${i.textEdit && 'newText' in i.textEdit ? i.textEdit.newText : ''}`)
      .join('\n');
    assert.match(joined, /\{id\}/, 'an item path');
    assert.match(joined, /parameters\/Limit|name: limit/, 'list parameters');
  });
});
