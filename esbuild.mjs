// Builds every bundle: the CLI, the language server, the VS Code client and the
// stand-alone Spectral rulesets. `node esbuild.mjs [--watch] [--production]`.
import * as esbuild from 'esbuild';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { functionSchemasPlugin, generateFunctionSchemas as generateFunctionSchemasModule } from './scripts/functionSchemas.mjs';
import { loadEntry } from './scripts/loadEntry.mjs';
import { generateRulesetValidators, rulesetValidatorsPlugin } from './scripts/rulesetValidators.mjs';
import { exampleMetaPlugin, generateExampleMetaValidators } from './scripts/exampleMetaValidators.mjs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

// `import docs from 'apiconv:rule-docs'`: every rules/<id>.md, embedded at build time as { id: markdown }.
const ruleDocs = {
  name: 'apiconv-rule-docs',
  setup(build) {
    build.onResolve({ filter: /^apiconv:rule-docs$/ }, () => ({ path: 'rule-docs', namespace: 'apiconv-rule-docs' }));
    build.onLoad({ filter: /.*/, namespace: 'apiconv-rule-docs' }, async () => {
      const fs = await import('node:fs');
      const files = fs.readdirSync('rules').filter(f => f.endsWith('.md')).sort();
      const docs = Object.fromEntries(files.map(f => [f.slice(0, -3), fs.readFileSync(`rules/${f}`, 'utf8')]));
      return { contents: `export default ${JSON.stringify(docs)};`, loader: 'js', watchFiles: files.map(f => `rules/${f}`), watchDirs: ['rules'] };
    });
  },
};

// `import docs from 'apiconv:diff-docs'`: every rules/diff/<id>.md (the checks of `apiconv diff`).
const diffDocs = {
  name: 'apiconv-diff-docs',
  setup(build) {
    build.onResolve({ filter: /^apiconv:diff-docs$/ }, () => ({ path: 'diff-docs', namespace: 'apiconv-diff-docs' }));
    build.onLoad({ filter: /.*/, namespace: 'apiconv-diff-docs' }, async () => {
      const fs = await import('node:fs');
      const files = fs.readdirSync('rules/diff').filter(f => /^[a-z0-9-]+\.md$/.test(f)).sort(); // README.md is the catalog
      const docs = Object.fromEntries(files.map(f => [f.slice(0, -3), fs.readFileSync(`rules/diff/${f}`, 'utf8')]));
      return { contents: `export default ${JSON.stringify(docs)};`, loader: 'js', watchFiles: files.map(f => `rules/diff/${f}`), watchDirs: ['rules/diff'] };
    });
  },
};

// Our code needs only `oas` from @stoplight/spectral-rulesets; its index also loads the
// AsyncAPI and Arazzo rulesets (their JSON schemas), which costs start-up time. Our
// imports get the OpenAPI ruleset alone; Spectral's own bundler (used for user configs)
// still gets the whole package.
const oasRulesetOnly = {
  name: 'apiconv-oas-ruleset-only',
  setup(build) {
    build.onResolve({ filter: /^@stoplight\/spectral-rulesets$/ }, args => {
      if (/spectral-ruleset-bundler|spectral-ruleset-migrator/.test(args.importer)) return undefined;
      return { path: 'oas-only', namespace: 'apiconv-oas-only' };
    });
    build.onLoad({ filter: /.*/, namespace: 'apiconv-oas-only' }, () => ({
      contents: "export { default as oas } from '@stoplight/spectral-rulesets/dist/oas/index.js';",
      resolveDir: process.cwd(),
      loader: 'js',
    }));
  },
};

// node-fetch (Spectral's fetch) tries `require('encoding')`, an optional package we do not use (and that is not
// installed): an empty module instead, so that no bundle asks for a module it does not hold (a single executable
// prints a warning for each).
const noOptionalEncoding = {
  name: 'apiconv-no-optional-encoding',
  setup(build) {
    build.onResolve({ filter: /^encoding$/ }, () => ({ path: 'encoding', namespace: 'apiconv-empty' }));
    build.onLoad({ filter: /.*/, namespace: 'apiconv-empty' }, () => ({ contents: 'module.exports = {};', loader: 'js' }));
  },
};

