/**
 * Objects with array-index keys (response codes) keep those keys in a dictionary (parse/units.ts
 * sparseIndexTarget; resolve/crawl.ts shallowCopy): the same keys, order and values as before, without V8's flat
 * array as long as the largest index (5 KB for `{ "200", "404" }`).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as v8 from 'node:v8';
import { MANY_KEYS, manyKeysCopy, orderedObjectOf, sparseIndexTarget } from '../../server/src/engine/parse/units';
import { shallowCopy } from '../../server/src/engine/resolve/crawl';

v8.setFlagsFromString('--allow-natives-syntax');
const hasDictionaryElements = new Function('o', 'return %HasDictionaryElements(o)') as (o: object) => boolean;
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;
v8.setFlagsFromString('--no-allow-natives-syntax');

describe('objects with array-index keys', () => {
  it('sparseIndexTarget: an empty object, its index keys in a dictionary', () => {
    const o = sparseIndexTarget();
    assert.deepEqual(Reflect.ownKeys(o), []);
    o['404'] = 'b';
    o['200'] = 'a';
    o.x = 'c';
    assert.ok(hasDictionaryElements(o));
    assert.deepEqual(Object.keys(o), ['200', '404', 'x']);
    assert.equal(JSON.stringify(o), '{"200":"a","404":"b","x":"c"}');
    const plain: Record<string, string> = {};
    plain['404'] = 'b';
    assert.ok(!hasDictionaryElements(plain), 'a plain object holds them in a flat array');
  });

  it('orderedObjectOf keeps the written order; shallowCopy of it and of plain objects gives the same own properties', () => {
    const ordered = orderedObjectOf(['404', 'default', '200'], k => ({ description: k }));
    assert.deepEqual(Object.keys(ordered), ['404', 'default', '200']);
    const copy = shallowCopy(ordered) as Record<string, unknown>;
    assert.deepEqual(Object.keys(copy), Object.keys({ ...ordered }));
    assert.deepEqual(copy, { ...ordered });
    assert.ok(hasDictionaryElements(copy));
    for (const k of Object.keys(copy)) assert.equal(copy[k], ordered[k]);

    const named = { a: 1, b: [2] };
    const c2 = shallowCopy(named) as Record<string, unknown>;
    assert.deepEqual(c2, named);
    assert.ok(!hasDictionaryElements(c2));
    const proto = JSON.parse('{"1":1,"__proto__":{"x":1}}') as Record<string, unknown>;
    const c3 = shallowCopy(proto) as Record<string, unknown>;
    assert.deepEqual(Object.keys(c3), ['1', '__proto__']);
    assert.equal(Object.getPrototypeOf(c3), Object.prototype);
    assert.deepEqual(c3['__proto__'], { x: 1 });
  });

  it('a mapping of many keys is copied in dictionary mode: the same keys, order, values and plain data properties as a spread', () => {
    const base: Record<string, unknown> = {};
    for (let i = 0; i < MANY_KEYS + 20; i++) base[i % 7 === 0 ? String(i * 3) : `Schema${i}`] = { i };
    for (const copy of [manyKeysCopy(base)!, shallowCopy(base) as Record<string, unknown>]) {
      assert.deepEqual(Object.keys(copy), Object.keys({ ...base }));
      for (const k of Object.keys(base)) assert.equal(copy[k], base[k]);
      assert.equal(Object.getPrototypeOf(copy), Object.prototype);
      assert.deepEqual(Reflect.ownKeys(copy), Reflect.ownKeys(base), 'no other key (the ones deleted to make it a dictionary)');
      assert.deepEqual(Object.getOwnPropertyDescriptor(copy, 'Schema1'), { value: base['Schema1'], writable: true, enumerable: true, configurable: true });
      assert.ok(!hasFastProperties(copy), 'its properties in a dictionary');
      assert.ok(hasDictionaryElements(copy), 'its array-index keys in a dictionary');
      assert.equal(JSON.stringify(copy), JSON.stringify(base));
    }
    // a few keys: a spread, fast
    const small = { a: 1, b: 2 };
    assert.ok(hasFastProperties(shallowCopy(small) as object));
  });
});
