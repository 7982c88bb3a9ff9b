#!/usr/bin/env node
// Language-server benchmark (not a test): `npm run bench:server` (after `npm run build`).
// Opens corpus documents in the built server (server/out/server.js --stdio), makes small edits to each,
// and reports edit → published diagnostics latency (p50/p95) and the server's RSS (main thread + lint
// workers: one process) after each document's round. In the same run, Spectral's own cost for the same
// relint with a reused `Spectral` instance and the same ruleset (rules/out/apiconv.js), in a separate process.
// Two kinds of edit per document (KINDS, default both): `title` changes the API title (info), `operation` changes
// the summary/description of the first operation (inside paths: what designers edit most).
// A third kind, `type`, types one character after another into the first operation's summary (a keystroke each).
// Like VS Code, the bench asks for the outline (`textDocument/documentSymbol`), the light bulb (`textDocument/codeAction`
// at the cursor, with the diagnostics shown there) and the code lenses (`textDocument/codeLens`: the reference index
// brought up to date with the edit) right after each edit, and measures the diagnostics' latency with those
// requests in flight (REQUESTS=0: the edits alone). CLIENT=pull: the client pulls diagnostics (`textDocument/diagnostic`
// after each edit, as VS Code does) instead of receiving pushes.
// Also measured in the same run:
// - first diagnostics after opening OPEN_DOCS (default stripe,github-api,digitalocean; whole time from didOpen, server
//   already started) against Redocly CLI's whole-process `lint` of the same file (OPEN_RUNS each, default 3, medians);
// - code actions on asana (CODE_ACTIONS=0 to skip): the light bulb at CA_SAMPLES fixable findings, fix-on-save
//   (`only: source.fixAll`), resolving the fix-all and "Fix all <rule>" actions (codeAction/resolve), the latency of
//   other requests while a fix-all is being computed, and a cancelled resolve.
// Env: EDITS (default 20), DOCS (comma-separated names: small,asana,stripe,digitalocean,github-api), KINDS (title,operation,type),
// The server process's CPU time per edit (user + system, all threads; the main thread's in brackets) is reported
// beside the latencies: on a shared machine it moves less than the wall time.
// PAUSE_MS (default 2500): after a document's edits, the bench waits this long, as a user who stops typing, and
// reads the RSS again ("after pause"): the server collects its heap in such pauses rather than while edits come
// (server/src/lsp/memory.ts, IDLE_MS 1000 after the last lint), so the RSS right after the last edit of a burst shows
// the garbage of the burst and the RSS after the pause what stays. The edits themselves come back to back: each as
// soon as the last one's diagnostics and requests are answered (a keystroke each 150–300 ms for stripe: a fast
// typist), never a pause the server could collect in. PAUSE_EVERY=N (default 0: never) also pauses PAUSE_MS after
// every N edits, as a typist who stops to think: the edits after a pause then show whether a collection in the pause
// delays them.
// SKIP_SPECTRAL=1, SKIP_REDOCLY=1, VERBOSE=1 (every edit's latency), FULL_SYNC=1 (send each edit as the whole text rather than
// as the changed range), REQUEST_TIMEOUT_MS (default 180000: a request not answered by then counts as that long).
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
const SERVER = process.env.APICONV_SERVER ?? path.join(ROOT, 'server', 'out', 'server.js');
const EDITS = Number(process.env.EDITS ?? 20);
const ALL = {
  small: 'oai-petstore-expanded-v3/petstore-expanded.json',
  asana: 'asana/asana.yaml',
  stripe: 'stripe/spec3.yaml',
  digitalocean: 'digitalocean/specification/DigitalOcean-public.v2.yaml',
  'github-api': 'github-api/api.github.com.yaml',
};
const names = (process.env.DOCS ?? 'small,asana,stripe,digitalocean')
  .split(',')
  .map(s => s.trim())
  .filter(n => n in ALL);
const KINDS = (process.env.KINDS ?? 'title,operation,type')
  .split(',')
  .map(s => s.trim())
  .filter(k => k === 'title' || k === 'operation' || k === 'type');