// Spectral's core functions, minified, lose the names their messages give them (`"<unknown>" function does not support
// "nope" option`): each gets the name it is exported under, as in Spectral.
const spectralFunctionNames = {
  name: 'apiconv-spectral-function-names',
  setup(build) {
    build.onLoad({ filter: /spectral-functions[\\/]dist[\\/]index\.js$/ }, async args => {
      const fs = await import('node:fs');
      const source = fs.readFileSync(args.path, 'utf8');
      const naming = "\nfor (const name of Object.keys(exports)) {\n  const fn = exports[name];\n  if (typeof fn === 'function' && fn.name !== name) Object.defineProperty(fn, 'name', { value: name });\n}\n";
      return { contents: source + naming, loader: 'js' };
    });
  },
};

// Spectral's `createRulesetFunction` compiles each function's input and options schemas with Ajv when the
// function is defined, and sets up its Ajv instance (ajv-errors' meta-schema) when spectral-core loads: about a
// tenth of a second at every start, for every core and OAS function whether a rule uses it or not. The functions
// defined while the bundle loads (Spectral's and ours) compile on their first call instead; the entry points set
// the flag below once their imports are loaded, so a user's custom function is compiled when it is defined, as
// in Spectral (a bad schema is an error of the ruleset, not of the lint).
const lazyFunctionSchemas = {
  name: 'apiconv-lazy-function-schemas',
  setup(build) {
    build.onLoad({ filter: /spectral-core[\\/]dist[\\/]ruleset[\\/]function\.js$/ }, async args => {
      const fs = await import('node:fs');
      let source = fs.readFileSync(args.path, 'utf8');
      const swaps = [
        [
          "const ajv = new ajv_1.default({ allErrors: true, allowUnionTypes: true, strict: true, keywords: ['x-internal'] });\n(0, ajv_errors_1.default)(ajv);\n(0, ajv_formats_1.default)(ajv);\n",
          "let ajvInstance;\nconst ajvOf = () => {\n  if (ajvInstance === undefined) {\n    ajvInstance = new ajv_1.default({ allErrors: true, allowUnionTypes: true, strict: true, keywords: ['x-internal'] });\n    (0, ajv_errors_1.default)(ajvInstance);\n    (0, ajv_formats_1.default)(ajvInstance);\n  }\n  return ajvInstance;\n};\n" +
            "const { precompiled: apiconvPrecompiled } = require('apiconv:function-schemas');\n" +
            "const compileSchema = schema => {\n  const pre = apiconvPrecompiled(schema);\n  if (pre !== undefined) return pre;\n  if (globalThis[Symbol.for('apiconv.eagerFunctionSchemas')] === true) return ajvOf().compile(schema);\n  let compiled;\n  const validate = function (data) {\n    if (compiled === undefined) compiled = ajvOf().compile(schema);\n    const valid = compiled(data);\n    validate.errors = compiled.errors;\n    return valid;\n  };\n  validate.errors = null;\n  return validate;\n};\n",
        ],
        ['const validateOptions = options === null ? DEFAULT_OPTIONS_VALIDATOR : ajv.compile(options);', 'const validateOptions = options === null ? DEFAULT_OPTIONS_VALIDATOR : compileSchema(options);'],
        ['const validateInput = input !== null ? ajv.compile(input) : input;', 'const validateInput = input !== null ? compileSchema(input) : input;'],
      ];
      for (const [from, to] of swaps) {
        if (source.split(from).length !== 2) throw new Error(`apiconv-lazy-function-schemas: ${args.path} changed, cannot find: ${from.slice(0, 60)}`);
        source = source.replace(from, to);
      }
      // The name in a message about a function's options ("pattern" function does not support "nope" option): the
      // function's own name, which minifying drops (`<unknown>`), or the name the function is exported under, which
      // spectralFunctionNames gives the wrapper.
      const unnamed = "fn.name || '<unknown>'";
      if (source.split(unnamed).length !== 4) throw new Error(`apiconv-lazy-function-schemas: ${args.path} changed, cannot find: ${unnamed}`);
      source = source.split(unnamed).join("fn.name || wrappedFn.name || '<unknown>'");
      if (/\bajv\./.test(source)) throw new Error(`apiconv-lazy-function-schemas: ${args.path} uses its Ajv instance elsewhere`);
      return { contents: source, loader: 'js' };
    });
  },
};

