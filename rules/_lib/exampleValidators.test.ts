/**
 * validateExample (exampleValidators.ts) compiles a schema that exampleFast.ts knows to be well formed in an Ajv
 * instance that does not check schemas against the meta-schema, and any other schema in the one that does: the
 * findings are the ones Ajv gives with the check, a schema the meta-schema refuses still says why.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ajvErrors, ajvRefusal, knownRefusal, surelyMissingRef, validateExample } from './exampleValidators';
import { wellFormedSchema } from './exampleFast';

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
      [{ type: 'object', properties: { a: { anyOf: [{}, { nullable: true }] }, b: { type: 'integer' } } }, { a: 1, b: 'x' }],
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
        for (const schema of [{ anyOf: [branch, { nullable: true }] }, { properties: { p: { anyOf: [{ type: 'string', nullable: false }, branch, { items: { nullable: true } }] } } }]) {
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
