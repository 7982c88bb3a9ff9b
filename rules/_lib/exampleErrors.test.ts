/**
 * Ajv's errors told without compiling (exampleErrors.ts) are Ajv's own: the same error objects, in the same order,
 * for the corners of the code Ajv generates. (exampleVerdict.test.ts also holds them to Ajv on generated cases and on
 * every invalid example of the corpus.)
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Ajv from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import AjvDraft04 from 'ajv-draft-04';
import { ANY, ANY_RULES, GROUPS, GROUP_RULES, ajvErrorsOf } from './exampleErrors';
import { ajvErrors } from './exampleValidators';
import { newAjv } from './exampleAjv';
import { AJV_KEYWORDS } from './exampleVerdict';

type Case = [note: string, schema: object, value: unknown, dialect: string];

const CASES: Case[] = [
  ['a single type with rules of its kind fails after the keywords of any type', { type: 'string', minLength: 1, enum: ['a'] }, 5, 'draft4'],
  ['integer is checked first', { type: 'integer', minimum: 5 }, 3.5, 'draft4'],
  ['nullable adds null: checked first', { type: 'string', nullable: true, maxLength: 1 }, 3, 'draft4'],
  ['a type list', { type: ['string', 'null'] }, 3, 'draft2020-12'],
  [
    'additionalProperties comes before properties',
    { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
    { a: 1, b: 2 },
    'draft4',
  ],
  ['required comes before properties', { properties: { a: { type: 'string' } }, required: ['b'] }, { a: 1 }, 'draft4'],
  ['the first missing name, in the schema order', { required: ['z', 'a'] }, {}, 'auto'],
  ['a property path and a schema path are escaped', { properties: { 'a/b~c d': { type: 'string' } } }, { 'a/b~c d': 1 }, 'draft4'],
  ['patternProperties, a key at a time', { patternProperties: { '^x-': { type: 'string' } } }, { 'x-a': 'ok', 'x-b': 1 }, 'draft4'],
  ['additionalProperties with a schema', { properties: { a: {} }, additionalProperties: { type: 'integer' } }, { a: 1, b: 2, c: 'x' }, 'auto'],
  ['the first failing item', { items: { type: 'integer' } }, [1, 'a', 'b'], 'draft4'],
  ['a tuple and additionalItems', { items: [{ type: 'string' }], additionalItems: false }, ['a', 1, 2], 'draft4'],
  ['additionalItems with a schema', { items: [{ type: 'string' }], additionalItems: { type: 'integer' } }, ['a', 1, 'x'], 'auto'],
  ['uniqueItems by index (scalar item types)', { items: { type: 'integer' }, uniqueItems: true }, [1, 2, 1, 2], 'draft4'],
  ['uniqueItems by index, two types', { items: { type: ['string', 'integer'] }, uniqueItems: true }, ['1', 1, 'a', 'a'], 'auto'],
  ['uniqueItems pair by pair', { items: { type: 'object' }, uniqueItems: true }, [{ a: 1 }, 2, { a: 1 }, 2], 'draft4'],
  ['uniqueItems without items', { uniqueItems: true }, [[1], [1], 3], 'draft4'],
  ['draft 4 exclusive bounds', { type: 'number', minimum: 5, exclusiveMinimum: true, maximum: 9 }, 5, 'draft4'],
  ['numeric exclusive bounds', { exclusiveMaximum: 5 }, 5, 'draft2019-09'],
  ['multipleOf', { multipleOf: 0.1 }, 0.35, 'draft4'],
  ['a number format', { type: 'integer', format: 'int32' }, 2 ** 40, 'draft4'],
  ['a string format', { type: 'string', format: 'date-time' }, 'soon', 'draft2020-12'],
  ['a pattern', { type: 'string', pattern: '^[a-z]+$' }, 'A1', 'draft4'],
  ['code points, not UTF-16 units', { maxLength: 1 }, '😀😀', 'draft4'],
  ['const', { const: { a: [1] } }, { a: [2] }, 'draft2020-12'],
  ['not', { not: { type: 'string' } }, 'x', 'draft4'],
  ['allOf is no composite: its first error is the only one', { allOf: [{ type: 'object' }, { required: ['a'] }] }, {}, 'draft4'],
  ['anyOf: every branch error, then its own', { anyOf: [{ type: 'string' }, { type: 'integer', minimum: 5 }] }, 3, 'draft4'],
  [
    'in a branch, a failed type does not stop the keywords of any type',
    { anyOf: [{ type: 'string', nullable: true, enum: ['a'] }, { type: 'object' }] },
    3,
    'draft4',
  ],
  ['in a branch, integer then minimum', { anyOf: [{ type: 'integer', minimum: 5 }, { type: 'string' }] }, 3.5, 'draft4'],
  [
    'oneOf with none passing',
    {
      oneOf: [
        { type: 'integer', enum: [1] },
        { type: 'string', enum: ['x'] },
      ],
    },
    3.5,
    'draft4',
  ],
  [
    'oneOf with two passing: Ajv stops there',
    { oneOf: [{ type: 'string' }, { type: 'integer' }, { type: 'string', minLength: 1 }, { type: 'string' }] },
    'a',
    'draft4',
  ],
  [
    'oneOf passing one, in a failing property',
    { properties: { p: { oneOf: [{ type: 'string' }, { type: 'integer' }] }, q: { type: 'string' } } },
    { p: 1, q: 2 },
    'auto',
  ],
  ['nested composites', { anyOf: [{ oneOf: [{ type: 'string' }, { type: 'boolean' }] }, { not: { type: 'integer' } }] }, 1, 'draft2020-12'],
  ['anyOf past draft 7 evaluates every branch', { anyOf: [{ type: 'integer' }, { type: 'string' }] }, null, 'draft2020-12'],
];

describe('errors of invalid examples told without compiling', () => {
  for (const [note, schema, value, dialect] of CASES) {
    it(note, () => {
      const told = ajvErrorsOf(schema, value, dialect);
      assert.ok(told !== undefined, 'told');
      assert.equal(JSON.stringify(told), JSON.stringify(ajvErrors(schema, value, dialect)));
    });
  }

  it('leaves to Ajv what it is not sure of', () => {
    assert.equal(ajvErrorsOf({ required: ['constructor'] }, {}, 'draft4'), undefined); // inherited: Ajv sees it
    assert.equal(ajvErrorsOf({ properties: { a: false } }, { a: 1 }, 'draft2020-12'), undefined); // a false schema
    assert.equal(ajvErrorsOf({ patternProperties: { '^a': { type: 'string' } } }, { a: 1 }, 'draft2020-12'), undefined); // evaluated properties tracked
    assert.equal(ajvErrorsOf({ $ref: '#/definitions/a', definitions: { a: {} } }, 1, 'draft4'), undefined);
    assert.equal(ajvErrorsOf({ type: 'string' }, 'valid', 'draft4'), undefined);
  });

  it("walks Ajv's rule groups in Ajv's order, in every dialect", () => {
    const options = { strict: false, allowUnionTypes: true, code: { optimize: false } };
    const keywords = new Set<string>();
    for (const [dialect, ajv] of [
      ['draft4', new AjvDraft04(options)],
      ['auto', new Ajv(options)],
      ['draft2019-09', new Ajv2019(options)],
      ['draft2020-12', new Ajv2020(options)],
    ] as const) {
      const { rules } = (ajv as unknown as { RULES: { rules: { type?: string; rules: { keyword: string }[] }[] } }).RULES;
      // the instances the rules make (with ajv-formats' keywords)
      for (const k of Object.keys((newAjv(dialect, false) as unknown as { RULES: { keywords: object } }).RULES.keywords)) keywords.add(k);
      const [any, ...typed] = rules;
      assert.equal(any!.type, undefined);
      const anyKeywords = any!.rules.map(r => r.keyword);
      assert.deepEqual(
        anyKeywords.filter(k => (ANY as readonly string[]).includes(k)),
        [...ANY],
        dialect,
      );
      for (const k of anyKeywords) assert.ok(ANY_RULES.includes(k), `${dialect}: ${k} is a rule of any type`);
      assert.deepEqual(
        typed.map(g => g.type),
        ['number', 'string', 'array', 'object'],
        dialect,
      );
      for (const group of typed) {
        const type = group.type as keyof typeof GROUPS;
        const inGroup = group.rules.map(r => r.keyword);
        // the keywords read here, in Ajv's order; and every keyword of the group known, to tell whether a schema uses it
        assert.deepEqual(
          inGroup.filter(k => GROUPS[type].includes(k)),
          GROUPS[type].filter(k => inGroup.includes(k)),
          `${dialect} ${type}`,
        );
        for (const k of group.rules.map(r => r.keyword)) assert.ok(GROUP_RULES[type].includes(k), `${dialect}: ${k} is a rule of ${type}`);
      }
    }
    // exampleVerdict.ts: a key none of them knows is ignored (strict off)
    assert.deepEqual([...AJV_KEYWORDS].sort(), [...keywords].sort());
  });
});
