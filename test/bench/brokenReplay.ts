// The soak's edits replayed through the incremental parser (not a test):
//   node --import tsx test/bench/brokenReplay.ts [--doc FILE] [--seed S] [--edits N] [--checkpoint-every K] [--list]
// The long soak's editing user (test/fuzz/server.ts Editor) with the same seed makes the same texts: the harness's
// generator is drawn from in the same order here (requests and pauses too, their answers aside). Each version goes
// through one IncrementalParser, as the lint worker's would if it linted every version. Per version whose text has a
// syntax error: whether its pieces were proven (incremental) or the whole text was parsed, why, and how long it took;
// a table of the counts and times by path and reason. `--list`: one line per broken version.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DiagnosticSeverity } from '@stoplight/types';
import { IncrementalParser } from '../../server/src/engine/parse/parser';
import { rng } from '../fuzz/fuzz';
import { DEFAULTS, Editor, LARGEST_DOC } from '../fuzz/server';

const argv = process.argv.slice(2);
const opt = (name: string, def: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1]! : def);
const file = path.resolve(opt('--doc', LARGEST_DOC));
const seed = Number(opt('--seed', '34'));
const edits = Number(opt('--edits', '1000'));
const checkpointEvery = Number(opt('--checkpoint-every', '100'));
const list = argv.includes('--list');

const original = fs.readFileSync(file, 'utf8');
const r = rng(seed);
const editor = new Editor(original, r, original);
const parser = new IncrementalParser(file, /\.json$/i.test(file) ? 'json' : 'yaml');
parser.update(original);

interface Row {
  count: number;
  ms: number[];
}
const rows = new Map<string, Row>();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** The harness's draws for a request while typing (server.ts fuzzServerRun: REQUESTS_WHILE_TYPING, randomPosition). */
function drawRequest(): void {
  if (r.next() >= 0.3) return;
  const method = r.pick(['hover', 'completion', 'definition', 'hover', 'completion'] as const);
  if (method === 'completion') return;
  const t = editor.text;
  if (r.next() < 0.5) {
    const i = t.indexOf('$ref', r.int(t.length + 1));
    if (i >= 0) {
      r.int(20);
      return;
    }
  }
  r.int(t.length + 1);
}

let brokenVersions = 0;
for (let i = 0; i < edits; i++) {
  const c = editor.next();
  drawRequest();
  const t0 = performance.now();
  const u = parser.update(editor.text);
  const ms = performance.now() - t0;
  const broken = u.doc.diagnostics.some(d => d.severity === DiagnosticSeverity.Error);
  if (broken) {
    brokenVersions++;
    const way = u.full ? `whole parse: ${u.fallback ?? '?'}` : 'pieces proven';
    const row = rows.get(way) ?? { count: 0, ms: [] };
    row.count++;
    row.ms.push(ms);
    rows.set(way, row);
    if (list) console.log(`edit ${i + 1} (${c.kind}): ${way}, ${Math.round(ms)} ms`);
  }
  const last = i === edits - 1;
  if (i === 0 || last || (i + 1) % checkpointEvery === 0) {
    // The harness's checkpoint: a text with a parser error is undone at the next edit (Editor.checkpoint).
    const parserError = u.doc.diagnostics.length > 0 && u.doc.diagnostics.some(d => d.code === 'parser');
    editor.checkpoint(parserError);
    if (list) console.log(`checkpoint at edit ${i + 1}: ${editor.text.length} chars${parserError ? ' (broken)' : ''}`);
  } else if (r.next() < DEFAULTS.pauseChance) r.int(DEFAULTS.pauseMs[1] - DEFAULTS.pauseMs[0] + 1);
  else r.next();
}

console.log(`${path.basename(file)}, seed ${seed}, ${edits} edits: ${brokenVersions} versions with a syntax error`);
console.log('| path | versions | median ms | max ms | total s |');
console.log('|---|---|---|---|---|');
for (const [way, row] of [...rows].sort((a, b) => b[1].count - a[1].count)) {
  const total = row.ms.reduce((a, b) => a + b, 0);
  console.log(`| ${way} | ${row.count} | ${Math.round(median(row.ms))} | ${Math.round(Math.max(...row.ms))} | ${(total / 1000).toFixed(1)} |`);
}