const REQUESTS = process.env.REQUESTS !== '0';
const PULL = process.env.CLIENT === 'pull';
const OPEN_DOCS = (process.env.OPEN_DOCS ?? 'stripe,github-api,digitalocean')
  .split(',')
  .map(s => s.trim())
  .filter(n => n in ALL);
const OPEN_RUNS = Number(process.env.OPEN_RUNS ?? 3);
const CODE_ACTIONS = process.env.CODE_ACTIONS !== '0';
const CA_SAMPLES = Number(process.env.CA_SAMPLES ?? 20);
const REQUEST_TIMEOUT_MS = Number(process.env.REQUEST_TIMEOUT_MS ?? 180000);
const PAUSE_MS = Number(process.env.PAUSE_MS ?? 2500);
const PAUSE_EVERY = Number(process.env.PAUSE_EVERY ?? 0);
const sleep = ms => new Promise(resolve => setTimeout(resolve, ms));
const REDOCLY = path.join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

if (!fs.existsSync(SERVER)) {
  console.error(`${SERVER} is missing: run npm run build`);
  process.exit(2);
}

/** The i-th small edit of a kind: `title` (the API title) or `operation` (the first operation's summary/description). */
function edit(text, i, kind) {
  const json = text.trimStart().startsWith('{');
  if (kind === 'type') return insertAt(text, operationAt(text), 'x'.repeat(i + 1));
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

/** Where the first operation's summary/description starts (or the title's value, or 0): where `operation` and `type` edit. */
function operationAt(text) {
  const json = text.trimStart().startsWith('{');
  const at = json ? text.search(/"paths"\s*:/) : text.search(/^paths:/m);
  const re = json ? /"(summary|description)"\s*:\s*"/g : /^(\s+)(summary|description):[ \t]+(['"]?)(?=[^|>\s])/gm;
  re.lastIndex = Math.max(at, 0);
  const m = re.exec(text);
  if (m) return m.index + m[0].length;
  // No operation text in this file (digitalocean's root: every path item is a $ref to another file): the title's
  // value, as `operation` falls back to the title edit. Offset 0 made the typed text break the `openapi:` key.
  const t = json ? /"title"\s*:\s*"/.exec(text) : /^(\s+title:\s*)(['"]?)/m.exec(text);
  return t ? t.index + t[0].length : 0;
}

function insertAt(text, offset, s) {
  return text.slice(0, offset) + s + text.slice(offset);
}

/** The 0-based line/character of `offset` in `text`. */
function positionAt(text, offset) {
  let line = 0;
  let last = -1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    last = i;
  }
  return { line, character: offset - last - 1 };
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

