#!/usr/bin/env node
// Benchmark (not a test): `apiconv diff <base> <head>` against one `redocly lint` of the head,
// side by side, whole processes, alternating, median of N runs.
//
//   node test/bench/diff.mjs [--runs 3] [--only stripe,github-api] [--base name=file] [--pairs DIR]
//
// As in CI: the base is committed in a scratch git repository and the head is the work tree's
// file, compared with `apiconv diff HEAD:<doc> <doc>` (`--files` compares two plain files instead).
//
// The head of each document is the corpus file (../shared/corpus). Its base is, by default,
// the same document with scripted changes (a path removed, response properties removed and
// renamed, a type changed, a required parameter added: what a diff has to report); `--base
// stripe=/path/to/spec3.yaml` compares with a real other version instead (for stripe, the
// parent commit of the corpus' one: `git -C <stripe/openapi> show 2d8ea4a5:openapi/spec3.yaml`).
// --pairs DIR (or APICONV_REAL_PAIRS) adds the real version pairs of test/fixtures/diff-real/MANIFEST.md
// written out there (<pair>/base.json and head.json, or .yaml): each is diffed and its head linted by Redocly.
// Redocly runs as in bench.mjs: no telemetry, no config (`--extends recommended`).
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CORPUS = path.resolve(ROOT, '..', 'shared', 'corpus');
const CLI = path.join(ROOT, 'server', 'out', 'cli.js');
const REDOCLY = path.join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
const DOCS = { stripe: 'stripe/spec3.yaml', 'github-api': 'github-api/api.github.com.yaml' };

const opts = { runs: 3, only: Object.keys(DOCS), base: {}, files: false, pairs: process.env.APICONV_REAL_PAIRS };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  const v = () => process.argv[++i];
  if (a === '--runs') opts.runs = Math.max(1, Number(v()));
  else if (a === '--only') opts.only = v().split(',').filter(Boolean);
  else if (a === '--files') opts.files = true;
  else if (a === '--pairs') opts.pairs = v();
  else if (a === '--base') {
    const [k, f] = v().split('=');
    opts.base[k] = path.resolve(f);
  } else {
    console.error(`bench: unknown option ${a}`);
    process.exit(2);
  }
}
if (!fs.existsSync(CLI)) {
  console.error('bench: build first (npm run build)');
  process.exit(2);
}

/**
 * The base: the head with changes a diff must report, made in the text (the rest keeps its
 * layout, as between two real versions): a path only the base has (path-removed), and in
 * the first 20 schemas with properties a property only the base has (response-property-removed
 * or request-property-removed), every other one with its first property under another name
 * (property-renamed).
 */
function scriptedBase(text) {
  let out = text.replace(/^paths:[ \t]*\n/m, m => `${m}  /apiconv-bench/removed:\n    get:\n      responses:\n        '200':\n          description: OK\n`);
  const comps = out.search(/^components:/m);
  let head = out.slice(0, comps);
  let tail = out.slice(comps);
  let n = 0;
  tail = tail.replace(/^( +)properties:\n( +)([A-Za-z_][\w-]*):\n/gm, (m, i1, i2, key) => {
    if (n >= 20 || i2.length <= i1.length) return m;
    const renamed = n % 2 === 0 ? `${key}_old` : key;
    const added = `${i2}apiconv_bench_removed_${n}:\n${i2}  type: string\n`;
    n++;
    return `${i1}properties:\n${added}${i2}${renamed}:\n`;
  });
  return head + tail;
}

function measure(cmd, args, cwd) {
  return new Promise(resolve => {
    const started = process.hrtime.bigint();
    const p = spawn(cmd, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
        CI: 'true',
        NO_COLOR: '1',
      },
    });
    let out = '';
    p.stdout.on('data', d => (out += d));
    p.stderr.on('data', () => undefined);
    p.on('close', code => resolve({ seconds: Number(process.hrtime.bigint() - started) / 1e9, code, out }));
  });
}

