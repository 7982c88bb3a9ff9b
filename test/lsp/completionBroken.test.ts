/**
 * Completion in a big document that is broken elsewhere (the user is mid-edit): answered from the pieces of the text
 * and the document's last data that parsed, without a parse of the whole text — which, on a 4 MB document, held the
 * server's main thread for seconds at every completion while the text stayed broken.
 */
import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { computeCompletions } from '../../server/src/lsp/completion';

// The module object the engine calls `parseDocument` on (a namespace import would be a copy).
const yaml = createRequire(__filename)('yaml') as typeof import('yaml');

const BASE = `openapi: 3.1.0
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

const complete = (text: string, offset: number, fileName: string) => computeCompletions(text, offset, { snippetSupport: true, fileName });

/** BASE with the shared components its paths snippet adds (so that the snippet needs none), and `n` paths below the cursor. */
function bigDocument(n: number): { text: string; offset: number } {
  const offset = BASE.indexOf('|');
  const base = BASE.replace('|', '');
  const pair = complete(base, offset, '/v/base.yaml')[0]!;
  const withComponents = TextDocument.applyEdits(TextDocument.create('file:///v/base.yaml', 'yaml', 1, base), pair.additionalTextEdits!);
  const paths: string[] = [];
  for (let i = 0; i < n; i++)
    paths.push(
      `  /api/v1/items${i}:\n    get:\n      operationId: listItems${i}\n      summary: The items of kind ${i}\n      responses:\n        '200':\n          description: The items\n        '404':\n          $ref: '#/components/responses/NotFound'\n`,
    );
  return { text: withComponents.slice(0, offset) + '\n' + paths.join('') + withComponents.slice(offset + 1), offset };
}

test('completion in a big document broken elsewhere: snippets from its last data, and no parse of the whole text', t => {
  const file = '/v/big-broken.yaml';
  const { text: clean, offset } = bigDocument(3000);
  assert.ok(clean.length > 500_000, `${clean.length} characters`);
  const labels = (text: string) => complete(text, offset, file).map(i => `${i.label} (${i.additionalTextEdits?.length ?? 0} edits beside)`);
  const before = labels(clean);
  assert.ok(before.length > 0, 'the clean text has snippets');

  // An unclosed flow mapping typed into a summary far below the cursor.
  const at = clean.indexOf('summary: The items of kind 2000') + 'summary: '.length;
  const broken = clean.slice(0, at) + '{ ' + clean.slice(at);
  const parse = mock.method(yaml, 'parseDocument');
  t.after(() => parse.mock.restore());
  const whileBroken = labels(broken);
  const whole = parse.mock.calls.filter(c => typeof c.arguments[0] === 'string' && c.arguments[0].length > clean.length / 2).length;
  assert.equal(whole, 0, 'parses of the whole broken text');
  assert.deepEqual(whileBroken, before);
});
