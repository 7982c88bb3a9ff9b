/**
 * The findings of an open document's relints come back from the lint worker as what changed (BUILT server;
 * lsp/problemsDelta.ts over engine/finish/finishMemo.ts): a keystroke that changes no finding sends none whole, one that
 * adds a finding sends that one, and after edits the findings are those of a fresh server that opens the text.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { TestClient, tmpWorkspace } from './client';

/** A document past the size linted in the server's main thread (scheduler.ts INLINE_MAX_CHARS): it stays in the worker. */
function bigDoc(): string {
  const out = ['openapi: 3.0.3', 'info:', '  title: Shop', "  version: '1'", 'servers:', '  - url: https://shop.example.com/v1', 'paths:'];
  for (let i = 0; i < 400; i++)
    out.push(
      `  /items${i}:`,
      '    get:',
      `      summary: List the items of shelf ${i}`,
      `      description: Every item on shelf ${i}, in the order they were put there`,
      '      responses:',
      "        '200':",
      '          description: The items',
    );
  return out.join('\n') + '\n';
}

const key = (d: Diagnostic) => `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${d.code} ${d.message}`;

describe('findings sent back from the lint worker as a delta', () => {
  it('sends only the findings an edit changed, and ends with a fresh lint’s findings', { timeout: 240_000 }, async () => {
    const ws = tmpWorkspace({ 'api.yaml': bigDoc() });
    const file = path.join(ws, 'api.yaml');
    let doc = TextDocument.create('file:///x', 'yaml', 1, bigDoc());
    const c = await TestClient.start({ folder: ws });
    let last: Diagnostic[];
    try {
      const uri = c.open(file, doc.getText());
      const first = await c.diagnostics(uri, (_, p) => p.version === 1, 0, 120_000);
      assert.ok(first.length > 800 && doc.getText().length > 64 * 1024);
      const edit = async (version: number, at: string, text: string, remove = 0) => {
        const offset = doc.getText().indexOf(at) + at.length;
        const change = { range: { start: doc.positionAt(offset), end: doc.positionAt(offset + remove) }, text };
        doc = TextDocument.update(doc, [change], version);
        c.edit(uri, version, [change]);
        await c.diagnostics(uri, (_, p) => p.version === version, 0, 120_000);
        // The status of a lint follows its diagnostics.
        for (let waited = 0; !c.statuses.some(s => s.version === version) && waited < 10_000; waited += 50) await new Promise(r => setTimeout(r, 50));
        return c.statuses.filter(s => s.version === version).pop()?.incremental;
      };
      // Typing into a summary: no finding changes.
      for (let v = 2; v <= 5; v++) {
        const st = await edit(v, 'summary: List the items of shelf 7', 'x');
        assert.equal(st?.problemsSent, 0, `version ${v}: ${JSON.stringify(c.statuses.at(-1))}`);
      }
      // Plain http: its finding comes whole (and the conventions run again: they read the URL), the others as they were.
      const st = await edit(6, 'url: http', '', 1);
      assert.equal(st?.conventionsReused, false);
      assert.ok(st?.problemsSent !== undefined && st.problemsSent > 0 && st.problemsSent < 5, JSON.stringify(st));
      last = c.latest(uri)!.diagnostics;
      assert.ok(last.some(d => d.code === 'servers-https'));
    } finally {
      await c.stop();
    }
    const fresh = await TestClient.start({ folder: ws });
    try {
      const uri = fresh.open(file, doc.getText());
      const expected = await fresh.diagnostics(uri, (_, p) => p.version === 1, 0, 120_000);
      assert.deepEqual(last.map(key).sort(), expected.map(key).sort());
    } finally {
      await fresh.stop();
    }
  });
});
