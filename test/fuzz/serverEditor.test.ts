/**
 * The server fuzz's own parts, without a server: the editing user (server.ts Editor) makes changes the server can be
 * told about exactly (LSP ranges on the harness's mirror give the editor's text), never a lone surrogate, the same for
 * a seed; and the measures (quantiles, differences) say what they should.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { rng } from './fuzz';
import { Editor, differences, diffOf, latencies, lspSafe, VENDORED_CORPUS_DOC } from './server';

const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('server fuzz: the editing user', () => {
  it('a change is never between \\r and \\n (taken in, same result) nor inside a surrogate pair (moved past it, or the pair deleted)', () => {
    const t = 'a\r\nb😀c';
    // Between \r and \n: the CRLF is part of the change, the text after it the same.
    assert.deepEqual(lspSafe(t, { kind: 'type', at: 2, del: 0, ins: 'x' }), { kind: 'type', at: 1, del: 2, ins: '\rx\n' });
    assert.deepEqual(lspSafe(t, { kind: 'backspace', at: 0, del: 2, ins: '' }), { kind: 'backspace', at: 0, del: 3, ins: '\n' });
    // Inside 😀 (offsets 4, 5): typing goes after it, a deletion takes both halves.
    assert.deepEqual(lspSafe(t, { kind: 'type', at: 5, del: 0, ins: 'x' }), { kind: 'type', at: 6, del: 0, ins: 'x' });
    assert.deepEqual(lspSafe(t, { kind: 'backspace', at: 5, del: 1, ins: '' }), { kind: 'backspace', at: 4, del: 2, ins: '' });
    assert.deepEqual(lspSafe(t, { kind: 'backspace', at: 3, del: 2, ins: '' }), { kind: 'backspace', at: 3, del: 3, ins: '' });
    const same = { kind: 'type', at: 3, del: 0, ins: 'x' };
    assert.equal(lspSafe(t, same), same);
  });

  it('diffOf: the one range that differs', () => {
    assert.deepEqual(diffOf('abcdef', 'abXYef', 'undo'), { kind: 'undo', at: 2, del: 2, ins: 'XY' });
    assert.deepEqual(diffOf('aaa', 'aaaa', 'undo'), { kind: 'undo', at: 3, del: 0, ins: 'a' });
  });

  it('1,000 edits: the ranges sent keep a mirror equal to the text, no lone surrogate, the same edits for a seed', () => {
    const original = fs.readFileSync(VENDORED_CORPUS_DOC, 'utf8');
    const run = (seed: number) => {
      const e = new Editor(original, rng(seed), original);
      let doc = TextDocument.create('file:///x.yaml', 'yaml', 1, original);
      const texts: string[] = [];
      const kinds = new Set<string>();
      for (let i = 0; i < 1000; i++) {
        const before = doc;
        const c = e.next();
        kinds.add(c.kind);
        const range = { start: before.positionAt(c.at), end: before.positionAt(c.at + c.del) };
        doc = TextDocument.update(before, [{ range, text: c.ins }], i + 2);
        assert.equal(doc.getText(), e.text, `edit ${i} (${c.kind})`);
        assert.ok(!LONE.test(e.text), `edit ${i} (${c.kind}) left a lone surrogate`);
        if (i % 100 === 99) e.checkpoint(i % 200 === 199);
        if (i % 250 === 0) texts.push(e.text);
      }
      return { texts, kinds };
    };
    const a = run(7);
    assert.deepEqual(run(7).texts, a.texts);
    assert.notDeepEqual(run(8).texts, a.texts);
    for (const k of ['type', 'backspace', 'delete-block', 'paste', 'undo', 'break', 'restore', 'mutate', 'fix']) assert.ok(a.kinds.has(k), `no ${k} edit`);
  });
});

describe('server fuzz: measures', () => {
  it('latencies: nearest-rank quantiles', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    assert.deepEqual(latencies(xs), { count: 100, p50: 50, p95: 95, p99: 99, max: 100 });
    assert.deepEqual(latencies([]), { count: 0, p50: 0, p95: 0, p99: 0, max: 0 });
  });

  it('differences: as multisets', () => {
    assert.deepEqual(differences(['a', 'a', 'b'], ['a', 'c']), { onlyServer: ['1× a', '1× b'], onlyOther: ['1× c'] });
  });
});
