/** HashIndex: the first equal item met before, whatever numbers the items' hashes give. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HASH_START, HashIndex, mixPath, mixText } from './hashIndex';

describe('HashIndex', () => {
  it('finds the first equal item, all hashes alike or all apart', () => {
    const items = ['a', 'b', 'a', 'c', 'b', 'a'];
    for (const hash of [() => 7, (i: number) => mixText(HASH_START, items[i]!)]) {
      const index = new HashIndex(items.length, (i, j) => items[i] === items[j]);
      assert.deepEqual(
        items.map((_, i) => index.find(i, hash(i))),
        [-1, -1, 0, -1, 1, 0],
      );
    }
  });

  it('paths: an index and its digits, and texts cut at another place, mix to other numbers', () => {
    assert.notEqual(mixPath(HASH_START, ['tags', 0]), mixPath(HASH_START, ['tags', '0']));
    assert.notEqual(mixPath(HASH_START, ['ab', 'c']), mixPath(HASH_START, ['a', 'bc']));
    assert.equal(mixPath(HASH_START, ['paths', '/a', 1]), mixPath(HASH_START, ['paths', '/a', 1]));
  });
});
