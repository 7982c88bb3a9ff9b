#!/usr/bin/env node
// Where the time of a latency run goes, process by process: node profile-timeline.mjs <LAT_PROFILE dir> [bucket ms]
// For each document opened (Quick Open's Enter → the Problems panel lists it) and its first keystroke (→ the status
// bar's count changes), the busy milliseconds of the workbench, the extension host and each language server thread
// (main, lint workers) per bucket of time, with the functions that took most of each; then every keystroke's time and
// each process's busy time in it. The profiles and the marks share CLOCK_MONOTONIC (profiler.js), so a bucket is the
// same moment in every column.
import fs from 'node:fs';
import path from 'node:path';

const [dir, bucketArg] = process.argv.slice(2);
if (!dir) {
  console.log('usage: profile-timeline.mjs <dir> [bucket ms]');
  process.exit(2);
}
const bucketUs = Number(bucketArg || 250) * 1000;
const marks = JSON.parse(fs.readFileSync(path.join(dir, 'marks.json'), 'utf8'));

/** A profile's samples as [time µs, busy µs, function] (idle left out). */
function samplesOf(file) {
  const p = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(p.nodes.map(n => [n.id, n]));
  const out = [];
  let t = p.startTime;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i] || 0;
    const fn = byId.get(p.samples[i]).callFrame.functionName || '(anonymous)';
    if (fn !== '(idle)') out.push([t, p.timeDeltas[i + 1] ?? 0, fn]);
  }
  return out;
}

/** Columns for a phase: its workbench and extension host profiles, and every server thread's. */
function columns(phase) {
  const cols = [];
  for (const label of ['renderer', 'exthost']) {
    const f = path.join(dir, `${label}-${phase}.cpuprofile`);
    if (fs.existsSync(f)) cols.push({ label, samples: samplesOf(f) });
  }
  const serverDir = path.join(dir, 'server');
  if (fs.existsSync(serverDir)) {
    // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the main thread.
    for (const name of fs
      .readdirSync(serverDir)
      .filter(n => n.endsWith('.cpuprofile'))
      .sort()) {
      const [, , , pid, thread] = name.split('.');
      cols.push({ label: thread === '0' ? `srv${pid}` : `wkr${pid}.${thread}`, samples: samplesOf(path.join(serverDir, name)) });
    }
  }
  return cols;
}

function table(title, fromS, toS, cols) {
  const from = fromS * 1e6;
  const n = Math.ceil(((toS - fromS) * 1e6) / bucketUs);
  const busy = cols.map(() => Array.from({ length: n }, () => new Map()));
  cols.forEach((c, ci) => {
    for (const [t, d, fn] of c.samples) {
      const b = Math.floor((t - from) / bucketUs);
      if (b >= 0 && b < n) busy[ci][b].set(fn, (busy[ci][b].get(fn) ?? 0) + d);
    }
  });
  const shown = cols.map((c, ci) => busy[ci].some(m => m.size > 0));
  console.log(`\n## ${title}: ${((toS - fromS) * 1000).toFixed(0)} ms\n`);
  console.log(
    `| t ms | ${cols
      .filter((_, i) => shown[i])
      .map(c => `${c.label} busy ms`)
      .join(' | ')} | most of it |`,
  );
  console.log(
    `|---:|${cols
      .filter((_, i) => shown[i])
      .map(() => '---:|')
      .join('')}---|`,
  );
  for (let b = 0; b < n; b++) {
    const cells = [];
    const tops = [];
    cols.forEach((c, ci) => {
      if (!shown[ci]) return;
      const m = busy[ci][b];
      const total = [...m.values()].reduce((a, x) => a + x, 0);
      cells.push((total / 1000).toFixed(0));
      const top = [...m].sort((x, y) => y[1] - x[1]).slice(0, 2);
      if (total > bucketUs / 10) tops.push(`${c.label}: ${top.map(([fn, v]) => `${fn} ${(v / 1000).toFixed(0)}`).join(', ')}`);
    });
    console.log(`| ${((b * bucketUs) / 1000).toFixed(0)} | ${cells.join(' | ')} | ${tops.join('; ')} |`);
  }
}

/** Every keystroke of a phase (`key` → `count changed`): its time, and each process's busy ms in it. */
function keystrokes(title, windows, cols) {
  const shown = cols.filter(c => c.samples.some(([t]) => windows.some(([a, b]) => t >= a * 1e6 && t < b * 1e6)));
  console.log(`\n## ${title}\n`);
  console.log(`| # | ms | ${shown.map(c => `${c.label} busy ms`).join(' | ')} |`);
  console.log(`|---:|---:|${shown.map(() => '---:|').join('')}`);
  windows.forEach(([a, b], k) => {
    const cells = shown.map(c => c.samples.reduce((sum, [t, d]) => (t >= a * 1e6 && t < b * 1e6 ? sum + d : sum), 0) / 1000);
    console.log(`| ${k + 1} | ${((b - a) * 1000).toFixed(0)} | ${cells.map(x => x.toFixed(0)).join(' | ')} |`);
  });
}

/** How many times each file was opened so far: its opens are the phases `open-<file>.<k>`. */
const opened = new Map();
for (const [i, m] of marks.entries()) {
  if (!m.name.startsWith('open ')) continue;
  const file = m.name.slice('open '.length);
  const k = opened.get(file) ?? 0;
  opened.set(file, k + 1);
  const listed = marks.find((x, j) => j > i && x.name === `listed ${file}`);
  if (listed) table(`${file} (open ${k + 1}): Quick Open Enter → the Problems panel lists it`, m.mono, listed.mono + 0.25, columns(`open-${file}.${k}`));
  const next = marks.findIndex((x, j) => j > i && x.name.startsWith('open '));
  const phase = marks.slice(i, next < 0 ? undefined : next);
  const windows = [];
  phase.forEach((x, j) => {
    const changed = x.name === 'key' && phase.slice(j).find(y => y.name === 'count changed');
    if (changed) windows.push([x.mono, changed.mono]);
  });
  if (windows.length === 0) continue;
  const cols = columns(`keys-${file}`);
  table(`${file}: first keystroke → the status bar's count changes`, windows[0][0], windows[0][1] + 0.1, cols);
  keystrokes(`${file}: each keystroke → the status bar's count changes`, windows, cols);
}