// node-fetch (with Node's http, https, zlib and stream modules under it) was loaded at every start by the two modules
// that fetch for Spectral: json-ref-readers' http reader (a remote `$ref`, only where a setting or an option allows
// one) and spectral-runtime's fetch (a ruleset's remote `extends`). Neither fetches in a lint of local files, and
// the load cost about 15 ms of each start: both take node-fetch when they first fetch.
const lazyNodeFetch = {
  name: 'apiconv-lazy-node-fetch',
  setup(build) {
    const swaps = [
      [/[\\/]@stoplight[\\/]json-ref-readers[\\/]http\.js$/, 'const node_fetch_1 = require("node-fetch");', 'const node_fetch_1 = { get default() { return require("node-fetch").default; } };'],
      [/[\\/]@stoplight[\\/]spectral-runtime[\\/]dist[\\/]fetch\.js$/, 'const node_fetch_1 = (0, tslib_1.__importDefault)(require("node-fetch"));', 'const node_fetch_1 = { get default() { return (0, tslib_1.__importDefault)(require("node-fetch")).default; } };'],
    ];
    for (const [filter, from, to] of swaps) {
      build.onLoad({ filter }, async args => {
        const fs = await import('node:fs');
        const source = fs.readFileSync(args.path, 'utf8');
        if (source.split(from).length !== 2) throw new Error(`apiconv-lazy-node-fetch: ${args.path} changed, cannot find its require of node-fetch`);
        return { contents: source.replace(from, to), loader: 'js' };
      });
    }
  },
};

// `lodash` (the whole library in one module) was set up at every start by the Spectral modules that import it, about
// 7 ms of each start, for the dozen of its functions they call. Each function is taken from its own module
// (`lodash/get`: the same code, lodash's per-function build) when it is first read.
const lazyLodash = {
  name: 'apiconv-lazy-lodash',
  setup(build) {
    build.onResolve({ filter: /^lodash$/ }, args => ({ path: 'lodash', namespace: 'apiconv-lazy-lodash', pluginData: { resolveDir: args.resolveDir } }));
    build.onLoad({ filter: /.*/, namespace: 'apiconv-lazy-lodash' }, async () => {
      const { createRequire } = await import('node:module');
      const fs = await import('node:fs');
      const path = await import('node:path');
      const require = createRequire(import.meta.url);
      const dir = path.dirname(require.resolve('lodash/package.json'));
      const lines = ['const lazy = (name, load) => Object.defineProperty(exports, name, { enumerable: true, configurable: true, get() { const value = load(); Object.defineProperty(exports, name, { value, enumerable: true, writable: true, configurable: true }); return value; } });'];
      for (const name of Object.keys(require('lodash'))) {
        const own = /^[A-Za-z]\w*$/.test(name) && fs.existsSync(path.join(dir, `${name}.js`));
        lines.push(own ? `lazy(${JSON.stringify(name)}, () => require(${JSON.stringify(`lodash/${name}.js`)}));` : `lazy(${JSON.stringify(name)}, () => require('lodash/lodash.js')[${JSON.stringify(name)}]);`);
      }
      return { contents: lines.join('\n'), loader: 'js', resolveDir: process.cwd() };
    });
  },
};

/** A generated module, made at its first request and shared by every bundle of the build run. */
function once(generate) {
  let generated;
  return () => (generated ??= generate());
}

