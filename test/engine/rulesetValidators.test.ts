/**
 * The ruleset checks precompiled when the bundles are built (scripts/rulesetValidators.mjs, the bundles'
 * `apiconv:ruleset-validators`) answer as the checks Spectral and its migrator compile at run time: the same verdict
 * and the same errors, on the built-in rulesets, on hand-made broken rulesets (each part of the schema: severities,
 * given, then, functions and their options, formats, extends, overrides, aliases, parserOptions) and on seeded
 * mutations of them. Reads the copy the build writes (server/out/ruleset-validators.mjs): `npm run build` first, as
 * `npm test` does.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { inspect } from 'node:util';
import { truthy, pattern, schema, length } from '@stoplight/spectral-functions';
import { oas2, oas3, oas3_1 } from '@stoplight/spectral-formats';
import { BUILTIN_RULESETS } from '../../server/src/engine/ruleset';

const COPY = path.resolve(__dirname, '../../server/out/ruleset-validators.mjs');

type Validator = ((data: unknown) => boolean) & { errors?: unknown };
const load = async (): Promise<{ spectralRuleset: Validator; migratorRuleset: Validator }> => {
  assert.ok(fs.existsSync(COPY), `${COPY} is missing: run npm run build`);
  return (await import(pathToFileURL(COPY).href)) as { spectralRuleset: Validator; migratorRuleset: Validator };
};

// The run-time checks, from the modules themselves (by file: their packages do not export them).
const coreDir = path.dirname(require.resolve('@stoplight/spectral-core'));
const { createValidator } = require(path.join(coreDir, 'ruleset', 'validation', 'ajv.js')) as { createValidator(f: 'js'): Validator };
const { validateAlias } = require(path.join(coreDir, 'ruleset', 'validation', 'validators', 'alias.js')) as { validateAlias: unknown };
const { validateFunction } = require(path.join(coreDir, 'ruleset', 'validation', 'validators', 'function.js')) as { validateFunction: unknown };
const migratorDir = path.dirname(require.resolve('@stoplight/spectral-ruleset-migrator'));
const migratorSchema = (require(path.join(migratorDir, 'validation', 'schema.js')) as { default: object }).default;
const MigratorAjv = (require(require.resolve('ajv', { paths: [migratorDir] })) as { default: new (o: object) => { compile(s: object): Validator } }).default;

/** What each call gives: the verdict and the errors as JSON (an error object: its class, message and own fields, not its stack). */
const outcome = (v: Validator, data: unknown, self?: object): string => {
  const ok = self ? v.call(self, data) : v(data);
  return JSON.stringify(
    { ok, errors: v.errors },
    (_k, x: unknown) => {
      if (x instanceof Error) return { ...x, class: x.constructor.name, message: x.message };
      if (typeof x === 'function') return `function ${x.name}`;
      return x;
    },
    1,
  );
};

const BROKEN: Record<string, unknown>[] = [
  {},
  { rules: [] },
  { extends: 3 },
  { extends: [['spectral:oas', 'sometimes']] },
  { extends: [[]] },
  { rules: { a: 'warnx' } },
  { rules: { a: 7 } },
  { rules: { a: { given: '$' } } },
  { rules: { a: { then: { function: truthy } } } },
  { rules: { a: { given: 'paths', then: { function: truthy } } } },
  { rules: { a: { given: [], then: { function: truthy } } } },
  { rules: { a: { given: ['$', 4], then: { function: truthy } } } },
  { rules: { a: { given: '#Alias', then: { function: truthy } } } },
  { rules: { a: { given: '$', then: { function: 'truthy' } } } },
  { rules: { a: { given: '$', then: { function: pattern, functionOptions: { nope: 1 } } } } },
  { rules: { a: { given: '$', then: { function: length, functionOptions: { max: 'x' } } } } },
  { rules: { a: { given: '$', then: { function: schema } } } },
  { rules: { a: { given: '$', then: [{ function: truthy }, { field: 3, function: truthy }] } } },
  { rules: { a: { given: '$', severity: 'loud', then: { function: truthy } } } },
  { rules: { a: { given: '$', type: 'other', then: { function: truthy } } } },
  { rules: { a: { given: '$', documentationUrl: 'not a url', then: { function: truthy } } } },
  { rules: { a: { given: '$', formats: ['oas3'], then: { function: truthy } } } },
  { rules: { a: { given: '$', unknown: true, then: { function: truthy } } } },
  { rules: {}, documentationUrl: 'nope' },
  { rules: {}, formats: [oas3, 'oas2'] },
  { rules: {}, functions: ['x'] },
  { rules: {}, parserOptions: { duplicateKeys: 'loud' } },
  { rules: {}, parserOptions: { other: 'warn' } },
  { rules: {}, overrides: [] },
  { rules: {}, overrides: [{ files: [] }] },
  { rules: {}, overrides: [{ files: ['a.yaml#/info'], extends: [] }] },
  { rules: {}, overrides: [{ files: ['a.yaml#/info'], rules: { a: 'loud' } }] },
  { rules: {}, overrides: [{ files: ['a.yaml'] }] },
  { rules: {}, overrides: [{ files: ['a.yaml'], rules: { a: { given: 'x', then: { function: truthy } } } }] },
  { rules: {}, aliases: { '1bad': '$.a' } },
  { rules: {}, aliases: { A: ['x'] } },
  { rules: {}, aliases: { A: { targets: [] } } },
  { rules: {}, aliases: { A: { targets: [{ formats: [oas3], given: ['$'] }, { given: ['$'] }] } } },
  { rules: { a: { given: '#A', then: { function: truthy } } }, aliases: { A: ['$.info'] } },
  { rules: { a: { given: '#Missing.b', then: { function: truthy } } }, aliases: { A: ['$.info'] } },
  { rules: {}, 'x-anything': 1, other: 2 },
];

