#!/usr/bin/env node
// Keystrokes on stripe over stdio, as an editor sends them (part of `npm run bench:server`; alone:
// `node test/bench/serverKeystrokes.mjs` after `npm run build`):
// - the first keystroke after opening: didOpen, its diagnostics, then one character typed into the first operation's
//   summary → the diagnostics of that version; then KEYS more keystrokes there (the relints after the first);
// - a keystroke that breaks the YAML (a `:` and a space after that text, which makes it a
//   second mapping on one line) and the keystroke that mends it again (deleted), KEYS times each.
// Every keystroke waits for its diagnostics (push, with the server's default debounce unless DEBOUNCE_MS is set):
// latency = didChange → publishDiagnostics of that version. Repeated RUNS times (a new server each), medians.
// As VS Code does, the code lenses are asked right after the didOpen and after each keystroke, in flight while its
// diagnostics come (their latency reported beside; the workspace, the corpus folder, is indexed meanwhile); LENSES=0:
// the keystrokes alone.
// Env: KS_DOC (default stripe), KEYS (default 8), RUNS (default 3), DEBOUNCE_MS (default: the server's),
// APICONV_SERVER (another build, e.g. main's, to compare in the same conditions), APICONV_SERVER_CPU_PROF=<folder> (a V8
// CPU profile of each of the server's threads written there per run; each keystroke's start and end are printed on
// stderr in the profiles' clock, microseconds).
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver-protocol/node');

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CORPUS = process.env.APICONV_CORPUS ? path.resolve(process.env.APICONV_CORPUS) : path.resolve(ROOT, '..', 'shared', 'corpus');
const SERVER = process.env.APICONV_SERVER ?? path.join(ROOT, 'server', 'out', 'server.js');
const DOCS = { stripe: 'stripe/spec3.yaml', asana: 'asana/asana.yaml', small: 'oai-petstore-expanded-v3/petstore-expanded.json' };
const KEYS = Number(process.env.KEYS ?? 8);
const RUNS = Number(process.env.RUNS ?? 3);
const LENSES = process.env.LENSES !== '0';

/** Now in the CPU profiles' clock (the monotonic one), microseconds. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
/** With profiles asked for: what was measured, from `startUs` to now, in the profiles' clock (to find it in them). */
const mark = (what, startUs) => {
  if (process.env.APICONV_SERVER_CPU_PROF) console.error(`  mark ${what} ${startUs} ${monotonicUs()}`);
};