/** CPU time (user + system, ms) of the whole process and of its main thread, from /proc (NaN elsewhere). */
const cpuOf = pid => {
  const ms = f => {
    const fields = fs
      .readFileSync(f, 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
  };
  try {
    return { total: ms(`/proc/${pid}/stat`), main: ms(`/proc/${pid}/task/${pid}/stat`) };
  } catch {
    return { total: NaN, main: NaN };
  }
};
const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

const contains = (r, p) =>
  (r.start.line < p.line || (r.start.line === p.line && r.start.character <= p.character)) &&
  (p.line < r.end.line || (p.line === r.end.line && p.character <= r.end.character));

/** A request's latency in ms (REQUEST_TIMEOUT_MS when it is not answered by then), and its answer. */
async function timed(send) {
  const t0 = performance.now();
  let timer;
  const timeout = new Promise(resolve => (timer = setTimeout(() => resolve({ timedOut: true }), REQUEST_TIMEOUT_MS)));
  const r = await Promise.race([
    send().then(
      value => ({ value }),
      error => ({ error }),
    ),
    timeout,
  ]);
  clearTimeout(timer);
  return { ms: performance.now() - t0, ...r };
}

async function startServer() {
  const proc = spawn(process.execPath, [...(process.env.SERVER_NODE_ARGS ? process.env.SERVER_NODE_ARGS.split(' ') : []), SERVER, '--stdio'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const conn = createProtocolConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
  const waiting = new Map();
  /** The last diagnostics received per URI (pushed or pulled), as the editor shows them. */
  const shown = new Map();
  conn.onNotification('textDocument/publishDiagnostics', p => {
    shown.set(p.uri, p.diagnostics);
    const w = waiting.get(p.uri);
    if (w && p.version === w.version) {
      waiting.delete(p.uri);
      w.resolve(p.diagnostics.length);
    }
  });
  conn.onRequest('workspace/configuration', p => p.items.map(() => ({ debounceMs: 0 })));
  conn.onRequest('workspace/diagnostic/refresh', () => null);
  conn.listen();
  const capabilities = {
    workspace: { configuration: true },
    textDocument: {
      codeAction: {
        dataSupport: true,
        resolveSupport: { properties: ['edit'] },
        codeActionLiteralSupport: { codeActionKind: { valueSet: ['', 'quickfix', 'refactor', 'source', 'source.fixAll'] } },
      },
      documentSymbol: { hierarchicalDocumentSymbolSupport: true },
      ...(PULL ? { diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false } } : {}),
    },
  };
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(CORPUS).toString(), workspaceFolders: null, capabilities });
  await conn.sendNotification('initialized', {});
  /** Resolves with the number of diagnostics of `version` once the client has them (push, or pull when CLIENT=pull). */
  const diagnosticsOf = (uri, version) => {
    if (!PULL) return new Promise(resolve => waiting.set(uri, { version, resolve }));
    return conn.sendRequest('textDocument/diagnostic', { textDocument: { uri } }).then(r => {
      shown.set(uri, r.items);
      return r.items.length;
    });
  };
  return { proc, conn, shown, diagnosticsOf };
}

async function stopServer({ conn, proc }) {
  await conn.sendRequest('shutdown');
  await conn.sendNotification('exit');
  await new Promise(resolve => (proc.exitCode !== null ? resolve() : proc.once('exit', resolve)));
}

