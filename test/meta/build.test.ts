/**
 * What the production bundles (the npm package, the .vsix, the single executable: `node esbuild.mjs --production`)
 * must keep when minified: function names. The engine tells Spectral's OAS functions by name
 * (server/src/engine/run/functions.ts) to run them unit by unit and memoize them; minified without kept names, the
 * package's server relinted stripe in about a second instead of a quarter of one, while the tests (which run the
 * development build) saw nothing.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

test('the bundles keep function names when minified (esbuild keepNames in the options every bundle shares)', () => {
  const source = fs.readFileSync(path.join(ROOT, 'esbuild.mjs'), 'utf8');
  const common = /const common = \{([\s\S]*?)\n\};/.exec(source);
  assert.ok(common, 'esbuild.mjs defines the options every bundle shares (const common)');
  assert.match(common[1], /^\s*minify: production,$/m);
  assert.match(common[1], /^\s*keepNames: true,$/m);
});
