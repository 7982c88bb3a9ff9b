#!/usr/bin/env node
// Benchmark (not a test): lints each document of the corpus (APICONV_CORPUS or ../shared/corpus) with the apiconv CLI,
// Spectral's CLI (same ruleset: rules/out/apiconv.js) and Redocly's CLI (recommended), and runs
// `apiconv init --infer` on it (tool `infer`: its count is the rules the config sets; the goal is at most twice
// one lint), N whole-process runs each; reports the median wall time, the peak RSS, the number of
// findings and the ratios to apiconv. Writes JSON to test/bench/results/.
//
//   node test/bench/bench.mjs [--runs 3] [--only name1,name2] [--max-size 1MB] [--tools apiconv,spectral,redocly,infer] [--before path/to/cli.js]
//
// --before adds a tool `before`: another build of the apiconv CLI (e.g. a copy of server/out from an earlier
// commit), timed side by side with the others in the same run.
//
// --config runs apiconv (and `before`) with the config `apiconv init` writes (`extends: apiconv:recommended` and
// comments), as a project that ran `apiconv init` lints: the findings are the same, the config is loaded too.
//
// Redocly makes no network request: telemetry is off (REDOCLY_TELEMETRY=off), update
// notices are suppressed (REDOCLY_SUPPRESS_UPDATE_NOTICE=true), and it runs in an empty
// folder with `--extends recommended` so that no config is picked up.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// The full corpus: APICONV_CORPUS, else ../shared/corpus. Without it the benchmark is skipped (it says so, exit 0).
const CORPUS = process.env.APICONV_CORPUS ? path.resolve(process.env.APICONV_CORPUS) : path.resolve(ROOT, '..', 'shared', 'corpus');
if (!fs.existsSync(path.join(CORPUS, 'MANIFEST.md'))) {
  console.log(`bench: skipped: no corpus at ${CORPUS} (set APICONV_CORPUS to the folder of the full corpus, or put it in ../shared/corpus)`);
  process.exit(0);
}
const CLI = path.join(ROOT, 'server', 'out', 'cli.js');
const SPECTRAL = path.join(ROOT, 'node_modules', '@stoplight', 'spectral-cli', 'dist', 'index.js');
const RULESET = path.join(ROOT, 'rules', 'out', 'apiconv.js');
const REDOCLY = path.join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
/** Options apiconv (and `before`) get beside the document: `--ruleset <config>` with --config. */
const apiconvArgs = [];

function parseArgs(argv) {
  const o = { runs: 3, only: undefined, maxSize: Infinity, tools: ['apiconv', 'spectral', 'redocly', 'infer'], before: undefined, config: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => argv[++i] ?? fail(`${a} needs a value`);
    if (a === '--runs') o.runs = Math.max(1, Number(v()));
    else if (a === '--only')
      o.only = v()
        .split(',')
        .map(s => s.trim())
        .filter(Boolean);
    else if (a === '--max-size') o.maxSize = parseSize(v());
    else if (a === '--tools')
      o.tools = v()
        .split(',')
        .map(s => s.trim());
    else if (a === '--before') o.before = path.resolve(v());
    else if (a === '--config') o.config = true;
    else if (a === '--help' || a === '-h') {
      console.log(
        'node test/bench/bench.mjs [--runs N] [--only name,...] [--max-size 1MB] [--tools apiconv,spectral,redocly,infer] [--before cli.js] [--config]',
      );
      process.exit(0);
    } else fail(`unknown option ${a}`);
  }
  for (const t of o.tools) if (!['apiconv', 'spectral', 'redocly', 'infer'].includes(t)) fail(`unknown tool ${t}`);
  if (o.config) {
    // The config `apiconv init` writes, in a folder of its own.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-bench-config-'));
    const init = spawnSync(process.execPath, [CLI, 'init', dir], { encoding: 'utf8' });
    const file = path.join(dir, '.apiconv.yaml');
    if (init.status !== 0 || !fs.existsSync(file)) fail(`--config: apiconv init failed: ${init.stderr}`);
    apiconvArgs.push('--ruleset', file);
    process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  }
  if (o.before !== undefined) {
    if (!fs.existsSync(o.before)) fail(`--before: ${o.before} not found`);
    TOOLS.before = {
      ...TOOLS.apiconv,
      run: file => measure(process.execPath, [o.before, 'lint', '--format', 'json', '--no-progress', ...apiconvArgs, file], { cwd: ROOT }),
    };
    o.tools.splice(o.tools.includes('apiconv') ? o.tools.indexOf('apiconv') + 1 : 0, 0, 'before');
  }
  return o;
}
function fail(msg) {
  console.error(`bench: ${msg}`);
  process.exit(2);
}
function parseSize(s) {
  const m = /^([\d.]+)\s*(KB|MB|B)?$/i.exec(s);
  if (!m) fail(`bad size ${s}`);
  return Number(m[1]) * { kb: 1024, mb: 1024 * 1024, b: 1 }[(m[2] ?? 'b').toLowerCase()];
}

