// Builds every bundle: the CLI, the language server, the VS Code client and the
// stand-alone Spectral rulesets. `node esbuild.mjs [--watch] [--production]`.
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import { functionSchemasPlugin, generateFunctionSchemas as generateFunctionSchemasModule } from './scripts/functionSchemas.mjs';
import { loadEntry } from './scripts/loadEntry.mjs';
import { generateRulesetValidators, rulesetValidatorsPlugin } from './scripts/rulesetValidators.mjs';
import { exampleMetaPlugin, generateExampleMetaValidators } from './scripts/exampleMetaValidators.mjs';
import { vendorPlugins } from './scripts/vendorPatches.mjs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

/**
 * `import docs from '<id>'`: the markdown pages of `dir` whose names `isPage` accepts, embedded at build time as
 * { name: markdown } (server/src/engine/ruleDocs.ts).
 */
function markdownPages(id, dir, isPage) {
  const namespace = `${id.replace(':', '-')}`;
  return {
    name: namespace,
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${id}$`) }, () => ({ path: namespace, namespace }));
      build.onLoad({ filter: /.*/, namespace }, () => {
        const files = fs.readdirSync(dir).filter(isPage).sort();
        const docs = Object.fromEntries(files.map(f => [f.slice(0, -3), fs.readFileSync(`${dir}/${f}`, 'utf8')]));
        return { contents: `export default ${JSON.stringify(docs)};`, loader: 'js', watchFiles: files.map(f => `${dir}/${f}`), watchDirs: [dir] };
      });
    },
  };
}

// Every rules/<id>.md, and every rules/diff/<id>.md (the checks of `apiconv diff`; README.md is the catalog).
const ruleDocs = markdownPages('apiconv:rule-docs', 'rules', f => f.endsWith('.md'));
const diffDocs = markdownPages('apiconv:diff-docs', 'rules/diff', f => /^[a-z0-9-]+\.md$/.test(f));

/** A generated module, made at its first request and shared by every bundle of the build run. */
function once(generate) {
  let generated;
  return () => (generated ??= generate());
}

// The schemas of the functions the bundle defines are compiled when it is built, into Ajv's standalone code
// (scripts/functionSchemas.mjs): a lint no longer sets up Ajv and compiles them at every start.
const collecting = () => ({ ...common, plugins: common.plugins.map(p => (p.name === 'apiconv-function-schemas' ? functionSchemasPlugin('collect') : p)) });
const generateFunctionSchemas = once(() => generateFunctionSchemasModule(esbuild, collecting(), 'server/out/function-schemas.mjs'));

// The two checks of a ruleset file (Spectral's and its migrator's) are compiled when the bundles are built, into Ajv's
// standalone code (scripts/rulesetValidators.mjs): a lint with a config no longer compiles them at every start.
// A copy for the tests: server/out/ruleset-validators.mjs.
const generateRulesetValidatorsOnce = once(() => generateRulesetValidators('server/out/ruleset-validators.mjs'));

// The meta-schema validators of the example rules' checking Ajv instances are compiled when the bundles are built
// (scripts/exampleMetaValidators.mjs): a lint with an example schema not known to be well formed no longer compiles
// one. A copy for the tests: server/out/example-meta.mjs.
const generateExampleMetaOnce = once(() => generateExampleMetaValidators(esbuild, 'server/out/example-meta.mjs'));

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  // Minified, functions lose their names: nothing may tell a function by `fn.name` (engine/run/functions.ts takes
  // Spectral's OAS functions by the names their modules export them under; test/meta/build.test.ts). Keeping names
  // (esbuild keepNames) costs every closure a call when it is made: a quarter more time on some cold lints.
  minify: production,
  logLevel: 'warning',
  // jsonc-parser's UMD build has dynamic requires esbuild cannot follow: prefer ES modules.
  mainFields: ['module', 'main'],
  // Optional native/extra modules some dependencies probe for at run time (fsevents: macOS file watching).
  external: ['vscode', 'fsevents'],
  // tslib: its CommonJS build, as Node loads it for Spectral. Its ES module build (the `module` condition) bundled
  // behind getters: every `tslib_1.__classPrivateFieldGet` in spectral-core (each `rule.then`, `rule.severity`…)
  // called one, on every read.
  // tr46/whatwg-url (under node-fetch) require Node's deprecated `punycode` module: on Node 22+ every start
  // printed a DeprecationWarning (DEP0040) into the editor's output. The userland package is the same code.
  alias: { punycode: 'punycode/punycode.js', tslib: 'tslib/tslib.js' },
  // The changes to the dependencies' code: scripts/vendorPatches.mjs.
  plugins: [
    ruleDocs,
    diffDocs,
    ...vendorPlugins,
    functionSchemasPlugin('generate', () => generateFunctionSchemas()),
    rulesetValidatorsPlugin(generateRulesetValidatorsOnce),
    exampleMetaPlugin(generateExampleMetaOnce),
  ],
};

/** What the CLI's and the server's bundles are written inside (server/src/cli/launch.ts). */
const CLI_WRAPPER = { open: '(function (exports, require, module, __filename, __dirname) {', close: '})' };

function launcher(bundle, outfile, shebang, options = {}) {
  return {
    ...common,
    stdin: {
      contents: `import { launch } from './launch';\nlaunch(${JSON.stringify(bundle)}${Object.keys(options).length > 0 ? `, ${JSON.stringify(options)}` : ''});\n`,
      resolveDir: 'server/src/cli',
      sourcefile: 'launch-entry.ts',
      loader: 'ts',
    },
    outfile,
    sourcemap: false,
    plugins: [],
    ...(shebang ? { banner: { js: shebang } } : {}),
  };
}

const builds = [
  // The CLI (and its workers) start through a small launcher that uses V8's code cache (server/src/cli/launch.ts).
  // The bundle is written as the function Node would wrap a module in (CLI_WRAPPER): the launcher compiles the file's
  // text as it is, rather than a wrapped copy of it, which V8 kept beside the original (memory
  // of every CLI process). scripts/build-sea.mjs calls it for the single executable.
  {
    ...common,
    entryPoints: ['server/src/cli/main.ts'],
    outfile: 'server/out/cli.bundle.js',
    banner: { js: CLI_WRAPPER.open },
    footer: { js: CLI_WRAPPER.close },
  },
  // Its young generation is kept small (server/src/bundle/youngGeneration.ts); the server's is not.
  launcher('cli.bundle.js', 'server/out/cli.js', '#!/usr/bin/env node', { smallYoungGeneration: true }),
  // The language server starts the same way: server.js is the launcher (what editors run), server.bundle.js the
  // server, written as the module wrapper function; its worker threads boot the bundle with their own code cache
  // (lsp/workerBoot.ts). Without a cache the server compiled the whole bundle at every start before it could
  // answer `initialize`.
  {
    ...common,
    entryPoints: ['server/src/lsp/server.ts'],
    outfile: 'server/out/server.bundle.js',
    banner: { js: CLI_WRAPPER.open },
    footer: { js: CLI_WRAPPER.close },
  },
  launcher('server.bundle.js', 'server/out/server.js', '#!/usr/bin/env node'),
  { ...common, entryPoints: ['client/src/extension.ts'], outfile: 'client/out/extension.js' },
  // The ruleset for `spectral lint --ruleset rules/out/apiconv.js`: Spectral's own
  // modules stay imports so that Spectral's bundler supplies its copies.
  // Only a default export: Spectral evaluates the bundle as CommonJS with `module` but no `exports`.
  {
    ...common,
    stdin: { contents: "export { default } from './ruleset';", resolveDir: 'rules', sourcefile: 'rules/spectral-entry.ts', loader: 'ts' },
    outfile: 'rules/out/apiconv.js',
    format: 'esm',
    sourcemap: false,
    external: ['@stoplight/spectral-core', '@stoplight/spectral-formats', '@stoplight/spectral-functions', '@stoplight/spectral-rulesets'],
  },
];

// schema/apiconv-config.schema.json: the config schema, made from the rule registry (server/src/engine/configSchema.ts).
async function writeConfigSchema() {
  const { configSchema, CONFIG_SCHEMA_FILE } = await loadEntry(
    esbuild,
    common,
    "export { configSchema, CONFIG_SCHEMA_FILE } from './server/src/engine/configSchema';",
    'config-schema-entry',
  );
  const text = JSON.stringify(configSchema(), null, 2) + '\n';
  fs.mkdirSync('schema', { recursive: true });
  if (!fs.existsSync(CONFIG_SCHEMA_FILE) || fs.readFileSync(CONFIG_SCHEMA_FILE, 'utf8') !== text) fs.writeFileSync(CONFIG_SCHEMA_FILE, text);
}

const present = builds.filter(b =>
  fs.existsSync(b.entryPoints ? b.entryPoints[0] : b.stdin.sourcefile === 'launch-entry.ts' ? 'server/src/cli/launch.ts' : 'rules/ruleset.ts'),
);
if (watch) {
  for (const b of present) (await esbuild.context(b)).watch();
} else {
  // Every bundle is built even if another fails (a broken client must not leave a stale CLI).
  const settled = await Promise.allSettled([...present.map(b => esbuild.build(b)), writeConfigSchema()]);
  const failed = settled.filter(r => r.status === 'rejected');
  if (failed.length > 0) {
    for (const f of failed) console.error(f.reason?.message ?? String(f.reason));
    process.exit(1);
  }
  for (const b of present) if (b.outfile && /server[\\/]out[\\/](cli|server)\.bundle\.js$/.test(b.outfile)) asciiOnly(b.outfile);
  // The CLI is npm's `apiconv` bin: executable however its file came to be (esbuild marks a new file with a
  // shebang executable, but keeps the mode of a file it overwrites).
  if (fs.existsSync('server/out/cli.js')) fs.chmodSync('server/out/cli.js', 0o755);
}

// V8 keeps a script's source for as long as the script lives, in one byte per character if every character is
// Latin-1 and in two otherwise. esbuild escapes what is not ASCII in strings, but not in regular expression
// literals (URI.js, a URL encoder) or comments: one such character doubled the memory the CLI and the server
// hold for their megabytes of source. Every character past ASCII is written
// as its \u escape, which means the same character in a regular expression, a string or a template; comments
// do not care. A String.raw template would: the build fails if one holds such a character.
function asciiOnly(file) {
  const source = fs.readFileSync(file, 'utf8');
  if (/^[\x00-\x7f]*$/.test(source)) return;
  for (const m of source.matchAll(/String\.raw`[^`]*[^\x00-\x7f]/g))
    throw new Error(`${file}: a String.raw template holds a character past ASCII at ${m.index}`);
  fs.writeFileSync(
    file,
    source.replace(/[^\x00-\x7f]/g, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  );
}
