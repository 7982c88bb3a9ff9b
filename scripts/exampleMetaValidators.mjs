// Precompiled meta-schema validators of the example rules, for esbuild.mjs (the `apiconv:example-meta` module of the
// bundles, rules/_lib/exampleAjv.ts usePrecompiledMeta).
//
// An example schema that is not known to be well formed is compiled by an Ajv instance that first checks it against
// its dialect's meta-schema, and that instance compiles the meta-schema's validator at the first schema it checks:
// about 35 ms of the lints of pagerduty-rest, digitalocean, box, openai and xero-accounting (each has such a schema).
// The meta-schema is fixed: its validator is compiled here, once, by the very instance the rules make
// (exampleAjv.ts newAjv, bundled from the sources), into Ajv's standalone code: the code Ajv would evaluate at run
// time, so the same verdicts and errors (test/engine/exampleMetaValidators.test.ts holds them to Ajv's compile).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { serveGeneratedModule, standaloneExpression, writeTestCopy } from './generatedModule.mjs';
import { loadEntry } from './loadEntry.mjs';

/** The bundles' module of the precompiled validators. */
const MODULE = 'apiconv:example-meta';

/** exampleAjv.ts, bundled and loaded here, with the `_` code tag and standalone of the Ajv it bundles. */
const loadExampleAjv = esbuild =>
  loadEntry(
    esbuild,
    // Not the bundles' options: their plugins serve apiconv:example-meta, which this makes (exampleAjv.ts asks for it
    // in a try, and does without it here).
    { bundle: true, platform: 'node', format: 'cjs', logLevel: 'silent' },
    "export { newAjv, PRECOMPILED_META } from './rules/_lib/exampleAjv';\nexport { _ } from 'ajv';\nexport { default as standalone } from 'ajv/dist/standalone';\n",
    'example-meta-entry',
  );

/**
 * The generated module: `validators`, per dialect, the standalone validator of its meta-schema. A copy Node can
 * import on its own is written to `copyTo` (server/out/example-meta.mjs, not shipped) for the tests.
 */
export async function generateExampleMetaValidators(esbuild, copyTo) {
  const { newAjv, PRECOMPILED_META, _, standalone } = await loadExampleAjv(esbuild);
  const parts = [];
  for (const [base, id] of Object.entries(PRECOMPILED_META)) {
    const ajv = newAjv(base, false, { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` });
    const validate = ajv.getSchema(id);
    if (typeof validate !== 'function') throw new Error(`apiconv-example-meta: no meta-schema ${id} in the ${base} instance`);
    parts.push(`  ${JSON.stringify(base)}: ${standaloneExpression(standalone(ajv, validate))},`);
  }
  const version = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'node_modules', 'ajv', 'package.json'), 'utf8')).version;
  const module = [
    `// Meta-schema validators precompiled by Ajv ${version} (scripts/exampleMetaValidators.mjs)`,
    'const validators = {',
    ...parts,
    '};',
    'export { validators };',
    '',
  ].join('\n');
  if (copyTo) writeTestCopy(copyTo, module);
  return module;
}

/** The plugin that supplies `apiconv:example-meta` (generated once per build run, shared by the bundles). */
export function exampleMetaPlugin(generate) {
  return { name: 'apiconv-example-meta', setup: build => serveGeneratedModule(build, MODULE, generate) };
}
