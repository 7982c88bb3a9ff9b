#!/usr/bin/env node
// Language-server benchmark (not a test): `npm run bench:server` (after `npm run build`).
// Opens corpus documents in the built server (server/out/server.js --stdio), makes small edits to each,
// and reports edit → published diagnostics latency (p50/p95) and the server's RSS (main thread + lint
// workers: one process) after each document's round. In the same run, Spectral's own cost for the same
// relint with a reused `Spectral` instance and the same ruleset (rules/out/apiconv.js), in a separate process.
// Two kinds of edit per document (KINDS, default both): `title` changes the API title (info), `operation` changes
// the summary/description of the first operation (inside paths: what designers edit most).
// Env: EDITS (default 20), DOCS (comma-separated names: small,asana,stripe,digitalocean), KINDS (title,operation), SKIP_SPECTRAL=1,
// VERBOSE=1 (every edit's latency), FULL_SYNC=1 (send each edit as the whole text rather than as the changed range).
// The server asks for incremental sync, so editors (VS Code, Neovim, Eglot) send each change as a range and its
// new text: so does this bench, unless FULL_SYNC is set.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver-protocol/node');

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// The full corpus: APICONV_CORPUS, else ../shared/corpus. Without it the benchmark is skipped (it says so, exit 0).
const CORPUS = process.env.APICONV_CORPUS ? path.resolve(process.env.APICONV_CORPUS) : path.resolve(ROOT, '..', 'shared', 'corpus');
if (!fs.existsSync(path.join(CORPUS, 'MANIFEST.md'))) {
  console.log(`bench: skipped: no corpus at ${CORPUS} (set APICONV_CORPUS to the folder of the full corpus, or put it in ../shared/corpus)`);
  process.exit(0);
}
const SERVER = path.join(ROOT, 'server', 'out', 'server.js');
const EDITS = Number(process.env.EDITS ?? 20);
const ALL = {
  small: 'oai-petstore-expanded-v3/petstore-expanded.json',
  asana: 'asana/asana.yaml',
  stripe: 'stripe/spec3.yaml',
  digitalocean: 'digitalocean/specification/DigitalOcean-public.v2.yaml',
};
const names = (process.env.DOCS ?? Object.keys(ALL).join(',')).split(',').map(s => s.trim()).filter(n => n in ALL);
const KINDS = (process.env.KINDS ?? 'title,operation').split(',').map(s => s.trim()).filter(k => k === 'title' || k === 'operation');

if (!fs.existsSync(SERVER)) {
  console.error(`${SERVER} is missing: run npm run build`);
  process.exit(2);
}

/** The i-th small edit of a kind: `title` (the API title) or `operation` (the first operation's summary/description). */
function edit(text, i, kind) {
  const json = text.trimStart().startsWith('{');
  if (kind === 'operation') {
    const at = json ? text.search(/"paths"\s*:/) : text.search(/^paths:/m);
    const re = json ? /"(summary|description)"\s*:\s*"/g : /^(\s+)(summary|description):[ \t]+(['"]?)(?=[^|>\s])/gm;
    re.lastIndex = Math.max(at, 0);
    const m = re.exec(text);
    if (m) return text.slice(0, m.index + m[0].length) + `e${i} ` + text.slice(m.index + m[0].length);
  }
  if (json) return text.replace(/"title"\s*:\s*"/, m => `${m}e${i} `);
  return text.replace(/^(\s+title:\s*)(['"]?)/m, (_, a, q) => `${a}${q}e${i} `);
}

/** `next` as one LSP content change on `prev`: the range between their common prefix and suffix, and its new text. */
function changeBetween(prev, next) {
  if (process.env.FULL_SYNC) return { text: next };
  let a = 0;
  const n = Math.min(prev.length, next.length);
  while (a < n && prev.charCodeAt(a) === next.charCodeAt(a)) a++;
  let b = 0;
  while (b < n - a && prev.charCodeAt(prev.length - 1 - b) === next.charCodeAt(next.length - 1 - b)) b++;
  const position = offset => {
    const before = prev.slice(0, offset);
    const line = before.split('\n').length - 1;
    return { line, character: offset - (before.lastIndexOf('\n') + 1) };
  };
  return { range: { start: position(a), end: position(prev.length - b) }, text: next.slice(a, next.length - b) };
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const rssOf = pid => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : NaN;
  } catch {
    return NaN;
  }
};

async function benchServer() {
  const proc = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createProtocolConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
  const waiting = new Map();
  conn.onNotification('textDocument/publishDiagnostics', p => {
    const w = waiting.get(p.uri);
    if (w && p.version === w.version) {
      waiting.delete(p.uri);
      w.resolve(p.diagnostics.length);
    }
  });
  conn.onRequest('workspace/configuration', p => p.items.map(() => ({ debounceMs: 0 })));
  conn.listen();
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(CORPUS).toString(), workspaceFolders: null, capabilities: { workspace: { configuration: true } } });
  await conn.sendNotification('initialized', {});
  const published = (uri, version) => new Promise(resolve => waiting.set(uri, { version, resolve }));
  const rows = [];
  const rss0 = rssOf(proc.pid);
  for (const name of names) for (const kind of KINDS) {
    const file = path.join(CORPUS, ALL[name]);
    const uri = pathToFileURL(file).toString();
    const text = fs.readFileSync(file, 'utf8');
    let t0 = performance.now();
    const first = published(uri, 1);
    await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: file.endsWith('.json') ? 'json' : 'yaml', version: 1, text } });
    const problems = await first;
    const openMs = performance.now() - t0;
    const times = [];
    const rss = [rssOf(proc.pid)];
    let current = text;
    for (let i = 0; i < EDITS; i++) {
      const version = i + 2;
      const next = edit(text, i, kind);
      const change = changeBetween(current, next);
      current = next;
      const p = published(uri, version);
      t0 = performance.now();
      await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
      await p;
      times.push(performance.now() - t0);
      rss.push(rssOf(proc.pid));
    }
    await conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
    rows.push({ name, kind, bytes: text.length, problems, openMs, p50: pct(times, 50), p95: pct(times, 95), rssFirst: rss[1] ?? rss[0], rssLast: rss.at(-1), rssMax: Math.max(...rss) });
    console.error(`server ${name} (${kind}): open ${Math.round(openMs)} ms, p50 ${pct(times, 50).toFixed(1)} ms, RSS ${rss.join(' ')}`);
    if (process.env.VERBOSE) console.error(`  edits (ms): ${times.map(t => t.toFixed(1)).join(' ')}`);
  }
  await conn.sendRequest('shutdown');
  await conn.sendNotification('exit');
  return { rows, rss0 };
}

