/**
 * What the main thread's position tree keeps of the texts it was patched with. The outline, hovers and completion
 * read a tree that is patched after each edit (one entry parsed again) rather than parsed whole; a long editing
 * session patches a different entry now and then, and the tree lives on. V8 keeps a whole string alive for as long
 * as a substring of 13 characters or more cut from it lives (test/engine/retainedText.test.ts): a patched entry's
 * strings must not keep the whole text of the version they were parsed from.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as v8 from 'node:v8';
import { gcFunction } from '../../server/src/engine/pipeline/garbageCollection';
import { parseTree, updateTree, type TNode } from '../../server/src/lsp/positionTree';

const EDITS = 16;
const PATHS = 40;
/** Characters of the filler: the text is about twice this (a typographic quote makes V8 store it two bytes a character). */
const FILLER = 2_000_000;

/** The document of version `v`, YAML or JSON: the summary of path item `i` is edited at version i + 1. */
function documentAt(v: number, json: boolean): string {
  const summary = (i: number) => `List the items of kind number ${i} (${i < v ? `edited at version ${i + 1}` : 'as first written'})`;
  const filler = `${'a'.repeat(FILLER)}\u2019`;
  if (json) {
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < PATHS; i++)
      paths[`/items${i}`] = { get: { operationId: `listItems${i}`, summary: summary(i), responses: { 200: { description: 'ok' } } } };
    return JSON.stringify({ openapi: '3.0.3', info: { title: 'Items', version: '1' }, 'x-filler': filler, paths }, null, 2);
  }
  const paths: string[] = [];
  for (let i = 0; i < PATHS; i++) {
    paths.push(
      `  /items${i}:\n    get:\n      operationId: listItems${i}\n      summary: ${summary(i)}\n      responses:\n        '200':\n          description: ok\n`,
    );
  }
  return `openapi: 3.0.3\ninfo:\n  title: Items\n  version: '1'\nx-filler: ${filler}\npaths:\n${paths.join('')}`;
}

async function heapInUse(): Promise<number> {
  const gc = gcFunction();
  assert.ok(gc, 'a full collection is available');
  for (let i = 0; i < 2; i++) await gc({ type: 'major', execution: 'async' });
  return v8.getHeapStatistics().used_heap_size;
}

const MB = (n: number) => `${(n / 1048576).toFixed(1)} MB`;

/** The summary node of path item `i`. */
const summaryOf = (root: TNode, i: number): TNode | undefined =>
  root.children
    ?.find(c => c.key === 'paths')
    ?.children?.find(c => c.key === `/items${i}`)
    ?.children?.[0]?.children?.find(c => c.key === 'summary');

describe('a patched position tree does not keep the texts of past versions', () => {
  for (const json of [false, true]) {
    it(`${json ? 'JSON' : 'YAML'}: ${EDITS} entries patched at ${EDITS} versions keep no text each`, async () => {
      let text = documentAt(0, json);
      let tree = parseTree(text, json ? 'api.json' : 'api.yaml');
      assert.ok(tree?.clean, 'the document parses cleanly');
      const opened = await heapInUse();
      for (let v = 1; v <= EDITS; v++) {
        const next = documentAt(v, json);
        const patched = updateTree(tree!, text, next, json ? 'api.json' : 'api.yaml');
        assert.ok(patched, `version ${v} is a patch, not a whole parse`);
        tree = patched;
        text = next;
      }
      assert.equal(summaryOf(tree!, EDITS - 1)?.value, `List the items of kind number ${EDITS - 1} (edited at version ${EDITS})`);
      const grown = (await heapInUse()) - opened;
      const textBytes = 2 * text.length;
      // The last text (held here) and the whole parse's: where every patched entry kept the text it was cut from.
      assert.ok(grown < 3 * textBytes, `after ${EDITS} patches the heap grew by ${MB(grown)}; one text is ${MB(textBytes)}`);
    });
  }
});
