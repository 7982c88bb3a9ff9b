/**
 * OpenAPI 3.2 in the editor: QUERY and `additionalOperations` entries are
 * operations in the outline, in workspace symbols and for the responses snippets
 * (what a snippet inserts there lints clean under `recommended`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { SymbolKind, type CompletionItem, type DocumentSymbol, type TextEdit } from 'vscode-languageserver/node';
import { computeCompletions } from '../../server/src/lsp/completion';
import { documentSymbols, makeParsed } from '../../server/src/lsp/navigation';
import { WorkspaceRefs } from '../../server/src/lsp/refsWorkspace';
import { workspaceSymbols } from '../../server/src/lsp/workspaceSymbols';
import { lint } from '../../server/src/engine/lint';

const DOC = `openapi: 3.2.0
info:
  title: T
  version: 1.0.0
servers:
  - url: https://api.example.com/api/v1
security:
  - ApiKeyAuth: []
paths:
  /orders:
    get:
      operationId: listOrders
      responses:
        '200':
          description: OK
    query:
      operationId: queryOrders
      requestBody:
        content:
          application/json:
            schema:
              type: object
      QUERY_CURSOR
  /orders/{id}:
    parameters:
      - name: id
        in: path
        required: true
        schema:
          type: string
    additionalOperations:
      COPY:
        operationId: copyOrder
        COPY_CURSOR
components:
  securitySchemes:
    ApiKeyAuth:
      type: apiKey
      in: header
      name: X-API-Key
`;

function complete(marked: string): { text: string; items: CompletionItem[] } {
  const offset = marked.indexOf('|');
  const text = marked.replace('|', '');
  return { text, items: computeCompletions(text, offset, { snippetSupport: false, fileName: '/v/o32.yaml' }) };
}

function apply(text: string, item: CompletionItem): string {
  const edit = item.textEdit as TextEdit;
  return TextDocument.applyEdits(TextDocument.create('file:///x', 'yaml', 1, text), [
    { range: edit.range, newText: edit.newText },
    ...(item.additionalTextEdits ?? []),
  ]);
}

test('outline and workspace symbols: QUERY and COPY are operations of their paths', async () => {
  const parsed = makeParsed('/v/o32.yaml', DOC.replace('QUERY_CURSOR', '').replace('COPY_CURSOR', ''));
  const paths = documentSymbols(parsed).find(s => s.name === 'paths')!;
  const names = (paths.children ?? []).map((p: DocumentSymbol) => [p.name, (p.children ?? []).map(o => o.name)]);
  assert.deepEqual(names, [
    ['/orders', ['GET /orders', 'QUERY /orders']],
    ['/orders/{id}', ['COPY /orders/{id}']],
  ]);
  const refs = new WorkspaceRefs({
    folders: () => [],
    openFiles: () => ['/v/o32.yaml'],
    lintedFiles: () => [],
    parsedOpen: () => parsed,
    readDisk: () => undefined,
    scan: () => Promise.reject(new Error('no workspace files')),
    quiet: () => Promise.resolve(),
    uriOf: f => `file://${f}`,
  });
  const ops = (await workspaceSymbols(refs, '')).filter(s => s.kind === SymbolKind.Method).map(s => `${s.name} ${s.containerName}`);
  assert.deepEqual(ops, ['listOrders GET /orders', 'queryOrders QUERY /orders', 'copyOrder COPY /orders/{id}']);
});

test('responses snippets inside QUERY and inside an additionalOperations entry lint clean', async () => {
  for (const [cursor, other, expected] of [
    ['QUERY_CURSOR', 'COPY_CURSOR', /^apiconv: 200, 400, 401, 403, 422, 500$/],
    ['COPY_CURSOR', 'QUERY_CURSOR', /^apiconv: 200, 400, 401, 403, 404, 500$/],
  ] as const) {
    // The other operation gets its responses written out, so that only the snippet's operation is judged.
    const filled = DOC.replace(
      other,
      other === 'QUERY_CURSOR' ? "responses:\n        '200':\n          description: OK" : "responses:\n          '200':\n            description: OK",
    );
    const { text, items } = complete(filled.replace(cursor, '|'));
    const responses = items.find(i => (i.data as { snippet: string }).snippet === 'operation.responses');
    assert.ok(responses, `${cursor}: a responses snippet; got ${items.map(i => i.label).join(', ')}`);
    assert.match(responses.detail!, expected);
    const after = apply(text, responses);
    const r = await lint(after, '/v/o32.yaml');
    const op = cursor === 'QUERY_CURSOR' ? 'paths./orders.query' : 'paths./orders/{id}.additionalOperations.COPY';
    const mine = r.problems.filter(p => p.path.join('.').startsWith(op));
    assert.deepEqual(
      mine.map(p => `${p.code} ${p.path.join('.')}: ${p.message}`),
      [],
      cursor,
    );
    assert.deepEqual(
      r.problems.filter(p => p.code === 'parser' || p.code === 'oas3-schema').map(p => p.message),
      [],
    );
  }
});