// The schemas of the functions the bundle defines are compiled when it is built, into Ajv's standalone code
// (scripts/functionSchemas.mjs): a lint no longer sets up Ajv and compiles them at every start (20–60 ms).
const collecting = () => ({ ...common, plugins: common.plugins.map(p => (p.name === 'apiconv-function-schemas' ? functionSchemasPlugin('collect') : p)) });
const generateFunctionSchemas = once(() => generateFunctionSchemasModule(esbuild, collecting(), 'server/out/function-schemas.mjs'));

// The two checks of a ruleset file (Spectral's and its migrator's) are compiled when the bundles are built, into Ajv's
// standalone code (scripts/rulesetValidators.mjs): a lint with a config no longer compiles them at every start
// (120–130 ms). A copy for the tests: server/out/ruleset-validators.mjs.
const generateRulesetValidatorsOnce = once(() => generateRulesetValidators('server/out/ruleset-validators.mjs'));

// The meta-schema validators of the example rules' checking Ajv instances are compiled when the bundles are built
// (scripts/exampleMetaValidators.mjs): a lint with an example schema not known to be well formed no longer compiles
// one (about 35 ms). A copy for the tests: server/out/example-meta.mjs.
const generateExampleMetaOnce = once(() => generateExampleMetaValidators(esbuild, 'server/out/example-meta.mjs'));

