/**
 * Completion items per context (computed in process with `computeCompletions`),
 * and what each snippet inserts — placeholders at their defaults, the shared
 * components it adds included — lints clean under `recommended`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { InsertTextFormat, type CompletionItem, type TextEdit } from 'vscode-languageserver/node';
import { computeCompletions } from '../../server/src/lsp/completion';
import { lint } from '../../server/src/engine/lint';
import { expandSnippet } from '../helpers/expandSnippet';

function complete(s: string, fileName: string, snippetSupport = false): { text: string; items: CompletionItem[] } {
  const offset = s.indexOf('|');
  const text = s.replace('|', '');
  return { text, items: computeCompletions(text, offset, { snippetSupport, fileName }) };
}

function apply(text: string, item: CompletionItem): string {
  const edit = item.textEdit as TextEdit;
  let main = edit.newText;
  if (item.insertTextFormat === InsertTextFormat.Snippet) main = expandSnippet(main);
  return TextDocument.applyEdits(TextDocument.create('file:///x', 'yaml', 1, text), [
    { range: edit.range, newText: main },
    ...(item.additionalTextEdits ?? []),
  ]);
}

async function problemsAfter(text: string, item: CompletionItem, file: string): Promise<string[]> {
  const after = apply(text, item);
  const r = await lint(after, file);
  assert.equal(r.skipped, undefined);
  return r.problems.map(p => `${p.code} ${p.path.join('.')}: ${p.message}`);
}

const BASE3 = `openapi: 3.1.0
info:
  title: T
  version: 1.0.0
servers:
  - url: https://api.example.com
security:
  - ApiKeyAuth: []
paths:
  |
components:
  securitySchemes:
    ApiKeyAuth:
      type: apiKey
      in: header
      name: X-API-Key
`;

const BASE2 = `swagger: '2.0'
info:
  title: T
  version: 1.0.0
host: api.example.com
basePath: /api/v2
schemes: [https]
consumes: [application/json]
produces: [application/json]
security:
  - ApiKeyAuth: []
securityDefinitions:
  ApiKeyAuth:
    type: apiKey
    in: header
    name: X-API-Key
paths:
  |
`;

test('empty file: OpenAPI 3.1 and Swagger 2.0 skeletons, YAML and JSON, lint clean (snippet and plain text)', async () => {
  for (const file of ['/v/new.yaml', '/v/new.json']) {
    for (const snippetSupport of [true, false]) {
      const { text, items } = complete('|', file, snippetSupport);
      assert.deepEqual(
        items.map(i => i.filterText),
        ['openapi', 'swagger'],
      );
      for (const item of items) {
        assert.equal(item.insertTextFormat, snippetSupport ? InsertTextFormat.Snippet : InsertTextFormat.PlainText);
        assert.deepEqual(await problemsAfter(text, item, file), [], `${file} ${item.label}`);
      }
    }
  }
});

test('under paths: the collection + item pair with /api/v1; missing shared components are added; lints clean', async () => {
  const { text, items } = complete(BASE3, '/v/a.yaml', true);
  const pair = items.find(i => (i.data as { snippet: string }).snippet === 'paths.pair')!;
  assert.equal(pair.filterText, '/api/v1/things');
  assert.ok(pair.additionalTextEdits && pair.additionalTextEdits.length > 0);
  assert.match((pair.textEdit as TextEdit).newText, /\/api\/v1\/\$\{1:things\}:/);
  assert.deepEqual(await problemsAfter(text, pair, '/v/a.yaml'), []);
});

test('under paths, Swagger 2 with basePath /api/v2: no /api prefix in the keys; lints clean', async () => {
  const { text, items } = complete(BASE2, '/v/b.yaml');
  assert.equal(items.length, 1);
  assert.equal(items[0].filterText, '/things');
  assert.deepEqual(await problemsAfter(text, items[0], '/v/b.yaml'), []);
});

test('under paths with no components and no security: components written above paths; only security-required remains', async () => {
  const base = BASE3.replace(/components:[\s\S]*$/, '').replace('security:\n  - ApiKeyAuth: []\n', '');
  const { text, items } = complete(base, '/v/c.yaml');
  const after = apply(text, items[0]);
  assert.ok(after.indexOf('components:') < after.indexOf('paths:'));
  const problems = await problemsAfter(text, items[0], '/v/c.yaml');
  // The document declares no security: every inserted operation is (rightly) reported by security-required.
  assert.equal(problems.length, 6);
  assert.ok(
    problems.every(p => p.startsWith('security-required ')),
    problems.join('\n'),
  );
});

test('JSON: under paths (with comma handling), lints clean', async () => {
  const json = `{
  "openapi": "3.1.0",
  "info": { "title": "T", "version": "1.0.0" },
  "servers": [{ "url": "https://api.example.com/api/v1" }],
  "security": [{ "ApiKeyAuth": [] }],
  "paths": {
    "/health": {
      "get": {
        "operationId": "health",
        "responses": {
          "200": { "description": "ok", "headers": { "Cache-Control": { "schema": { "type": "string" } } }, "content": { "application/json": { "schema": { "type": "object" } } } },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Forbidden" },
          "500": { "$ref": "#/components/responses/InternalServerError" }
        }
      }
    }
    |
  },
  "components": {
    "securitySchemes": { "ApiKeyAuth": { "type": "apiKey", "in": "header", "name": "X-API-Key" } }
  }
}
`;
  const { text, items } = complete(json, '/v/d.json');
  assert.equal(items[0].filterText, '/things');
  const problems = await problemsAfter(text, items[0], '/v/d.json');
  // /health has no /api prefix of its own but servers give /api/v1: nothing to report.
  assert.deepEqual(problems, []);
});

test('inside an operation: responses with the success and standard error responses; inside responses: the missing errors', async () => {
  const doc = BASE3.replace(
    '  |\n',
    '  /api/v1/things/{id}:\n    parameters:\n      - name: id\n        in: path\n        required: true\n        schema:\n          type: string\n    get:\n      operationId: getThing\n      |\n',
  );
  const { text, items } = complete(doc, '/v/e.yaml');
  const responses = items.find(i => (i.data as { snippet: string }).snippet === 'operation.responses')!;
  assert.equal(responses.filterText, 'responses');
  assert.match(responses.detail!, /200, 400, 401, 403, 404, 500/);
  const fixed = apply(text, responses);
  assert.deepEqual(await problemsAfter(text, responses, '/v/e.yaml'), []);

  // Drop two errors again and complete inside `responses`.
  const partial = fixed
    .replace(/ {8}'403':\n.*\n/, '')
    .replace(/ {8}'404':\n.*\n/, '')
    .replace(/( {6}responses:\n)/, '$1        |\n');
  const r2 = complete(partial, '/v/e.yaml');
  const errors = r2.items.find(i => (i.data as { snippet: string }).snippet === 'operation.errors')!;
  assert.match(errors.detail!, /^apiconv: 403, 404$/);
  assert.deepEqual(await problemsAfter(r2.text, errors, '/v/e.yaml'), []);
});

test('components: error schema (A, B), X-API-Key scheme, list parameters, error responses, deprecation headers — each lints clean', async () => {
  const doc = 'openapi: 3.1.0\ninfo:\n  title: T\n  version: 1.0.0\nservers:\n  - url: https://api.example.com/api/v1\npaths: {}\ncomponents:\n  |\n';
  const { text, items } = complete(doc, '/v/f.yaml');
  const ids = items.map(i => (i.data as { snippet: string }).snippet);
  assert.deepEqual(ids.sort(), [
    'components.api-key',
    'components.deprecation-headers',
    'components.error-responses',
    'components.error-schema-A',
    'components.error-schema-B',
    'components.list-parameters',
  ]);
  for (const item of items) assert.deepEqual(await problemsAfter(text, item, '/v/f.yaml'), [], item.label);
  // Inside components/schemas: the schema itself, not the section.
  const inner = complete('openapi: 3.1.0\ninfo:\n  title: T\n  version: 1.0.0\npaths: {}\ncomponents:\n  schemas:\n    |\n', '/v/g.yaml');
  assert.deepEqual(
    inner.items.map(i => i.filterText),
    ['Error', 'Error'],
  );
  assert.deepEqual(await problemsAfter(inner.text, inner.items[1], '/v/g.yaml'), []);
});

test('Swagger 2 root: definitions, parameters, securityDefinitions, responses sections', async () => {
  const doc = "swagger: '2.0'\ninfo:\n  title: T\n  version: 1.0.0\nbasePath: /api/v1\nschemes: [https]\npaths: {}\n|\n";
  const { text, items } = complete(doc, '/v/h.yaml');
  assert.deepEqual(items.map(i => i.filterText).sort(), ['definitions', 'definitions', 'parameters', 'responses', 'securityDefinitions']);
  for (const item of items) assert.deepEqual(await problemsAfter(text, item, '/v/h.yaml'), [], item.label);
});

test('rule ids: under rules: in .apiconv.yaml / .spectral.yaml, after apiconv-ignore, in x-apiconv-ignore', () => {
  const cfg = complete('extends: apiconv:recommended\nrules:\n  error-500: off\n  err|\n', '/w/.apiconv.yaml', true);
  const labels = cfg.items.map(i => i.label);
  assert.ok(labels.includes('error-400') && labels.includes('path-api-prefix') && labels.includes('operation-tags'));
  assert.ok(!labels.includes('error-500'), 'already configured');
  const e400 = cfg.items.find(i => i.label === 'error-400')!;
  assert.equal((e400.textEdit as TextEdit).newText, 'error-400: ${1|error,warn,info,hint,off|}');
  assert.equal(complete('rules:\n  |\n', '/w/.spectral.yaml').items.length, cfg.items.length + 1);
  // Not in an OpenAPI document's own `rules` key, nor elsewhere in a ruleset.
  assert.deepEqual(complete('extends: x\n|\n', '/w/.spectral.yaml').items, []);

  const ig = complete('openapi: 3.0.0\npaths:\n  # apiconv-ignore error-500,|\n  /x: {}\n', '/w/api.yaml');
  const ids = ig.items.map(i => i.label);
  assert.ok(ids.includes('security-401') && ids.includes('oas3-schema'));
  assert.ok(!ids.includes('error-500'));
  const j = complete('{"openapi": "3.0.0", "x-apiconv-ignore": ["|"]}', '/w/api.json');
  assert.equal((j.items.find(i => i.label === 'error-400')!.textEdit as TextEdit).newText, '"error-400"');
});

test('no items in plain values, non-OpenAPI files, and never a throw on odd input', () => {
  assert.deepEqual(complete('openapi: 3.0.0\ninfo:\n  title: a|\n', '/v/x.yaml').items, []);
  assert.deepEqual(complete('name: x\nitems:\n  |\n', '/v/x.yaml').items, []);
  for (const s of ['\u0000|', '{{|', 'openapi: [|', '|'.padStart(5000, ' ')]) assert.doesNotThrow(() => complete(s, '/v/x.yaml'));
});
