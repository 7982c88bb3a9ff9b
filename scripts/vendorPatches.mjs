// Every change the bundles make to the code of apiconv's dependencies, in one place, for esbuild.mjs.
//
// - PATCHES: edits of a dependency's file, each a list of exact swaps (`from` → `to`, found exactly `count` times)
//   and, where it must hold afterwards, a check. A swap that no longer finds its text (a dependency update) fails
//   the build, and test/meta/vendorPatches.test.ts applies every patch to the installed packages, so `npm test`
//   fails first.
// - the redirects (after PATCHES): imports that get another module than the package's own (part of a package, a
//   memoized copy, an empty module for an optional one).
//
// The tests run the sources, without these: the bundle test (test/cli/bundle.test.ts) lints through the built CLI
// and compares its findings with the sources'.
import { createRequire } from 'node:module';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** `server/src/bundle/<name>`, as an absolute path (what a patched file imports our helpers by). */
const helper = name => path.resolve('server/src/bundle', name);

/**
 * @typedef {{ from: string, to: string | ((file: string) => string), count?: number }} Swap
 * @typedef {{ name: string, file: string, swaps: Swap[], append?: () => string, check?: (patched: string) => string | undefined }} Patch
 * `file`: the patched file under its package (`@scope/pkg/dist/x.js`), every installed copy of it; `append`: code
 * added at its end.
 */

