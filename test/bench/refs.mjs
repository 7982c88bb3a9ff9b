#!/usr/bin/env node
// Reference features benchmark (not a test): `npm run bench:refs` (after `npm run build`). On stripe (DOC, default
// stripe/spec3.yaml, copied alone into a temporary workspace folder) in the built server: the first request (the
// workspace's index built), then RUNS rounds (default 9, medians) of references on its most referenced schema, a
// rename of it, the code lenses of the visible range (the document's lenses listed with their titles; any of the
// 40 from that schema's line listed without one resolved), and a keystroke (one character typed in a description)
// followed by those lenses again: the index brought up to date with the edit. Also the same keystroke's diagnostics
// latency with and without the lens requests, so that what the index adds to a keystroke is seen beside what a
// keystroke costs.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver-protocol/node');

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CORPUS = process.env.APICONV_CORPUS ? path.resolve(process.env.APICONV_CORPUS) : path.resolve(ROOT, '..', 'shared', 'corpus');
const DOC = path.join(CORPUS, process.env.DOC ?? 'stripe/spec3.yaml');
if (!fs.existsSync(DOC)) {
  console.log(`bench: skipped: no ${DOC} (set APICONV_CORPUS to the folder of the full corpus)`);
  process.exit(0);
}
const SERVER = process.env.APICONV_SERVER ?? path.join(ROOT, 'server', 'out', 'server.js');
const RUNS = Number(process.env.RUNS ?? 9);
const VISIBLE = 40;

const ws = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-bench-refs-'));
const file = path.join(ws, path.basename(DOC));
let text = fs.readFileSync(DOC, 'utf8');
fs.writeFileSync(file, text);
const uri = pathToFileURL(file).toString();

// The most referenced schema, and the line of its key.
const counts = new Map();
for (const m of text.matchAll(/#\/components\/schemas\/([\w.-]+)['"]/g)) counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
const [schema, refCount] = [...counts].sort((a, b) => b[1] - a[1])[0];
const lines = text.split('\n');
const schemasLine = lines.findIndex(l => l === '  schemas:');
const keyLine = lines.findIndex((l, i) => i > schemasLine && l === `    ${schema}:`);
const keyPos = { line: keyLine, character: 5 };

const proc = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
const conn = createProtocolConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
const waiting = new Map();
conn.onNotification('textDocument/publishDiagnostics', p => {
  const w = waiting.get(p.version);
  if (p.uri === uri && w) {
    waiting.delete(p.version);
    w();
  }
});
conn.onRequest('workspace/configuration', p => p.items.map(() => ({ debounceMs: 0 })));
conn.listen();
await conn.sendRequest('initialize', {
  processId: process.pid,
  rootUri: pathToFileURL(ws).toString(),
  workspaceFolders: null,
  capabilities: { workspace: { configuration: true } },
});
await conn.sendNotification('initialized', {});

let version = 1;
const diagnostics = v => new Promise(resolve => waiting.set(v, resolve));
const opened = diagnostics(1);
await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version, text } });
await opened;

const time = async fn => {
  const t = performance.now();
  const r = await fn();
  return [performance.now() - t, r];
};
const median = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const references = () => conn.sendRequest('textDocument/references', { textDocument: { uri }, position: keyPos, context: { includeDeclaration: true } });
/** The document's lenses, and those from the schema's line that are not listed with their titles resolved. */
const visibleLenses = async () => {
  const lenses = await conn.sendRequest('textDocument/codeLens', { textDocument: { uri } });
  const first = lenses.findIndex(l => l.range.start.line >= keyLine);
  return Promise.all(lenses.slice(first, first + VISIBLE).map(l => (l.command ? l : conn.sendRequest('codeLens/resolve', l))));
};
/** Types one character into the description after the schema's key. */
const descLine = lines.findIndex((l, i) => i > keyLine && /^ {6}description: /.test(l));
const keystroke = async () => {
  version++;
  const character = lines[descLine].length;
  const shown = diagnostics(version);
  await conn.sendNotification('textDocument/didChange', {
    textDocument: { uri, version },
    contentChanges: [{ range: { start: { line: descLine, character }, end: { line: descLine, character } }, text: 'x' }],
  });
  lines[descLine] += 'x';
  return shown;
};

const [first, refs] = await time(references);
const rows = {
  references: [],
  rename: [],
  lenses: [],
  'keystroke → lenses': [],
  'keystroke → diagnostics': [],
  'keystroke → diagnostics, lenses asked too': [],
};
let edits = 0;
for (let i = 0; i < RUNS; i++) {
  rows.references.push((await time(references))[0]);
  const [t, edit] = await time(() => conn.sendRequest('textDocument/rename', { textDocument: { uri }, position: keyPos, newName: `${schema}Renamed` }));
  edits = Object.values(edit.changes).reduce((n, e) => n + e.length, 0);
  rows.rename.push(t);
  rows.lenses.push((await time(visibleLenses))[0]);
  rows['keystroke → diagnostics'].push((await time(keystroke))[0]);
  const [tk, [, lensesAfter]] = await time(async () => {
    const shown = keystroke();
    const l = await time(visibleLenses);
    await shown;
    return [0, l[0]];
  });
  rows['keystroke → diagnostics, lenses asked too'].push(tk);
  rows['keystroke → lenses'].push(lensesAfter);
}
console.log(
  `${path.relative(CORPUS, DOC)}: ${(text.length / 1e6).toFixed(1)} MB; most referenced schema ${schema} (${refCount} $refs in the text; references found ${refs.length}, rename edits ${edits}); load ${os
    .loadavg()
    .map(x => x.toFixed(1))
    .join(' ')}`,
);
console.log(`first references request (workspace index built, the document's tree parsed): ${first.toFixed(0)} ms`);
for (const [name, xs] of Object.entries(rows))
  console.log(
    `${name.padEnd(44)} median ${median(xs).toFixed(1)} ms  (min ${Math.min(...xs).toFixed(1)}, max ${Math.max(...xs).toFixed(1)}, ${xs.length} runs)`,
  );
proc.kill();
fs.rmSync(ws, { recursive: true, force: true });
