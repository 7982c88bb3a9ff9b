/**
 * Code actions cost what they show: for a client that resolves actions (`codeAction/resolve` of `edit`, as VS Code
 * does), the light bulb and fix-on-save list actions without computing them; each edit is computed when resolved,
 * in the server's action worker, and a cancelled resolve stops it. In process: the light bulb runs no job at all.
 */
import { after, before, describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CancellationTokenSource } from 'vscode-languageserver-protocol/node';
import type { CodeAction, Diagnostic, DocumentSymbol, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { URI } from 'vscode-uri';
import { TestClient, tmpWorkspace } from './client';
import { computeCodeActions, FIX_ALL_KIND, type CodeActionHost } from '../../server/src/lsp/codeActions';
import { lint } from '../../server/src/engine/lint';

const DOC = `# comments must survive fixes
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
  /orders/{id}:
    delete:
      operationId: deleteOrder
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

const CAPABILITIES = {
  textDocument: {
    codeAction: {
      dataSupport: true,
      resolveSupport: { properties: ['edit'] },
      codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source'] } },
    },
  },
};

function apply(text: string, edits: TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create('file:///x', 'yaml', 1, text), edits);
}

function editsFor(edit: WorkspaceEdit | undefined, uri: string): TextEdit[] {
  return edit?.changes?.[uri] ?? [];
}

describe('language server: lazy code actions (codeAction/resolve)', () => {
  let ws: string;
  let c: TestClient;
  before(async () => {
    ws = tmpWorkspace({ 'api.yaml': DOC });
    c = await TestClient.start({ folder: ws, settings: { debounceMs: 20 }, capabilities: CAPABILITIES });
  });
  after(() => c.stop());

  it('the light bulb lists the quick fix, "Fix all <rule>" and the fix-all without edits; each resolves to its edit', async () => {
    const uri = c.open(path.join(ws, 'api.yaml'), DOC);
    const diags = await c.diagnostics(uri, d => d.filter(x => x.code === 'delete-404').length === 2);
    const d404 = diags.find(x => x.code === 'delete-404') as Diagnostic;
    const actions = await c.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: d404.range, context: { diagnostics: [d404] } });
    const fix = actions.find(a => a.isPreferred);
    const rule = actions.find(a => a.title === 'Fix all delete-404 problems in this file');
    const all = actions.find(a => a.kind === FIX_ALL_KIND);
    assert.ok(fix && rule && all, actions.map(a => a.title).join(' | '));
    for (const a of [fix, rule, all]) assert.equal(a.edit, undefined, `${a.title}: no edit before resolve`);
    assert.match(fix.title, /404/);

    const resolvedFix = await c.request<CodeAction>('codeAction/resolve', fix);
    const fixed = apply(DOC, editsFor(resolvedFix.edit, uri));
    assert.ok(fixed.includes('# comments must survive fixes') && fixed.includes('# no 404 yet'), 'comments kept');
    const file = path.join(ws, 'api.yaml');
    assert.equal((await lint(fixed, file)).problems.filter(p => p.code === 'delete-404').length, 1, 'one delete-404 fixed');

    for (const a of [rule, all]) {
      const r = await c.request<CodeAction>('codeAction/resolve', a);
      const after = apply(DOC, editsFor(r.edit, uri));
      assert.deepEqual(
        (await lint(after, file)).problems.filter(p => p.code === 'delete-404'),
        [],
        `${a.title}: every delete-404 fixed`,
      );
    }
  });

  it('fix-on-save (only source.fixAll) answers without computing; the resolve computes it', async () => {
    const uri = c.open(path.join(ws, 'save.yaml'), DOC);
    await c.diagnostics(uri, d => d.some(x => x.code === 'delete-404'));
    const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [], only: ['source.fixAll'] },
    });
    assert.equal(actions.length, 1);
    assert.equal(actions[0].edit, undefined);
    const r = await c.request<CodeAction>('codeAction/resolve', actions[0]);
    assert.ok(editsFor(r.edit, uri).length > 0);
  });

  it('a cancelled resolve answers RequestCancelled at once, and the next one is computed', async () => {
    const uri = c.open(path.join(ws, 'cancel.yaml'), DOC);
    await c.diagnostics(uri, d => d.some(x => x.code === 'delete-404'));
    const ask = () =>
      c.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        context: { diagnostics: [], only: [FIX_ALL_KIND] },
      });
    const [action] = await ask();
    const cts = new CancellationTokenSource();
    const pending = c.conn.sendRequest('codeAction/resolve', action, cts.token);
    // Cancelled right after it is sent (as VS Code cancels a stale request): a timer of a few milliseconds raced the
    // fix-all itself, which now often takes less on this small document.
    cts.cancel();
    await assert.rejects(pending, (e: { code?: number }) => e.code === -32800);
    // The server is free: symbols answer, and a new resolve gets its edit.
    assert.ok((await c.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } })).length > 0);
    const r = await c.request<CodeAction>('codeAction/resolve', (await ask())[0]);
    assert.ok(editsFor(r.edit, uri).length > 0);
  });

  it('an action resolved after the document changed gets no edit', async () => {
    const uri = c.open(path.join(ws, 'stale.yaml'), DOC);
    const diags = await c.diagnostics(uri, d => d.some(x => x.code === 'delete-404'));
    const d404 = diags.find(x => x.code === 'delete-404') as Diagnostic;
    const actions = await c.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: d404.range, context: { diagnostics: [d404] } });
    const fix = actions.find(a => a.isPreferred)!;
    c.change(uri, 2, DOC.replace('Deleted.', 'Gone.'));
    await c.diagnostics(uri, (_, p) => p.version === 2);
    const r = await c.request<CodeAction>('codeAction/resolve', fix);
    assert.equal(r.edit, undefined);
  });
});

test('in process: a client that resolves gets the light bulb without any job run; one that does not gets every edit', async () => {
  const file = path.resolve('/tmp/apiconv-lazy/api.yaml');
  const uri = URI.file(file).toString();
  const doc = TextDocument.create(uri, 'yaml', 3, DOC);
  const problems = (await lint(DOC, file)).problems;
  const diags: Diagnostic[] = problems.map(p => ({
    range: p.range,
    message: p.message,
    source: 'apiconv',
    code: p.code,
    data: { ruleId: p.code, version: 3, path: p.path, fixable: !!p.fixable },
  }));
  const d = diags.find(x => x.code === 'delete-404')!;
  let jobs = 0;
  const host = (canResolve: boolean): CodeActionHost => ({
    document: u => (u === uri ? doc : undefined),
    readText: f => (f === file ? DOC : undefined),
    uriOf: f => URI.file(f).toString(),
    lintOptions: async () => ({}),
    canResolve: () => canResolve,
    findings: () => diags,
    runJob: async () => {
      jobs++;
      return { files: [[file, { text: DOC, edits: [{ offset: 0, length: 0, newText: '# x\n' }] }]] };
    },
  });
  const lazy = await computeCodeActions({ textDocument: { uri }, range: d.range, context: { diagnostics: [d] } }, host(true));
  assert.equal(jobs, 0);
  assert.ok(lazy.some(a => a.title === 'Fix all delete-404 problems in this file'));
  assert.ok(lazy.filter(a => !a.command).every(a => a.edit === undefined && a.data));
  const eager = await computeCodeActions({ textDocument: { uri }, range: d.range, context: { diagnostics: [d] } }, host(false));
  assert.equal(jobs, lazy.filter(a => a.data).length);
  assert.ok(eager.filter(a => !a.command).every(a => a.edit && !a.data));
});