/** @type {Patch[]} */
export const PATCHES = [
  {
    // Minified, Spectral's core functions lose the names their messages give them (`"<unknown>" function does not
    // support "nope" option`): each gets the name it is exported under, as in Spectral.
    name: 'spectral-function-names',
    file: '@stoplight/spectral-functions/dist/index.js',
    swaps: [],
    append: () =>
      "\nfor (const name of Object.keys(exports)) {\n  const fn = exports[name];\n  if (typeof fn === 'function' && fn.name !== name) Object.defineProperty(fn, 'name', { value: name });\n}\n",
  },
  {
    // Spectral's `createRulesetFunction` compiles each function's input and options schemas with Ajv when the
    // function is defined, and sets up its Ajv instance (ajv-errors' meta-schema) when spectral-core loads: at every
    // start, for every core and OAS function whether a rule uses it or not. The schemas
    // the bundle knows come precompiled (`apiconv:function-schemas`, scripts/functionSchemas.mjs); the others of the
    // functions defined while the bundle loads compile on their first call; the entry points set the flag below
    // once their imports are loaded, so that a user's custom function is compiled when it is defined, as in
    // Spectral (a bad schema is an error of the ruleset, not of the lint). The name in a message about a function's
    // options is the function's own, which minifying drops, or the one it is exported under.
    name: 'lazy-function-schemas',
    file: '@stoplight/spectral-core/dist/ruleset/function.js',
    swaps: [
      {
        from: "const ajv = new ajv_1.default({ allErrors: true, allowUnionTypes: true, strict: true, keywords: ['x-internal'] });\n(0, ajv_errors_1.default)(ajv);\n(0, ajv_formats_1.default)(ajv);\n",
        to:
          "let ajvInstance;\nconst ajvOf = () => {\n  if (ajvInstance === undefined) {\n    ajvInstance = new ajv_1.default({ allErrors: true, allowUnionTypes: true, strict: true, keywords: ['x-internal'] });\n    (0, ajv_errors_1.default)(ajvInstance);\n    (0, ajv_formats_1.default)(ajvInstance);\n  }\n  return ajvInstance;\n};\n" +
          "const { precompiled: apiconvPrecompiled } = require('apiconv:function-schemas');\n" +
          "const compileSchema = schema => {\n  const pre = apiconvPrecompiled(schema);\n  if (pre !== undefined) return pre;\n  if (globalThis[Symbol.for('apiconv.eagerFunctionSchemas')] === true) return ajvOf().compile(schema);\n  let compiled;\n  const validate = function (data) {\n    if (compiled === undefined) compiled = ajvOf().compile(schema);\n    const valid = compiled(data);\n    validate.errors = compiled.errors;\n    return valid;\n  };\n  validate.errors = null;\n  return validate;\n};\n",
      },
      {
        from: 'const validateOptions = options === null ? DEFAULT_OPTIONS_VALIDATOR : ajv.compile(options);',
        to: 'const validateOptions = options === null ? DEFAULT_OPTIONS_VALIDATOR : compileSchema(options);',
      },
      {
        from: 'const validateInput = input !== null ? ajv.compile(input) : input;',
        to: 'const validateInput = input !== null ? compileSchema(input) : input;',
      },
      { from: "fn.name || '<unknown>'", to: "fn.name || wrappedFn.name || '<unknown>'", count: 3 },
    ],
    check: patched => (/\bajv\./.test(patched) ? 'uses its Ajv instance elsewhere' : undefined),
  },
  {
    // The built-in rulesets (rules/ruleset.ts, with Spectral's `oas` they extend) are static: Spectral's validation
    // of a ruleset definition (an Ajv 2020 compile of its schema and meta-schema, at every start) is skipped for them while engine/ruleset.ts builds them (the global flag, set around `new Ruleset` only
    // there). Every user ruleset is still validated.
    name: 'trusted-builtin-rulesets',
    file: '@stoplight/spectral-core/dist/ruleset/ruleset.js',
    swaps: [
      {
        from: '(0, index_1.assertValidRuleset)(',
        to: "(globalThis[Symbol.for('apiconv.builtinRuleset')] === true ? () => undefined : index_1.assertValidRuleset)(",
        count: 2,
      },
    ],
  },
  {
    // Spectral's check of a ruleset file (its createValidator: Ajv 2020 compiling the ruleset schema at the first
    // user ruleset of a process) is the one precompiled when the bundles are built
    // (`apiconv:ruleset-validators`, scripts/rulesetValidators.mjs), called as Spectral calls its own.
    name: 'precompiled-ruleset-validator',
    file: '@stoplight/spectral-core/dist/ruleset/validation/ajv.js',
    swaps: [
      {
        from: '    const ajv = new _2020_1.default({',
        to: "    if (format === 'js') {\n        const validator = new Proxy(require('apiconv:ruleset-validators').spectralRuleset, {\n            apply(target, thisArg, args) {\n                return Reflect.apply(target, { validateAlias: alias_1.validateAlias, validateFunction: function_1.validateFunction }, args);\n            },\n        });\n        validators[format] = validator;\n        return validator;\n    }\n    const ajv = new _2020_1.default({",
      },
    ],
  },
  {
    // The migrator's check of a ruleset file, the same way: no Ajv instance made (and its schema checked) when the
    // module loads.
    name: 'precompiled-migrator-validator',
    file: '@stoplight/spectral-ruleset-migrator/dist/validation/index.js',
    swaps: [
      { from: 'const ajv = new ajv_1.default({\n    strict: true,\n    strictTuples: false,\n});\najv.addSchema(schema_1.default);\n', to: '' },
      { from: 'if (!ajv.validate(schema_1.default, maybeRuleset)) {', to: "if (!require('apiconv:ruleset-validators').migratorRuleset(maybeRuleset)) {" },
    ],
    check: patched => (/\bajv\./.test(patched) ? 'uses its Ajv instance elsewhere' : undefined),
  },
  {
    // node-fetch (with Node's http, https, zlib and stream modules under it) was loaded at every start by the two
    // modules that fetch for Spectral, though neither fetches in a lint of local files: both take it when they first
    // fetch. This one reads a remote `$ref` (only where a setting or an option allows one).
    name: 'lazy-node-fetch-refs',
    file: '@stoplight/json-ref-readers/http.js',
    swaps: [{ from: 'const node_fetch_1 = require("node-fetch");', to: 'const node_fetch_1 = { get default() { return require("node-fetch").default; } };' }],
  },
  {
    // The other: a ruleset's remote `extends`.
    name: 'lazy-node-fetch-rulesets',
    file: '@stoplight/spectral-runtime/dist/fetch.js',
    swaps: [
      {
        from: 'const node_fetch_1 = (0, tslib_1.__importDefault)(require("node-fetch"));',
        to: 'const node_fetch_1 = { get default() { return (0, tslib_1.__importDefault)(require("node-fetch")).default; } };',
      },
    ],
  },
  {
    // Immer 9 copies an object it writes into through property descriptors (`shallowCopy`), once per `$ref` the
    // resolver sets into the document: a plain object whose own keys are all enumerable is copied by spreading it,
    // which gives the same object (data properties, writable, the prototype Object.prototype).
    name: 'immer-plain-copy',
    file: 'immer/dist/immer.cjs.development.js',
    swaps: [
      {
        from: 'function shallowCopy(base) {\n  if (Array.isArray(base)) return Array.prototype.slice.call(base);\n',
        to: 'function shallowCopy(base) {\n  if (Array.isArray(base)) return Array.prototype.slice.call(base);\n  if (Object.getPrototypeOf(base) === Object.prototype && Reflect.ownKeys(base).length === Object.keys(base).length) return { ...base };\n',
      },
    ],
  },
  {
    // Inside `@stoplight/path` every function parses its arguments with a generated parser, which the memoized
    // exports (memoizedStoplightPath, below) do not reach: its parse is remembered by string (server/src/bundle/pathParse.ts).
    name: 'stoplight-path-parse',
    file: '@stoplight/path/index.es.js',
    swaps: [{ from: 'because it is not a string`);return r(t,{})}', to: 'because it is not a string`);return apiconvParse(t)}' }],
    append: () =>
      `\nimport { memoParse as apiconvMemoParse } from ${JSON.stringify(helper('pathParse.ts'))};\nconst apiconvParse = apiconvMemoParse(t => r(t, {}));\n`,
  },
  {
    // json-ref-resolver's runner sets each remote `$ref`'s value into the document with an Immer `produce` of its
    // own, which copies every object from the root down to it: the values are set in one `produce` where that gives
    // the same tree (server/src/bundle/resolvedSets.ts).
    name: 'resolver-remote-sets',
    file: '@stoplight/json-ref-resolver/runner.js',
    swaps: [
      {
        from: '                for (const r of uriResults) {\n',
        to: '                const apiconvSets = [];\n                for (const r of uriResults) {\n',
      },
      {
        from:
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
          '                }\n',
        to: () =>
          `                    apiconvSets.push({ r, path: resolvedTargetPath });\n                }\n                require(${JSON.stringify(helper('resolvedSets.ts'))}).applyResolvedSets(this, apiconvSets, immer_1.default, set);\n`,
      },
    ],
  },
];

