/**
 * The built CLI (server/out/cli.js: the bundle, with the vendor patches of scripts/vendorPatches.mjs and the precompiled
 * function schemas) finds what the sources find. Every other test runs one or the other; this one runs both on
 * the same documents and compares their reports byte for byte.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { ROOT, runCli } from './helpers';

/** The CLI from its TypeScript sources (tsx), as the tests that import the engine run it. */
function runSources(args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'src', 'cli', 'main.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 600_000,
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe('the built CLI and the sources', () => {
  for (const target of ['examples', 'test/corpus']) {
    it(`give the same report on ${target}/`, { timeout: 900_000 }, () => {
      const args = ['lint', '-f', 'json', '-j', '1', target];
      const bundle = runCli(args, { timeout: 600_000 });
      const sources = runSources(args);
      assert.ok(JSON.parse(bundle.stdout).length > 0, 'findings to compare');
      assert.equal(bundle.code, sources.code, sources.stderr);
      assert.equal(bundle.stdout, sources.stdout);
    });
  }
});
