/**
 * An open document edited as an editor does (BUILT server): its lint worker is sent the edits, not the text
 * (lsp/lintTexts.ts), and after random bursts of edits — several changes per event, versions typed over before their
 * lint, a YAML broken and mended — the findings of the last version are those of a fresh server that opens that text.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { TestClient, tmpWorkspace } from './client';
import { mulberry32 } from '../helpers/seeded';

/** A document past the size linted in the server's main thread (scheduler.ts INLINE_MAX_CHARS): it stays in the worker. */
function bigDoc(): string {
  const out = ['openapi: 3.0.3', 'info:', '  title: Shop', "  version: '1'", 'paths:'];
  for (let i = 0; i < 220; i++) {
    out.push(
      `  /items${i}:`,
      '    get:',
      `      summary: List the items of shelf ${i}`,
      `      operationId: listItems${i}`,
      '      responses:',
      "        '200':",
      '          description: The items',
      '          content:',
      '            application/json:',
      '              schema:',
      "                $ref: '#/components/schemas/Item'",
    );
  }
  out.push('components:', '  schemas:', '    Item:', '      type: object', '      properties:', '        name:', '          type: string', '');
  return out.join('\n');
}

const key = (d: Diagnostic) => `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${d.code} ${d.message}`;

describe('edits sent to the lint worker', () => {
  it('after random bursts of edits, the findings equal a fresh lint of the text, and the worker was sent edits', { timeout: 240_000 }, async () => {
    const ws = tmpWorkspace({ 'api.yaml': bigDoc() });
    const file = path.join(ws, 'api.yaml');
    const rand = mulberry32(37);
    let doc = TextDocument.create('file:///x', 'yaml', 1, bigDoc());
    const c = await TestClient.start({ folder: ws });
    let last: Diagnostic[];
    try {
      const uri = c.open(file, doc.getText());
      await c.diagnostics(uri, (_, p) => p.version === 1, 0, 120_000);
      const pieces = ['x', ' ', '\n', ': ', '#', '😀', '\n      deprecated: true'];
      let version = 1;
      for (let burst = 0; burst < 12; burst++) {
        // A burst: events sent one after the other, most of them typed over before their lint starts.
        for (let n = 1 + Math.floor(rand() * 5); n > 0; n--) {
          const changes: { range: { start: { line: number; character: number }; end: { line: number; character: number } }; text: string }[] = [];
          for (let k = 1 + Math.floor(rand() * 3); k > 0; k--) {
            const text = doc.getText();
            const from = text.indexOf('\npaths:') + 8;
            const a = from + Math.floor(rand() * (text.length - from));
            const b = Math.min(text.length, a + (rand() < 0.6 ? 0 : Math.floor(rand() * 6)));
            const change = { range: { start: doc.positionAt(a), end: doc.positionAt(b) }, text: pieces[Math.floor(rand() * pieces.length)]! };
            changes.push(change);
            doc = TextDocument.update(doc, [change], version);
          }
          version++;
          doc = TextDocument.update(doc, [], version);
          c.edit(uri, version, changes);
        }
        const v = version;
        await c.diagnostics(uri, (_, p) => p.version === v, 0, 120_000);
      }
      last = c.latest(uri)!.diagnostics;
      const kept = c.statuses.filter(s => s.incremental?.textKept).length;
      assert.ok(kept > 0, `the worker was sent edits (statuses: ${JSON.stringify(c.statuses.map(s => s.incremental))})`);
    } finally {
      await c.stop();
    }
    const fresh = await TestClient.start({ folder: ws });
    try {
      const uri = fresh.open(file, doc.getText());
      const expected = await fresh.diagnostics(uri, (_, p) => p.version === 1, 0, 120_000);
      assert.ok(expected.length > 0);
      assert.deepEqual(last.map(key).sort(), expected.map(key).sort());
    } finally {
      await fresh.stop();
    }
  });
});