/** `source` of `file` with `patch` applied; throws, naming the patch and the text, where a swap does not find its text. */
export function applyPatch(patch, source, file) {
  let patched = source;
  for (const { from, to, count = 1 } of patch.swaps) {
    const found = patched.split(from).length - 1;
    if (found !== count) throw new Error(`vendor patch ${patch.name}: ${file} changed, found ${found} of ${count}: ${JSON.stringify(from.slice(0, 60))}`);
    patched = patched.split(from).join(typeof to === 'function' ? to(file) : to);
  }
  if (patch.append) patched += patch.append();
  const problem = patch.check?.(patched);
  if (problem !== undefined) throw new Error(`vendor patch ${patch.name}: ${file} ${problem}`);
  return patched;
}

/** The path filter of every installed copy of `file` (`@scope/pkg/dist/x.js`), either separator. */
const fileFilter = file =>
  new RegExp(
    `[\\\\/]${file
      .split('/')
      .map(p => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[\\\\/]')}$`,
  );

/** Every installed copy of `file` under `root`'s node_modules: the top level and one level of nesting. */
export function installedCopies(file, root = process.cwd()) {
  const top = path.join(root, 'node_modules');
  const dirs = [top];
  for (const name of fs.existsSync(top) ? fs.readdirSync(top) : []) {
    const packages = name.startsWith('@') ? fs.readdirSync(path.join(top, name)).map(n => path.join(top, name, n)) : [path.join(top, name)];
    for (const p of packages) if (fs.existsSync(path.join(p, 'node_modules'))) dirs.push(path.join(p, 'node_modules'));
  }
  return dirs.map(d => path.join(d, ...file.split('/'))).filter(f => fs.existsSync(f));
}

