/**
 * The production bundles (the npm package, the .vsix, the single executable: `node esbuild.mjs --production`) are
 * minified, so functions lose their names there, while the tests run the development build, where they keep them.
 * The engine tells Spectral's OAS functions apart to run them unit by unit, memoize them or split them: it must do so
 * by identity, from the names their modules export them under, never by `fn.name`. By name, the package's server
 * relinted stripe in about a second instead of a quarter of one (the local and memoized functions were not known),
 * and nothing in the tests showed it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { trustedOasFunctions } from '../../server/src/engine/run/functions';

const ROOT = path.resolve(__dirname, '..', '..');

test("every OAS function the runner trusts is found by its module's export name, and is the function Spectral's OAS ruleset runs", () => {
  const trusted = trustedOasFunctions();
  assert.ok(trusted.length >= 10, 'the local, memoized and split OAS functions');
  assert.deepEqual(
    trusted.filter(t => !t.used).map(t => t.name),
    [],
  );
});

test("the engine's function lists do not read a function's own name (it is minified away in the package)", () => {
  const source = fs.readFileSync(path.join(ROOT, 'server', 'src', 'engine', 'run', 'functions.ts'), 'utf8');
  assert.doesNotMatch(source, /\.function\.name\b|\bfn\.name\b/);
});
