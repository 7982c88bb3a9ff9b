#!/usr/bin/env node
// Runs the unit/engine/cli/lsp tests with node's test runner (TypeScript through tsx).
// Usage: node test/run.mjs [substring filters…]
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
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
const files = [...walk(join(root, 'rules'), []), ...walk(join(root, 'test'), [])]
  .filter(f => filters.length === 0 || filters.some(s => f.includes(s)))
  .sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 1);
