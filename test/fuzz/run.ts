/**
 * The fuzz suite with a larger budget, on demand:
 *   npm run fuzz -- [--runs N] [--seed S] [--slow] [--server] [--edits E] [--doc FILE] [--checkpoint-every K] [--pace MS] [--max-minutes M]
 *   npm run fuzz -- --long [--seed S] [--max-minutes M] [--doc FILE]
 * `--long`: the soak of sustained typing on big documents, nothing else: 10,000 edits of asana (request p99 ≤ 1 s for
 * every kind) and 1,000 of stripe (≤ 2 s), each with a checkpoint every 500 (100) edits, the diagnostics of the last
 * version ≤ 2 s after typing stops, RSS at the end within +10% of after the first edit (the soak's goals; a
 * quiet machine is the place to take its figures). `--doc` runs only the soak of that document (asana or stripe).
 * Skipped, saying so, without ../shared/corpus.
 * N scales the CLI parts (N mutants, N/2 fixes); the server part makes E edits (default 10×N) of FILE (default a
 * mid-size corpus document, ../shared/corpus/asana/asana.yaml, else a vendored one) with requests in between and a
 * checkpoint every K edits (server.ts), and checks the goals for it; it stops editing after M minutes if given. `--server`: the server part only.
 * Prints what ran and what it found (with a reproduction per finding in test/fuzz/findings/ when there is one);
 * exit 1 on a finding or a goal missed.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ensureBuilt } from '../cli/helpers';
import { fuzzHostile, fuzzMutants, fuzzServerHostile, newStats, rng, type Finding } from './fuzz';
import { DEFAULTS, LARGEST_DOC, MIDSIZE_DOC, defaultDocument, formatReport, fuzzServerRun, type ServerFuzzReport } from './server';

const argv = process.argv.slice(2);
const opt = (name: string, def: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1]! : def);
const runs = Number(opt('--runs', '100'));
const seed = Number(opt('--seed', String(Date.now() % 100000)));
const edits = Number(opt('--edits', String(runs * 10)));
const doc = path.resolve(opt('--doc', defaultDocument()));
const serverOnly = argv.includes('--server');

/** The long soak (--long): both documents, one after the other; exit 1 on a finding or a goal missed. */
async function soak(): Promise<void> {
  const runs = [
    { file: MIDSIZE_DOC, edits: 10_000, checkpointEvery: 500, p99Ms: 1000 },
    { file: LARGEST_DOC, edits: 1_000, checkpointEvery: 100, p99Ms: 2000 },
  ].filter(r => !argv.includes('--doc') || r.file === doc);
  if (runs.length === 0) throw new Error(`--long --doc: the soak's documents are ${MIDSIZE_DOC} and ${LARGEST_DOC}`);
  const missing = runs.filter(r => !fs.existsSync(r.file));
  if (missing.length > 0) {
    console.log(`soak skipped: the corpus is not here (${missing.map(r => r.file).join(', ')}); it needs ../shared/corpus`);
    return;
  }
  ensureBuilt();
  const reports: ServerFuzzReport[] = [];
  for (const r of runs) {
    const rep = await fuzzServerRun({
      ...DEFAULTS,
      file: r.file,
      edits: r.edits,
      seed,
      checkpointEvery: r.checkpointEvery,
      goals: { ...DEFAULTS.goals, p99Ms: r.p99Ms },
      // A 4 MB document's relint and its CLI comparison take seconds on a loaded machine: room to wait for them.
      requestBudgetMs: Math.max(DEFAULTS.requestBudgetMs, 60_000),
      diagnosticsBudgetMs: Math.max(DEFAULTS.diagnosticsBudgetMs, 300_000),
      maxMs: argv.includes('--max-minutes') ? Number(opt('--max-minutes', '0')) * 60_000 : undefined,
      log: line => console.log(line),
    });
    console.log(formatReport(rep));
    reports.push(rep);
  }
  const missed = reports.flatMap(rep => rep.goals.filter(g => !g.ok).map(g => `${path.basename(rep.file)}: ${g.goal}: ${g.value}`));
  const found = reports.flatMap(rep => rep.findings.map(f => `${path.basename(rep.file)}: ${f.kind}: ${f.detail}`));
  for (const f of found) console.log(`FOUND ${f}`);
  for (const m of missed) console.log(`GOAL MISSED: ${m}`);
  process.exit(found.length || missed.length ? 1 : 0);
}

async function main(): Promise<void> {
  if (argv.includes('--long')) return soak();
  ensureBuilt();
  const findings: Finding[] = [];
  const t0 = performance.now();
  if (!serverOnly) {
    const stats = newStats();
    const r = rng(seed);
    await fuzzHostile(stats, { budgetMs: 20_000, slow: argv.includes('--slow') });
    await fuzzServerHostile(stats, { budgetMs: 10_000 });
    for (let done = 0; done < runs; done += 200)
      await fuzzMutants(stats, r, { count: Math.min(200, runs - done), budgetMs: 300_000, fixes: Math.ceil(Math.min(200, runs - done) / 2) });
    console.log(
      `seed ${seed}: ${stats.hostile} hostile documents, ${stats.mutants} mutants, ${stats.fixes} fixes in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
    findings.push(...stats.findings);
  }
  const rep = await fuzzServerRun({
    ...DEFAULTS,
    file: doc,
    edits,
    seed,
    checkpointEvery: Number(opt('--checkpoint-every', String(DEFAULTS.checkpointEvery))),
    paceMs: Number(opt('--pace', String(DEFAULTS.paceMs))),
    maxMs: argv.includes('--max-minutes') ? Number(opt('--max-minutes', '0')) * 60_000 : undefined,
    log: line => console.log(line),
  });
  console.log(formatReport(rep));
  findings.push(...rep.findings);
  const dir = path.join(__dirname, 'findings');
  for (const [i, f] of findings.entries()) {
    console.log(`FOUND ${f.kind}: ${f.detail}`);
    if (f.repro !== undefined) {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${seed}-${i}-${f.kind}${path.extname(doc)}`), f.repro);
    }
  }
  const missed = rep.goals.filter(g => !g.ok);
  for (const g of missed) console.log(`GOAL MISSED: ${g.goal}: ${g.value}`);
  process.exit(findings.length || missed.length ? 1 : 0);
}
void main();