async function benchServer() {
  const server = await startServer();
  const { proc, conn, shown, diagnosticsOf } = server;
  const rows = [];
  const rss0 = rssOf(proc.pid);
  for (const name of names)
    for (const kind of KINDS) {
      const file = path.join(CORPUS, ALL[name]);
      const uri = pathToFileURL(file).toString();
      const text = fs.readFileSync(file, 'utf8');
      let t0 = performance.now();
      await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: file.endsWith('.json') ? 'json' : 'yaml', version: 1, text } });
      const problems = await diagnosticsOf(uri, 1);
      const openMs = performance.now() - t0;
      const times = [];
      const symbolMs = [];
      const actionMs = [];
      const lensMs = [];
      const rss = [rssOf(proc.pid)];
      let current = text;
      const cpu0 = cpuOf(proc.pid);
      let paused = 0;
      for (let i = 0; i < EDITS; i++) {
        if (PAUSE_EVERY > 0 && i > 0 && i % PAUSE_EVERY === 0 && PAUSE_MS > 0) {
          await sleep(PAUSE_MS);
          paused += PAUSE_MS;
        }
        const version = i + 2;
        const next = edit(text, i, kind);
        const change = changeBetween(current, next);
        // The cursor: after the edit's new text.
        const cursorOffset = kind === 'type' ? operationAt(text) + i + 1 : undefined;
        current = next;
        t0 = performance.now();
        const p = PULL ? undefined : diagnosticsOf(uri, version);
        await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
        const requests = [];
        if (PULL) requests.push(diagnosticsOf(uri, version).then(() => times.push(performance.now() - t0)));
        if (REQUESTS) {
          const start = change.range?.start ?? { line: 0, character: 0 };
          const cursor =
            cursorOffset !== undefined
              ? positionAt(current, cursorOffset)
              : { line: start.line, character: start.character + (change.text.split('\n').at(-1)?.length ?? 0) };
          const diagnostics = (shown.get(uri) ?? []).filter(d => contains(d.range, cursor));
          requests.push(timed(() => conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri } })).then(r => symbolMs.push(r.ms)));
          requests.push(
            timed(() =>
              conn.sendRequest('textDocument/codeAction', {
                textDocument: { uri },
                range: { start: cursor, end: cursor },
                context: { diagnostics, triggerKind: 2 },
              }),
            ).then(r => actionMs.push(r.ms)),
          );
          requests.push(timed(() => conn.sendRequest('textDocument/codeLens', { textDocument: { uri } })).then(r => lensMs.push(r.ms)));
        }
        if (p) await p.then(() => times.push(performance.now() - t0));
        await Promise.all(requests);
        rss.push(rssOf(proc.pid));
      }
      const cpu1 = cpuOf(proc.pid);
      // The user stops typing: what the server's memory comes back to (CPU spent in the pause is not counted per edit).
      if (PAUSE_MS > 0) await sleep(PAUSE_MS);
      const rssPaused = PAUSE_MS > 0 ? rssOf(proc.pid) : NaN;
      const cpu2 = cpuOf(proc.pid);
      await conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
      rows.push({
        cpuPerEdit: (cpu1.total - cpu0.total) / EDITS,
        mainCpuPerEdit: (cpu1.main - cpu0.main) / EDITS,
        name,
        kind,
        bytes: text.length,
        problems,
        openMs,
        p50: pct(times, 50),
        p95: pct(times, 95),
        min: Math.min(...times),
        max: Math.max(...times),
        symbol: symbolMs.length ? { p50: pct(symbolMs, 50), p95: pct(symbolMs, 95) } : undefined,
        action: actionMs.length ? { p50: pct(actionMs, 50), p95: pct(actionMs, 95) } : undefined,
        lens: lensMs.length ? { p50: pct(lensMs, 50), p95: pct(lensMs, 95) } : undefined,
        rssFirst: rss[1] ?? rss[0],
        rssLast: rss.at(-1),
        rssMax: Math.max(...rss),
        rssPaused,
        pauseCpu: cpu2.total - cpu1.total,
      });
      console.error(
        `server ${name} (${kind}): open ${Math.round(openMs)} ms, p50 ${pct(times, 50).toFixed(1)} ms, RSS ${rss.join(' ')}, after a ${PAUSE_MS} ms pause ${rssPaused} (CPU in the pause ${Math.round(cpu2.total - cpu1.total)} ms)${paused ? `; ${paused} ms of pauses during the edits` : ''}`,
      );
      if (process.env.VERBOSE) console.error(`  edits (ms): ${times.map(t => t.toFixed(1)).join(' ')}`);
    }
  await stopServer(server);
  return { rows, rss0 };
}

// First diagnostics after opening a big document (the server started and warm), against Redocly CLI's whole process.
function redoclyLint(file) {
  const cwd = fs.mkdtempSync(path.join(fs.realpathSync(require('node:os').tmpdir()), 'apiconv-bench-redocly-'));
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [REDOCLY, 'lint', '--format', 'json', '--extends', 'recommended', '--max-problems', '1000000', file], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true', CI: 'true' },
  });
  const ms = performance.now() - t0;
  fs.rmSync(cwd, { recursive: true, force: true });
  return r.error ? NaN : ms;
}

async function benchOpen() {
  const server = await startServer();
  const { conn, diagnosticsOf } = server;
  const rows = [];
  for (const name of OPEN_DOCS) {
    const file = path.join(CORPUS, ALL[name]);
    const uri = pathToFileURL(file).toString();
    const text = fs.readFileSync(file, 'utf8');
    const server_ = [];
    const redocly = [];
    for (let run = 0; run < OPEN_RUNS; run++) {
      const t0 = performance.now();
      await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
      await diagnosticsOf(uri, 1);
      server_.push(performance.now() - t0);
      await conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
      if (!process.env.SKIP_REDOCLY) redocly.push(redoclyLint(file));
    }
    rows.push({ name, bytes: text.length, server: server_, redocly });
    console.error(`open ${name}: server ${server_.map(Math.round).join(' ')} ms; Redocly CLI ${redocly.map(Math.round).join(' ')} ms`);
  }
  await stopServer(server);
  return rows;
}

