/**
 * preparedShared (exampleSchemaAsIs.ts) gives what the example rules' preparation (exampleFunction.ts prepare, a JSON
 * clone and its steps) gives: the same keys in the same order (a key left undefined included), the same values; the
 * schema itself where the preparation changes nothing; the source's own objects wherever it changes nothing below.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { preparedShared } from './exampleSchemaAsIs';
import { prepare } from './exampleFunction';
import { mulberry32 } from '../../test/helpers/seeded';

type Obj = Record<string, unknown>;
const FLAGS: [oas2: boolean, r: boolean, w: boolean][] = [
  [false, false, false],
  [false, true, false],
  [false, false, true],
  [true, false, true],
];

/** Every key in order, a key whose value is undefined included, and every value: what the copy must repeat. */
function shape(v: unknown): string {
  return JSON.stringify(v, function (this: unknown, _k, x) {
    return x === undefined ? '(undefined)' : x;
  });
}

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Object.keys(v)) deepFreeze((v as Obj)[k]);
  }
  return v;
}

/** The case: preparedShared gives prepare's result, or undefined where prepare finds an id or JSON changes the schema. */
function check(schema: Obj, oas2: boolean, r: boolean, w: boolean, note: string): Obj | undefined {
  const shared = preparedShared(schema, oas2, r, w);
  let expected: { schema: Obj; ids: { any: boolean; draft4: boolean } } | undefined;
  try {
    expected = prepare(schema, oas2, r, w);
  } catch {
    expected = undefined; // a cycle: JSON.stringify throws
  }
  if (shared === undefined) return undefined;
  assert.ok(expected, `${note}: prepare fails where preparedShared does not`);
  assert.deepEqual(expected.ids, { any: false, draft4: false }, note);
  assert.equal(shape(shared), shape(expected.schema), note);
  return shared;
}

const SCHEMAS: [name: string, schema: Obj, asIsFor: (boolean | undefined)[]][] = [
  // per FLAGS: true, the schema itself; false, a copy; undefined, left to prepare
  [
    'plain',
    { type: 'object', properties: { a: { type: 'string' }, b: { type: 'array', items: { type: 'integer' } } }, required: ['a'] },
    [true, true, true, true],
  ],
  ['an example with an id', { type: 'object', properties: { id: { type: 'string' } }, example: { id: 'P1', name: 'x' } }, [false, false, false, false]],
  ['an id in an example array (not walked)', { type: 'object', example: { list: [{ id: 'P1' }] } }, [true, true, true, true]],
  ['a readOnly property', { type: 'object', properties: { a: { type: 'string', readOnly: true } }, required: ['a'] }, [true, false, true, true]],
  [
    'readOnly properties emptying required, then one more',
    { type: 'object', properties: { a: { readOnly: true }, b: { readOnly: true } }, required: ['a'], title: 't' },
    [true, false, true, true],
  ],
  ['a writeOnly property without required', { type: 'object', properties: { a: { type: 'string', writeOnly: true } } }, [true, true, false, false]],
  ['a readOnly property in a not', { not: { type: 'object', properties: { a: { readOnly: true } }, required: ['a'] } }, [true, true, true, true]],
  ['x-nullable', { type: 'object', properties: { a: { type: 'string', 'x-nullable': true } } }, [true, true, true, false]],
  ['x-nullable under an unknown key (not walked)', { type: 'object', 'x-schema': { 'x-nullable': true } }, [true, true, true, true]],
  ['a draft-4 id', { id: 'http://x/y', type: 'string' }, [undefined, undefined, undefined, undefined]],
  ['a $id below', { type: 'object', properties: { a: { $id: '#a', type: 'string' } } }, [undefined, undefined, undefined, undefined]],
  ['an array-index key', { type: 'object', properties: { '200': { type: 'string' }, a: { type: 'string' } } }, [undefined, undefined, undefined, undefined]],
  ['a non-finite number', { type: 'number', maximum: Infinity }, [undefined, undefined, undefined, undefined]],
  ['-0', { type: 'number', minimum: -0 }, [undefined, undefined, undefined, undefined]],
  ['a boolean required (OAS 2)', { type: 'string', required: true }, [true, true, true, false]],
];

