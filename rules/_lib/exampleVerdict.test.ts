/**
 * The quick verdict on examples (exampleVerdict.ts) says "valid" only when Ajv, configured as the example rules
 * configure it, would accept the example, and "invalid" only when Ajv would reject it. Held to Ajv three ways:
 * cases chosen for Ajv's corners, a few thousand generated schema/value pairs (fixed seed), and every example
 * of the corpus as the rules meet it (the full corpus when present, else the vendored one).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { quickVerdict } from './exampleVerdict';
import { compiledForm, prunedFor } from './examplePrune';
import { ajvErrorsOf } from './exampleErrors';
import { ajvErrors, ajvRefusal, ajvVerdict, knownRefusal, quickCheck } from './exampleValidators';
import { lint } from '../../server/src/engine/lint';
import * as path from 'node:path';
import { CORPUS } from '../../test/helpers/corpus';
import { mulberry32 } from '../../test/helpers/seeded';

type Case = [schema: object, value: unknown, dialect: string, expected: boolean | undefined];

const CASES: Case[] = [
  [{ type: 'string' }, 'a', 'draft4', true],
  [{ type: 'string' }, 1, 'draft4', false],
  [{ type: 'integer' }, 1.5, 'draft4', false],
  [{ type: ['string', 'null'] }, null, 'draft2020-12', true],
  [{ type: 'string', nullable: true }, null, 'draft4', true],
  [{ type: 'string', nullable: false }, null, 'draft4', false],
  [{ nullable: true }, null, 'draft4', undefined], // Ajv refuses: nullable without type
  [{ type: 'null', nullable: false }, null, 'draft4', undefined], // Ajv refuses the contradiction
  [{ type: 'file' }, 'a', 'draft4', undefined], // not a JSON Schema type: Ajv refuses
  [{ type: 'string', minLength: 2 }, '😀', 'draft4', false], // one code point
  [{ type: 'string', maxLength: 1 }, '😀', 'draft4', true],
  [{ type: 'string', format: 'date-time' }, '2024-01-01T00:00:00Z', 'draft4', true],
  [{ type: 'string', format: 'date-time' }, 'yesterday', 'draft4', false],
  [{ type: 'string', format: 'email' }, 'a@b.co', 'draft4', true],
  [{ type: 'string', format: 'no-such-format' }, 'x', 'draft4', true], // strict off: ignored
  [{ type: 'integer', format: 'int32' }, 2 ** 40, 'draft4', false],
  [{ format: 'int32' }, 'not a number', 'draft4', true], // a number format ignores strings
  [{ minimum: 1, exclusiveMinimum: true }, 1, 'draft4', false],
  [{ exclusiveMinimum: true }, 1, 'draft4', undefined], // draft 4 requires minimum next to it
  [{ exclusiveMinimum: 1 }, 1, 'draft2020-12', false],
  [{ exclusiveMinimum: true, minimum: 0 }, 1, 'draft2020-12', undefined], // a boolean past draft 4: refused
  [{ type: 'object', required: ['a'] }, {}, 'draft4', false],
  [{ type: 'object', required: [] }, {}, 'draft4', undefined], // draft 4: required has at least one name
  [{ type: 'object', required: ['constructor'] }, {}, 'draft4', undefined], // Ajv sees Object.prototype's
  [{ type: 'object', properties: { toString: { type: 'string' } } }, {}, 'draft4', undefined],
  [{ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false }, { a: 'x', b: 1 }, 'draft4', false],
  [{ type: 'object', patternProperties: { '^x-': { type: 'string' } }, additionalProperties: false }, { 'x-a': 'b' }, 'draft4', true],
  [{ type: 'object', properties: { a: { type: 'bogus' } } }, 'not an object', 'draft4', undefined], // Ajv checks the whole schema
  [{ type: 'array', items: { type: 'integer' }, uniqueItems: true }, [1, 2, 1], 'draft4', false],
  [{ type: 'array', items: { type: 'object' }, uniqueItems: true }, [{ a: 1 }, { a: 1 }], 'draft4', false],
  [{ type: 'array', items: [{ type: 'string' }] }, ['a', 1], 'draft4', true], // the tuple form: the rest is free
  [{ type: 'array', items: [{ type: 'string' }], additionalItems: false }, ['a', 1], 'draft4', false],
  [{ type: 'array', items: [{ type: 'string' }], additionalItems: { type: 'integer' } }, ['a', 1], 'auto', true],
  [{ type: 'array', items: [{ type: 'string' }] }, [1], 'draft4', false],
  [{ type: 'array', items: [{ type: 'string' }] }, ['a'], 'draft2020-12', undefined], // no tuple `items` in 2020-12: refused
  [{ type: 'array', additionalItems: false }, [1], 'draft4', true], // ignored without a tuple
  [{ enum: ['a', 'b'] }, 'b', 'draft4', true],
  [{ enum: [{ a: [1] }] }, { a: [1] }, 'draft4', true],
  [{ enum: [] }, 'a', 'draft4', undefined], // draft 4: enum has at least one value
  [{ oneOf: [{ type: 'string' }, { type: 'string', minLength: 1 }] }, 'a', 'draft4', false],
  [{ oneOf: [{ type: 'string' }, { type: 'integer' }] }, 'a', 'draft4', true],
  [{ anyOf: [{ type: 'integer' }, { $ref: '#/x' }] }, 1, 'draft4', undefined], // a $ref anywhere: Ajv's
  [{ not: { type: 'string' } }, 1, 'draft4', true],
  [{ allOf: [{ type: 'object' }, { required: ['a'] }] }, { a: 1 }, 'draft4', true],
  [{ type: 'string', pattern: '^[a-z]+$' }, 'abc', 'draft4', true],
  [{ type: 'string', pattern: '(' }, 'abc', 'draft4', undefined], // not a regular expression: Ajv refuses
  [{ type: 'string', description: 1 }, 'a', 'draft4', undefined], // the meta-schema wants a string
  [{ type: 'string', discriminator: { propertyName: 'x' }, 'x-foo': [1], example: 3 }, 'a', 'draft4', true],
  [{ const: 1 }, 1, 'draft2020-12', true],
  [{ type: 'string' }, new Date(0), 'draft4', undefined], // not plain JSON
  [{ type: 'number' }, Infinity, 'draft4', undefined],
  [{ type: 'object', properties: { a: true } }, { a: 1 }, 'draft2020-12', true],
  [{ type: 'object', properties: { a: false } }, { a: 1 }, 'draft2020-12', false],
  [{ type: 'object', properties: { a: true } }, { a: 1 }, 'draft4', undefined], // boolean schemas came after draft 4
];

describe('quick verdict on examples', () => {
  it('prunes what the value does not meet, and keeps what it meets or inherits', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string', maxLength: 1 }, b: { type: 'object', properties: { c: { type: 'integer' } } }, constructor: { type: 'string' } },
      oneOf: [{ required: ['a'] }, { properties: { z: { type: 'null' } } }],
    };
    assert.deepEqual(prunedFor(schema, { a: 'xy' }, 'draft4'), {
      type: 'object',
      properties: { a: { type: 'string', maxLength: 1 }, b: {}, constructor: { type: 'string' } },
      oneOf: [{}, {}], // both branches surely accept {a: 'xy'}
    });
    const same = { type: 'object', properties: { a: { type: 'string' } } };
    assert.equal(prunedFor(same, { a: 1 }, 'draft4'), same, 'nothing to prune: the schema itself');
  });

  it('prunes what surely accepts the values it meets: a property, the items of every element, a branch', () => {
    const item = {
      type: 'object',
      properties: { id: { type: 'string' }, n: { type: 'integer', minimum: 0 }, tags: { type: 'array', items: { type: 'string' } } },
    };
    const schema = {
      type: 'object',
      properties: { list: { type: 'array', items: item }, total: { type: 'integer' }, meta: { type: 'object', properties: { x: { type: 'string' } } } },
    };
    const value = {
      list: [
        { id: 'a', n: 1, tags: ['t'] },
        { id: 'b', n: -1 },
      ],
      total: 2,
      meta: { x: 'y' },
    };
    assert.equal(quickVerdict(schema, value, 'draft4'), false);
    assert.deepEqual(prunedFor(schema, value, 'draft4'), {
      type: 'object',
      properties: {
        list: { type: 'array', items: { type: 'object', properties: { id: {}, n: { type: 'integer', minimum: 0 }, tags: {} } } },
        total: {},
        meta: {},
      },
    });
    assert.deepEqual(ajvErrors(prunedFor(schema, value, 'draft4') as object, value, 'draft4'), ajvErrors(schema, value, 'draft4'));
    // A schema outside the quick subset (here a `$ref`) is pruned only where the value has no such property.
    const opaque = {
      type: 'object',
      properties: { a: { $ref: '#/definitions/x' }, b: { type: 'string' }, c: { type: 'string' } },
      definitions: { x: { type: 'string' } },
    };
    assert.deepEqual(prunedFor(opaque, { a: 'x', b: 'y' }, 'draft4'), {
      ...opaque,
      properties: { a: { $ref: '#/definitions/x' }, b: { type: 'string' }, c: {} },
    });
  });

  it('agrees with the expected verdict, and with Ajv wherever it gives one, on the chosen cases', () => {
    for (const [schema, value, dialect, expected] of CASES) {
      const quick = quickVerdict(schema, value, dialect);
      assert.equal(quick, expected, `${JSON.stringify(schema)} on ${JSON.stringify(value)} (${dialect})`);
      if (quick !== undefined) assert.equal(ajvVerdict(schema, value, dialect), quick, `Ajv on ${JSON.stringify(schema)}`);
    }
  });

  it('agrees with Ajv on 3,000 generated schema/value pairs in each dialect (fixed seed)', () => {
    // EXAMPLE_VERDICT_CASES / EXAMPLE_VERDICT_SEED: a longer run, another seed.
    const cases = Number(process.env.EXAMPLE_VERDICT_CASES ?? 3000);
    const rand = mulberry32(Number(process.env.EXAMPLE_VERDICT_SEED ?? 20261123));
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
    const values = (): unknown => {
      const r = rand();
      if (r < 0.15) return pick([null, true, false]);
      if (r < 0.35) return pick([0, 1, -1, 2.5, 7, 2 ** 33, 100, 0.3, 19.99, 1e21, -7.5]);
      if (r < 0.6) return pick(['', 'a', 'abc', 'ABC', '😀', '2024-01-01', '2024-01-01T00:00:00Z', 'a@b.co', 'x-y', '12']);
      if (r < 0.8) return Array.from({ length: Math.floor(rand() * 4) }, values);
      const o: Record<string, unknown> = {};
      for (let i = Math.floor(rand() * 4); i > 0; i--) o[pick(['a', 'b', 'c', 'x-d', 'constructor'])] = values();
      return o;
    };
    const schema = (depth: number): unknown => {
      if (depth > 2 && rand() < 0.5) return pick([{}, { type: 'string' }, true, false]);
      const s: Record<string, unknown> = {};
      for (let i = 1 + Math.floor(rand() * 3); i > 0; i--) {
        const k = pick([
          'type',
          'type',
          'nullable',
          'enum',
          'const',
          'format',
          'minLength',
          'maxLength',
          'pattern',
          'minimum',
          'maximum',
          'exclusiveMinimum',
          'exclusiveMaximum',
          'minItems',
          'maxItems',
          'uniqueItems',
          'items',
          'items',
          'additionalItems',
          'required',
          'properties',
          'properties',
          'additionalProperties',
          'patternProperties',
          'minProperties',
          'allOf',
          'anyOf',
          'oneOf',
          'not',
          'description',
          'readOnly',
          'example',
          'multipleOf',
          'title',
          'x-extra',
          'default',
          'order',
          'summary',
          'toString',
        ]);
        // Now and then a keyword left undefined (as the readOnly relaxation leaves `required`): not there for Ajv.
        s[k] = rand() < 0.03 ? undefined : keywordValue(k, depth);
      }
      return s;
    };
    const keywordValue = (k: string, depth: number): unknown => {
      switch (k) {
        case 'type':
          return pick(['string', 'integer', 'number', 'object', 'array', 'boolean', 'null', ['string', 'null'], 'file']);
        case 'nullable':
        case 'uniqueItems':
        case 'readOnly':
          return pick([true, false, 'yes']);
        case 'enum':
          return pick([['a', 'b'], [1, 2], [], [null], ['a', 'a'], [{ a: 1 }]]);
        case 'const':
          return values();
        case 'format':
          return pick(['date', 'date-time', 'email', 'int32', 'uuid', 'unknown', 'byte', 'uri']);
        case 'pattern':
          return pick(['^a', '[0-9]+', '(', '^x-']);
        case 'exclusiveMinimum':
        case 'exclusiveMaximum':
          return pick([true, false, 0, 5]);
        case 'minimum':
        case 'maximum':
          return pick([0, 1, 5, 2.5, -1]);
        case 'multipleOf':
          return pick([0, 1, 5, 2.5, -1, 0.1, 0.01, 3, 1e-9]);
        case 'required':
          return pick([['a'], ['a', 'b'], [], ['constructor'], ['a', 'a']]);
        case 'properties':
          return { [pick(['a', 'b', 'toString'])]: schema(depth + 1), c: schema(depth + 1) };
        case 'patternProperties':
          return { [pick(['^x-', '^a', '('])]: schema(depth + 1) };
        case 'additionalProperties':
        case 'additionalItems':
        case 'not':
          return pick([true, false, schema(depth + 1)]);
        case 'items':
          return pick([true, false, schema(depth + 1), [schema(depth + 1)], [schema(depth + 1), schema(depth + 1)], []]);
        case 'allOf':
        case 'anyOf':
        case 'oneOf':
          return Array.from({ length: Math.floor(rand() * 3) }, () => schema(depth + 1));
        case 'description':
          return pick(['text', 1]);
        case 'example':
        case 'x-extra':
        case 'default':
        case 'order':
        case 'summary':
        case 'toString':
          return values(); // unknown keys: ignored when they hold a scalar
        case 'title':
          return pick(['T', 2]);
        default:
          return pick([0, 1, 3, -1, 1.5]);
      }
    };
    let told = 0;
    let refusals = 0;
    let compiledForms = 0;
    let synthesized = 0;
    for (const dialect of ['draft4', 'auto', 'draft2020-12']) {
      for (let i = 0; i < cases; i++) {
        const s = schema(0);
        if (typeof s !== 'object') continue;
        const v = values();
        const quick = quickVerdict(s as object, v, dialect);
        const refusal = knownRefusal(s as object, dialect);
        if (refusal !== undefined) {
          refusals++;
          assert.equal(quick, undefined);
          assert.equal(ajvRefusal(s as object, dialect), refusal, `${dialect}: refusal of ${JSON.stringify(s)}`);
        }
        if (quick === undefined) continue;
        told++;
        assert.equal(ajvVerdict(s as object, v, dialect), quick, `${dialect}: ${JSON.stringify(s)} on ${JSON.stringify(v)}`);
        const synth = ajvErrorsOf(s as object, v, dialect);
        if (quick === true) assert.equal(synth, undefined, `${dialect}: errors told for a valid example: ${JSON.stringify(s)} on ${JSON.stringify(v)}`);
        if (quick === false && synth !== undefined) {
          // exampleErrors.ts: Ajv's errors without a compile, the same objects in the same order
          synthesized++;
          assert.equal(
            JSON.stringify(synth),
            JSON.stringify(ajvErrors(s as object, v, dialect)),
            `${dialect}: errors told for ${JSON.stringify(s)} on ${JSON.stringify(v)}`,
          );
        }
        if (quick === false) {
          const pruned = prunedFor(s, v, dialect) as object;
          assert.deepEqual(
            ajvErrors(pruned, v, dialect),
            ajvErrors(s as object, v, dialect),
            `${dialect}: errors of ${JSON.stringify(pruned)} (pruned from ${JSON.stringify(s)}) on ${JSON.stringify(v)}`,
          );
          // what validateExample compiles: the pruned schema without what Ajv generates no code for
          const form = compiledForm(pruned, dialect);
          if (form !== pruned) compiledForms++;
          assert.deepEqual(
            ajvErrors(form, v, dialect),
            ajvErrors(s as object, v, dialect),
            `${dialect}: errors of ${JSON.stringify(form)} (the compiled form of ${JSON.stringify(s)}) on ${JSON.stringify(v)}`,
          );
        }
      }
    }
    assert.ok(told > cases / 2, `the quick path told only ${told} verdicts`);
    assert.ok(refusals > 20, `only ${refusals} refusals told without compiling`);
    assert.ok(compiledForms > 100, `only ${compiledForms} compiled forms that leave something out`);
    assert.ok(synthesized > cases / 4, `errors told without compiling for only ${synthesized} invalid examples`);
  });

  it('agrees with Ajv on every example of the corpus, and spares most compiles', async t => {
    quickCheck.on = true;
    quickCheck.counts = { valid: 0, invalid: 0, unsure: 0 };
    quickCheck.contradicted = [];
    quickCheck.prunedApart = [];
    quickCheck.toldApart = [];
    quickCheck.told = 0;
    quickCheck.refusals = [];
    quickCheck.missingRefs = [];
    quickCheck.missingRefsChecked = 0;
    quickCheck.outcomes = [];
    quickCheck.outcomesChecked = 0;
    try {
      for (const entry of corpusEntries()) {
        // Each verdict is also compiled by Ajv here: the documents over 600 KB take minutes (APICONV_FULL_CORPUS=1).
        if (fs.statSync(entry).size > 600 * 1024 && process.env.APICONV_FULL_CORPUS !== '1') continue;
        await lint(fs.readFileSync(entry, 'utf8'), entry);
      }
    } finally {
      quickCheck.on = false;
    }
    assert.deepEqual(quickCheck.contradicted, []);
    assert.deepEqual(quickCheck.prunedApart, [], 'an invalid example gets the same errors from the pruned schema');
    assert.deepEqual(quickCheck.toldApart, [], "the errors told without compiling are Ajv's");
    assert.ok(quickCheck.told > 0, 'no errors told without compiling');
    assert.deepEqual(quickCheck.refusals, [], "a refusal told without compiling is Ajv's");
    assert.deepEqual(quickCheck.missingRefs, [], 'a compile told to end in a MissingRefError does');
    assert.deepEqual(quickCheck.outcomes, [], "what a compile ends in, told without compiling, is what Ajv's ends in");
    t.diagnostic(`compile outcomes told: ${quickCheck.outcomesChecked}`);
    t.diagnostic(`compiles told to end in a MissingRefError: ${quickCheck.missingRefsChecked}`);
    const { valid, invalid, unsure } = quickCheck.counts;
    t.diagnostic(`quick verdicts: ${valid} valid, ${invalid} invalid (errors told for ${quickCheck.told}), ${unsure} left to Ajv`);
    assert.ok(valid > (valid + invalid + unsure) / 2, `quick verdicts: ${valid} valid, ${invalid} invalid, ${unsure} unsure`);
  });
});

/** The entry files of the corpus's documents (MANIFEST.md, entry column). */
function corpusEntries(): string[] {
  const rows = fs
    .readFileSync(path.join(CORPUS, 'MANIFEST.md'), 'utf8')
    .split('\n')
    .map(l => l.split('|').map(c => c.trim()));
  return rows.filter(c => /^\d+$/.test(c[1] ?? '')).map(c => path.join(CORPUS, c[3].replace(/`/g, '')));
}
