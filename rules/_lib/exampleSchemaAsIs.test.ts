/**
 * asIs (exampleSchemaAsIs.ts) says a schema stands for its prepared copy only when the example rules' preparation
 * (exampleFunction.ts prepare) gives a copy with the same JSON text, the same keys in the same order and no id.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { asIs } from './exampleSchemaAsIs';
import { prepare } from './exampleFunction';

type Obj = Record<string, unknown>;
const FLAGS: [oas2: boolean, r: boolean, w: boolean][] = [
  [false, false, false],
  [false, true, false],
  [false, false, true],
  [true, false, true],
];

/** Every key path in order, and every value: what the copy must repeat. */
function shape(v: unknown): string {
  return JSON.stringify(v, (_k, x) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.keys(x).map(k => [`${k}`, (x as Obj)[k]])) : x));
}

const SCHEMAS: [name: string, schema: Obj, asIsFor: boolean[]][] = [
  ['plain', { type: 'object', properties: { a: { type: 'string' }, b: { type: 'array', items: { type: 'integer' } } }, required: ['a'] }, [true, true, true, true]],
  ['an example with an id', { type: 'object', properties: { id: { type: 'string' } }, example: { id: 'P1', name: 'x' } }, [false, false, false, false]],
  ['an id in an example array (not walked)', { type: 'object', example: { list: [{ id: 'P1' }] } }, [true, true, true, true]],
  ['a readOnly property', { type: 'object', properties: { a: { type: 'string', readOnly: true } }, required: ['a'] }, [true, false, true, true]],
  ['a writeOnly property without required', { type: 'object', properties: { a: { type: 'string', writeOnly: true } } }, [true, true, false, false]],
  ['a readOnly property in a not', { not: { type: 'object', properties: { a: { readOnly: true } }, required: ['a'] } }, [true, true, true, true]],
  ['x-nullable', { type: 'object', properties: { a: { type: 'string', 'x-nullable': true } } }, [true, true, true, false]],
  ['a draft-4 id', { id: 'http://x/y', type: 'string' }, [false, false, false, false]],
  ['a $id below', { type: 'object', properties: { a: { $id: '#a', type: 'string' } } }, [false, false, false, false]],
  ['an array-index key', { type: 'object', properties: { '200': { type: 'string' }, a: { type: 'string' } } }, [false, false, false, false]],
  ['a non-finite number', { type: 'number', maximum: Infinity }, [false, false, false, false]],
  ['-0', { type: 'number', minimum: -0 }, [false, false, false, false]],
  ['a boolean required (OAS 2)', { type: 'string', required: true }, [true, true, true, false]],
];

describe('asIs: a schema that its preparation would not change', () => {
  for (const [name, schema, expected] of SCHEMAS) {
    it(name, () => {
      FLAGS.forEach(([oas2, r, w], i) => {
        const frozen = structuredClone(schema);
        const got = asIs(frozen, oas2, r, w);
        assert.equal(got, expected[i], `${name} with ${JSON.stringify([oas2, r, w])}`);
        if (!got) return;
        const { schema: copy, ids } = prepare(frozen, oas2, r, w);
        assert.deepEqual(ids, { any: false, draft4: false });
        assert.equal(shape(copy), shape(frozen));
      });
    });
  }

  it('answers the same for a frozen schema shared by others (its answer kept)', () => {
    const shared = Object.freeze({ type: 'object', properties: Object.freeze({ a: Object.freeze({ type: 'string', readOnly: true }) }), required: Object.freeze(['a']) });
    const outer = Object.freeze({ type: 'array', items: shared });
    assert.equal(asIs(outer, false, false, false), true);
    assert.equal(asIs(outer, false, true, false), false);
    assert.equal(asIs(outer, false, false, false), true);
    assert.equal(asIs(shared, false, true, false), false);
  });
});
