#!/usr/bin/env node
// Runs the unit/engine/cli/lsp tests with node's test runner (TypeScript through tsx).
// Usage: node test/run.mjs [substring filters…]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const skip = new Set(['node_modules', 'out', 'e2e', 'fixtures', 'bench', '.git']);
function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    if (skip.has(name)) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.test\.ts$/.test(name)) out.push(relative(root, p));
  }
  return out;
}
const filters = process.argv.slice(2);
const files = [...walk(join(root, 'rules'), []), ...walk(join(root, 'test'), [])].filter(f => filters.length === 0 || filters.some(s => f.includes(s))).sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
// The tests make temporary folders (documents, workspaces, packs) as they go: all of them under one folder of this
// run, removed at the end, instead of thousands left in the system's temporary folder.
const tmp = mkdtempSync(join(tmpdir(), 'apiconv-tests-'));
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TMPDIR: tmp, TMP: tmp, TEMP: tmp },
});
rmSync(tmp, { recursive: true, force: true });
process.exit(r.status ?? 1);
