/**
 * The function schemas precompiled when the bundles are built (scripts/functionSchemas.mjs, the bundles'
 * `apiconv:function-schemas`): every schema a built-in function is defined with is there, and each precompiled
 * validator answers as Ajv's compile of the same schema does in Spectral (same options and plugins): the same
 * verdict and the same errors, on values made from the schema and on random ones. Reads the copy the build writes
 * (server/out/function-schemas.mjs): `npm run build` first, as `npm test` does.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import addErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import * as coreFunctions from '@stoplight/spectral-functions';
import * as oasFunctions from '@stoplight/spectral-rulesets/dist/oas/functions';
import { BUILTIN_RULESETS, getBuiltinRuleset, type BuiltinRulesetName } from '../../server/src/engine/ruleset';

const COPY = path.resolve(__dirname, '../../server/out/function-schemas.mjs');

type Validator = ((data: unknown) => boolean) & { errors?: unknown };
interface Generated {
  count: number;
  keys(): string[];
  precompiled(schema: unknown): Validator | undefined;
}
const load = async (): Promise<Generated> => {
  assert.ok(fs.existsSync(COPY), `${COPY} is missing: run npm run build`);
  return (await import(pathToFileURL(COPY).href)) as Generated;
};

/** Spectral's Ajv for function schemas (spectral-core/dist/ruleset/function.js). */
function spectralAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, strict: true, keywords: ['x-internal'] });
  addErrors(ajv);
  addFormats(ajv);
  return ajv;
}

/** The input and options schemas of every function the built-in rulesets and Spectral's function modules define. */
function definedSchemas(): unknown[] {
  const out: unknown[] = [];
  const add = (fn: unknown): void => {
    const s = (fn as { schemas?: { input: unknown; options: unknown } } | undefined)?.schemas;
    if (!s) return;
    if (s.input !== null && s.input !== undefined) out.push(s.input);
    if (s.options !== null && s.options !== undefined) out.push(s.options);
  };
  for (const fn of Object.values(coreFunctions)) add(fn);
  for (const fn of Object.values(oasFunctions)) add(fn);
  for (const name of Object.keys(BUILTIN_RULESETS) as BuiltinRulesetName[]) {
    for (const rule of Object.values(getBuiltinRuleset(name).rules)) for (const then of rule.then) add(then.function);
  }
  return out;
}

