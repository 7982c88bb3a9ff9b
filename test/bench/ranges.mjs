#!/usr/bin/env node
// Range spans on the corpus (not a test): `node test/bench/ranges.mjs [--max-kb N] [--jobs N] [--json out.json] [names…]`.
// Lints the corpus documents (MANIFEST.md; every one unless --max-kb or names narrow it) with the
// built CLI (JSON format) and counts the findings whose range spans more than one line: the
// goal is that none does unless the finding is about a whole block by nature (a parser error,
// which points at what it cannot read). Prints the count per rule and per document, and the
// largest span with its place.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CORPUS = path.join(ROOT, '..', 'shared', 'corpus');
const CLI = path.join(ROOT, 'server', 'out', 'cli.js');

/** Findings whose range may span lines by nature: a parser error's range is where the text cannot be read. */
const WHOLE_BLOCK = new Set(['parser']);

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : dflt;
};
const maxKb = Number(opt('--max-kb', 'Infinity'));
const jobs = opt('--jobs', '2');
const jsonOut = opt('--json', undefined);

const docs = [];
for (const line of fs.readFileSync(path.join(CORPUS, 'MANIFEST.md'), 'utf8').split('\n')) {
  const cells = line.split('|').map(c => c.trim());
  if (!/^\d+$/.test(cells[1] ?? '')) continue;
  const m = /^([\d.]+)\s*(KB|MB)/.exec(cells[8]);
  const kb = Number(m[1]) * (m[2] === 'MB' ? 1024 : 1);
  if (kb > maxKb) continue;
  if (args.length && !args.includes(cells[2])) continue;
  docs.push({ name: cells[2], entry: path.join(CORPUS, cells[3].replace(/`/g, '')) });
}

const t0 = Date.now();
const r = spawnSync(process.execPath, [CLI, 'lint', '--format', 'json', '--jobs', jobs, '--no-progress', ...docs.map(d => d.entry)], {
  encoding: 'utf8',
  maxBuffer: 1 << 30,
});
if (r.status !== 0 && r.status !== 1) {
  console.error(`apiconv exited ${r.status}: ${r.stderr.slice(-2000)}`);
  process.exit(2);
}
const findings = JSON.parse(r.stdout);
if (jsonOut) fs.writeFileSync(jsonOut, r.stdout);

const docOf = file => docs.find(d => file.startsWith(path.dirname(d.entry) + path.sep))?.name ?? path.relative(CORPUS, file);
const byRule = new Map();
const byDoc = new Map();
let multi = 0;
let natural = 0;
let largest;
for (const f of findings) {
  const span = f.range.end.line - f.range.start.line;
  if (span === 0) continue;
  if (WHOLE_BLOCK.has(f.code)) {
    natural++;
    continue;
  }
  multi++;
  byRule.set(f.code, (byRule.get(f.code) ?? 0) + 1);
  const d = docOf(f.source);
  byDoc.set(d, (byDoc.get(d) ?? 0) + 1);
  if (!largest || span > largest.span) largest = { span, code: f.code, source: f.source, line: f.range.start.line + 1 };
}
const table = m => [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
console.log(`${docs.length} documents, ${findings.length} findings (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
console.log(`findings spanning more than one line: ${multi} (and ${natural} parser errors, whole-block by nature)`);
if (largest) console.log(`largest: ${largest.span + 1} lines, ${largest.code} at ${path.relative(CORPUS, largest.source)}:${largest.line}`);
if (multi) {
  console.log('\n| rule | findings |\n|---|---|');
  for (const [k, v] of table(byRule)) console.log(`| ${k} | ${v} |`);
  console.log('\n| document | findings |\n|---|---|');
  for (const [k, v] of table(byDoc)) console.log(`| ${k} | ${v} |`);
}
