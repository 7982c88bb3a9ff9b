#!/usr/bin/env node
// Measurement (not a test): what `apiconv init --infer` leaves of each API's findings. For each of the ten APIs
// the issue names, lints the document with apiconv:recommended, infers its conventions into a folder of its own,
// lints it again with that config, and prints per API the findings before/after and the drop, then per rule what
// remains. Skipped (exit 0) without the corpus (APICONV_CORPUS or ../shared/corpus).
//
//   node test/bench/infer.mjs [--only stripe,box] [--keep <dir>] [--sample N [--seed S]] [--recommended <dir>]
//
// --recommended takes the findings with apiconv:recommended from <dir>/<name>.json (a folder of `lint -f json`
// outputs of the corpus) instead of linting each API twice.
// --keep writes each API's inferred .apiconv.yaml and its remaining findings (json) to <dir>/<name>/.
// --sample prints N remaining findings per API picked at random with a seeded generator (default seed 35), each
// with its rule, location and message: the sample a reader judges against the document.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CORPUS = process.env.APICONV_CORPUS ? path.resolve(process.env.APICONV_CORPUS) : path.resolve(ROOT, '..', 'shared', 'corpus');
if (!fs.existsSync(path.join(CORPUS, 'MANIFEST.md'))) {
  console.log(`infer: skipped: no corpus at ${CORPUS} (set APICONV_CORPUS, or put it in ../shared/corpus)`);
  process.exit(0);
}
const CLI = path.join(ROOT, 'server', 'out', 'cli.js');
const APIS = ['stripe', 'github-api', 'asana', 'twilio-api-v2010', 'digitalocean', 'slack-web', 'plaid', 'box', 'xero-accounting', 'spotify'];

function fail(msg) {
  console.error(`infer: ${msg}`);
  process.exit(2);
}

function parseArgs(argv) {
  const o = { only: APIS, keep: undefined, sample: 0, seed: 35, recommended: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => argv[++i] ?? fail(`${a} needs a value`);
    if (a === '--only')
      o.only = v()
        .split(',')
        .map(s => s.trim())
        .filter(Boolean);
    else if (a === '--keep') o.keep = path.resolve(v());
    else if (a === '--sample') o.sample = Math.max(0, Number(v()));
    else if (a === '--seed') o.seed = Number(v());
    else if (a === '--recommended') o.recommended = path.resolve(v());
    else fail(`unknown option ${a}`);
  }
  for (const n of o.only) if (!APIS.includes(n)) fail(`unknown API ${n} (one of ${APIS.join(', ')})`);
  return o;
}

/** The entry document of each corpus API, from the manifest. */
function entries() {
  const out = new Map();
  for (const line of fs.readFileSync(path.join(CORPUS, 'MANIFEST.md'), 'utf8').split('\n')) {
    const c = line.split('|').map(s => s.trim());
    if (/^\d+$/.test(c[1] ?? '')) out.set(c[2], path.join(CORPUS, c[3].replace(/`/g, '')));
  }
  return out;
}

function lint(entry, config) {
  const args = [CLI, 'lint', '-f', 'json', '--no-progress', ...(config ? ['--ruleset', config] : []), entry];
  // The corpus holds no config: recommended is the default there, and an explicit --ruleset wins.
  const r = spawnSync(process.execPath, args, { cwd: CORPUS, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.status !== 0 && r.status !== 1) fail(`lint ${entry} failed (exit ${r.status}): ${r.stderr.trim().slice(-300)}`);
  return JSON.parse(r.stdout);
}

const byRule = findings => findings.reduce((m, f) => m.set(f.code, (m.get(f.code) ?? 0) + 1), new Map());

/** mulberry32: a small seeded generator, so a sample can be drawn again. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sample(findings, n, seed) {
  const next = random(seed);
  const pool = [...findings];
  const picked = [];
  while (picked.length < n && pool.length > 0) picked.push(pool.splice(Math.floor(next() * pool.length), 1)[0]);
  return picked;
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(CLI)) fail('build first: npm run build');
  const docs = entries();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-infer-'));
  process.on('exit', () => fs.rmSync(work, { recursive: true, force: true }));
  const rows = [];
  const remainingByRule = new Map();
  for (const name of opts.only) {
    const entry = docs.get(name);
    const dir = opts.keep ? path.join(opts.keep, name) : path.join(work, name);
    fs.mkdirSync(dir, { recursive: true });
    const config = path.join(dir, '.apiconv.yaml');
    const init = spawnSync(process.execPath, [CLI, 'init', dir, '--infer', entry, '--force'], { encoding: 'utf8' });
    if (init.status !== 0) fail(`init --infer ${name} failed (exit ${init.status}): ${init.stderr.trim()}`);
    const before = (opts.recommended ? JSON.parse(fs.readFileSync(path.join(opts.recommended, `${name}.json`), 'utf8')) : lint(entry)).length;
    const after = lint(entry, config);
    if (opts.keep) fs.writeFileSync(path.join(dir, 'remaining.json'), JSON.stringify(after, null, 1));
    rows.push({ name, before, after: after.length });
    for (const [rule, n] of byRule(after)) {
      if (!remainingByRule.has(rule)) remainingByRule.set(rule, new Map());
      remainingByRule.get(rule).set(name, n);
    }
    console.error(`  ${name}: ${before} -> ${after.length}`);
    if (opts.sample > 0) {
      console.log(`\n${name}: ${opts.sample} of ${after.length} remaining findings (seed ${opts.seed})`);
      for (const f of sample(after, opts.sample, opts.seed))
        console.log(`  ${f.code}  ${path.relative(CORPUS, f.source)}:${f.range.start.line + 1}  ${f.path.join('.')}\n      ${f.message}`);
    }
  }
  const pct = (b, a) => (b === 0 ? '-' : `${(((b - a) / b) * 100).toFixed(0)}%`);
  const total = rows.reduce((t, r) => ({ before: t.before + r.before, after: t.after + r.after }), { before: 0, after: 0 });
  console.log('\n| API | recommended | after init --infer | drop |\n|---|---:|---:|---:|');
  for (const r of [...rows, { name: 'all', ...total }]) console.log(`| ${r.name} | ${r.before} | ${r.after} | ${pct(r.before, r.after)} |`);
  const names = rows.map(r => r.name);
  console.log(`\nRemaining per rule:\n| rule | ${names.join(' | ')} | all |\n|---|${names.map(() => '---:|').join('')}---:|`);
  const ruleRows = [...remainingByRule].map(([rule, per]) => ({ rule, per, all: [...per.values()].reduce((a, b) => a + b, 0) }));
  for (const { rule, per, all } of ruleRows.sort((a, b) => b.all - a.all || (a.rule < b.rule ? -1 : 1)))
    console.log(`| ${rule} | ${names.map(n => per.get(n) ?? 0).join(' | ')} | ${all} |`);
}

main();
