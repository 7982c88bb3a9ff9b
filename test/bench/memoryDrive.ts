// What grows in a long-running server, in minutes (not a test):
//   node --import tsx test/bench/memoryDrive.ts [--doc FILE] [--seed S] [--edits N] [--every K] [--snapshots A,B] [--out DIR]
// The long soak's editing user (test/fuzz/server.ts Editor, same seed; not the soak's very sequence, whose requests
// draw from the same generator) types into the BUILT server (APICONV_SERVER: another build) at full speed, without the
// soak's requests and its waits between keystrokes. After
// every K edits it stops until the diagnostics of the current version are out and each thread has had its pause, in
// which the server's memory trace (APICONV_MEMORY_TRACE, lsp/memoryTrace.ts) writes the thread's RSS and heaps after
// a full collection. At the end: per thread, the first and last of those figures and their slope per 1,000 edits
// over the second half of the run (what grows per edit, past the first edits' caches filling up), and the process's
// RSS (VmRSS) beside. `--snapshots A,B`: a heap snapshot of each lint worker after edits A and B, and the
// constructors whose objects grew most between them (count and own size), per worker. A snapshot takes minutes on a
// loaded machine, and the native memory it takes stays in the RSS: the RSS of a run with snapshots is no measure.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { IDLE_MS } from '../../server/src/lsp/memory';
import { rng } from '../fuzz/fuzz';
import { Editor, LARGEST_DOC, VSCODE_CAPABILITIES, rssKb } from '../fuzz/server';
import { TestClient } from '../lsp/client';