// Code actions on asana: what the light bulb, fix-on-save and "Fix all <rule>" cost, and what waits behind them.
async function benchCodeActions() {
  const server = await startServer();
  const { conn, shown, diagnosticsOf } = server;
  const file = path.join(CORPUS, ALL.asana);
  const uri = pathToFileURL(file).toString();
  const text = fs.readFileSync(file, 'utf8');
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
  await diagnosticsOf(uri, 1);
  const all = shown.get(uri) ?? [];
  const out = { bulb: [], bulbFixAll: [], save: [], saveResolve: [], ruleResolve: [], othersDuringResolve: [], cancel: [], errors: 0 };
  const bulbAt = d => ({
    textDocument: { uri },
    range: { start: d.range.start, end: d.range.start },
    context: { diagnostics: all.filter(x => contains(x.range, d.range.start)), triggerKind: 2 },
  });
  // The light bulb where the cursor lands on fixable findings (one per rule first, then others), and on others.
  const fixable = all.filter(d => d.data?.fixable);
  const picks = [];
  const rules = new Set();
  for (const d of fixable) {
    if (rules.has(d.code)) continue;
    rules.add(d.code);
    picks.push(d);
  }
  for (const d of fixable) if (picks.length < CA_SAMPLES && !picks.includes(d)) picks.push(d);
  for (const d of all) if (picks.length < CA_SAMPLES + 3 && !d.data?.fixable) picks.push(d);
  let ruleAction;
  for (const d of picks.slice(0, CA_SAMPLES + 3)) {
    const r = await timed(() => conn.sendRequest('textDocument/codeAction', bulbAt(d)));
    out.bulb.push(r.ms);
    if (r.error || r.timedOut) out.errors++;
    const actions = r.value ?? [];
    if (actions.some(a => a.kind === 'source.fixAll.apiconv')) out.bulbFixAll.push(r.ms);
    ruleAction ??= actions.find(a => /^Fix all /.test(a.title));
    if (process.env.VERBOSE)
      console.error(`  light bulb at ${d.code} ${d.range.start.line}:${d.range.start.character}: ${r.ms.toFixed(0)} ms, ${actions.length} actions`);
  }
  console.error(`code actions: light bulb p50 ${pct(out.bulb, 50).toFixed(0)} ms, p95 ${pct(out.bulb, 95).toFixed(0)} ms (${out.bulb.length})`);
  /** Other requests sent every 250 ms while `pending` runs: their latencies. */
  const probe = async pending => {
    let done = false;
    void pending.finally(() => (done = true));
    const probes = [];
    while (!done) {
      await new Promise(r => setTimeout(r, 250));
      if (done) break;
      probes.push(timed(() => conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri } })).then(r => out.othersDuringResolve.push(r.ms)));
      probes.push(timed(() => conn.sendRequest('textDocument/codeAction', bulbAt(all[0]))).then(r => out.othersDuringResolve.push(r.ms)));
      await Promise.all(probes.splice(0));
    }
    await Promise.all(probes);
    return pending;
  };
  const resolve = action => (action.edit ? Promise.resolve(action) : conn.sendRequest('codeAction/resolve', action));
  // Fix-on-save: VS Code asks for `source.fixAll` actions, then resolves the one it gets.
  for (let i = 0; i < 3; i++) {
    const r = await timed(() =>
      conn.sendRequest('textDocument/codeAction', {
        textDocument: { uri },
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        context: { diagnostics: [], only: ['source.fixAll'], triggerKind: 1 },
      }),
    );
    out.save.push(r.ms);
    const action = (r.value ?? [])[0];
    if (!action) continue;
    if (i > 0 && !action.edit) continue; // resolved once
    const rr = await timed(() => probe(resolve(action)));
    out.saveResolve.push(action.edit ? r.ms : rr.ms);
    if (!rr.value?.edit) out.errors++;
    console.error(
      `code actions: fix-on-save ${r.ms.toFixed(0)} ms, its edit ${rr.ms.toFixed(0)} ms (${Object.values(rr.value?.edit?.changes ?? {}).flat().length} text edits)`,
    );
  }
  if (ruleAction) {
    const rr = await timed(() => probe(resolve(ruleAction)));
    out.ruleResolve.push(rr.ms);
    console.error(`code actions: "${ruleAction.title}" ${rr.ms.toFixed(0)} ms`);
  }
  // A resolve cancelled after 300 ms: how soon the server answers, and a request right after it.
  const fixAll = (
    await conn.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [], only: ['source.fixAll'], triggerKind: 1 },
    })
  )[0];
  if (fixAll && !fixAll.edit) {
    const { CancellationTokenSource } = require('vscode-languageserver-protocol/node');
    const cts = new CancellationTokenSource();
    const t0 = performance.now();
    const pending = conn.sendRequest('codeAction/resolve', fixAll, cts.token).then(
      () => 'answered',
      () => 'cancelled',
    );
    setTimeout(() => cts.cancel(), 300);
    const how = await pending;
    out.cancel.push({ ms: performance.now() - t0, how });
    const after = await timed(() => conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri } }));
    console.error(
      `code actions: resolve cancelled after 300 ms: ${how} after ${(performance.now() - t0 - after.ms).toFixed(0)} ms; a request right after: ${after.ms.toFixed(0)} ms`,
    );
  }
  await stopServer(server);
  return out;
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
${operationAt.toString()}
${insertAt.toString()}
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
const opens = OPEN_DOCS.length && OPEN_RUNS > 0 ? await benchOpen() : [];
const actions = CODE_ACTIONS ? await benchCodeActions() : undefined;
const spectral = {};
if (!process.env.SKIP_SPECTRAL) {
  for (const name of names)
    for (const kind of KINDS) {
      const k = `${name}/${kind}`;
      spectral[k] = benchSpectral(name, kind);
      console.error(`spectral ${k}: ${spectral[k].error ?? `p50 ${Math.round(spectral[k].p50)} ms`}`);
    }
}