function readManifest() {
  const file = path.join(CORPUS, 'MANIFEST.md');
  if (!fs.existsSync(file)) fail(`corpus missing: ${file}`);
  const docs = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const c = line.split('|').map(s => s.trim());
    if (!/^\d+$/.test(c[1] ?? '')) continue;
    const m = /^([\d.]+)\s*(KB|MB)/.exec(c[8]);
    docs.push({ name: c[2], entry: path.join(CORPUS, c[3].replace(/`/g, '')), bytes: Number(m[1]) * (m[2] === 'MB' ? 1048576 : 1024), size: c[8] });
  }
  return docs;
}

/** Peak RSS (VmHWM) of a process, read from /proc while it runs; 0 when /proc is unavailable. */
function vmHwm(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Runs a command; wall time, peak RSS (polled VmHWM; /usr/bin/time's maxrss when available), exit code, stdout. */
function measure(cmd, args, opts) {
  return new Promise(resolve => {
    const timeBin = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
    const rssFile = path.join(os.tmpdir(), `apiconv-bench-${process.pid}-${Math.random().toString(36).slice(2)}.txt`);
    const outFile = rssFile + '.out';
    const out = fs.openSync(outFile, 'w');
    const started = process.hrtime.bigint();
    const child = timeBin
      ? spawn(timeBin, ['-f', '%M', '-o', rssFile, cmd, ...args], { ...opts, stdio: ['ignore', out, 'pipe'] })
      : spawn(cmd, args, { ...opts, stdio: ['ignore', out, 'pipe'] });
    let peak = 0;
    let stderr = '';
    child.stderr.on('data', d => (stderr += d).length > 100000 && (stderr = stderr.slice(-50000)));
    const poll = setInterval(() => {
      peak = Math.max(peak, vmHwm(child.pid));
      // With /usr/bin/time, the measured process is its child.
      try {
        for (const t of fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean))
          peak = Math.max(peak, vmHwm(t));
      } catch {
        /* gone */
      }
    }, 50);
    child.on('close', code => {
      clearInterval(poll);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      fs.closeSync(out);
      let maxrss = 0;
      try {
        maxrss = Number(fs.readFileSync(rssFile, 'utf8').trim().split('\n').pop()) * 1024 || 0;
      } catch {
        /* no /usr/bin/time */
      }
      const stdout = fs.readFileSync(outFile, 'utf8');
      fs.rmSync(rssFile, { force: true });
      fs.rmSync(outFile, { force: true });
      resolve({ seconds, rss: Math.max(peak, maxrss), code, stdout, stderr });
    });
  });
}

const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-bench-cwd-'));
const TOOLS = {
  apiconv: {
    run: file => measure(process.execPath, [CLI, 'lint', '--format', 'json', '--no-progress', ...apiconvArgs, file], { cwd: ROOT }),
    count: out => JSON.parse(out).length,
  },
  spectral: {
    run: file => measure(process.execPath, [SPECTRAL, 'lint', '--ruleset', RULESET, '--format', 'json', '--quiet', file], { cwd: ROOT }),
    count: out => (out.trim() === '' || out.startsWith('No results') ? 0 : JSON.parse(out).length),
  },
  redocly: {
    run: file =>
      measure(process.execPath, [REDOCLY, 'lint', '--format', 'json', '--extends', 'recommended', '--max-problems', '1000000', file], {
        cwd: emptyDir,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true', CI: 'true' },
      }),
    count: out => {
      const j = JSON.parse(out.slice(out.indexOf('{')));
      return j.problems ? j.problems.length : (j.totals?.errors ?? 0) + (j.totals?.warnings ?? 0);
    },
  },
};

// init --infer writes its config into a folder of its own, replaced on each run (--force).
const inferDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-bench-infer-'));
TOOLS.infer = {
  run: file => measure(process.execPath, [CLI, 'init', inferDir, '--infer', file, '--force'], { cwd: ROOT }),
  count: () => (fs.readFileSync(path.join(inferDir, '.apiconv.yaml'), 'utf8').match(/^ {2}[a-z0-9-]+:/gm) ?? []).length,
};

const median = xs => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const mib = b => (b / 1048576).toFixed(0);

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(CLI) || !fs.existsSync(RULESET)) fail('build first: npm run build');
  let docs = readManifest().filter(d => d.bytes <= opts.maxSize);
  if (opts.only) {
    const unknown = opts.only.filter(n => !docs.some(d => d.name === n));
    if (unknown.length) fail(`unknown document(s): ${unknown.join(', ')}`);
    docs = docs.filter(d => opts.only.includes(d.name));
  }
  console.error(
    `bench: ${docs.length} documents, ${opts.runs} run(s) each, tools ${opts.tools.join(', ')} (${os.cpus().length} cores, node ${process.version})`,
  );
  const results = [];
  for (const doc of docs) {
    const row = { name: doc.name, size: doc.size, bytes: doc.bytes, tools: {} };
    for (const tool of opts.tools) {
      const runs = [];
      for (let i = 0; i < opts.runs; i++) {
        const r = await TOOLS[tool].run(doc.entry);
        let findings = null;
        let error;
        try {
          findings = TOOLS[tool].count(r.stdout);
        } catch {
          error = `unparsable output (exit ${r.code}): ${(r.stderr || r.stdout).trim().split('\n').slice(-2).join(' ').slice(0, 200)}`;
        }
        runs.push({ seconds: r.seconds, rss: r.rss, code: r.code, findings, error });
        console.error(`  ${doc.name} ${tool} run ${i + 1}: ${r.seconds.toFixed(2)} s, ${mib(r.rss)} MiB, ${findings ?? error}`);
      }
      row.tools[tool] = {
        seconds: median(runs.map(r => r.seconds)),
        rss: median(runs.map(r => r.rss)),
        findings: runs[0].findings,
        exit: runs[0].code,
        error: runs.find(r => r.error)?.error,
        runs,
      };
    }
    results.push(row);
  }

  // Table.
  const head = ['document', 'size', ...opts.tools.flatMap(t => [`${t} s`, `${t} MiB`, `${t} #`])];
  const others = opts.tools.filter(t => t !== 'apiconv');
  if (opts.tools.includes('apiconv')) head.push(...others.map(t => `${t}/apiconv time`), ...others.map(t => `${t}/apiconv RSS`));
  const rows = results.map(r => {
    const cells = [r.name, r.size.replace(/\s*\(.*\)/, '')];
    for (const t of opts.tools) {
      const x = r.tools[t];
      cells.push(x.seconds.toFixed(2), mib(x.rss), x.findings ?? 'err');
    }
    if (opts.tools.includes('apiconv')) {
      const a = r.tools.apiconv;
      for (const t of others) cells.push(`${(r.tools[t].seconds / a.seconds).toFixed(1)}x`);
      for (const t of others) cells.push(`${(r.tools[t].rss / a.rss).toFixed(1)}x`);
    }
    return cells;
  });
  const totals = ['TOTAL', ''];
  for (const t of opts.tools) {
    totals.push(
      results.reduce((n, r) => n + r.tools[t].seconds, 0).toFixed(2),
      mib(Math.max(...results.map(r => r.tools[t].rss))) + ' max',
      results.reduce((n, r) => n + (r.tools[t].findings ?? 0), 0),
    );
  }
  if (opts.tools.includes('apiconv')) {
    const at = results.reduce((n, r) => n + r.tools.apiconv.seconds, 0);
    for (const t of others) totals.push(`${(results.reduce((n, r) => n + r.tools[t].seconds, 0) / at).toFixed(1)}x`);
    totals.push(...others.map(() => ''));
  }
  const table = [head, ...rows, totals];
  const md = table.map(r => `| ${r.join(' | ')} |`);
  md.splice(1, 0, `|${head.map(() => '---').join('|')}|`);
  console.log(md.join('\n'));

  const outDir = path.join(ROOT, 'test', 'bench', 'results');
  fs.mkdirSync(outDir, { recursive: true });
  const outFile = path.join(outDir, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(
    outFile,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cores: os.cpus().length,
        runs: opts.runs,
        tools: opts.tools,
        config: opts.config,
        documents: results,
      },
      null,
      2,
    ) + '\n',
  );
  console.error(`bench: wrote ${path.relative(ROOT, outFile)}`);
  fs.rmSync(emptyDir, { recursive: true, force: true });
  fs.rmSync(inferDir, { recursive: true, force: true });
}

main().catch(e => fail(e.stack ?? String(e)));