/** The esbuild plugin that applies PATCHES. */
const patchesPlugin = {
  name: 'apiconv-vendor-patches',
  setup(build) {
    for (const patch of PATCHES) {
      build.onLoad({ filter: fileFilter(patch.file) }, args => ({
        contents: applyPatch(patch, fs.readFileSync(args.path, 'utf8'), args.path),
        loader: 'js',
        resolveDir: path.dirname(args.path),
      }));
    }
  },
};

// Our code needs only `oas` from @stoplight/spectral-rulesets; its index also loads the AsyncAPI and Arazzo rulesets
// (their JSON schemas), which costs start-up time. Our imports get the OpenAPI ruleset alone; Spectral's own bundler
// (used for user configs) still gets the whole package.
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

// `lodash` (the whole library in one module) was set up at every start by the Spectral modules that import it, for
// the dozen of its functions they call. Each function is taken from its own module (`lodash/get`: the same code,
// lodash's per-function build) when it is first read.
const lazyLodash = {
  name: 'apiconv-lazy-lodash',
  setup(build) {
    build.onResolve({ filter: /^lodash$/ }, args => ({ path: 'lodash', namespace: 'apiconv-lazy-lodash', pluginData: { resolveDir: args.resolveDir } }));
    build.onLoad({ filter: /.*/, namespace: 'apiconv-lazy-lodash' }, () => {
      const require = createRequire(import.meta.url);
      const dir = path.dirname(require.resolve('lodash/package.json'));
      const lines = [
        'const lazy = (name, load) => Object.defineProperty(exports, name, { enumerable: true, configurable: true, get() { const value = load(); Object.defineProperty(exports, name, { value, enumerable: true, writable: true, configurable: true }); return value; } });',
      ];
      for (const name of Object.keys(require('lodash'))) {
        const own = /^[A-Za-z]\w*$/.test(name) && fs.existsSync(path.join(dir, `${name}.js`));
        lines.push(
          own
            ? `lazy(${JSON.stringify(name)}, () => require(${JSON.stringify(`lodash/${name}.js`)}));`
            : `lazy(${JSON.stringify(name)}, () => require('lodash/lodash.js')[${JSON.stringify(name)}]);`,
        );
      }
      return { contents: lines.join('\n'), loader: 'js', resolveDir: process.cwd() };
    });
  },
};

// `@stoplight/path` parses every path it joins or normalizes with a generated parser, and Spectral's `$ref` resolver
// calls it for every `$ref`: its string functions are memoized (server/src/bundle/stoplightPath.ts).
const memoizedStoplightPath = {
  name: 'apiconv-memoized-stoplight-path',
  setup(build) {
    build.onResolve({ filter: /^@stoplight\/path$/ }, args => {
      if (/server[\\/]src[\\/]bundle[\\/]stoplightPath\.ts$/.test(args.importer)) return undefined;
      return { path: helper('stoplightPath.ts') };
    });
  },
};

/** The esbuild plugins that change the dependencies' code: the redirects and PATCHES. */
export const vendorPlugins = [oasRulesetOnly, noOptionalEncoding, lazyLodash, memoizedStoplightPath, patchesPlugin];
