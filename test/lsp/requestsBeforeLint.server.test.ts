/**
 * The requests an editor sends on opening a document (the outline, folding, a `$ref`'s hover and definition) come from the
 * parse alone. A big document's first parse in the server's main thread takes as long as its first lint in the worker:
 * the requests asked right after opening it let that lint's diagnostics out first (lsp/parseAfterLint.ts), as a request
 * right after an edit of a big document that has no tree yet does with the edit's relint; the parse held them up.
 * Once the document has its tree, the requests after an edit are answered before that version's diagnostics.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { TestClient, tmpWorkspace } from './client';

/** A document of `n` collections (a list and an item path each) and `n` schemas: megabytes for a thousand. */
function bigDocument(n: number): string {
  const out = ['openapi: 3.0.3', 'info:', '  title: big', '  version: 1.0.0', 'paths:'];
  for (let i = 0; i < n; i++) {
    out.push(
      `  /things${i}:`,
      '    get:',
      `      operationId: listThings${i}`,
      `      summary: List the things of kind ${i}`,
      '      responses:',
      "        '200':",
      '          description: the things',
      '          content:',
      '            application/json:',
      '              schema:',
      '                type: array',
      '                items:',
      `                  $ref: '#/components/schemas/Thing${i}'`,
      `  /things${i}/{id}:`,
      '    parameters:',
      '      - name: id',
      '        in: path',
      '        required: true',
      '        schema:',
      '          type: string',
      '    delete:',
      `      operationId: deleteThing${i}`,
      '      responses:',
      "        '204':",
      '          description: deleted',
    );
  }
  out.push('components:', '  schemas:');
  for (let i = 0; i < n; i++) {
    out.push(`    Thing${i}:`, '      type: object', '      properties:');
    for (let p = 0; p < 6; p++)
      out.push(`        field${p}:`, '          type: string', `          description: field ${p} of thing ${i}, described at some length`);
  }
  return out.join('\n') + '\n';
}

const N = 1200;

describe('language server: requests answered from the parse, before the lint', { timeout: 240_000 }, () => {
  let ws: string;
  let c: TestClient;
  const text = bigDocument(N);
  const lines = text.split('\n');
  const refLine = lines.findIndex(l => l.includes("$ref: '#/components/schemas/Thing0'"));
  const refPosition = { line: refLine, character: lines[refLine]!.indexOf('#/') + 2 };
  before(async () => {
    ws = tmpWorkspace({ 'big.yaml': text });
    c = await TestClient.start({ folder: ws });
  });
  after(() => c.stop());

  /** Whether `uri`'s diagnostics of `version` were published before now. */
  const published = (uri: string, version: number) => c.published.some(p => p.uri === uri && p.version === version);

  it('the outline, folding, a hover and a definition on a $ref asked right after didOpen are answered once the first diagnostics are out', async () => {
    const uri = c.open(path.join(ws, 'big.yaml'), text);
    const doc = { textDocument: { uri } };
    const answers = await Promise.all([
      c.request<{ name: string; children?: unknown[] }[]>('textDocument/documentSymbol', doc).then(r => ({ r, before: !published(uri, 1) })),
      c.request<{ contents: { value: string } } | null>('textDocument/hover', { ...doc, position: refPosition }).then(r => ({ r, before: !published(uri, 1) })),
      c.request<{ range: { start: { line: number } } } | null>('textDocument/definition', { ...doc, position: refPosition }).then(r => ({
        r,
        before: !published(uri, 1),
      })),
      c.request<{ startLine: number; endLine: number }[] | null>('textDocument/foldingRange', doc).then(r => ({ r, before: !published(uri, 1) })),
    ]);
    const [symbols, hover, definition, folding] = answers;
    assert.equal(symbols.r.find(s => s.name === 'paths')?.children?.length, 2 * N, 'the outline lists every path');
    assert.match(hover.r?.contents.value ?? '', /Thing0:/, "the hover previews the $ref's target");
    assert.equal(definition.r?.range.start.line, lines.indexOf('    Thing0:'), "the definition is the target's key");
    // Whole levels under 5,000 (no rangeLimit said): info, paths, components, the paths entries and `schemas`; not the
    // next level (operations and each schema: 4,800 more).
    const pathsLine = lines.indexOf('paths:');
    assert.deepEqual(
      folding.r?.find(r => r.startLine === pathsLine),
      { startLine: pathsLine, endLine: lines.indexOf('components:') - 1 },
      'paths folds',
    );
    assert.equal(folding.r?.length, 3 + 2 * N + 1, 'the first two levels');
    assert.deepEqual(
      answers.map(a => a.before),
      [false, false, false, false],
      'answered after the first diagnostics (outline, hover, definition, folding)',
    );
  });

  it('after an edit, the outline and folding are answered before the diagnostics of that version', async () => {
    const uri = c.open(path.join(ws, 'big.yaml'), text);
    const edited = text.replace('List the things of kind 0', 'List the things of kind 0, typed');
    c.change(uri, 2, edited);
    const symbols = await c.request<{ name: string }[]>('textDocument/documentSymbol', { textDocument: { uri } });
    const folding = await c.request<unknown[]>('textDocument/foldingRange', { textDocument: { uri } });
    assert.ok(!published(uri, 2), "answered before the edit's diagnostics");
    assert.ok(symbols.some(s => s.name === 'components'));
    assert.ok(folding.length > 2 * N);
    await c.diagnostics(uri, (_, p) => p.version === 2, 0, 200_000);
  });

  for (const [request, answered] of [
    ['textDocument/documentSymbol', (r: { name: string }[]) => r.some(s => s.name === 'components')],
    ['textDocument/codeLens', (r: { command?: { title: string } }[]) => r.some(l => l.command?.title.startsWith('1 reference'))],
  ] as const)
    it(`after an edit of a big document with no tree yet, ${request} is answered once that version's diagnostics are out`, async () => {
      const second = bigDocument(300);
      const uri = c.open(path.join(ws, `${request.split('/')[1]}.yaml`), second);
      await c.diagnostics(uri, (_, p) => p.version === 1, 0, 200_000);
      // At once: a document this big is parsed for the outline in the pause after its lint (scheduler.ts apply).
      c.change(uri, 2, second.replace('List the things of kind 0', 'List the things of kind 0, typed'));
      const answer = await c.request<never>(request, { textDocument: { uri } });
      assert.ok(published(uri, 2), "the edit's diagnostics came first");
      assert.ok(answered(answer), JSON.stringify(answer).slice(0, 200));
    });
});