const median = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-bench-diff-'));
const rows = [];
/** What is diffed: a corpus document against its base (scripted or given), and each real pair. */
const items = [];
for (const name of opts.only) {
  const head = path.join(CORPUS, DOCS[name]);
  if (!fs.existsSync(head)) {
    console.error(`bench: ${head} missing`);
    continue;
  }
  const baseText = opts.base[name] ? fs.readFileSync(opts.base[name], 'utf8') : scriptedBase(fs.readFileSync(head, 'utf8'));
  items.push({ name, head, baseText, kind: opts.base[name] ? 'real' : 'scripted' });
}
if (opts.pairs) {
  for (const name of fs.readdirSync(opts.pairs).sort()) {
    const ext = ['yaml', 'json'].find(e => fs.existsSync(path.join(opts.pairs, name, `base.${e}`)));
    if (ext)
      items.push({
        name,
        head: path.join(opts.pairs, name, `head.${ext}`),
        baseText: fs.readFileSync(path.join(opts.pairs, name, `base.${ext}`), 'utf8'),
        kind: 'real pair',
      });
  }
}
for (const { name, head, baseText, kind } of items) {
  const ext = path.extname(head);
  let base = path.join(tmp, `${name}-base${ext}`);
  fs.writeFileSync(base, baseText);
  let headArg = head;
  let cwd = tmp;
  if (!opts.files) {
    // A repository whose last commit has the base; the work tree has the head.
    const repo = path.join(tmp, `${name}-repo`);
    fs.mkdirSync(repo);
    const git = (...a) =>
      execFileSync('git', ['-c', 'user.email=b@example.com', '-c', 'user.name=b', '-c', 'commit.gpgsign=false', ...a], { cwd: repo, stdio: 'ignore' });
    git('init', '-q');
    fs.writeFileSync(path.join(repo, `openapi${ext}`), baseText);
    git('add', '-A');
    git('commit', '-qm', 'base');
    fs.copyFileSync(head, path.join(repo, `openapi${ext}`));
    base = `HEAD:openapi${ext}`;
    headArg = `openapi${ext}`;
    cwd = repo;
  }
  const diffT = [];
  const redT = [];
  let findings = 0;
  let redProblems = 0;
  for (let r = 0; r < opts.runs; r++) {
    const d = await measure(process.execPath, [CLI, 'diff', base, headArg, '-f', 'json'], cwd);
    if (d.code !== 0 && d.code !== 1) throw new Error(`apiconv diff failed (${d.code})`);
    findings = JSON.parse(d.out).length;
    diffT.push(d.seconds);
    const red = await measure(process.execPath, [REDOCLY, 'lint', '--format', 'json', '--extends', 'recommended', '--max-problems', '1000000', head], tmp);
    try {
      redProblems = JSON.parse(red.out).totals ? Object.values(JSON.parse(red.out).totals).reduce((a, b) => a + b, 0) : 0;
    } catch {
      redProblems = -1;
    }
    redT.push(red.seconds);
  }
  rows.push({
    name,
    base: `${kind}${opts.files ? ', two files' : ', git HEAD:'}`,
    diff: median(diffT),
    redocly: median(redT),
    ratio: median(diffT) / median(redT),
    findings,
    redProblems,
    runs: opts.runs,
  });
}
console.log('| document | base | apiconv diff s | redocly lint s | ratio | diff findings |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.name} | ${r.base} | ${r.diff.toFixed(2)} | ${r.redocly.toFixed(2)} | ${r.ratio.toFixed(2)}× | ${r.findings} |`);
fs.mkdirSync(path.join(ROOT, 'test', 'bench', 'results'), { recursive: true });
fs.writeFileSync(
  path.join(ROOT, 'test', 'bench', 'results', `diff-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
  JSON.stringify({ cpus: os.cpus().length, node: process.version, rows }, null, 2),
);