describe('preparedShared: the prepared schema, sharing what the preparation leaves as it is', () => {
  for (const [name, schema, expected] of SCHEMAS) {
    it(name, () => {
      FLAGS.forEach(([oas2, r, w], i) => {
        const frozen = deepFreeze(structuredClone(schema));
        const got = check(frozen, oas2, r, w, `${name} with ${JSON.stringify([oas2, r, w])}`);
        assert.equal(got === undefined ? undefined : got === frozen, expected[i], `${name} with ${JSON.stringify([oas2, r, w])}`);
      });
    });
  }

  it('copies only the objects it changes and those above them', () => {
    const untouched = { type: 'object', properties: { x: { type: 'string' } } };
    const schema = deepFreeze({ type: 'object', properties: { a: { type: 'string', readOnly: true }, b: untouched }, required: ['a', 'b'] });
    const shared = preparedShared(schema, false, true, false)!;
    assert.notEqual(shared, schema);
    assert.deepEqual(shared.required, ['b']);
    assert.equal((shared.properties as Obj).b, untouched);
    assert.equal(shared.properties, schema.properties);
  });

  it('answers as prepare does on 3,000 generated schemas (shared subtrees, ids, readOnly, x-nullable, not), fixed seed', () => {
    const rand = mulberry32(20261127);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
    const pool: Obj[] = [];
    const schema = (depth: number): Obj => {
      if (pool.length > 0 && rand() < 0.15) return pick(pool); // a shared object, as a resolved $ref is
      const s: Obj = {};
      for (let i = Math.floor(rand() * 4); i > 0; i--) {
        const k = pick([
          'type',
          'properties',
          'properties',
          'required',
          'readOnly',
          'writeOnly',
          'x-nullable',
          'not',
          'items',
          'allOf',
          'oneOf',
          'additionalProperties',
          'example',
          'x-ext',
          'id',
          'title',
          'definitions',
          'constructor',
        ]);
        s[k] = value(k, depth);
      }
      if (depth < 4) pool.push(s);
      return s;
    };
    const value = (k: string, depth: number): unknown => {
      const sub = () => (depth > 3 ? { type: 'string', readOnly: rand() < 0.3 } : schema(depth + 1));
      switch (k) {
        case 'type':
          return pick(['string', 'object', 'array']);
        case 'properties':
        case 'definitions':
          return Object.fromEntries(Array.from({ length: 1 + Math.floor(rand() * 3) }, () => [pick(['a', 'b', 'c', 'id', 'x']), sub()]));
        case 'required':
          return pick([['a'], ['a', 'b'], [], true, ['c', 'x']]);
        case 'readOnly':
        case 'writeOnly':
        case 'x-nullable':
          return rand() < 0.7;
        case 'not':
        case 'items':
        case 'additionalProperties':
          return sub();
        case 'allOf':
        case 'oneOf':
        case 'constructor':
          return Array.from({ length: 1 + Math.floor(rand() * 2) }, sub);
        case 'example':
        case 'x-ext':
          return pick([{ id: 'P1' }, { a: { id: 2 } }, [{ id: 'x' }], { b: sub() }, 'text']);
        case 'id':
          return pick(['http://x/y', 3]);
        default:
          return 'text';
      }
    };
    let copies = 0;
    for (let i = 0; i < 3000; i++) {
      pool.length = 0;
      const s = deepFreeze(schema(0));
      const [oas2, r, w] = pick(FLAGS);
      const shared = check(s, oas2, r, w, `case ${i}: ${JSON.stringify(s)} with ${JSON.stringify([oas2, r, w])}`);
      if (shared !== undefined && shared !== s) copies++;
    }
    assert.ok(copies > 500, `only ${copies} schemas changed by the preparation`);
    // The same objects again under other schemas, flags and keywords (the copies made for them are kept): the pool
    // is kept across cases, as a resolved document's shared schemas are met again by many examples.
    let reused = 0;
    for (let i = 0; i < 3000; i++) {
      if (pool.length > 200) pool.splice(0, 100);
      const s = deepFreeze(schema(0));
      const [oas2, r, w] = pick(FLAGS);
      const shared = check(s, oas2, r, w, `shared pool case ${i}: ${JSON.stringify(s)} with ${JSON.stringify([oas2, r, w])}`);
      if (shared !== undefined && shared !== s) reused++;
    }
    assert.ok(reused > 500, `only ${reused} schemas changed by the preparation`);
  });
});
