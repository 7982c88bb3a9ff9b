// What the build's generated modules share (apiconv:function-schemas, apiconv:ruleset-validators and
// apiconv:example-meta: scripts/functionSchemas.mjs, rulesetValidators.mjs, exampleMetaValidators.mjs).
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Ajv's standalone code (CommonJS: `module.exports = validate`) as an expression, in a scope of its own: each declares its helpers. */
export function standaloneExpression(code) {
  return `(() => {\n  'use strict';\n  const module = { exports: {} };\n${code.replace(/^"use strict";/, '')}\n  return module.exports;\n})()`;
}

/** A copy of a generated module that Node can import on its own (its code may `require`), for the tests; not shipped. */
export function writeTestCopy(copyTo, module) {
  fs.mkdirSync(path.dirname(copyTo), { recursive: true });
  fs.writeFileSync(copyTo, `import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\n${module}`);
}

/** In a plugin's setup: `id` (`apiconv:<name>`) is the module `contents()` gives (its generator keeps it for the build run). */
export function serveGeneratedModule(build, id, contents) {
  const name = id.replace(/^apiconv:/, '');
  build.onResolve({ filter: new RegExp(`^${id}$`) }, () => ({ path: name, namespace: `apiconv-${name}` }));
  build.onLoad({ filter: /.*/, namespace: `apiconv-${name}` }, async () => ({ contents: await contents(), resolveDir: process.cwd(), loader: 'js' }));
}