// Spectral alone, reused instance, same ruleset, same edits (a separate process).
const SPECTRAL_CHILD = `
const fs = require('node:fs');
const { Spectral, Document } = require('@stoplight/spectral-core');
const Parsers = require('@stoplight/spectral-parsers');
const { bundleAndLoadRuleset } = require('@stoplight/spectral-ruleset-bundler/with-loader');
const { fetch } = require('@stoplight/spectral-runtime');
const [file, edits, rulesetFile, kind] = [process.argv[1], Number(process.argv[2]), process.argv[3], process.argv[4]];
const edit = ${edit.toString()};
(async () => {
  const ruleset = await bundleAndLoadRuleset(rulesetFile, { fs, fetch });
  const spectral = new Spectral();
  spectral.setRuleset(ruleset);
  const text = fs.readFileSync(file, 'utf8');
  const parser = text.trimStart().startsWith('{') ? Parsers.Json : Parsers.Yaml;
  let t0 = performance.now();
  const r0 = await spectral.run(new Document(text, parser, file), { ignoreUnknownFormat: true });
  const openMs = performance.now() - t0;
  const times = [];
  for (let i = 0; i < edits; i++) {
    t0 = performance.now();
    await spectral.run(new Document(edit(text, i, kind), parser, file), { ignoreUnknownFormat: true });
    times.push(performance.now() - t0);
  }
  process.stdout.write(JSON.stringify({ openMs, times, problems: r0.length, rss: Math.round(process.memoryUsage().rss / 1048576) }));
})().catch(e => { console.error(e); process.exit(1); });
`;

function benchSpectral(name, kind) {
  const file = path.join(CORPUS, ALL[name]);
  const r = spawnSync(process.execPath, ['-e', SPECTRAL_CHILD, file, String(EDITS), path.join(ROOT, 'rules', 'out', 'apiconv.js'), kind], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  if (r.status !== 0) return { error: (r.stderr || '').split('\n').slice(0, 3).join(' ') };
  const x = JSON.parse(r.stdout);
  return { ...x, p50: pct(x.times, 50), p95: pct(x.times, 95) };
}

const { rows, rss0 } = await benchServer();
const spectral = {};
if (!process.env.SKIP_SPECTRAL) {
  for (const name of names) for (const kind of KINDS) {
    const k = `${name}/${kind}`;
    spectral[k] = benchSpectral(name, kind);
    console.error(`spectral ${k}: ${spectral[k].error ?? `p50 ${Math.round(spectral[k].p50)} ms`}`);
  }
}

const f = n => (Number.isFinite(n) ? (n < 10 ? n.toFixed(1) : String(Math.round(n))) : '–');
console.log(`\nLanguage server: ${EDITS} edits per document, debounce 0; latency = didChange → publishDiagnostics of that version.`);
console.log(`Server RSS at start: ${rss0} MB (main thread + lint workers).\n`);
console.log('| document | edit | size | problems | open ms | server p50 ms | server p95 ms | Spectral p50 ms | Spectral p95 ms | server/Spectral | RSS after 1st edit → last (max) MB | growth |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  const s = spectral[`${r.name}/${r.kind}`] ?? {};
  const ratio = s.p50 ? (r.p50 / s.p50).toFixed(2) : '–';
  const growth = r.rssFirst ? `${(((r.rssLast - r.rssFirst) / r.rssFirst) * 100).toFixed(1)}%` : '–';
  console.log(
    `| ${r.name} | ${r.kind} | ${(r.bytes / 1024).toFixed(0)} KB | ${r.problems} | ${f(r.openMs)} | ${f(r.p50)} | ${f(r.p95)} | ${s.error ? 'error' : f(s.p50)} | ${s.error ? '' : f(s.p95)} | ${ratio} | ${r.rssFirst} → ${r.rssLast} (${r.rssMax}) | ${growth} |`,
  );
}
console.log('\nGoals: relint ≤ 1/5 of Spectral\'s (server/Spectral ≤ 0.20), asana p50 < 250 ms, RSS growth ≤ 10%.');
for (const asana of rows.filter(r => r.name === 'asana')) console.log(`asana (${asana.kind}) p50 ${f(asana.p50)} ms: ${asana.p50 < 250 ? 'met' : 'missed'}`);