const VALID: Record<string, unknown>[] = [
  { rules: { a: 'off', b: 'warn', c: true, d: 0, e: { given: '$', then: { function: truthy } } } },
  { extends: [], rules: { a: { given: ['$.info', '$.paths[*]'], severity: 'error', recommended: false, then: [{ field: 'title', function: truthy }] } } },
  {
    extends: [],
    formats: [oas2, oas3, oas3_1],
    overrides: [
      { files: ['a.yaml#/info'], rules: { a: 'hint' } },
      { files: ['b/**'], rules: { a: 'off' } },
    ],
  },
  {
    extends: [],
    aliases: { A: ['$.info'], B: { targets: [{ formats: [oas3], given: ['$.components'] }] } },
    rules: { a: { given: '#A.title', then: { function: truthy } } },
  },
];

/** Seeded small changes of a ruleset: a value swapped for another of the pool, a key dropped or added. */
function mutations(base: Record<string, unknown>, seed: number, count: number): unknown[] {
  let s = seed >>> 0 || 1;
  const rand = (): number => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const pool: unknown[] = [null, true, 0, 'warn', 'loud', '$', 'x', [], {}, ['$'], { function: truthy }, truthy, [oas3], 'https://example.com'];
  const keys = ['given', 'then', 'severity', 'rules', 'extends', 'formats', 'field', 'functionOptions', 'files', 'targets', 'aliases', 'other'];
  const mutate = (v: unknown, depth: number): unknown => {
    if (rand() < 0.15 || depth > 5) return pool[Math.floor(rand() * pool.length)];
    if (Array.isArray(v)) return v.map(x => mutate(x, depth + 1));
    if (v === null || typeof v !== 'object' || typeof v === 'function') return v;
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (rand() > 0.1) o[k] = rand() < 0.5 ? mutate(x, depth + 1) : x;
    if (rand() < 0.1) o[keys[Math.floor(rand() * keys.length)]!] = pool[Math.floor(rand() * pool.length)];
    return o;
  };
  return Array.from({ length: count }, () => mutate(base, 0));
}

describe('precompiled ruleset checks', () => {
  it("Spectral's check: the same verdict and errors as its run-time compile, on built-in, broken, valid and mutated rulesets", async () => {
    const { spectralRuleset } = await load();
    const runtime = createValidator('js');
    const self = { validateAlias, validateFunction };
    const cases: unknown[] = [...Object.values(BUILTIN_RULESETS).map(r => ({ ...(r as object), extends: [] })), ...BROKEN, ...VALID];
    VALID.forEach((v, i) => cases.push(...mutations(v, 1000 + i, 150)));
    BROKEN.forEach((v, i) => cases.push(...mutations(v, 7000 + i, 10)));
    let invalid = 0;
    for (const c of cases) {
      const want = outcome(runtime, c); // Spectral's validator is a Proxy that calls with these
      const got = outcome(spectralRuleset, c, self);
      assert.equal(got, want, inspect(c, { depth: 8 }));
      if (want.includes('"ok": false')) invalid++;
    }
    assert.ok(invalid >= BROKEN.length && invalid < cases.length - VALID.length, `${invalid} of ${cases.length} invalid`);
  });

  it("the migrator's check: the same verdict and errors as its run-time compile", async () => {
    const { migratorRuleset } = await load();
    const runtime = new MigratorAjv({ strict: true, strictTuples: false }).compile(migratorSchema);
    const data: unknown[] = [
      { extends: 'spectral:oas' },
      { extends: [['spectral:oas', 'off'], 'apiconv:recommended'], rules: { a: 'off' }, functions: ['f'], functionsDir: 'fns', formats: ['oas3'] },
      { extends: [['x']] },
      { extends: [['x', 'loud']] },
      { extends: 3 },
      { rules: [] },
      { rules: { formats: 'oas3' } },
      { except: { 'a.yaml': ['r'] } },
      { except: { 'a.yaml': 'r' } },
      { aliases: [] },
      { functions: [1] },
      { functionsDir: 1 },
      [],
      'x',
      null,
    ];
    let invalid = 0;
    for (const d of [...data, ...mutations({ extends: [['spectral:oas', 'off'], 'x'], rules: { a: 'off' }, functions: ['f'], formats: ['oas3'] }, 99, 300)]) {
      const want = outcome(runtime, d);
      assert.equal(outcome(migratorRuleset, d), want, inspect(d));
      if (want.includes('"ok": false')) invalid++;
    }
    assert.ok(invalid > 5, String(invalid));
  });
});
