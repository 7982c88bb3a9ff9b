#!/usr/bin/env node
// Language-server benchmark of `apiconv.diff.base` (not a test; after `npm run build`): opens asana
// (../shared/corpus) in the built server, in a scratch git repository whose last commit has a base
// that differs from it (a response property the head lacks), with `diff.base: HEAD`, types EDITS
// characters into the first operation's summary, and reports per edit the time from didChange to the
// lint's publish of that version and to the diff's publish after it (p50/p95); then the same edits
// with the setting off.   Env: EDITS (default 20), DOC (a corpus path, default asana/asana.yaml).
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver-protocol/node');
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVER = path.join(ROOT, 'server', 'out', 'server.js');
const DOC = path.resolve(ROOT, '..', 'shared', 'corpus', process.env.DOC ?? 'asana/asana.yaml');
const EDITS = Number(process.env.EDITS ?? 20);

const head = fs.readFileSync(DOC, 'utf8');
// The base: one more property in the first schema with properties (the head "removed" it).
const base = head.replace(
  /^(components:[\s\S]*?\n( +)properties:\n)( +)/m,
  (_, pre, _i, ind) => `${pre}${ind}apiconv_bench_removed:\n${ind}  type: string\n${ind}`,
);
if (base === head) throw new Error('no schema with properties to change');
const repo = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-bench-diffserver-')));
const file = path.join(repo, path.basename(DOC));
const git = (...a) =>
  execFileSync('git', ['-c', 'user.email=b@example.com', '-c', 'user.name=b', '-c', 'commit.gpgsign=false', ...a], { cwd: repo, stdio: 'ignore' });
git('init', '-q');
fs.writeFileSync(file, base);
git('add', '-A');
git('commit', '-qm', 'base');
fs.writeFileSync(file, head);

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

function edit(text, i) {
  const at = text.search(/^paths:/m);
  const re = /^(\s+)summary:[ \t]+(['"]?)(?=[^|>\s])/gm;
  re.lastIndex = at;
  const m = re.exec(text);
  return text.slice(0, m.index + m[0].length) + `e${i} ` + text.slice(m.index + m[0].length);
}

async function run(diffBase) {
  const proc = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createProtocolConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
  const uri = pathToFileURL(file).toString();
  const seen = new Map();
  let waiter;
  conn.onNotification('textDocument/publishDiagnostics', p => {
    if (p.uri !== uri) return;
    const n = (seen.get(p.version)?.length ?? 0) + 1;
    seen.set(p.version, [...(seen.get(p.version) ?? []), { at: performance.now(), diff: p.diagnostics.filter(d => d.source === 'apiconv-diff').length }]);
    if (waiter && p.version === waiter.version && n >= waiter.count) waiter.resolve();
  });
  conn.onRequest('workspace/configuration', p => p.items.map(() => ({ debounceMs: 0, diff: { base: diffBase } })));
  conn.listen();
  await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(repo).toString(),
    workspaceFolders: null,
    capabilities: { workspace: { configuration: true } },
    initializationOptions: { workspaceTrusted: true },
  }); // git runs only in a trusted workspace
  await conn.sendNotification('initialized', {});
  const count = diffBase ? 2 : 1;
  const until = (version, c) => new Promise(resolve => (waiter = { version, count: c, resolve }));
  let t0 = performance.now();
  let w = until(1, count);
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text: head } });
  await w;
  const openMs = performance.now() - t0;
  const lint = [];
  const diff = [];
  let findings = 0;
  for (let i = 0; i < EDITS; i++) {
    const version = i + 2;
    w = until(version, count);
    t0 = performance.now();
    await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text: edit(head, i) }] });
    await w;
    const pubs = seen.get(version);
    lint.push(pubs[0].at - t0);
    if (diffBase) {
      diff.push(pubs[1].at - t0);
      findings = pubs[1].diff;
    }
  }
  await conn.sendRequest('shutdown');
  await conn.sendNotification('exit');
  return { openMs, lint, diff, findings };
}

const on = await run('HEAD');
const off = await run('');
const f = n => n.toFixed(1);
console.log(`${path.basename(DOC)}, ${EDITS} edits (whole-text sync, debounce 0): didChange → publish of that version, ms`);
console.log('| diff.base | open | lint p50 | lint p95 | lint + diff p50 | lint + diff p95 | diff findings |');
console.log('|---|---|---|---|---|---|---|');
console.log(
  `| HEAD | ${Math.round(on.openMs)} | ${f(pct(on.lint, 50))} | ${f(pct(on.lint, 95))} | ${f(pct(on.diff, 50))} | ${f(pct(on.diff, 95))} | ${on.findings} |`,
);
console.log(`| (off) | ${Math.round(off.openMs)} | ${f(pct(off.lint, 50))} | ${f(pct(off.lint, 95))} | – | – | – |`);
