/**
 * The meta-schema validators precompiled when the bundles are built (scripts/exampleMetaValidators.mjs, the bundles'
 * `apiconv:example-meta`) answer as the validators the example rules' checking Ajv instances compile at run time: the
 * same verdict and the same errors, on well-formed and broken schemas and on seeded mutations of them, and so the same
 * "schema is invalid: …" finding. Reads the copy the build writes (server/out/example-meta.mjs): `npm run build`
 * first, as `npm test` does.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PRECOMPILED_META, newAjv, usePrecompiledMeta, type Base } from '../../rules/_lib/exampleAjv';
import { mulberry32 } from '../helpers/seeded';

const COPY = path.resolve(__dirname, '../../server/out/example-meta.mjs');
type Validator = ((data: unknown) => boolean) & { errors?: unknown };

const load = async (): Promise<Partial<Record<Base, Validator>>> => {
  assert.ok(fs.existsSync(COPY), `${COPY} is missing: run npm run build`);
  return ((await import(pathToFileURL(COPY).href)) as { validators: Partial<Record<Base, Validator>> }).validators;
};

const outcome = (v: Validator, data: unknown): string => JSON.stringify({ ok: v(data), errors: v.errors });

const SCHEMAS: unknown[] = [
  {},
  { type: 'object', properties: { a: { type: 'string', format: 'date-time' } }, required: ['a'] },
  { type: 'standard_field' },
  { type: ['string', 'bogus'] },
  { type: 'object', properties: { domain: { order: 1, summary: 'Incident' } } },
  { properties: { a: { type: 'integer', minimum: 'x' } } },
  { minLength: -1 },
  { required: [] },
  { required: ['a', 'a'] },
  { enum: [] },
  { items: [] },
  { pattern: '(' },
  { pattern: 1 },
  { exclusiveMinimum: true },
  { allOf: [] },
  { anyOf: [{ type: 'string' }, 3] },
  { id: 'not a uri %' },
  { $schema: 5 },
  { additionalProperties: 'no' },
  { patternProperties: { '(': {} } },
  { multipleOf: 0 },
  { definitions: { a: { type: 'nope' } } },
  { dependencies: { a: 3 } },
  { not: [] },
  { nullable: true, description: 7 },
  'a string',
  [],
];

/** A schema with one value changed at random, to reach the meta-schema's other branches. */
function mutate(rand: () => number, schema: unknown, depth = 0): unknown {
  const values = [null, true, 0, -1, 1.5, 'x', '(', [], [1, 1], {}, { type: 'x' }, ['a'], 'date-time'];
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  if (schema === null || typeof schema !== 'object' || depth > 3) return pick(values);
  const copy: Record<string, unknown> = Array.isArray(schema) ? ({ ...schema } as Record<string, unknown>) : { ...(schema as Record<string, unknown>) };
  const keys = Object.keys(copy);
  const key =
    keys.length > 0 && rand() < 0.7
      ? pick(keys)
      : pick([
          'type',
          'minimum',
          'maximum',
          'format',
          'items',
          'properties',
          'enum',
          'required',
          'uniqueItems',
          'title',
          'default',
          'allOf',
          'id',
          'maxLength',
        ]);
  copy[key] = rand() < 0.5 ? mutate(rand, copy[key], depth + 1) : pick(values);
  return Array.isArray(schema) ? Object.values(copy) : copy;
}

describe('precompiled meta-schema validators of the example rules', () => {
  for (const [base, id] of Object.entries(PRECOMPILED_META) as [Base, string][]) {
    it(`${base}: the same verdicts and errors as the run-time compile, on chosen schemas and 3,000 mutations`, async () => {
      const precompiled = (await load())[base];
      assert.ok(precompiled, `no precompiled ${base} validator`);
      const runtime = newAjv(base, false).getSchema(id) as Validator;
      let invalid = 0;
      const rand = mulberry32(20261127);
      const cases = [...SCHEMAS, ...Array.from({ length: 3000 }, () => mutate(rand, SCHEMAS[Math.floor(rand() * SCHEMAS.length)]))];
      for (const schema of cases) {
        const expected = outcome(runtime, schema);
        assert.equal(outcome(precompiled, schema), expected, JSON.stringify(schema));
        if (!JSON.parse(expected).ok) invalid++;
      }
      assert.ok(invalid > 1000, `only ${invalid} schemas the meta-schema refuses`);
    });

    it(`${base}: a checking instance given it refuses a schema with Ajv's own message`, async () => {
      const precompiled = (await load())[base]!;
      const given = newAjv(base, false);
      // From the sources there is no bundled module: usePrecompiledMeta leaves Ajv to compile; set it as the bundles do.
      usePrecompiledMeta(given, base);
      (given as unknown as { schemas: Record<string, { validate?: Validator }> }).schemas[id]!.validate ??= precompiled;
      const own = newAjv(base, false);
      for (const schema of SCHEMAS.filter(s => typeof s === 'object' && !Array.isArray(s)) as object[]) {
        const attempt = (ajv: ReturnType<typeof newAjv>) => {
          try {
            ajv.compile(schema);
            return 'compiled';
          } catch (e) {
            return (e as Error).message;
          }
        };
        assert.equal(attempt(given), attempt(own), JSON.stringify(schema));
      }
      assert.equal(
        (given as unknown as { schemas: Record<string, { validate?: Validator }> }).schemas[id]!.validate,
        precompiled,
        'Ajv used the precompiled validator',
      );
    });
  }
});
