/**
 * hasJsonExtension (resolve/documentInventory.ts), which picks a $ref'd file's parser, answers as
 * `extname(source) === '.json'` from @stoplight/path (Spectral's test) on generated paths and URLs.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { extname } from '@stoplight/path';
import { hasJsonExtension } from '../../server/src/engine/resolve/documentInventory';

describe('hasJsonExtension', () => {
  it("equals extname(source) === '.json' on 20,000 generated paths", () => {
    let s = 12345;
    const rand = (): number => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    const parts = ['a', 'b.json', '.json', '..json', 'c.JSON', 'd.yaml', 'e.json.yaml', 'x.', '.', '..', 'f g.json', 'h.jsonx', ''];
    let json = 0;
    for (let n = 0; n < 20_000; n++) {
      const segs = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => pick(parts));
      const path =
        pick(['/', '', 'file:///', 'https://example.com/', 'C:\\\\', './']) +
        segs.join(pick(['/', '/', '\\\\'])) +
        pick(['', '', '', '/', '?q=1', '#/x', '.json']);
      const expected = extname(path) === '.json';
      if (expected) json++;
      assert.equal(hasJsonExtension(path), expected, JSON.stringify(path));
    }
    assert.ok(json > 2000, `enough .json paths (${json})`);
  });
});