const median = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The offset just after the first operation's summary or description (a plain scalar on one line), in a YAML document. */
function summaryEnd(text) {
  const paths = text.search(/^paths:/m);
  const re = /^ +(summary|description):[ \t]+[^\s'"|>][^\n]*$/gm;
  re.lastIndex = Math.max(paths, 0);
  const m = re.exec(text);
  if (!m) throw new Error('no operation summary or description after paths:');
  return m.index + m[0].length;
}

function positionAt(text, offset) {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

async function start() {
  const profiles = process.env.APICONV_SERVER_CPU_PROF;
  const flags = profiles ? ['--cpu-prof', `--cpu-prof-dir=${profiles}`] : [];
  const proc = spawn(process.execPath, [...flags, SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createProtocolConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
  const waiting = new Map();
  conn.onNotification('textDocument/publishDiagnostics', p => {
    const w = waiting.get(`${p.uri}#${p.version}`);
    if (w) w(p.diagnostics);
  });
  const settings = process.env.DEBOUNCE_MS !== undefined ? { debounceMs: Number(process.env.DEBOUNCE_MS) } : {};
  conn.onRequest('workspace/configuration', p => p.items.map(() => settings));
  if (process.env.VERBOSE)
    conn.onNotification('apiconv/status', p =>
      console.error(`  status v${p.version}: ${p.validationTime} ms in the ${p.thread}, ${JSON.stringify(p.incremental ?? 'full lint')}`),
    );
  conn.listen();
  await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(CORPUS).toString(),
    workspaceFolders: null,
    capabilities: { workspace: { configuration: true } },
  });
  await conn.sendNotification('initialized', {});
  const diagnostics = (uri, version) => new Promise(resolve => waiting.set(`${uri}#${version}`, resolve));
  return { proc, conn, diagnostics };
}

async function stop({ proc, conn }) {
  await conn.sendRequest('shutdown');
  await conn.sendNotification('exit');
  await new Promise(resolve => (proc.exitCode !== null ? resolve() : proc.once('exit', resolve)));
}

/** One run: open, the first keystroke, KEYS more, then KEYS breaks and mends. */
async function run(file) {
  const server = await start();
  const { conn, diagnostics } = server;
  const uri = pathToFileURL(file).toString();
  let text = fs.readFileSync(file, 'utf8');
  let version = 1;
  let t0 = performance.now();
  let us = monotonicUs();
  let pending = diagnostics(uri, version);
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version, text } });
  const lensMs = [];
  /** The code lenses asked now: ms to their answer, kept in `lensMs`. */
  const lenses = () => {
    if (!LENSES) return Promise.resolve();
    const t = performance.now();
    return conn.sendRequest('textDocument/codeLens', { textDocument: { uri } }).then(() => lensMs.push(performance.now() - t));
  };
  let lensed = lenses();
  const open = (await pending, performance.now() - t0);
  mark('open', us);
  await lensed;
  const at = summaryEnd(text);
  /** Types `insert` at `offset` (or deletes `remove` characters there): ms to that version's diagnostics, and their count. */
  const key = async (what, offset, insert, remove = 0) => {
    const range = { start: positionAt(text, offset), end: positionAt(text, offset + remove) };
    text = text.slice(0, offset) + insert + text.slice(offset + remove);
    version++;
    t0 = performance.now();
    us = monotonicUs();
    pending = diagnostics(uri, version);
    await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range, text: insert }] });
    lensed = lenses();
    const list = await pending;
    const ms = performance.now() - t0;
    mark(what, us);
    await lensed;
    return { ms, parser: list.some(d => d.code === 'parser') };
  };
  const first = (await key('first', at, 'x')).ms;
  const next = [];
  for (let i = 0; i < KEYS; i++) next.push((await key('next', at + 1 + i, 'x')).ms);
  const breaks = [];
  const mends = [];
  const end = at + 1 + KEYS;
  for (let i = 0; i < KEYS; i++) {
    const b = await key('break', end, ': ');
    if (!b.parser) throw new Error('the breaking keystroke did not break the YAML');
    breaks.push(b.ms);
    const m = await key('mend', end, '', 2);
    if (m.parser) throw new Error('the mending keystroke did not mend the YAML');
    mends.push(m.ms);
  }
  await stop(server);
  return { open, first, next: median(next), breaks: median(breaks), mends: median(mends), lens: LENSES ? median(lensMs) : NaN };
}

export async function benchKeystrokes(name = process.env.KS_DOC ?? 'stripe') {
  const file = path.join(CORPUS, DOCS[name] ?? name);
  if (!fs.existsSync(file)) {
    console.log(`keystrokes: skipped: no ${file} (the full corpus is in ../shared/corpus or APICONV_CORPUS)`);
    return undefined;
  }
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    runs.push(await run(file));
    console.error(`keystrokes ${name} run ${i + 1}: ${JSON.stringify(runs.at(-1), (_, v) => (typeof v === 'number' ? Math.round(v) : v))}`);
  }
  const m = k => Math.round(median(runs.map(r => r[k])));
  const out = { name, runs: RUNS, keys: KEYS, open: m('open'), first: m('first'), next: m('next'), breaks: m('breaks'), mends: m('mends'), lens: m('lens') };
  console.log(
    `\nKeystrokes on ${name} over stdio (didChange → diagnostics of that version; medians of ${RUNS} runs, a new server each; debounce ${process.env.DEBOUNCE_MS ?? "the server's default"}; ${LENSES ? 'code lenses asked after each' : 'no code lenses asked'}):\n`,
  );
  console.log(
    '| open ms | first keystroke after open ms | next keystrokes p50 ms | keystroke that breaks the YAML p50 ms | keystroke that mends it p50 ms | code lenses p50 ms |',
  );
  console.log('|---|---|---|---|---|---|');
  console.log(`| ${out.open} | ${out.first} | ${out.next} | ${out.breaks} | ${out.mends} | ${LENSES ? out.lens : '–'} |`);
  console.log(
    `Goals: the first keystroke after opening ≤ 300 ms: ${out.first <= 300 ? 'met' : 'missed'}; a keystroke that breaks or mends the YAML ≤ 300 ms p50: ${Math.max(out.breaks, out.mends) <= 300 ? 'met' : 'missed'}.`,
  );
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await benchKeystrokes();
