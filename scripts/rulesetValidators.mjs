// Precompiled ruleset validators, for esbuild.mjs (the `apiconv:ruleset-validators` module of the CLI's and the
// server's bundles).
//
// A lint with a config file (`.apiconv.yaml`, what `apiconv init` writes) checks the config twice with Ajv, and
// compiles both checks at every start: Spectral's `assertValidRuleset` (spectral-core/dist/ruleset/validation/ajv.js,
// an Ajv 2020 instance with ajv-formats, ajv-errors and Spectral's `x-spectral-runtime` keyword: 80–90 ms) and the
// ruleset migrator's `assertRuleset` (spectral-ruleset-migrator/dist/validation/index.js: 35–45 ms, most of it the
// check of its schema against Ajv's meta-schema when the module loads). Their schemas are fixed: both are compiled
// here, once, by the very modules that compile them at run time (their sources, with Ajv told to keep the generated
// code), into Ajv's standalone code: the same validation code Ajv would evaluate at run time, so the same verdicts
// and errors (test/engine/rulesetValidators.test.ts holds them to the run-time compiles).
import { createRequire } from 'node:module';
import Module from 'node:module';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { serveGeneratedModule, standaloneExpression, writeTestCopy } from './generatedModule.mjs';

/** The bundles' module of the precompiled checks. */
const MODULE = 'apiconv:ruleset-validators';

const rootRequire = createRequire(path.join(process.cwd(), 'package.json'));

/** Load a CommonJS module from its file with its source changed by `patch` (a fresh instance, not cached). */
function loadPatched(file, patch) {
  const m = new Module(file);
  m.filename = file;
  m.paths = Module._nodeModulePaths(path.dirname(file));
  m._compile(patch(fs.readFileSync(file, 'utf8')), file);
  return m.exports;
}

/** Replace `from` (exactly once in `source`) with `to`: a changed dependency fails the build rather than the check. */
function swap(source, from, to, what) {
  if (source.split(from).length !== 2) throw new Error(`apiconv-ruleset-validators: ${what} changed, cannot find: ${from.slice(0, 60)}`);
  return source.replace(from, to);
}

const KEEP = Symbol.for('apiconv.rulesetValidatorCompile');

/** Spectral's ruleset validator ('js' format, what the Ruleset constructor checks with) as standalone code. */
function spectralRulesetValidator() {
  const file = path.join(path.dirname(rootRequire.resolve('@stoplight/spectral-core')), 'ruleset', 'validation', 'ajv.js');
  const fromCore = createRequire(file);
  const { _ } = fromCore('ajv/dist/2020');
  const exportsOf = loadPatched(file, source => {
    let s = swap(
      source,
      'const ajv = new _2020_1.default({\n',
      `const ajv = new _2020_1.default({\n        code: globalThis[Symbol.for('apiconv.rulesetValidatorCompile')].code,\n`,
      file,
    );
    s = swap(
      s,
      'const validator = new Proxy(ajv.compile(rulesetSchema), {',
      "const validator = new Proxy((globalThis[Symbol.for('apiconv.rulesetValidatorCompile')].compiled = { ajv, fn: ajv.compile(rulesetSchema) }).fn, {",
      file,
    );
    return s;
  });
  globalThis[KEEP] = { code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } };
  try {
    exportsOf.createValidator('js');
    const { ajv, fn } = globalThis[KEEP].compiled;
    return fromCore('ajv/dist/standalone').default(ajv, fn);
  } finally {
    delete globalThis[KEEP];
  }
}

/** The migrator's ruleset check (validation/index.js assertRuleset) as standalone code. */
function migratorRulesetValidator() {
  const file = path.join(path.dirname(rootRequire.resolve('@stoplight/spectral-ruleset-migrator')), 'validation', 'index.js');
  const fromMigrator = createRequire(file);
  globalThis[KEEP] = {};
  try {
    const exportsOf = loadPatched(file, source => {
      let s = swap(
        source,
        'const ajv = new ajv_1.default({\n',
        `const ajv = globalThis[Symbol.for('apiconv.rulesetValidatorCompile')].ajv = new ajv_1.default({\n    code: { source: true },\n`,
        file,
      );
      s = swap(s, 'exports.assertRuleset = assertRuleset;', 'exports.assertRuleset = assertRuleset;\nexports.apiconvSchema = schema_1.default;', file);
      return s;
    });
    const { ajv } = globalThis[KEEP];
    const fn = ajv.compile(exportsOf.apiconvSchema);
    return fromMigrator('ajv/dist/standalone').default(ajv, fn);
  } finally {
    delete globalThis[KEEP];
  }
}

/**
 * The generated module: `spectralRuleset` (called with Spectral's `this`: validateAlias and validateFunction) and
 * `migratorRuleset`. A copy Node can import on its own is written to `copyTo` (server/out/ruleset-validators.mjs,
 * not shipped) for the tests.
 */
export function generateRulesetValidators(copyTo) {
  const spectral = spectralRulesetValidator();
  const migrator = migratorRulesetValidator();
  const version = rootRequire('ajv/package.json').version;
  const module = [
    `// Ruleset validators precompiled by Ajv ${version} (scripts/rulesetValidators.mjs)`,
    `const spectralRuleset = ${standaloneExpression(spectral)};`,
    `const migratorRuleset = ${standaloneExpression(migrator)};`,
    'export { spectralRuleset, migratorRuleset };',
    '',
  ].join('\n');
  if (copyTo) writeTestCopy(copyTo, module);
  return module;
}

/**
 * The plugin that supplies `apiconv:ruleset-validators` (generated once per build run, shared by the bundles); the
 * patches that call it are scripts/vendorPatches.mjs's.
 */
export function rulesetValidatorsPlugin(generate) {
  return {
    name: 'apiconv-ruleset-validators',
    setup(build) {
      serveGeneratedModule(build, MODULE, generate);
    },
  };
}
