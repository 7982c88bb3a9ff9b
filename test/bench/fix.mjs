#!/usr/bin/env node
// Benchmark (not a test): the cost of --fix against a lint of the same document, side by side
// in the same run (the goal: --fix and --fix-dry-run within about 2x one lint).
// Each case copies the corpus document into a temp folder (never touching ../shared), then runs
// N whole-process lints and N fixes (each fix on a fresh copy); reports the medians and the ratio, of the wall time
// and (with /usr/bin/time) of the CPU time.
//
//   node test/bench/fix.mjs [--runs 3] [--cli server/out/cli.js] [--only spotify,asana] [--before <cli.js>]
//
// --before names another build's cli.js (e.g. main's, built in a temp clone): its lint and fix run in the same
// rounds, interleaved with this build's, so that both see the same load on a shared machine.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CORPUS = path.resolve(ROOT, '..', 'shared', 'corpus');
const argv = process.argv.slice(2);
const opt = (name, def) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : def);
const runs = Math.max(1, Number(opt('--runs', '3')));
const CLI = path.resolve(opt('--cli', path.join(ROOT, 'server', 'out', 'cli.js')));
const only = opt('--only', '')?.split(',').filter(Boolean) ?? [];
const BEFORE = argv.includes('--before') ? path.resolve(opt('--before')) : undefined;

const CASES = [
  { name: 'spotify', dir: 'spotify', entry: 'fixed-spotify-open-api.yml', mode: '--fix' },
  { name: 'asana', dir: 'asana', entry: 'asana.yaml', mode: '--fix-dry-run' },
];

if (!fs.existsSync(CORPUS)) {
  console.error(`bench: corpus missing (${CORPUS}): skipped`);
  process.exit(0);
}

function copy(c) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `apiconv-fixbench-${c.name}-`));
  fs.cpSync(path.join(CORPUS, c.dir), dir, { recursive: true });
  return dir;
}

// The CPU time (user + sys) of each run too, where GNU time is at hand: on a machine shared with others, the wall
// time says as much about their load as about this build.
const GNU_TIME = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

function time(args, cwd, cli = CLI) {
  const cpuFile = GNU_TIME && path.join(cwd, '.apiconv-bench-cpu');
  const cmd = cpuFile ? [GNU_TIME, ['-f', '%U %S', '-o', cpuFile, process.execPath, cli, ...args]] : [process.execPath, [cli, ...args]];
  const t = performance.now();
  const r = spawnSync(cmd[0], cmd[1], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } });
  const ms = performance.now() - t;
  if (r.status !== 0 && r.status !== 1) throw new Error(`apiconv ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  let cpuMs;
  if (cpuFile) {
    const [u, sys] = fs.readFileSync(cpuFile, 'utf8').trim().split('\n').pop().split(' ').map(Number);
    cpuMs = (u + sys) * 1000;
    fs.rmSync(cpuFile);
  }
  return { ms, cpuMs, stderr: r.stderr };
}

const median = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
const builds = BEFORE
  ? [
      ['before', BEFORE],
      ['after', CLI],
    ]
  : [['', CLI]];
for (const c of CASES) {
  if (only.length && !only.includes(c.name)) continue;
  const lints = new Map(builds.map(([b]) => [b, []]));
  const fixes = new Map(builds.map(([b]) => [b, []]));
  const lintCpu = new Map(builds.map(([b]) => [b, []]));
  const fixCpu = new Map(builds.map(([b]) => [b, []]));
  const summary = new Map();
  for (let i = 0; i < runs; i++) {
    for (const [b, cli] of builds) {
      const dir = copy(c);
      try {
        const l = time(['lint', '--no-progress', '-f', 'json', c.entry], dir, cli);
        lints.get(b).push(l.ms);
        if (l.cpuMs !== undefined) lintCpu.get(b).push(l.cpuMs);
        const f = time(['lint', '--no-progress', '-f', 'json', c.mode, c.entry], dir, cli);
        fixes.get(b).push(f.ms);
        if (f.cpuMs !== undefined) fixCpu.get(b).push(f.cpuMs);
        summary.set(b, f.stderr.split('\n').find(l => /fix/.test(l)) ?? '');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  for (const [b] of builds) {
    const [l, f] = [median(lints.get(b)), median(fixes.get(b))];
    const row = {
      name: c.name,
      build: b || undefined,
      mode: c.mode,
      lintMs: Math.round(l),
      fixMs: Math.round(f),
      ratio: +(f / l).toFixed(2),
      summary: (summary.get(b) ?? '').replace(/^apiconv: /, '').replace(/: .*/, ''),
    };
    const cpu = lintCpu.get(b).length > 0 ? [median(lintCpu.get(b)), median(fixCpu.get(b))] : undefined;
    if (cpu) Object.assign(row, { lintCpuMs: Math.round(cpu[0]), fixCpuMs: Math.round(cpu[1]), cpuRatio: +(cpu[1] / cpu[0]).toFixed(2) });
    rows.push(row);
    const cpuText = cpu ? `   cpu: lint ${String(row.lintCpuMs).padStart(6)} ms  fix ${String(row.fixCpuMs).padStart(6)} ms  ${row.cpuRatio}x` : '';
    console.log(
      `${row.name.padEnd(8)} ${b.padEnd(b ? 7 : 0)}${row.mode.padEnd(13)} lint ${String(row.lintMs).padStart(7)} ms   fix ${String(row.fixMs).padStart(7)} ms   ${row.ratio}x${cpuText}   ${row.summary}`,
    );
  }
}
const out = path.join(ROOT, 'test', 'bench', 'results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'fix.json'), JSON.stringify({ runs, rows }, null, 2) + '\n');
