/**
 * Duplicates found in one pass (duplicates.ts) are those Ajv finds pair by pair: the same pair for `uniqueItems`, on
 * lists of scalars, objects (keys in any order) and arrays; and Ajv reports that pair.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import equal from 'fast-deep-equal';
import Ajv from 'ajv';
import { canonicalKey, lastDuplicatePair } from './duplicates';

/** Ajv's loop for items of unknown types, as its generated code runs it. */
function pairByPair(list: readonly unknown[]): [number, number] | undefined {
  for (let i = list.length - 1; i > 0; i--) for (let j = i - 1; j >= 0; j--) if (equal(list[i], list[j])) return [j, i];
  return undefined;
}

function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

const POOL: unknown[] = [
  0,
  -0,
  1,
  '1',
  'a',
  true,
  false,
  null,
  [],
  [1],
  ['1'],
  {},
  { a: 1 },
  { b: 1, a: 1 },
  { a: 1, b: 1 },
  { a: [1, { c: null }] },
  [1, 2],
  [2, 1],
];

describe('duplicates in one pass', () => {
  it('canonical keys are equal exactly when the values are deeply equal', () => {
    for (const a of POOL) for (const b of POOL) assert.equal(canonicalKey(a) === canonicalKey(b), equal(a, b), `${JSON.stringify(a)} ${JSON.stringify(b)}`);
    assert.equal(canonicalKey(NaN), canonicalKey(NaN));
    assert.notEqual(canonicalKey(NaN), canonicalKey(null));
  });

  it("the pair is Ajv's on random lists", () => {
    const next = random(7);
    for (let n = 0; n < 400; n++) {
      const list = Array.from({ length: Math.floor(next() * 12) }, () => POOL[Math.floor(next() * POOL.length)]);
      assert.deepEqual(lastDuplicatePair(list), pairByPair(list), JSON.stringify(list));
    }
  });

  it('Ajv reports the same pair', () => {
    const validate = new Ajv({ allErrors: true }).compile({ type: 'array', uniqueItems: true });
    const list = [{ a: 1 }, 'x', { a: 1 }, 2, 'x', 3];
    assert.equal(validate(list), false);
    const [j, i] = lastDuplicatePair(list)!;
    assert.deepEqual(validate.errors![0]!.params, { i, j });
  });

  it('100,000 objects take one pass', () => {
    const list = Array.from({ length: 100_000 }, (_, i) => ({ id: i }));
    list.push({ id: 3 });
    const t0 = Date.now();
    assert.deepEqual(lastDuplicatePair(list), [3, 100_000]);
    assert.ok(Date.now() - t0 < 10_000, `${Date.now() - t0} ms`);
  });
});
