/**
 * LineIndex (server/src/engine/lineIndex.ts): offsets ↔ positions for both kinds of line breaks, the text scanned by
 * indexOf when it has no '\r' and character by character when it has one, against a plain count of the breaks.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LineIndex } from '../../server/src/engine/lineIndex';

/** The position of `offset`, counting lines by hand: '\n' only, or (jsonc) '\n', '\r\n' and a lone '\r'. */
function naive(text: string, offset: number, jsonc: boolean): { line: number; character: number } {
  let line = 0;
  let start = 0;
  for (let i = 0; i < offset; i++) {
    const c = text[i];
    if (c === '\n' || (jsonc && c === '\r' && text[i + 1] !== '\n')) {
      line++;
      start = i + 1;
    }
  }
  return { line, character: offset - start };
}

describe('LineIndex', () => {
  const texts = ['', 'a', '\n', 'ab\ncd\n\nef', '{\r\n  "a": [1, 2,\r 3],\n  "b": {"c": "d"}\r\n}\n', '\r\r\n\n\r', 'x\ry', '\n\n\nlast'];
  for (const jsonc of [false, true]) {
    it(`gives every offset's position (${jsonc ? 'jsonc' : "'\\n'"} line breaks)`, () => {
      for (const text of texts) {
        const index = new LineIndex(text, jsonc ? 'jsonc' : '\n');
        for (let o = 0; o <= text.length; o++) {
          assert.deepEqual(index.positionAt(o), naive(text, o, jsonc), `${JSON.stringify(text)} at ${o}`);
        }
      }
    });
  }
});
