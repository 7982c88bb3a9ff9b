/**
 * validateExample (exampleValidators.ts) compiles a schema that exampleVerdict.ts knows to be well formed in an Ajv
 * instance that does not check schemas against the meta-schema, and any other schema in the one that does: the
 * findings are the ones Ajv gives with the check, a schema the meta-schema refuses still says why.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ajvErrors, ajvRefusal, compileOutcome, knownRefusal, surelyMissingRef, validateExample } from './exampleValidators';
import { mulberry32 } from '../../test/helpers/seeded';
import { wellFormedSchema } from './exampleVerdict';

const digest = (() => {
  let n = 0;
  return () => `test-${process.pid}-${n++}`;
})();

describe('validateExample: which Ajv instance compiles', () => {
  it('a well-formed schema: the same errors as Ajv with the meta-schema check', () => {
    const schema = { type: 'object', properties: { id: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } }, required: ['id'] };
    for (const dialect of ['draft4', 'draft2020-12']) {
      assert.equal(wellFormedSchema(schema, dialect), true);
      const value = { id: 'x', tags: [1] };
      const found = validateExample(value, schema, digest(), dialect, ['example'], undefined, false);
      assert.ok(found.length > 0, dialect);
      const errors = ajvErrors(schema, value, dialect);
      assert.ok(Array.isArray(errors) && errors.length > 0, dialect);
      assert.deepEqual(
        found.map(f => f.path),
        (errors as { instancePath: string }[]).slice(0, found.length).map(e => ['example', ...e.instancePath.split('/').slice(1)]),
      );
    }
  });

  it('a schema the meta-schema refuses: the refusal is the finding, as before', () => {
    // minLength must be a non-negative integer: not well formed, so compiled with the check.
    const schema = { type: 'string', minLength: -1 };
    assert.equal(wellFormedSchema(schema, 'draft4'), false);
    assert.equal(ajvErrors(schema, 'a', 'draft4'), 'refused');
    const found = validateExample('a', schema, digest(), 'draft4', ['example'], undefined, false);
    assert.equal(found.length, 1);
    assert.match(found[0]!.message, /^schema is invalid: data\/minLength must be >= 0/);
    assert.deepEqual(found[0]!.path, ['example']);
  });

  it('a schema well formed but for nullable/type contradictions (compiled without the meta-schema check): what Ajv with the check gives', () => {
    // Ajv meets a contradiction only where it generates code: not in an anyOf with a branch that accepts everything.
    const cases: [object, unknown][] = [
      [
        { type: 'object', properties: { a: { anyOf: [{}, { nullable: true }] }, b: { type: 'integer' } } },
        { a: 1, b: 'x' },
      ],
      [{ type: 'object', properties: { a: { anyOf: [{ description: 'd' }, { nullable: true }] } }, required: ['z'] }, {}],
      [{ type: 'object', properties: { a: { anyOf: [{ type: 'string' }, { nullable: true }] } } }, { a: 1 }],
      [{ anyOf: [{}, { type: 'null', nullable: false }], properties: { a: { nullable: true } } }, { a: 1 }],
    ];
    for (const [schema, value] of cases) {
      assert.equal(wellFormedSchema(schema, 'draft4'), false);
      const found = validateExample(value, schema, digest(), 'draft4', ['example'], undefined, false);
      const errors = ajvErrors(schema, value, 'draft4');
      if (errors === 'refused') {
        assert.equal(found.length, 1, JSON.stringify(schema));
        assert.equal(found[0]!.message, ajvRefusal(schema, 'draft4'), JSON.stringify(schema));
      } else {
        assert.ok(errors !== null, JSON.stringify(schema));
        assert.deepEqual(
          found.map(f => f.path),
          errors.map(e => ['example', ...e.instancePath.split('/').slice(1)]),
          JSON.stringify(schema),
        );
      }
    }
  });

  it('a valid example of a schema that is not well formed but compiles: no finding', () => {
    const schema = { type: 'string', 'not-a-keyword': { deep: true } };
    assert.equal(wellFormedSchema(schema, 'draft4'), false);
    assert.deepEqual(validateExample('a', schema, digest(), 'draft4', ['example'], undefined, false), []);
    assert.equal(validateExample(1, schema, digest(), 'draft4', ['example'], undefined, false).length, 1);
  });
});

describe('knownRefusal: what Ajv refuses, told without compiling', () => {
  const cases: [schema: object, dialect: string, expected: string | undefined][] = [
    [{ nullable: true }, 'draft4', '"nullable" cannot be used without "type"'],
    [{ nullable: false, description: 'x' }, 'draft4', '"nullable" cannot be used without "type"'],
    [{ type: 'object', properties: { a: { nullable: true, description: 'x' }, b: { type: 'string' } } }, 'draft4', '"nullable" cannot be used without "type"'],
    [{ type: 'array', items: { allOf: [{ type: 'string' }, { nullable: true }] } }, 'draft2020-12', '"nullable" cannot be used without "type"'],
    [{ type: ['string', 'null'], nullable: false }, 'draft2020-12', 'type: null contradicts nullable: false'],
    [{ type: 'string' }, 'draft4', undefined], // well formed: compiled
    [{ type: 'object', properties: { a: { nullable: true }, b: { type: 'null', nullable: false } } }, 'draft4', undefined], // two kinds: which comes first is Ajv's
    [{ nullable: 'yes' }, 'draft4', undefined], // not a boolean: the keyword's own error
    [{ nullable: true, minLength: -1 }, 'draft4', undefined], // the meta-schema refuses it first
    [{ type: 'array', additionalItems: { nullable: true } }, 'draft4', undefined], // ignored without a tuple `items`: Ajv compiles it
  ];
  it('agrees with the error Ajv throws', () => {
    for (const [schema, dialect, expected] of cases) {
      assert.equal(knownRefusal(schema, dialect), expected, JSON.stringify(schema));
      if (expected !== undefined) assert.equal(ajvRefusal(schema, dialect), expected, `Ajv on ${JSON.stringify(schema)}`);
    }
    assert.equal(ajvRefusal({ type: 'array', additionalItems: { nullable: true } }, 'draft4'), undefined);
  });

  it('is not told where Ajv leaves out an anyOf whose branch accepts everything (drafts 4 to 7), and is where it does not', () => {
    for (const branch of [{}, { description: 'd' }, { title: 't', readOnly: true }, { example: 1 }, { 'x-a': 1 }, { discriminator: { propertyName: 'a' } }]) {
      for (const dialect of ['draft4', 'auto', 'draft2020-12']) {
        for (const schema of [
          { anyOf: [branch, { nullable: true }] },
          { properties: { p: { anyOf: [{ type: 'string', nullable: false }, branch, { items: { nullable: true } }] } } },
        ]) {
          const known = knownRefusal(schema, dialect);
          assert.equal(known, dialect === 'draft2020-12' ? ajvRefusal(schema, dialect) : undefined, `${dialect}: ${JSON.stringify(schema)}`);
          if (dialect !== 'draft2020-12') assert.equal(ajvRefusal(schema, dialect), undefined, `Ajv compiles ${JSON.stringify(schema)} (${dialect})`);
        }
      }
    }
    // a branch with a rule of Ajv's: the anyOf is compiled, and the contradiction below it met
    assert.equal(knownRefusal({ anyOf: [{ $comment: 'c' }, { nullable: true }] }, 'draft4'), '"nullable" cannot be used without "type"');
    assert.equal(ajvRefusal({ anyOf: [{ $comment: 'c' }, { nullable: true }] }, 'draft4'), '"nullable" cannot be used without "type"');
  });

  it('is the finding of an example of such a schema, at the example', () => {
    const schema = { type: 'object', properties: { a: { nullable: true } } };
    assert.deepEqual(validateExample({ a: 1 }, schema, digest(), 'draft4', ['components', 'x', 'example'], undefined, false), [
      { message: '"nullable" cannot be used without "type"', path: ['components', 'x', 'example'] },
    ]);
  });
});

describe('surelyMissingRef: a compile that ends in a MissingRefError, told without compiling', () => {
  const ref = { $ref: 'schemas/pet.yaml' };
  const sure = [
    { type: 'object', properties: { a: ref, b: { type: 'string' } } },
    { allOf: [{ type: 'object' }, ref] },
    { type: 'array', items: { $ref: '../models/error.yml', description: 'd' } },
    { not: ref },
    { oneOf: [ref, { type: 'string' }] },
    { type: 'object', additionalProperties: ref, patternProperties: { '^x': ref } },
    { properties: { a: ref }, unknownKeyword: 1 }, // a key Ajv does not know, holding a scalar: ignored
  ];
  const notSure = [
    { type: 'object', properties: { a: { $ref: '#/definitions/x' } } }, // a pointer: may resolve
    { properties: { a: { $ref: 'http://json-schema.org/draft-04/schema#' } } }, // a schema the instance holds
    { properties: { a: { $ref: 'x.yaml', type: 'string' } } }, // a $ref beside a keyword
    { anyOf: [{}, ref] }, // Ajv leaves out an anyOf with a branch that accepts everything
    { anyOf: [{ description: 'any' }, ref] },
    { items: [{ type: 'string' }], additionalItems: ref },
    { properties: { b: { nullable: true }, a: ref } }, // a refusal Ajv may meet first
    { properties: { a: ref }, unknownKeyword: { nested: 1 } }, // not well formed: an unknown keyword holding an object
    { type: 'object', properties: { a: { type: 'string' } } }, // no $ref at all
  ];
  it('is sure where Ajv throws a MissingRefError, and the example then has no finding', () => {
    for (const schema of sure) {
      assert.equal(surelyMissingRef(schema, 'draft4'), true, JSON.stringify(schema));
      assert.match(String(ajvRefusal(schema, 'draft4')), /can't resolve reference/, `Ajv on ${JSON.stringify(schema)}`);
      assert.deepEqual(validateExample({ a: 1 }, schema, digest(), 'draft4', ['example'], undefined, true), []);
      assert.equal(surelyMissingRef(schema, 'draft2020-12'), false, 'draft 4 only');
    }
  });
  it('is not sure otherwise (Ajv compiles, or refuses for another reason first)', () => {
    for (const schema of notSure) assert.equal(surelyMissingRef(schema, 'draft4'), false, JSON.stringify(schema));
    assert.equal(ajvRefusal(notSure[3]!, 'draft4'), undefined, 'the anyOf left out: Ajv compiles it');
    assert.equal(ajvRefusal(notSure[6]!, 'draft4'), '"nullable" cannot be used without "type"');
  });
});

describe("compileOutcome: the first error Ajv's code generation meets, told without compiling", () => {
  /** What Ajv's compile ends in, as compileOutcome says it. */
  const ajvOutcome = (schema: object, dialect: string) => {
    const refused = ajvRefusal(schema, dialect);
    if (refused === undefined) return { compiles: true };
    return /^can't resolve reference/.test(refused) ? { missingRef: true } : { refusal: refused };
  };

  it('agrees with Ajv on chosen schemas: types before the $ref, the order of the subschemas, what Ajv skips', () => {
    const ref = { $ref: 'models/pet.yml' };
    const cases: object[] = [
      { type: 'object', properties: { a: ref, b: { nullable: true } } },
      { type: 'object', properties: { b: { nullable: true }, a: ref } },
      { nullable: true, properties: { a: ref } },
      { type: 'object', additionalProperties: { nullable: false }, properties: { a: ref } },
      { allOf: [ref], not: { type: 'null', nullable: false } },
      { anyOf: [{}, { nullable: true }], properties: { a: ref } },
      { anyOf: [{ type: 'string' }, { nullable: true }], properties: { a: ref } },
      { type: 'array', items: { type: 'object', properties: { x: { type: 'null', nullable: false } } }, additionalItems: ref },
      { type: 'array', items: [{ type: 'string' }], additionalItems: { nullable: true } },
      { oneOf: [{ description: 'd' }, ref], patternProperties: { '^x': { nullable: true } } },
      { type: 'object', properties: { a: { type: 'string' } } },
    ];
    let told = 0;
    for (const dialect of ['draft4', 'auto']) {
      for (const schema of cases) {
        const outcome = compileOutcome(schema, dialect);
        if (outcome === undefined) continue; // not sure: compiled (additionalItems beside an object `items`, which Ajv skips)
        told++;
        assert.deepEqual(outcome, ajvOutcome(schema, dialect), `${dialect}: ${JSON.stringify(schema)}`);
      }
    }
    assert.equal(told, 2 * (cases.length - 1));
    assert.equal(compileOutcome({ properties: { a: { $ref: '#/definitions/x' } } }, 'draft4'), undefined, 'another $ref');
    assert.equal(compileOutcome({ nullable: true }, 'draft2020-12'), undefined, 'another dialect');
  });

  it('agrees with Ajv on 2,000 generated schemas with contradictions and $refs to files (fixed seed)', () => {
    const rand = mulberry32(20261127);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    const node = (depth: number): unknown => {
      const r = rand();
      if (depth > 3 || r < 0.15)
        return pick([{}, { description: 'd' }, { $ref: 'a.yml' }, { nullable: true }, { type: 'null', nullable: false }, { type: 'string' }, true]);
      const o: Record<string, unknown> = {};
      for (let i = 1 + Math.floor(rand() * 3); i > 0; i--) {
        const k = pick([
          'type',
          'nullable',
          'properties',
          'items',
          'anyOf',
          'oneOf',
          'allOf',
          'not',
          'additionalProperties',
          'patternProperties',
          'additionalItems',
          'description',
        ]);
        if (k === 'type') o.type = pick(['string', 'object', 'null', ['string', 'null']]);
        else if (k === 'nullable') o.nullable = pick([true, false]);
        else if (k === 'properties' || k === 'patternProperties') o[k] = { [pick(['a', 'b', '^x'])]: node(depth + 1), c: node(depth + 1) };
        else if (k === 'items') o.items = rand() < 0.3 ? [node(depth + 1), node(depth + 1)] : node(depth + 1);
        else if (k === 'anyOf' || k === 'oneOf' || k === 'allOf') o[k] = [node(depth + 1), node(depth + 1)];
        else if (k === 'description') o.description = 'text';
        else o[k] = node(depth + 1);
      }
      return o;
    };
    let told = 0;
    for (const dialect of ['draft4', 'auto']) {
      for (let i = 0; i < 1000; i++) {
        const schema = node(0);
        if (typeof schema !== 'object') continue;
        const outcome = compileOutcome(schema as object, dialect);
        if (outcome === undefined) continue;
        told++;
        assert.deepEqual(outcome, ajvOutcome(schema as object, dialect), `${dialect}: ${JSON.stringify(schema)}`);
      }
    }
    assert.ok(told > 500, `told only ${told}`);
  });
});