const argv = process.argv.slice(2);
const opt = (name: string, def: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1]! : def);
const out = path.resolve(opt('--out', fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-memory-'))));

const file = path.resolve(opt('--doc', LARGEST_DOC));
const seed = Number(opt('--seed', '34'));
const edits = Number(opt('--edits', '2000'));
const every = Number(opt('--every', '200'));
const snapshots = opt('--snapshots', '').split(',').filter(Boolean).map(Number);

const sleep = (ms: number) => new Promise<void>(r => setTimeout(r, ms));

interface TraceLine {
  t: number;
  thread: string;
  units: number;
  rss: number;
  after: { heapUsed: number; heapCommitted: number; malloced: number; external: number; arrayBuffers: number; spaces?: Record<string, [number, number]> };
}

function traces(): Map<string, TraceLine[]> {
  const byThread = new Map<string, TraceLine[]>();
  for (const f of fs.readdirSync(out).filter(f => f.endsWith('.jsonl'))) {
    const lines = fs
      .readFileSync(path.join(out, f), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map(l => JSON.parse(l) as TraceLine);
    byThread.set(f.replace(/\.jsonl$/, ''), lines);
  }
  return byThread;
}

/** Trace lines written so far, all threads. */
const traceCount = () => [...traces().values()].reduce((n, ls) => n + ls.length, 0);

/** Least-squares slope of ys over xs. */
function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  if (n < 2) return NaN;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return den === 0 ? NaN : num / den;
}

async function main(): Promise<void> {
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  // The server's environment is this process's (TestClient passes it on).
  process.env.APICONV_MEMORY_TRACE = out;
  const original = fs.readFileSync(file, 'utf8');
  const folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-memory-ws-')));
  const name = /\.json$/i.test(file) ? 'api.json' : 'api.yaml';
  const docFile = path.join(folder, name);
  fs.writeFileSync(docFile, original);
  const client = await TestClient.start({ folder, capabilities: VSCODE_CAPABILITIES });
  const pid = client.proc.pid!;
  const editor = new Editor(original, rng(seed), original);
  let version = 1;
  const uri = client.open(docFile, original, version);
  await client.diagnostics(uri, (_d, p) => p.version === version, 0, 300_000);

  /** At each pause: the edits made, when it began, the process's RSS once every thread had its pause. */
  const pauses: { edit: number; t: number; rssMb: number }[] = [];

  /**
   * Waits for the current version's diagnostics, then for the threads' pauses: the trace's lines written, and none
   * for a while (a thread's pause comes IDLE_MS after its last work; a full collection of a big heap takes a moment).
   * `snapshot`: each thread that pauses writes a heap snapshot then (memoryTrace.ts).
   */
  async function pause(done: number, snapshot?: number): Promise<void> {
    const t = Date.now();
    const lines = traceCount();
    if (snapshot !== undefined) fs.writeFileSync(path.join(out, `snapshot-${snapshot}`), '');
    const want = version;
    await client.diagnostics(uri, (_d, p) => p.version === want, 0, 300_000);
    const parserError = client.latest(uri)!.diagnostics.some(d => d.code === 'parser');
    editor.checkpoint(parserError);
    let last = traceCount();
    let quiet = 0;
    for (let waited = 0; waited < 60_000 && !(last > lines && quiet >= IDLE_MS * 3); waited += 250) {
      await sleep(250);
      const now = traceCount();
      quiet = now === last ? quiet + 250 : 0;
      last = now;
    }
    pauses.push({ edit: done, t, rssMb: Math.round(rssKb(pid) / 1024) });
    process.stderr.write(`edit ${done}: RSS ${pauses.at(-1)!.rssMb} MB, load ${os.loadavg()[0]!.toFixed(1)}\n`);
  }

  const t0 = performance.now();
  await pause(0);
  for (let i = 1; i <= edits; i++) {
    const text = editor.text;
    const c = editor.next();
    const pos = (at: number) => {
      const line = text.slice(0, at).split('\n').length - 1;
      return { line, character: at - (text.lastIndexOf('\n', at - 1) + 1) };
    };
    version++;
    client.edit(uri, version, [{ range: { start: pos(c.at), end: pos(c.at + c.del) }, text: c.ins }]);
    // Not a pause: the event loop turns, the server reads as it goes (a typist's keystrokes a few ms apart).
    await sleep(2);
    if (i % every === 0 || i === edits) {
      const n = snapshots.indexOf(i);
      await pause(i, n >= 0 ? n + 1 : undefined);
    }
  }
  const seconds = Math.round((performance.now() - t0) / 1000);
  if (snapshots.length > 0) await snapshotsWritten(snapshots.length);
  await client.stop();
  fs.rmSync(folder, { recursive: true, force: true });

  console.log(`${path.basename(file)}, seed ${seed}, ${edits} edits in ${seconds} s, load ${os.loadavg()[0]!.toFixed(1)}; trace in ${out}`);
  console.log(`process RSS (MB) at the pauses: ${pauses.map(r => r.rssMb).join(' ')}`);
  console.log(
    '| thread | pauses | RSS first → last | heap used | committed | old space | large objects | malloced | external | used / committed per 1,000 edits (2nd half) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const [thread, lines] of traces()) {
    const a = lines[0]!;
    const z = lines.at(-1)!;
    // A line's edit count is the last pause's begun before it was written.
    const editOf = (l: TraceLine) => [...pauses].reverse().find(p => p.t <= l.t)?.edit ?? 0;
    const half = lines.filter(l => editOf(l) >= edits / 2);
    const xs = half.map(editOf);
    const per = (f: (l: TraceLine) => number) => (slope(xs, half.map(f)) * 1000).toFixed(1);
    const f = (g: (l: TraceLine) => number) => `${g(a)} → ${g(z)}`;
    console.log(
      `| ${thread} | ${lines.length} | ${f(l => l.rss)} | ${f(l => l.after.heapUsed)} | ${f(l => l.after.heapCommitted)} | ${f(l => l.after.spaces?.old?.[0] ?? NaN)} | ${f(l => l.after.spaces?.large_object?.[0] ?? NaN)} | ${f(l => l.after.malloced)} | ${f(l => l.after.external)} | ${per(l => l.after.heapUsed)} / ${per(l => l.after.heapCommitted)} |`,
    );
  }
  if (snapshots.length === 2) compareSnapshots();
}

/** Until the heap snapshots asked for as `snapshot-<n>` are written (their files there, and no longer growing). */
async function snapshotsWritten(n: number): Promise<void> {
  const sizes = () =>
    fs
      .readdirSync(out)
      .filter(f => f.endsWith(`-${n}.heapsnapshot`))
      .map(f => fs.statSync(path.join(out, f)).size);
  let last = '';
  for (let waited = 0; waited < 15 * 60_000; waited += 2000) {
    await sleep(2000);
    const now = sizes();
    if (now.length > 0 && now.every(x => x > 0) && now.join() === last) return;
    last = now.join();
  }
}

/** Per constructor (a node's type and name): count and own size, from a .heapsnapshot file. */
function histogram(file: string): Map<string, { count: number; size: number }> {
  const snap = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [T, N, S] = ['type', 'name', 'self_size'].map(f => fields.indexOf(f)) as [number, number, number];
  const h = new Map<string, { count: number; size: number }>();
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const type = types[snap.nodes[i + T]!]!;
    const key = type === 'object' || type === 'closure' || type === 'native' ? `${type} ${snap.strings[snap.nodes[i + N]!]}` : type;
    const e = h.get(key) ?? { count: 0, size: 0 };
    e.count++;
    e.size += snap.nodes[i + S]!;
    h.set(key, e);
  }
  return h;
}

function compareSnapshots(): void {
  const files = fs.readdirSync(out).filter(f => f.endsWith('.heapsnapshot'));
  for (const first of files.filter(f => f.endsWith('-1.heapsnapshot'))) {
    const second = first.replace(/-1\.heapsnapshot$/, '-2.heapsnapshot');
    if (!files.includes(second)) continue;
    const a = histogram(path.join(out, first));
    const b = histogram(path.join(out, second));
    const rows = [...new Set([...a.keys(), ...b.keys()])]
      .map(k => ({ k, dc: (b.get(k)?.count ?? 0) - (a.get(k)?.count ?? 0), ds: (b.get(k)?.size ?? 0) - (a.get(k)?.size ?? 0) }))
      .sort((x, y) => Math.abs(y.ds) - Math.abs(x.ds))
      .slice(0, 15);
    console.log(`\n${first.replace(/-1\.heapsnapshot$/, '')}: edit ${snapshots[0]} → ${snapshots[1]}, the constructors that changed most`);
    console.log('| constructor | count Δ | own size Δ, KB |');
    console.log('|---|---|---|');
    for (const r of rows) console.log(`| ${r.k} | ${r.dc} | ${Math.round(r.ds / 1024)} |`);
  }
}

void main();