const f = n => (Number.isFinite(n) ? (n < 10 ? n.toFixed(1) : String(Math.round(n))) : '–');
const median = xs => pct(xs, 50);
const client = `${PULL ? 'pull' : 'push'} diagnostics${REQUESTS ? ', with documentSymbol + codeAction at the cursor + codeLens after each edit' : ', no other requests'}`;
console.log(
  `\nLanguage server: ${EDITS} edits per document, debounce 0, ${client}; latency = didChange → diagnostics of that version (${PULL ? 'pull answered' : 'publishDiagnostics'}).`,
);
console.log(
  `Server RSS at start: ${rss0} MB (main thread + lint workers). Edits: title, operation (a word in the first operation's summary), type (one more character typed there: a keystroke).\n`,
);
console.log(
  `Edits back to back${PAUSE_EVERY > 0 ? `, with a ${PAUSE_MS} ms pause every ${PAUSE_EVERY}` : ''}; then a ${PAUSE_MS} ms pause (growth: RSS after the last edit / after the pause, against after the 1st edit).\n`,
);
console.log(
  '| document | edit | size | problems | open ms | server p50 ms | server p95 ms | range ms | outline p50/p95 ms | code action p50/p95 ms | code lens p50/p95 ms | CPU ms per edit (main thread) | Spectral p50 ms | Spectral p95 ms | server/Spectral | RSS after 1st edit → last (max) → after pause MB | growth last / after pause |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  const s = spectral[`${r.name}/${r.kind}`] ?? {};
  const ratio = s.p50 ? (r.p50 / s.p50).toFixed(2) : '–';
  const pctOf = x => (r.rssFirst && Number.isFinite(x) ? `${(((x - r.rssFirst) / r.rssFirst) * 100).toFixed(1)}%` : '–');
  const growth = `${pctOf(r.rssLast)} / ${pctOf(r.rssPaused)}`;
  const pair = x => (x ? `${f(x.p50)} / ${f(x.p95)}` : '–');
  console.log(
    `| ${r.name} | ${r.kind} | ${(r.bytes / 1024).toFixed(0)} KB | ${r.problems} | ${f(r.openMs)} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.min)}–${f(r.max)} | ${pair(r.symbol)} | ${pair(r.action)} | ${pair(r.lens)} | ${f(r.cpuPerEdit)} (${f(r.mainCpuPerEdit)}) | ${s.error ? 'error' : f(s.p50)} | ${s.error ? '' : f(s.p95)} | ${ratio} | ${r.rssFirst} → ${r.rssLast} (${r.rssMax}) → ${Number.isFinite(r.rssPaused) ? r.rssPaused : '–'} | ${growth} |`,
  );
}
if (opens.length) {
  console.log(
    `\nFirst diagnostics after opening (didOpen → diagnostics, server started and warm) against Redocly CLI's whole process (lint --extends recommended), ${OPEN_RUNS} runs each, alternating:\n`,
  );
  console.log('| document | size | server median ms | server range ms | Redocly CLI median ms | Redocly range ms | server/Redocly |');
  console.log('|---|---|---|---|---|---|---|');
  for (const o of opens) {
    const rm = o.redocly.length ? median(o.redocly) : NaN;
    console.log(
      `| ${o.name} | ${(o.bytes / 1024).toFixed(0)} KB | ${f(median(o.server))} | ${f(Math.min(...o.server))}–${f(Math.max(...o.server))} | ${f(rm)} | ${o.redocly.length ? `${f(Math.min(...o.redocly))}–${f(Math.max(...o.redocly))}` : '–'} | ${Number.isFinite(rm) ? (median(o.server) / rm).toFixed(2) : '–'} |`,
    );
  }
}
if (actions) {
  const row = (what, xs) =>
    console.log(
      `| ${what} | ${xs.length} | ${xs.length ? f(median(xs)) : '–'} | ${xs.length ? f(pct(xs, 95)) : '–'} | ${xs.length ? `${f(Math.min(...xs))}–${f(Math.max(...xs))}` : '–'} |`,
    );
  console.log(`\nCode actions on asana (request → answer; unanswered after ${REQUEST_TIMEOUT_MS} ms counts as that):\n`);
  console.log('| request | n | p50 ms | p95 ms | range ms |');
  console.log('|---|---|---|---|---|');
  row('light bulb at a finding (textDocument/codeAction)', actions.bulb);
  row('  of which: offering the fix-all', actions.bulbFixAll);
  row('fix-on-save (codeAction only source.fixAll)', actions.save);
  row('  its edit (codeAction/resolve, or the request itself)', actions.saveResolve);
  row('"Fix all <rule>" edit (codeAction/resolve)', actions.ruleResolve);
  row('outline / light bulb while a fix-all is computed', actions.othersDuringResolve);
  row(
    'a resolve cancelled after 300 ms: answered after',
    actions.cancel.map(c => c.ms),
  );
  const codeActionRequests = [...actions.bulb, ...actions.save];
  console.log(
    `\nGoal: any code-action request on asana ≤ 200 ms p95: ${pct(codeActionRequests, 95) <= 200 ? 'met' : 'missed'} (p95 ${f(pct(codeActionRequests, 95))} ms); errors/timeouts: ${actions.errors}.`,
  );
}
console.log(
  "\nGoals: relint ≤ 1/5 of Spectral's (server/Spectral ≤ 0.20), asana p50 ≤ 100 ms with the requests, a stripe edit ≤ 150 ms p50, RSS growth ≤ 10%, first diagnostics ≤ 1.0× Redocly CLI.",
);
for (const asana of rows.filter(r => r.name === 'asana')) console.log(`asana (${asana.kind}) p50 ${f(asana.p50)} ms: ${asana.p50 <= 100 ? 'met' : 'missed'}`);
for (const stripe of rows.filter(r => r.name === 'stripe'))
  console.log(`stripe (${stripe.kind}) p50 ${f(stripe.p50)} ms: ${stripe.p50 <= 150 ? 'met' : 'missed'}`);
