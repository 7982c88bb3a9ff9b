// Builds every bundle: the CLI, the language server, the VS Code client and the
// stand-alone Spectral rulesets. `node esbuild.mjs [--watch] [--production]`.
import * as esbuild from 'esbuild';

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

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  // jsonc-parser's UMD build has dynamic requires esbuild cannot follow: prefer ES modules.
  mainFields: ['module', 'main'],
  // Optional native/extra modules some dependencies probe for at run time.
  external: ['vscode', 'fsevents'],
  // tr46/whatwg-url (under node-fetch) require Node's deprecated `punycode` module: on Node 22+ every start
  // printed a DeprecationWarning (DEP0040) into the editor's output. The userland package is the same code.
  alias: { punycode: 'punycode/punycode.js' },
  plugins: [ruleDocs, oasRulesetOnly],
};

const builds = [
  { ...common, entryPoints: ['server/src/cli/main.ts'], outfile: 'server/out/cli.js', banner: { js: '#!/usr/bin/env node' } },
  { ...common, entryPoints: ['server/src/lsp/server.ts'], outfile: 'server/out/server.js', banner: { js: '#!/usr/bin/env node' } },
  { ...common, entryPoints: ['server/src/cli/worker.ts'], outfile: 'server/out/worker.js' },
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

const { existsSync } = await import('node:fs');
const present = builds.filter(b => existsSync(b.entryPoints ? b.entryPoints[0] : 'rules/ruleset.ts'));
if (watch) {
  for (const b of present) (await esbuild.context(b)).watch();
} else {
  // Every bundle is built even if another fails (a broken client must not leave a stale CLI).
  const settled = await Promise.allSettled(present.map(b => esbuild.build(b)));
  const failed = settled.filter(r => r.status === 'rejected');
  if (failed.length > 0) {
    for (const f of failed) console.error(f.reason?.message ?? String(f.reason));
    process.exit(1);
  }
}