/** A seeded generator of values for a schema: mostly close to what it describes, often a little off. */
function valuesFor(schema: unknown, seed: number, count: number): unknown[] {
  let s = seed >>> 0 || 1;
  const rand = (): number => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const scalars: unknown[] = [
    null,
    true,
    false,
    0,
    1,
    -1,
    1.5,
    2 ** 40,
    '',
    'a',
    'I',
    '/',
    'camel',
    'x-foo',
    'https://example.com/a',
    'not a uri',
    'draft7',
    'auto',
    '0',
    'flat',
    '#/x',
  ];
  const anyValue = (depth: number): unknown => {
    const r = rand();
    if (depth <= 0 || r < 0.5) return pick(scalars);
    if (r < 0.75) return Array.from({ length: Math.floor(rand() * 4) }, () => anyValue(depth - 1));
    return Object.fromEntries(
      Array.from({ length: Math.floor(rand() * 4) }, () => [pick(['a', 'type', 'char', 'schema', 'match', 'x', 'functionsOptions']), anyValue(depth - 1)]),
    );
  };
  const fromSchema = (sc: unknown, depth: number): unknown => {
    if (rand() < 0.12 || depth <= 0 || sc === null || typeof sc !== 'object') return anyValue(2);
    const o = sc as Record<string, unknown>;
    if (Array.isArray(o.enum) && o.enum.length > 0 && rand() < 0.8) return pick(o.enum);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      const alts = o[key];
      if (Array.isArray(alts) && alts.length > 0) return fromSchema(pick(alts), depth - 1);
    }
    const type = Array.isArray(o.type) ? pick(o.type as unknown[]) : o.type;
    switch (type) {
      case 'object': {
        const props = (o.properties ?? {}) as Record<string, unknown>;
        const v: Record<string, unknown> = {};
        for (const [k, p] of Object.entries(props)) if (rand() < 0.7) v[k] = fromSchema(p, depth - 1);
        if (Array.isArray(o.required)) for (const k of o.required as string[]) if (rand() < 0.85) v[k] ??= fromSchema(props[k], depth - 1);
        if (rand() < 0.2) v[pick(['extra', 'x-extra', 'type'])] = anyValue(1);
        if (o.additionalProperties && typeof o.additionalProperties === 'object' && rand() < 0.5)
          v[pick(['k1', 'k2'])] = fromSchema(o.additionalProperties, depth - 1);
        return v;
      }
      case 'array': {
        const n = Math.floor(rand() * 4);
        const item = (): unknown => fromSchema(o.items ?? {}, depth - 1);
        const v = Array.from({ length: n }, item);
        if (n > 0 && rand() < 0.2) v.push(v[0]); // uniqueItems
        return v;
      }
      case 'string':
        return pick(['', 'a', 'ab', 'I', '/', 'x-y', 'https://example.com', 'no uri', 'abc$', '{id}', '0123456789abcdef0123']);
      case 'integer':
      case 'number':
        return pick([0, 1, -3, 2.5, 100, 3]);
      case 'boolean':
        return rand() < 0.5;
      default:
        return anyValue(2);
    }
  };
  return Array.from({ length: count }, () => fromSchema(schema, 5));
}

describe('precompiled function schemas', () => {
  it('hold every schema a built-in function is defined with', async () => {
    const generated = await load();
    const keys = new Set(generated.keys());
    const schemas = definedSchemas();
    assert.ok(schemas.length >= 20, `schemas found in the sources (${schemas.length})`);
    for (const schema of schemas) assert.ok(generated.precompiled(schema), `not precompiled: ${JSON.stringify(schema).slice(0, 200)}`);
    assert.equal(generated.count, keys.size);
  });

  it("answer as Ajv's compile of the same schema, errors included, on 300 values per schema", async () => {
    const generated = await load();
    const ajv = spectralAjv();
    let invalid = 0;
    let checked = 0;
    generated.keys().forEach((key, i) => {
      const schema = JSON.parse(key) as unknown;
      const pre = generated.precompiled(schema);
      assert.ok(pre, key);
      const compiled = ajv.compile(schema as object);
      for (const value of valuesFor(schema, 1000 + i, 300)) {
        const expected = compiled(value);
        const expectedErrors = structuredClone(compiled.errors ?? null);
        const actual: boolean = pre(value);
        assert.equal(actual, expected, `${key.slice(0, 120)} on ${JSON.stringify(value)}`);
        assert.deepEqual(structuredClone(pre.errors ?? null), expectedErrors, `errors of ${key.slice(0, 120)} on ${JSON.stringify(value)}`);
        if (!expected) invalid++;
        checked++;
      }
    });
    assert.ok(invalid > checked / 10 && invalid < checked - checked / 10, `both verdicts are tried (${invalid} invalid of ${checked})`);
  });

  it('find no schema that is not plain JSON (it could be taken for another)', async () => {
    const generated = await load();
    const key = generated.keys()[0]!;
    const schema = JSON.parse(key) as Record<string, unknown>;
    assert.ok(generated.precompiled(schema));
    assert.equal(generated.precompiled({ ...schema, extra: undefined }), undefined);
    assert.equal(generated.precompiled({ ...schema, extra: () => 1 }), undefined);
    assert.equal(generated.precompiled({ ...schema, extra: /x/ }), undefined);
    assert.equal(generated.precompiled(Object.assign(Object.create({ inherited: 1 }), schema)), undefined);
  });
});