// Spectral's `$ref` resolver (json-ref-resolver) spends its time on two things a lint of a multi-file document
// repeats thousands of times (digitalocean, 2,850 files: about a sixth of the lint's CPU together):
// - `@stoplight/path` parses every path it joins or normalizes with a generated parser: its string functions are
//   memoized (server/src/bundle/stoplightPath.ts);
// - Immer 9 copies an object it writes into through property descriptors (`shallowCopy`), once per `$ref` set
//   into the document: a plain object whose own keys are all enumerable is copied by spreading it, which gives
//   the same object (data properties, writable, the prototype Object.prototype); anything else as before.
const fasterResolver = {
  name: 'apiconv-faster-resolver',
  setup(build) {
    build.onResolve({ filter: /^@stoplight\/path$/ }, async args => {
      if (/server[\\/]src[\\/]bundle[\\/]stoplightPath\.ts$/.test(args.importer)) return undefined;
      const path = await import('node:path');
      return { path: path.resolve('server/src/bundle/stoplightPath.ts') };
    });
    build.onLoad({ filter: /[\\/]immer[\\/]dist[\\/]immer\.cjs\.development\.js$/ }, async args => {
      const fs = await import('node:fs');
      const source = fs.readFileSync(args.path, 'utf8');
      const from = 'function shallowCopy(base) {\n  if (Array.isArray(base)) return Array.prototype.slice.call(base);\n';
      if (source.split(from).length !== 2) throw new Error(`apiconv-faster-resolver: ${args.path} changed, cannot find shallowCopy`);
      const fast = '  if (Object.getPrototypeOf(base) === Object.prototype && Reflect.ownKeys(base).length === Object.keys(base).length) return { ...base };\n';
      return { contents: source.replace(from, from + fast), loader: 'js' };
    });
    // - inside `@stoplight/path` every function parses its arguments with the generated parser, which memoizing the
    //   exported functions does not reach: its parse is remembered by string (server/src/bundle/pathParse.ts);
    build.onLoad({ filter: /[\\/]@stoplight[\\/]path[\\/]index\.es\.js$/ }, async args => {
      const fs = await import('node:fs');
      const path = await import('node:path');
      const source = fs.readFileSync(args.path, 'utf8');
      const call = 'because it is not a string`);return r(t,{})}';
      if (source.split(call).length !== 2) throw new Error(`apiconv-faster-resolver: ${args.path} changed, cannot find its parse`);
      const helper = JSON.stringify(path.resolve('server/src/bundle/pathParse.ts'));
      const contents =
        source.replace(call, 'because it is not a string`);return apiconvParse(t)}') +
        `\nimport { memoParse as apiconvMemoParse } from ${helper};\nconst apiconvParse = apiconvMemoParse(t => r(t, {}));\n`;
      return { contents, loader: 'js', resolveDir: path.dirname(args.path) };
    });
    // - the runner sets each remote `$ref`'s value into the document with an Immer `produce` of its own, which copies
    //   every object from the root down to it: the values are set in one `produce` where that gives the same tree
    //   (server/src/bundle/resolvedSets.ts).
    build.onLoad({ filter: /[\\/]@stoplight[\\/]json-ref-resolver[\\/]runner\.js$/ }, async args => {
      const fs = await import('node:fs');
      const path = await import('node:path');
      const source = fs.readFileSync(args.path, 'utf8');
      const loop = '                for (const r of uriResults) {\n';
      const perRef =
        '                    this._source = (0, immer_1.default)(this._source, (draft) => {\n' +
        '                        if (r.resolved) {\n' +
        '                            if (!resolvedTargetPath.length) {\n' +
        '                                return r.resolved.result;\n' +
        '                            }\n' +
        '                            else {\n' +
        '                                set(draft, resolvedTargetPath, r.resolved.result);\n' +
        '                                this._setGraphNodeData(String(r.uri), r.resolved.result);\n' +
        '                            }\n' +
        '                        }\n' +
        '                    });\n' +
        '                }\n';
      if (source.split(loop).length !== 2 || source.split(perRef).length !== 2) throw new Error(`apiconv-faster-resolver: ${args.path} changed, cannot find the remote refs' loop`);
      const helper = JSON.stringify(path.resolve('server/src/bundle/resolvedSets.ts'));
      const contents = source
        .replace(loop, '                const apiconvSets = [];\n' + loop)
        .replace(perRef, `                    apiconvSets.push({ r, path: resolvedTargetPath });\n                }\n                require(${helper}).applyResolvedSets(this, apiconvSets, immer_1.default, set);\n`);
      return { contents, loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

// The built-in rulesets (rules/ruleset.ts, with Spectral's `oas` they extend) are static: Spectral's own
// validation of a ruleset definition (an Ajv 2020 compile of its ruleset schema and meta-schema, about a third
// of a second at every start) is skipped for them while engine/ruleset.ts builds them (the global flag below,
// set around `new Ruleset` only there). Every user ruleset is still validated. The tests run the sources
// without this build step, so every test that builds a built-in ruleset validates it.
const trustedBuiltinRulesets = {
  name: 'apiconv-trusted-builtin-rulesets',
  setup(build) {
    build.onLoad({ filter: /spectral-core[\\/]dist[\\/]ruleset[\\/]ruleset\.js$/ }, async args => {
      const fs = await import('node:fs');
      const source = fs.readFileSync(args.path, 'utf8');
      const call = '(0, index_1.assertValidRuleset)(';
      const count = source.split(call).length - 1;
      if (count !== 2) throw new Error(`apiconv-trusted-builtin-rulesets: expected 2 calls of assertValidRuleset in ${args.path}, found ${count}`);
      const guarded = "(globalThis[Symbol.for('apiconv.builtinRuleset')] === true ? () => undefined : index_1.assertValidRuleset)(";
      return { contents: source.split(call).join(guarded), loader: 'js' };
    });
  },
};

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
  // called one, about 3% of a lint of stripe.
  // tr46/whatwg-url (under node-fetch) require Node's deprecated `punycode` module: on Node 22+ every start
  // printed a DeprecationWarning (DEP0040) into the editor's output. The userland package is the same code.
  alias: { punycode: 'punycode/punycode.js', tslib: 'tslib/tslib.js' },
  plugins: [ruleDocs, diffDocs, oasRulesetOnly, noOptionalEncoding, trustedBuiltinRulesets, lazyFunctionSchemas, spectralFunctionNames, functionSchemasPlugin('generate', () => generateFunctionSchemas()), fasterResolver, lazyNodeFetch, lazyLodash, rulesetValidatorsPlugin(generateRulesetValidatorsOnce), exampleMetaPlugin(generateExampleMetaOnce)],
};

/** What the CLI's and the server's bundles are written inside (server/src/cli/launch.ts). */
const CLI_WRAPPER = { open: '(function (exports, require, module, __filename, __dirname) {', close: '})' };

function launcher(bundle, outfile, shebang, options = {}) {
  return {
    ...common,
    stdin: { contents: `import { launch } from './launch';\nlaunch(${JSON.stringify(bundle)}${Object.keys(options).length > 0 ? `, ${JSON.stringify(options)}` : ''});\n`, resolveDir: 'server/src/cli', sourcefile: 'launch-entry.ts', loader: 'ts' },
    outfile,
    sourcemap: false,
    plugins: [],
    ...(shebang ? { banner: { js: shebang } } : {}),
  };
}

const builds = [
  // The CLI (and its workers) start through a small launcher that uses V8's code cache (server/src/cli/launch.ts).
  // The bundle is written as the function Node would wrap a module in (CLI_WRAPPER): the launcher compiles the file's
  // text as it is, rather than a wrapped copy of it, which V8 kept beside the original (5.5 MB, about 7 MB of every
  // CLI process's memory). scripts/build-sea.mjs calls it for the single executable.
  { ...common, entryPoints: ['server/src/cli/main.ts'], outfile: 'server/out/cli.bundle.js', banner: { js: CLI_WRAPPER.open }, footer: { js: CLI_WRAPPER.close } },
  // Its young generation is kept small (server/src/bundle/youngGeneration.ts); the server's is not.
  launcher('cli.bundle.js', 'server/out/cli.js', '#!/usr/bin/env node', { smallYoungGeneration: true }),
  // The language server starts the same way: server.js is the launcher (what editors run), server.bundle.js the
  // server, written as the module wrapper function; its worker threads boot the bundle with their own code cache
  // (lsp/workerBoot.ts). Without a cache the server compiled its 6 MB at every start before it could answer
  // `initialize` (half a second or more).
  { ...common, entryPoints: ['server/src/lsp/server.ts'], outfile: 'server/out/server.bundle.js', banner: { js: CLI_WRAPPER.open }, footer: { js: CLI_WRAPPER.close } },
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
  const fs = await import('node:fs');
  const { configSchema, CONFIG_SCHEMA_FILE } = await loadEntry(esbuild, common, "export { configSchema, CONFIG_SCHEMA_FILE } from './server/src/engine/configSchema';", 'config-schema-entry');
  const text = JSON.stringify(configSchema(), null, 2) + '\n';
  fs.mkdirSync('schema', { recursive: true });
  if (!fs.existsSync(CONFIG_SCHEMA_FILE) || fs.readFileSync(CONFIG_SCHEMA_FILE, 'utf8') !== text) fs.writeFileSync(CONFIG_SCHEMA_FILE, text);
}

const { existsSync } = await import('node:fs');
const present = builds.filter(b => existsSync(b.entryPoints ? b.entryPoints[0] : b.stdin.sourcefile === 'launch-entry.ts' ? 'server/src/cli/launch.ts' : 'rules/ruleset.ts'));
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
  if (existsSync('server/out/cli.js')) chmodSync('server/out/cli.js', 0o755);
}

// V8 keeps a script's source for as long as the script lives, in one byte per character if every character is
// Latin-1 and in two otherwise. esbuild escapes what is not ASCII in strings, but not in regular expression
// literals (URI.js, a URL encoder) or comments: one such character doubled the memory the CLI and the server
// hold for their 5–10 MB of source (about 10 MB of each process's start). Every character past ASCII is written
// as its \u escape, which means the same character in a regular expression, a string or a template; comments
// do not care. A String.raw template would: the build fails if one holds such a character.
function asciiOnly(file) {
  const source = readFileSync(file, 'utf8');
  if (/^[\x00-\x7f]*$/.test(source)) return;
  for (const m of source.matchAll(/String\.raw`[^`]*[^\x00-\x7f]/g)) throw new Error(`${file}: a String.raw template holds a character past ASCII at ${m.index}`);
  writeFileSync(file, source.replace(/[^\x00-\x7f]/g, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}
