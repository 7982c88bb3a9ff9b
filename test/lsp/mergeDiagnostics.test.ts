/**
 * mergeDiagnostics (lsp/diagnostics.ts): one producer's sorted list takes a shortcut (duplicates compared only where
 * findings start at one place); its answer must be the full merge's — duplicates by code, range, message and path
 * dropped (the first kept), ordered by position and code — on sorted, unsorted and several lists.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver/node';
import { mergeDiagnostics } from '../../server/src/lsp/diagnostics';

/** The merge as written before the shortcut: a key per finding, then a stable sort. */
function reference(lists: Diagnostic[][]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const list of lists) {
    for (const d of list) {
      const k = `${String(d.code)}|${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}|${d.message}|${JSON.stringify((d.data as { path?: unknown } | undefined)?.path ?? null)}`;
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(d);
    }
  }
  return out.sort(
    (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character || String(a.code).localeCompare(String(b.code)),
  );
}

let seed = 7;
const rnd = (n: number): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;

function diagnostic(): Diagnostic {
  const line = rnd(4);
  const character = rnd(3);
  return {
    range: { start: { line, character }, end: { line: line + rnd(2), character: rnd(5) } },
    code: ['a-rule', 'b-rule', 'B-rule', 'parser'][rnd(4)],
    message: ['m1', 'm2'][rnd(2)],
    data: { path: [['paths'], [], ['info', 'title']][rnd(3)] },
  };
}

describe('mergeDiagnostics', () => {
  it('answers as the full merge on 3,000 random cases (one sorted list, one unsorted list, several lists)', () => {
    let shortcuts = 0;
    for (let i = 0; i < 3000; i++) {
      const lists = Array.from({ length: i % 3 === 2 ? 1 + rnd(3) : 1 }, () => Array.from({ length: rnd(30) }, diagnostic));
      if (i % 3 === 0) {
        // A lint's list: sorted (stable, so the order among equal findings is kept), duplicates included.
        lists[0] = reference([lists[0]!]).flatMap(d => (rnd(4) === 0 ? [d, { ...d }] : [d]));
        shortcuts++;
      }
      const got = mergeDiagnostics(lists);
      const want = reference(lists);
      assert.equal(got.length, want.length, `case ${i}`);
      got.forEach((d, k) => assert.equal(d, want[k], `case ${i}, finding ${k}`));
    }
    assert.equal(shortcuts, 1000);
  });
});
