// Precompiled function schemas, for esbuild.mjs (the `apiconv:function-schemas` module of the CLI's and the
// server's bundles).
//
// Spectral's `createRulesetFunction` validates a function's input and options with Ajv: the first call of each
// function compiles its schemas, and the first compile of a process sets up Ajv with ajv-errors' meta-schema. A
// lint pays 20–60 ms for this at every start (a fifth of a lint of a small document), for schemas that are known
// when the bundle is built: Spectral's core and OAS functions and the rules' own. They are compiled here, once, by
// the same Ajv with the same options and plugins Spectral uses, into standalone code (Ajv's own `standalone`: the
// very source Ajv would evaluate at run time), and looked up by their JSON at run time. A schema not found (a
// user's custom function) is compiled by Ajv as before.
//
// Which schemas: the bundle's modules are loaded once here (a collecting build of the same modules), and every
// schema that reaches `createRulesetFunction` while they load and while the built-in rulesets are built is kept.
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { loadEntry } from './loadEntry.mjs';
import { serveGeneratedModule, writeTestCopy } from './generatedModule.mjs';

export const FUNCTION_SCHEMAS_MODULE = 'apiconv:function-schemas';
const COLLECTED = Symbol.for('apiconv.collectFunctionSchemas');

/** The module a collecting build gets: it records each schema and finds none precompiled. */
const COLLECTOR = `const seen = globalThis[Symbol.for('apiconv.collectFunctionSchemas')];\nexport function precompiled(schema) {\n  if (seen) seen.push(schema);\n  return undefined;\n}\n`;

/** What the collecting build loads: every module whose functions the CLI and the server define as they load. */
const ENTRY = [
  "import * as coreFunctions from '@stoplight/spectral-functions';",
  "import * as oasFunctions from '@stoplight/spectral-rulesets/dist/oas/functions/index.js';",
  "import { BUILTIN_RULESETS, getBuiltinRuleset } from './server/src/engine/ruleset';",
  "import * as engine from './server/src/engine/lint';",
  'export const modules = [coreFunctions, oasFunctions, engine];',
  'export function buildRulesets() { for (const name of Object.keys(BUILTIN_RULESETS)) getBuiltinRuleset(name); }',
].join('\n');

/**
 * The plugin that supplies `apiconv:function-schemas`: `collect` for the collecting build, else the generated
 * module (made once per build run, shared by every bundle).
 */
export function functionSchemasPlugin(mode, generate) {
  return {
    name: 'apiconv-function-schemas',
    setup(build) {
      serveGeneratedModule(build, 'apiconv:function-schemas', () => (mode === 'collect' ? COLLECTOR : generate()));
    },
  };
}

/** Plain JSON: what the generated module's lookup checks at run time (its source is written into it). */
function isJson(v) {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v);
  if (Array.isArray(v)) return v.every(isJson);
  if (typeof v !== 'object' || Object.getPrototypeOf(v) !== Object.prototype) return false;
  for (const k in v) if (!Object.prototype.hasOwnProperty.call(v, k) || !isJson(v[k])) return false;
  return true;
}

/** The schemas the bundle's functions are defined with, without repeats, in a stable order. */
async function collectSchemas(esbuild, options) {
  const seen = [];
  globalThis[COLLECTED] = seen;
  try {
    (await loadEntry(esbuild, options, ENTRY, 'function-schemas-entry')).buildRulesets();
  } finally {
    delete globalThis[COLLECTED];
  }
  const byKey = new Map();
  for (const schema of seen) {
    if (!isJson(schema)) continue;
    const key = JSON.stringify(schema);
    if (!byKey.has(key)) byKey.set(key, schema);
  }
  return [...byKey].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** Spectral's Ajv, ajv-errors and ajv-formats: the copies spectral-core itself loads. */
function spectralAjv() {
  const fromCore = createRequire(createRequire(path.join(process.cwd(), 'package.json')).resolve('@stoplight/spectral-core'));
  const ajvModule = fromCore('ajv');
  const Ajv = ajvModule.default;
  const ajv = new Ajv({
    // Spectral's options (spectral-core/dist/ruleset/function.js) …
    allErrors: true,
    allowUnionTypes: true,
    strict: true,
    keywords: ['x-internal'],
    // … and what standalone code needs: the source of each validator, formats taken from ajv-formats' module.
    code: { source: true, esm: true, formats: ajvModule._`require("ajv-formats/dist/formats").fullFormats` },
  });
  fromCore('ajv-errors').default(ajv);
  fromCore('ajv-formats').default(ajv);
  return { ajv, standaloneCode: fromCore('ajv/dist/standalone').default, version: fromCore('ajv/package.json').version };
}

/**
 * The generated module: standalone validators, and `precompiled(schema)` that finds one by the schema's JSON.
 * A copy that Node can import on its own is written to `copyTo` (server/out/function-schemas.mjs, not shipped), for
 * test/engine/functionSchemas.test.ts to hold each validator to Ajv's compile of the same schema.
 */
export async function generateFunctionSchemas(esbuild, options, copyTo) {
  const schemas = await collectSchemas(esbuild, options);
  const { ajv, standaloneCode, version } = spectralAjv();
  const exportsByName = {};
  schemas.forEach(([, schema], i) => {
    ajv.addSchema(schema, `apiconv-fn-${i}`);
    exportsByName[`v${i}`] = `apiconv-fn-${i}`;
  });
  const code = schemas.length > 0 ? standaloneCode(ajv, exportsByName) : '';
  const table = schemas.map(([key], i) => `  [${JSON.stringify(key)}, v${i}],`).join('\n');
  const module = [
    `// ${schemas.length} function schemas, precompiled by Ajv ${version} (scripts/functionSchemas.mjs)`,
    code,
    `const byJson = new Map([\n${table}\n]);`,
    'export const count = byJson.size;',
    // Only a schema that is plain JSON is looked up: one holding something JSON.stringify drops or changes
    // (undefined, a function, a RegExp, NaN) could otherwise be taken for another schema.
    String(isJson),
    'export function precompiled(schema) {',
    '  return isJson(schema) ? byJson.get(JSON.stringify(schema)) : undefined;',
    '}',
    'export const keys = () => [...byJson.keys()];',
    '',
  ].join('\n');
  if (copyTo) writeTestCopy(copyTo, module);
  return module;
}
