/**
 * What a long editing session keeps of the texts it was given. V8 keeps a whole string alive for as long as any
 * substring of 13 characters or more cut from it lives, so a piece of the text or a string that a memo holds
 * would keep that version's whole text (8 MB for a big document) for as long as it lives: the server's heap grew by a
 * text per completion. Measured as heap in use after a full collection, each text made big enough that one kept
 * copy is far above the noise.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as v8 from 'node:v8';
import { gcFunction } from '../../server/src/engine/pipeline/garbageCollection';
import { IncrementalLinter } from '../../server/src/engine/pipeline/linter';
import { FnMemo } from '../../server/src/engine/run/functions';
import { yamlData } from '../../server/src/engine/fix/yamlOps';
import { ownCopy } from '../../server/src/engine/ownCopy';
import { truthy } from '@stoplight/spectral-functions';

const EDITS = 16;
const PATHS = 40;
/** Characters of the filler: the text is about twice this (a typographic quote makes V8 store it two bytes a character). */
const FILLER = 2_000_000;

/** The document of version `v`: the summary of path item `i` is edited at version i + 1. */
function documentAt(v: number): string {
  const paths: string[] = [];
  for (let i = 0; i < PATHS; i++) {
    paths.push(
      `  /items${i}:\n    get:\n      operationId: listItems${i}\n      summary: List the items of kind number ${i} (${i < v ? `edited at version ${i + 1}` : 'as first written'})\n      responses:\n        '200':\n          description: The items of kind number ${i}\n`,
    );
  }
  // The filler: the text's bulk, in a value of its own (not a piece that is edited).
  const filler = `x-filler: ${'a'.repeat(FILLER)}\u2019\n`;
  return `openapi: 3.0.3\ninfo:\n  title: Items\n  version: '1'\n${filler}paths:\n${paths.join('')}`;
}

async function heapInUse(): Promise<number> {
  const gc = gcFunction();
  assert.ok(gc, 'a full collection is available');
  // As the server collects (lsp/memory.ts). A synchronous one, called from here, left the texts of this test alive.
  for (let i = 0; i < 2; i++) await gc({ type: 'major', execution: 'async' });
  return v8.getHeapStatistics().used_heap_size;
}

const MB = (n: number) => `${(n / 1048576).toFixed(1)} MB`;

describe('a long session does not keep the texts of past versions', () => {
  it('ownCopy: the copy of a substring does not keep the string it was cut from', async () => {
    const before = await heapInUse();
    const kept = (() => {
      const text = `${'b'.repeat(4 * FILLER)}\u2019`;
      return Array.from({ length: 100 }, (_, i) => ownCopy(text.slice(i * 100, i * 100 + 50)));
    })();
    const grown = (await heapInUse()) - before;
    assert.equal(kept[3], 'b'.repeat(50));
    assert.ok(grown < FILLER, `the copies keep ${MB(grown)} (the text is ${MB(8 * FILLER)})`);
  });

  it('an incremental linter, each edit broken (a whole-text parse each) and mended, keeps no text per edit', async () => {
    const linter = new IncrementalLinter('/work/retained.yaml');
    await linter.lint(documentAt(0));
    const opened = await heapInUse();
    let brokenParsedWhole = true;
    for (let v = 1; v <= EDITS / 2; v++) {
      const text = documentAt(v);
      await linter.lint(text.replace(`/items${v - 1}:`, `/items${v - 1}: {`));
      brokenParsedWhole &&= linter.stats?.parseFull === true;
      await linter.lint(text);
    }
    assert.ok(brokenParsedWhole, 'each broken text was parsed whole');
    const grown = (await heapInUse()) - opened;
    const textBytes = 2 * documentAt(0).length;
    // The last text and the broken one before it, each with its parse: a few texts, where every mended edit's unit kept
    // its whole text (a slice) before.
    assert.ok(grown < 4 * textBytes, `after ${EDITS / 2} mended edits the heap grew by ${MB(grown)}; one text is ${MB(textBytes)}`);
  });

  it('an incremental linter, each edit parsing one piece again, keeps no text per edit', async () => {
    const linter = new IncrementalLinter('/work/retained-pieces.yaml');
    await linter.lint(documentAt(0));
    const opened = await heapInUse();
    let piecesOnly = true;
    for (let v = 1; v <= EDITS; v++) {
      await linter.lint(documentAt(v));
      piecesOnly &&= linter.stats?.parseFull === false;
    }
    assert.ok(piecesOnly, 'each edit parsed its piece, not the whole text');
    const grown = (await heapInUse()) - opened;
    const textBytes = 2 * documentAt(0).length;
    // The last text and its parse: a piece parsed on its own cut from the whole text kept that text for as long as
    // the piece (or a string of it) lived, one text per edited piece.
    assert.ok(grown < 4 * textBytes, `after ${EDITS} edits the heap grew by ${MB(grown)}; one text is ${MB(textBytes)}`);
  });

  it("the fixes' piece memo keeps no text of a past version", async () => {
    const base = await heapInUse();
    let last: unknown;
    for (let v = 0; v <= EDITS; v++) last = yamlData(documentAt(v));
    assert.ok(last !== undefined);
    const grown = (await heapInUse()) - base;
    // memoByText keeps the last three texts on purpose (a pass of fixes asks for the same one again), and the memo the
    // filler's piece: four texts, where a memo keyed by slices kept every version's.
    const textBytes = 2 * documentAt(0).length;
    assert.ok(grown < 6 * textBytes, `after ${EDITS + 1} versions the heap grew by ${MB(grown)}; one text is ${MB(textBytes)}`);
  });

  it('FnMemo: the strings known to give nothing are those met in this run and the last', () => {
    const memo = new FnMemo();
    const rule = { then: [{ function: truthy }] } as unknown as Parameters<FnMemo['setEmpty']>[0];
    const known = (s: string) => memo.knownEmpty(rule, ['paths', '/a', 'description'], s);
    assert.equal(memo.setEmpty(rule, ['paths', '/b', 'description'], 'met in run 1'), true);
    memo.setEmpty(rule, ['description'], 'met in run 1');
    memo.newRun();
    memo.setEmpty(rule, ['description'], 'met in run 2');
    assert.equal(known('met in run 1'), true, 'met in the last run (and so kept for the next)');
    memo.newRun();
    assert.equal(known('met in run 1'), true, 'met again in the last run');
    assert.equal(known('met in run 2'), true);
    memo.newRun();
    memo.newRun();
    assert.equal(known('met in run 1'), false, 'not met for two runs: forgotten');
    assert.equal(known('met in run 2'), false);
  });
});
