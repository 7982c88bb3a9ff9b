/**
 * The fuzz suite with a larger budget, on demand: `npm run fuzz -- --runs N [--seed S] [--slow]`.
 * N scales every part: N mutants, N/2 fixes, 10×N server edits. Prints what ran and what it found
 * (with a reproduction per finding in test/fuzz/findings/ when there is one); exit 1 on a finding.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ensureBuilt } from '../cli/helpers';
import { fuzzHostile, fuzzMutants, fuzzServer, fuzzServerHostile, newStats, rng } from './fuzz';

const argv = process.argv.slice(2);
const opt = (name: string, def: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1]! : def);
const runs = Number(opt('--runs', '100'));
const seed = Number(opt('--seed', String(Date.now() % 100000)));

async function main(): Promise<void> {
  ensureBuilt();
  const stats = newStats();
  const r = rng(seed);
  const t0 = performance.now();
  await fuzzHostile(stats, { budgetMs: 20_000, slow: argv.includes('--slow') });
  await fuzzServerHostile(stats, { budgetMs: 10_000 });
  for (let done = 0; done < runs; done += 200) await fuzzMutants(stats, r, { count: Math.min(200, runs - done), budgetMs: 300_000, fixes: Math.ceil(Math.min(200, runs - done) / 2) });
  await fuzzServer(stats, r, { edits: runs * 10, budgetMs: 10_000, checkpointEvery: 50 });
  const s = (performance.now() - t0) / 1000;
  console.log(`seed ${seed}: ${stats.hostile} hostile documents, ${stats.mutants} mutants, ${stats.fixes} fixes, ${stats.edits} server edits, ${stats.requests} requests (slowest ${Math.round(stats.maxRequestMs)} ms), ${stats.checkpoints} checkpoints in ${s.toFixed(0)} s`);
  const dir = path.join(__dirname, 'findings');
  for (const [i, f] of stats.findings.entries()) {
    console.log(`FOUND ${f.kind}: ${f.detail}`);
    if (f.repro !== undefined) {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${seed}-${i}-${f.kind}.txt`), f.repro);
    }
  }
  process.exit(stats.findings.length ? 1 : 0);
}
void main();
