/**
 * The server half of the fuzz suite: random edits of one document through the BUILT server over stdio,
 * sent as VS Code sends them (incremental didChange, paced like typing with pauses), with the requests VS Code makes
 * in between (hover, completion, definition at random positions while typing; the outline and the light bulb's code
 * action at the cursor when the user pauses; now and then the resolve of a code action the user picks), and
 * checkpoints where the harness stops, waits for the diagnostics of the current version and compares them with the
 * CLI's (the built CLI, run on the same text). At the end the server's diagnostics are also compared with a fresh
 * server's. It measures what the issue's goals name and checks each of them:
 *
 * - crashes (the server exits, a crash on its stderr, a lint that fails) and JSON-RPC errors: 0;
 * - every request answered (within `requestBudgetMs`), latency p99 ≤ `goals.p99Ms`;
 * - at every checkpoint, the diagnostics of the current version within `goals.checkpointMs` of the last edit, and
 *   equal to the CLI's (broken documents included);
 * - the final diagnostics equal the CLI's and a fresh server's;
 * - the server process's RSS (/proc/<pid>/status VmRSS) at the end within `goals.rssGrowth` of after the first edit.
 *
 * Deterministic for a seed (the edits, the positions, the requests; not the timing).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { ClientCapabilities, Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { TestClient } from '../lsp/client';
import { aliasBomb } from './hostile';
import { measure } from './measure';
import { mutate, rng, type Finding, type Rng } from './fuzz';

export const CLI = path.join(__dirname, '..', '..', 'server', 'out', 'cli.js');
export const MIDSIZE_DOC = path.join(__dirname, '..', '..', '..', 'shared', 'corpus', 'asana', 'asana.yaml');
/** The largest corpus document (4 MB), for the long soak. */
export const LARGEST_DOC = path.join(__dirname, '..', '..', '..', 'shared', 'corpus', 'stripe', 'spec3.yaml');
/** The largest document of the vendored corpus (41 KB), for a clone of the repository alone. */
export const VENDORED_CORPUS_DOC = path.join(__dirname, '..', 'corpus', 'redocly-cafe-v32', 'cafe.yaml');

/** The document to fuzz by default: a mid-size corpus document when ../shared is there, else a vendored one. */
export function defaultDocument(): string {
  return fs.existsSync(MIDSIZE_DOC) ? MIDSIZE_DOC : VENDORED_CORPUS_DOC;
}

/** The capabilities VS Code announces for what the fuzz uses (the light bulb resolves its edits lazily). */
export const VSCODE_CAPABILITIES: ClientCapabilities = {
  workspace: { configuration: true },
  textDocument: {
    synchronization: { didSave: true },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
    definition: { linkSupport: true },
    documentSymbol: { hierarchicalDocumentSymbolSupport: true },
    codeAction: {
      dataSupport: true,
      isPreferredSupport: true,
      resolveSupport: { properties: ['edit'] },
      codeActionLiteralSupport: { codeActionKind: { valueSet: ['', 'quickfix', 'refactor', 'source', 'source.fixAll'] } },
    },
    publishDiagnostics: { versionSupport: true, relatedInformation: true },
  },
};

export interface ServerFuzzOptions {
  /** The document to edit (its text is read once; the file itself is never written). */
  file: string;
  edits: number;
  seed: number;
  /** A checkpoint after every this many edits (and after the first and the last edit). */
  checkpointEvery: number;
  /** Mean time between two keystrokes of a burst, ms (exponentially distributed). */
  paceMs: number;
  /** Chance that the user pauses after an edit (the outline and the light bulb are asked for then). */
  pauseChance: number;
  /** A pause lasts this long, ms (uniform in [min, max]). */
  pauseMs: [number, number];
  /** A request not answered within this is a hang (a finding); its latency counts as this. */
  requestBudgetMs: number;
  /** How long a checkpoint waits for the diagnostics of the current version before it is a finding. */
  diagnosticsBudgetMs: number;
  /** The server's settings (section apiconv); default: none, the server's defaults (debounce 300 ms). */
  settings?: Record<string, unknown>;
  goals: { p99Ms: number; checkpointMs: number; rssGrowth: number };
  /** Stop editing after this long (ms; the last checkpoint and the final comparison still run): a bound for a shared machine. */
  maxMs?: number;
  /** Progress lines (one per checkpoint). */
  log?: (line: string) => void;
}

export const DEFAULTS: Omit<ServerFuzzOptions, 'file' | 'edits' | 'seed'> = {
  checkpointEvery: 250,
  paceMs: 30,
  pauseChance: 0.04,
  pauseMs: [300, 600],
  requestBudgetMs: 10_000,
  diagnosticsBudgetMs: 60_000,
  goals: { p99Ms: 1000, checkpointMs: 2000, rssGrowth: 0.1 },
};

export interface Latencies {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface Goal {
  goal: string;
  ok: boolean;
  value: string;
}

export interface ServerFuzzReport {
  file: string;
  bytes: number;
  seed: number;
  edits: number;
  editKinds: Record<string, number>;
  requests: number;
  requestKinds: Record<string, number>;
  /** Requests the server answered with ServerCancelled/RequestCancelled (a newer version came; VS Code asks again). */
  cancelled: number;
  /** JSON-RPC errors other than a cancellation. */
  errors: number;
  /** Requests with no answer within the budget. */
  unanswered: number;
  crashes: number;
  latency: Latencies;
  latencyByKind: Record<string, Latencies>;
  checkpoints: number;
  /** Last edit → diagnostics of that version, per checkpoint. */
  checkpointLatency: Latencies;
  /** Checkpoints whose diagnostics differed from the CLI's. */
  mismatches: number;
  /** The number of findings at the end: the server's, the CLI's, a fresh server's. */
  final: { server: number; cli: number; fresh: number; equal: boolean };
  /** afterFirstEdit: 1 s after the first edit's diagnostics; settled: once the server's spare lint worker is up too; end: steady again after the last edit. */
  rssKb: { afterFirstEdit: number; settled: number; end: number; peak: number; min: number; max: number };
  /** The machine's 1-minute load average at the start, at each checkpoint (min–max) and at the end: timing depends on it. */
  load: { start: number; min: number; max: number; end: number };
  /** Checkpoints at a text with a parser error. */
  brokenCheckpoints: number;
  seconds: number;
  goals: Goal[];
  findings: Finding[];
}

// ---------------------------------------------------------------------------------------------------------------
// edits

/** What a user types (a keystroke or an auto-inserted pair): mostly words, now and then what makes structure. */
const WORDS = ['a', 'e', 's', 't', 'n', 'r', 'o', 'i', 'x', 'I', '0', '1', ' ', ' ', ' ', '_', '.', 'é', '😀'];
const STRUCTURE = ['\n', '\n  ', ':', ': ', '-', '- ', '/', '{', '}', '[', ']', '"', "'", '#', '\t', '$'];
/** What a user pastes besides a block of the document itself. */
const PASTES = [
  'x-note: pasted\n',
  '      description: Pasted from the docs.\n',
  "  /pasted/{id}:\n    get:\n      parameters:\n        - name: id\n          in: path\n          required: true\n          schema: { type: string }\n      responses:\n        '200':\n          description: ok\n",
  '$ref: "#/components/schemas/Nowhere"',
  "$ref: './other.yaml#/x'",
  '\n' + aliasBomb(3, 3).replace(/^/gm, '  ') + '\n',
];
/** What breaks YAML (or JSON) for a while, restored a few edits later. */
const BREAKS = [
  '{',
  '[',
  '"',
  "'",
  ': : :',
  '\t',
  '\n   bad: 1\n',
  '\n- item\n',
  '*missing',
  '&a &b',
  '!!binary |\n  AAAA\n',
  '%',
  '@',
  '`',
  '\uFEFF',
  '\u0000',
  '\r',
];

/** The server lints a text only with this key (the same test as lint.ts looksLikeOpenApi, not imported: the engine is heavy). */
const looksLikeOpenApi = (t: string): boolean =>
  /^\uFEFF?\s*\{/.test(t) ? /"(openapi|swagger)"\s*:/.test(t) : /^(?:["']?)(openapi|swagger)(?:["']?)\s*:/m.test(t.replace(/^\uFEFF/, ''));

export interface Change {
  kind: string;
  /** Offset and length replaced in the old text, and the new text there. */
  at: number;
  del: number;
  ins: string;
}

/** The one range that differs between two texts (common prefix and suffix kept). */
export function diffOf(a: string, b: string, kind: string): Change {
  let p = 0;
  const n = Math.min(a.length, b.length);
  while (p < n && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  let s = 0;
  while (s < n - p && a.charCodeAt(a.length - 1 - s) === b.charCodeAt(b.length - 1 - s)) s++;
  return { kind, at: p, del: a.length - p - s, ins: b.slice(p, b.length - s) };
}

/**
 * The change as VS Code would make it. Its ends are not between a \r and its \n: LSP positions cannot name that
 * place (the server's document and the harness's would disagree), so the CRLF is taken into the change (the result
 * is the same). Nor between the two halves of a surrogate pair: VS Code moves and deletes by characters, and a lone
 * surrogate would not survive the UTF-8 file the CLI reads (it becomes U+FFFD there, not in the editor) — an insertion
 * goes after the pair, a deletion takes the whole pair.
 */
export function lspSafe(t: string, c: Change): Change {
  let { at, del, ins } = c;
  const inPair = (i: number) => i > 0 && i < t.length && isHigh(t.charCodeAt(i - 1)) && isLow(t.charCodeAt(i));
  if (inPair(at)) {
    if (del === 0) at++;
    else {
      at--;
      del++;
    }
  }
  if (del > 0 && inPair(at + del)) del++;
  const inCrlf = (i: number) => i > 0 && i < t.length && t.charCodeAt(i - 1) === 13 && t.charCodeAt(i) === 10;
  if (inCrlf(at)) {
    at--;
    del++;
    ins = '\r' + ins;
  }
  if (del > 0 && inCrlf(at + del)) {
    ins += '\n';
    del++;
  }
  return at === c.at && del === c.del ? c : { kind: c.kind, at, del, ins };
}
const isHigh = (u: number) => u >= 0xd800 && u <= 0xdbff;
const isLow = (u: number) => u >= 0xdc00 && u <= 0xdfff;

const lineStart = (text: string, at: number): number => text.lastIndexOf('\n', at - 1) + 1;
const lineEnd = (text: string, at: number): number => {
  const e = text.indexOf('\n', at);
  return e < 0 ? text.length : e + 1;
};

/** A random whole-line block [start, end) of 1..maxLines lines. */
function block(text: string, r: Rng, maxLines: number): [number, number] {
  const start = lineStart(text, r.int(text.length + 1));
  let end = start;
  for (let k = 1 + r.int(maxLines); k > 0 && end < text.length; k--) end = lineEnd(text, end);
  return [start, end];
}

const indentOf = (text: string, at: number): number => /^ */.exec(text.slice(at, at + 200))![0].length;

/**
 * A random YAML entry [start, end): a line and the lines below it indented deeper (a key and its value, a list item),
 * at most `maxLines` lines — what a user selects to delete, copy or move.
 */
function entry(text: string, r: Rng, maxLines: number): [number, number] {
  const start = lineStart(text, r.int(text.length + 1));
  const indent = indentOf(text, start);
  let end = lineEnd(text, start);
  for (let k = 1; k < maxLines && end < text.length; k++) {
    const next = lineEnd(text, end);
    const line = text.slice(end, next);
    if (line.trim() !== '' && indentOf(text, end) <= indent && !(line.trimStart().startsWith('- ') && indentOf(text, end) === indent && false)) break;
    end = next;
  }
  return [start, end];
}

/** `block` indented as the line at `at` is. */
function reindent(block: string, from: number, to: number): string {
  if (from === to) return block;
  return block.replace(/^ */gm, sp => (sp.length >= from ? ' '.repeat(sp.length - from + to) : sp));
}

/** Characters that make YAML's structure: an edit that adds or removes one may break the document. */
const STRUCTURAL = /[:\-\n\r"'{}[\]#\t&*!|>%@`,?]/;

/**
 * The editing user: a cursor that types forward and jumps now and then, backspaces, deletes and pastes blocks,
 * undoes, breaks the YAML and restores it a few edits later, and sometimes a random mutation (fuzz.ts) — indentation,
 * line swaps, CRLF, hostile snippets.
 */
export class Editor {
  cursor = 0;
  private readonly undo: string[] = [];
  private broken?: { before: string; due: number };
  private n = 0;
  private fixPending = false;
  private lastGood: string;

  constructor(
    public text: string,
    private readonly r: Rng,
    private readonly original: string,
  ) {
    this.cursor = r.int(text.length + 1);
    this.lastGood = text;
  }

  next(): Change {
    const { r } = this;
    const t = this.text;
    this.n++;
    // The cursor types on, and now and then goes elsewhere: most often to the end of a line (a value typed on, a line
    // added), else anywhere.
    if (this.cursor > t.length || r.next() < 0.08) {
      const at = r.int(t.length + 1);
      const eol = t.indexOf('\n', at);
      this.cursor = r.next() < 0.7 && eol >= 0 ? (t.charCodeAt(eol - 1) === 13 ? eol - 1 : eol) : at;
    }
    let c: Change;
    if (this.fixPending) {
      // The user saw the parser's error at the checkpoint and undid back to the last text without one.
      c = diffOf(t, this.lastGood, 'fix');
      this.fixPending = false;
      this.broken = undefined;
    } else if (this.broken && this.n >= this.broken.due) {
      c = diffOf(t, this.broken.before, 'restore');
      this.broken = undefined;
    } else {
      const x = r.next();
      const grown = t.length / Math.max(1, this.original.length);
      let entryPaste = false;
      let entryDelete = false;
      if (x < 0.45) c = { kind: 'type', at: this.cursor, del: 0, ins: r.pick(r.next() < 0.9 ? WORDS : STRUCTURE) };
      else if (x < 0.58) {
        const del = Math.min(this.cursor, 1 + r.int(3));
        c = { kind: 'backspace', at: this.cursor - del, del, ins: '' };
      } else if (x < 0.65 || (x < 0.7 && grown > 1.5)) {
        entryDelete = r.next() < 0.8;
        const [a, b] = entryDelete ? entry(t, r, 40) : block(t, r, 12);
        c = { kind: 'delete-block', at: a, del: b - a, ins: '' };
      } else if (x < 0.72 || (x < 0.75 && grown < 0.7)) {
        // Paste an entry of the document (or of the original when much was deleted) before a line, indented as that
        // line; or a few lines from anywhere; or a snippet.
        const from = grown < 0.7 ? this.original : t;
        const at = lineStart(t, this.cursor);
        const y = r.next();
        if (y < 0.7) {
          entryPaste = true;
          const [a, b] = entry(from, r, 30);
          c = { kind: 'paste', at, del: 0, ins: reindent(from.slice(a, b), indentOf(from, a), indentOf(t, at)) };
        } else {
          const [a, b] = block(from, r, 15);
          c = { kind: 'paste', at, del: 0, ins: y < 0.85 ? from.slice(a, b) : r.pick(PASTES) };
        }
      } else if (x < 0.82 && this.undo.length > 0) {
        let back = this.undo.pop()!;
        for (let k = r.int(3); k > 0 && this.undo.length > 0; k--) back = this.undo.pop()!;
        c = diffOf(t, back, 'undo');
      } else if (x < 0.87 && !this.broken) {
        c = { kind: 'break', at: this.cursor, del: 0, ins: r.pick(BREAKS) };
      } else if (x < 0.92) {
        const ls = lineStart(t, this.cursor);
        const indent = indentOf(t, ls);
        c = r.next() < 0.5 || indent === 0 ? { kind: 'indent', at: ls, del: 0, ins: '  ' } : { kind: 'dedent', at: ls, del: Math.min(indent, 2), ins: '' };
      } else if (!this.broken) {
        // A random mutation (fuzz.ts: indentation, line swaps, CRLF, hostile snippets).
        c = diffOf(t, mutate(t, r), 'mutate');
      } else c = { kind: 'type', at: this.cursor, del: 0, ins: r.pick(WORDS) };
      // What may break the structure is put right a few edits later (the user sees the error and mends it), unless
      // an undo does it first: the document is broken for a while, then restored, and does not drift into noise.
      const touched = c.ins + t.slice(c.at, c.at + c.del);
      const inIndent = /^[ \t]*$/.test(t.slice(lineStart(t, c.at), c.at));
      const transient =
        ['break', 'mutate', 'indent', 'dedent', 'undo'].includes(c.kind) ||
        ((c.kind === 'type' || c.kind === 'backspace') && (STRUCTURAL.test(touched) || inIndent)) ||
        (c.kind === 'paste' && !entryPaste) ||
        (c.kind === 'delete-block' && !entryDelete);
      if (transient && !this.broken) this.broken = { before: t, due: this.n + 1 + r.int(5) };
    }
    c = lspSafe(t, c);
    if (c.kind !== 'undo' && c.kind !== 'restore' && c.kind !== 'fix') {
      this.undo.push(t);
      if (this.undo.length > 30) this.undo.shift();
    }
    this.text = t.slice(0, c.at) + c.ins + t.slice(c.at + c.del);
    this.cursor = c.at + c.ins.length;
    // An edit that took the openapi/swagger key away (the document is not linted then): the user puts it back a few
    // edits later, as a break is restored, so that a long run does not go on with a skipped document.
    if (!this.broken && c.kind !== 'restore' && !looksLikeOpenApi(this.text) && looksLikeOpenApi(t)) this.broken = { before: t, due: this.n + 1 + r.int(8) };
    return c;
  }

  get isBroken(): boolean {
    return this.broken !== undefined;
  }

  /**
   * At a checkpoint: whether the current text has a parser error. Without one it is the last good text; with one the
   * next edit goes back to the last good text (so that errors do not pile up over a long run: a user fixes them).
   */
  checkpoint(parserError: boolean): void {
    if (!parserError) this.lastGood = this.text;
    else this.fixPending = true;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// measuring

export function latencies(xs: number[]): Latencies {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]! : 0);
  return { count: s.length, p50: Math.round(at(0.5)), p95: Math.round(at(0.95)), p99: Math.round(at(0.99)), max: Math.round(s.at(-1) ?? 0) };
}

/** The resident set size of a process, KB (0 where /proc is missing). */
export function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

function peakKb(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

interface Located {
  code?: unknown;
  severity?: number;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  message: string;
}

/**
 * What is compared between the server and the CLI: rule, severity, range, message (the folder the document is in
 * written <dir>: each side lints it in a folder of its own).
 */
export function key(d: Located, dir: string): string {
  return `${String(d.code)} s${d.severity} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${d.message.split(dir).join('<dir>')}`;
}

/** The differences between two lists of keys (as multisets), for a finding's message. */
export function differences(server: string[], other: string[]): { onlyServer: string[]; onlyOther: string[] } {
  const count = (xs: string[]) => xs.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>());
  const cs = count(server);
  const co = count(other);
  return {
    onlyServer: [...cs].filter(([k, n]) => (co.get(k) ?? 0) < n).map(([k, n]) => `${n - (co.get(k) ?? 0)}× ${k}`),
    onlyOther: [...co].filter(([k, n]) => (cs.get(k) ?? 0) < n).map(([k, n]) => `${n - (cs.get(k) ?? 0)}× ${k}`),
  };
}

const CRASH = /internal error|Maximum call stack|FATAL ERROR|bad_alloc|out of memory|is not a function|Cannot read propert|Unhandled|uncaught/i;
const CANCELLED = new Set([-32800, -32802]);

/** The CLI's findings for `text` as a file named `file` (written there: a folder of the harness's own). */
export async function cliFindings(file: string, text: string, budgetMs: number): Promise<{ keys: string[]; error?: string }> {
  fs.writeFileSync(file, text);
  const r = await measure([CLI, 'lint', '--no-progress', '-f', 'json', file], path.dirname(file), budgetMs, '', 1e9);
  if (r.killed) return { keys: [], error: `the CLI gave no answer within ${budgetMs} ms` };
  if (r.code === null || r.code > 2 || CRASH.test(r.stderr)) return { keys: [], error: `the CLI exited ${r.code}: ${r.stderr.slice(0, 300)}` };
  let list: (Located & { source: string })[];
  try {
    list = JSON.parse(r.stdout || '[]');
  } catch {
    return { keys: [], error: `the CLI's output is not JSON: ${r.stdout.slice(0, 200)} ${r.stderr.slice(0, 200)}` };
  }
  // The CLI's severities are 0..3, the LSP's 1..4.
  return { keys: list.filter(p => p.source === file).map(p => key({ ...p, severity: (p.severity ?? 1) + 1 }, path.dirname(file))) };
}

// ---------------------------------------------------------------------------------------------------------------
// the run

const sleep = (ms: number) => new Promise<void>(r => setTimeout(r, ms));
const REQUESTS_WHILE_TYPING = [
  'textDocument/hover',
  'textDocument/completion',
  'textDocument/definition',
  'textDocument/hover',
  'textDocument/completion',
] as const;

export async function fuzzServerRun(o: ServerFuzzOptions): Promise<ServerFuzzReport> {
  const t0 = performance.now();
  const r = rng(o.seed);
  const original = fs.readFileSync(o.file, 'utf8');
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-fuzz-server-')));
  const folder = path.join(base, 'ws');
  const cliFolder = path.join(base, 'cli');
  fs.mkdirSync(folder);
  fs.mkdirSync(cliFolder);
  const name = /\.json$/i.test(o.file) ? 'api.json' : 'api.yaml';
  const file = path.join(folder, name);
  const cliFile = path.join(cliFolder, name);
  fs.writeFileSync(file, original);
  const log = o.log ?? (() => undefined);

  const rep: ServerFuzzReport = {
    file: o.file,
    bytes: Buffer.byteLength(original),
    seed: o.seed,
    edits: 0,
    editKinds: {},
    requests: 0,
    requestKinds: {},
    cancelled: 0,
    errors: 0,
    unanswered: 0,
    crashes: 0,
    latency: latencies([]),
    latencyByKind: {},
    checkpoints: 0,
    checkpointLatency: latencies([]),
    mismatches: 0,
    final: { server: -1, cli: -1, fresh: -1, equal: false },
    rssKb: { afterFirstEdit: 0, settled: 0, end: 0, peak: 0, min: 0, max: 0 },
    load: { start: os.loadavg()[0]!, min: Infinity, max: 0, end: 0 },
    brokenCheckpoints: 0,
    seconds: 0,
    goals: [],
    findings: [],
  };
  const lat: number[] = [];
  const latByKind = new Map<string, number[]>();
  const cpLat: number[] = [];
  const rssSeries: number[] = [];
  const inflight = new Set<Promise<void>>();
  let sinceLat = 0;
  let sinceUnanswered = 0;

  const client = await TestClient.start({ folder, settings: o.settings ?? {}, capabilities: VSCODE_CAPABILITIES });
  const pid = client.proc.pid!;
  client.proc.setMaxListeners(0); // TestClient.request listens for an exit per request
  let exited = false;
  let stopping = false;
  client.proc.once('exit', (code, signal) => {
    exited = true;
    if (stopping) return;
    rep.crashes++;
    rep.findings.push({
      kind: 'crash',
      detail: `the server exited (${code ?? signal}) after ${rep.edits} edits: ${client.stderr.slice(-500)}`,
      repro: editor.text,
    });
  });
  // When each publish arrived (the checkpoint's latency is from the last edit to it, whenever the harness looks).
  const arrived = new WeakMap<PublishDiagnosticsParams, number>();
  const push = client.published.push.bind(client.published);
  client.published.push = (...ps: PublishDiagnosticsParams[]) => {
    for (const p of ps) arrived.set(p, performance.now());
    return push(...ps);
  };
  let lintErrors = 0;
  // The resolves depend on which answers came (timing): their own generator keeps the edits deterministic.
  const picks = rng(o.seed ^ 0x5eed);
  const editor = new Editor(original, r, original);
  const doc = { td: TextDocument.create('', name.endsWith('.json') ? 'json' : 'yaml', 1, original) };
  let version = 1;
  let lastEditAt = 0;

  try {
    await warmUp(client, folder);
    const uri = client.open(file, original, version);
    doc.td = TextDocument.create(uri, doc.td.languageId, version, original);
    await client.diagnostics(uri, (_d, p) => p.version === version, 0, 120_000);

    const request = (method: string, params: unknown): void => {
      rep.requests++;
      rep.requestKinds[method] = (rep.requestKinds[method] ?? 0) + 1;
      const sent = performance.now();
      let timer: NodeJS.Timeout | undefined;
      const done = (ms: number) => {
        lat.push(ms);
        let l = latByKind.get(method);
        if (!l) latByKind.set(method, (l = []));
        l.push(ms);
      };
      const p = new Promise<void>(resolve => {
        timer = setTimeout(() => {
          rep.unanswered++;
          rep.findings.push({ kind: 'unanswered', detail: `${method} (edit ${rep.edits}, version ${version}): no answer within ${o.requestBudgetMs} ms` });
          done(o.requestBudgetMs);
          timer = undefined;
          resolve();
        }, o.requestBudgetMs);
        client.request<unknown>(method, params).then(
          answer => {
            if (!timer) return;
            clearTimeout(timer);
            done(performance.now() - sent);
            if (method === 'textDocument/codeAction') maybeResolve(answer);
            resolve();
          },
          (e: { code?: number; message?: string }) => {
            if (!timer) return;
            clearTimeout(timer);
            done(performance.now() - sent);
            if (e && typeof e.code === 'number' && CANCELLED.has(e.code)) rep.cancelled++;
            else if (!exited) {
              rep.errors++;
              rep.findings.push({
                kind: 'request-error',
                detail: `${method} (edit ${rep.edits}): ${String(e?.message ?? e).slice(0, 300)} ${JSON.stringify(params).slice(0, 300)}`,
                repro: editor.text,
              });
            }
            resolve();
          },
        );
      });
      inflight.add(p);
      void p.then(() => inflight.delete(p));
    };

    // The user picks an action of the light bulb now and then (one in five; a fix-all among them): its edits are resolved.
    const maybeResolve = (answer: unknown): void => {
      if (!Array.isArray(answer) || picks.next() >= 0.2) return;
      const lazy = answer.filter((a: { data?: unknown; edit?: unknown }) => a && a.data !== undefined && a.edit === undefined);
      if (lazy.length) request('codeAction/resolve', picks.pick(lazy));
    };

    const position = (offset: number) => doc.td.positionAt(offset);
    const randomPosition = () => {
      // Half of them on a $ref (definition and hover follow it), the rest anywhere.
      const t = editor.text;
      if (r.next() < 0.5) {
        const from = r.int(t.length + 1);
        const i = t.indexOf('$ref', from);
        if (i >= 0) return position(i + 6 + r.int(20));
      }
      return position(r.int(t.length + 1));
    };
    const lineDiagnostics = (line: number): Diagnostic[] =>
      (client.latest(uri)?.diagnostics ?? []).filter(d => d.range.start.line <= line && d.range.end.line >= line);

    const sendEdit = (c: Change): void => {
      const range = { start: position(c.at), end: position(c.at + c.del) };
      version++;
      client.notifyServer('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range, rangeLength: c.del, text: c.ins }] });
      doc.td = TextDocument.update(doc.td, [{ range, text: c.ins }], version);
      lastEditAt = performance.now();
      rep.edits++;
      rep.editKinds[c.kind] = (rep.editKinds[c.kind] ?? 0) + 1;
      if (doc.td.getText() !== editor.text) throw new Error(`the harness's mirror of the document differs from the editor's after a ${c.kind} edit`);
    };

    const checkpoint = async (): Promise<void> => {
      rep.checkpoints++;
      const want = version;
      const text = editor.text;
      await Promise.all([...inflight]);
      let got: PublishDiagnosticsParams | undefined;
      try {
        await client.diagnostics(uri, (_d, p) => p.version === want, 0, o.diagnosticsBudgetMs);
        got = client.latest(uri)!;
      } catch (e) {
        rep.findings.push({
          kind: 'no-diagnostics',
          detail: `checkpoint ${rep.checkpoints} (edit ${rep.edits}, version ${want}): ${String(e).split('\n')[0]}`,
          repro: text,
        });
        cpLat.push(o.diagnosticsBudgetMs);
        return;
      }
      const ms = (arrived.get(got) ?? performance.now()) - lastEditAt;
      cpLat.push(ms);
      const cli = await cliFindings(cliFile, text, 120_000);
      const broken = cli.keys.some(k => k.startsWith('parser '));
      if (broken) rep.brokenCheckpoints++;
      editor.checkpoint(broken);
      if (cli.error) rep.findings.push({ kind: 'cli', detail: `checkpoint ${rep.checkpoints}: ${cli.error}`, repro: text });
      const mine = got.diagnostics.map(d => key(d as Located, folder)).sort();
      const theirs = cli.keys.sort();
      const same = !cli.error && mine.join('\n') === theirs.join('\n');
      if (!same && !cli.error) {
        rep.mismatches++;
        const d = differences(mine, theirs);
        // A fresh server on the same text tells a difference of the edited server's state (incremental linting) from
        // one between the server and the CLI.
        const fresh = await freshServer(folder, text, name);
        const freshIs = fresh.join('\n') === theirs.join('\n') ? "the CLI's" : fresh.join('\n') === mine.join('\n') ? "the edited server's" : 'neither';
        rep.findings.push({
          kind: 'server≠cli',
          detail: `checkpoint ${rep.checkpoints} (edit ${rep.edits}, version ${want}${broken ? ', broken' : ''}): server ${mine.length}, CLI ${theirs.length}, a fresh server ${fresh.length} (= ${freshIs}); only the server's: ${JSON.stringify(d.onlyServer.slice(0, 3))}; only the CLI's: ${JSON.stringify(d.onlyOther.slice(0, 3))}`,
          repro: text,
        });
      }
      const rss = rssKb(pid);
      rssSeries.push(rss);
      const load = os.loadavg()[0]!;
      const windowed = latencies(lat.slice(sinceLat));
      const windowUnanswered = rep.unanswered - sinceUnanswered;
      sinceLat = lat.length;
      sinceUnanswered = rep.unanswered;
      rep.load.min = Math.min(rep.load.min, load);
      rep.load.max = Math.max(rep.load.max, load);
      log(
        `checkpoint ${rep.checkpoints}: edit ${rep.edits}, ${text.length} chars${broken ? ' (broken)' : ''}, ${mine.length} diagnostics in ${Math.round(ms)} ms${same ? ' = CLI' : ` ≠ CLI (${theirs.length})`}, ${rep.requests} requests (since the last checkpoint: ${windowed.count}, p50 ${windowed.p50} ms, p99 ${windowed.p99} ms, ${windowUnanswered} unanswered), RSS ${Math.round(rss / 1024)} MB, load ${load.toFixed(1)}`,
      );
    };
    /** RSS once the server is idle (its diagnostics are out, its requests answered): after a second of quiet. */
    const settledRss = async (): Promise<number> => {
      await sleep(1000);
      return rssKb(pid);
    };
    // The server starts its spare lint worker a few seconds after the first (lintPool.ts, SPARE_DELAY_MS) and warms it
    // up: memory the server takes once, not with the edits. The growth goal is measured from once it is up: RSS steady
    // (within 2% over a second) at least 5 s after the first edit, or after 20 s.
    const steadyRss = async (): Promise<number> => {
      await sleep(4000);
      let last = rssKb(pid);
      for (let waited = 0; waited < 15_000; waited += 1000) {
        await sleep(1000);
        const now = rssKb(pid);
        if (Math.abs(now - last) <= last * 0.02) return now;
        last = now;
      }
      return last;
    };

    for (let i = 0; i < o.edits && !exited; i++) {
      const c = editor.next();
      sendEdit(c);
      if (r.next() < 0.3) {
        const method = r.pick(REQUESTS_WHILE_TYPING);
        const pos = method === 'textDocument/completion' ? position(editor.cursor) : randomPosition();
        request(method, { textDocument: { uri }, position: pos });
      }
      const first = i === 0;
      const outOfTime = o.maxMs !== undefined && performance.now() - t0 > o.maxMs;
      if (outOfTime)
        rep.findings.push({
          kind: 'stopped',
          detail: `stopped after ${rep.edits} of ${o.edits} edits: the run's time (${Math.round(o.maxMs! / 60000)} min) is up`,
        });
      const last = i === o.edits - 1 || outOfTime;
      if (first || last || (i + 1) % o.checkpointEvery === 0) {
        await checkpoint();
        if (first) {
          rep.rssKb.afterFirstEdit = await settledRss();
          rep.rssKb.settled = await steadyRss();
        }
        if (last) break;
      } else if (r.next() < o.pauseChance) {
        // A pause: VS Code asks for the outline and for the light bulb at the cursor.
        const pos = position(editor.cursor);
        request('textDocument/documentSymbol', { textDocument: { uri } });
        request('textDocument/codeAction', {
          textDocument: { uri },
          range: { start: pos, end: pos },
          context: { diagnostics: lineDiagnostics(pos.line), triggerKind: 2 },
        });
        await sleep(o.pauseMs[0] + r.int(o.pauseMs[1] - o.pauseMs[0] + 1));
        // The diagnostics of this version came during the pause: VS Code asks for the light bulb again (the markers
        // changed); half the time the user has gone to a squiggle, whose quick fixes (fix-all among them) it asks for.
        const shown = client.latest(uri);
        if (shown?.version === version) {
          const target = shown.diagnostics.length > 0 && picks.next() < 0.5 ? picks.pick(shown.diagnostics).range.start : pos;
          request('textDocument/codeAction', {
            textDocument: { uri },
            range: { start: target, end: target },
            context: { diagnostics: lineDiagnostics(target.line), triggerKind: 2 },
          });
        }
      } else {
        await sleep(Math.min(1000, -Math.log(1 - r.next()) * o.paceMs));
      }
      // Keep the harness's own memory flat over a long run.
      if (client.published.length > 50) client.published.splice(0, client.published.length - 10);
      if (client.statuses.length > 50) {
        for (const s of client.statuses) {
          if (s.state === 'error') {
            lintErrors++;
            rep.findings.push({ kind: 'lint-error', detail: `version ${s.version}: ${s.message}` });
          }
        }
        client.statuses.splice(0);
      }
    }
    if (!exited) {
      // Measured as the start is (steadyRss): 1 s after the last diagnostics is when the server's idle collection
      // (memory.ts IDLE_MS) starts, and the end could be read before it had freed anything.
      rep.rssKb.end = await steadyRss();
      rep.rssKb.peak = peakKb(pid);
      const final = client
        .latest(uri)!
        .diagnostics.map(d => key(d as Located, folder))
        .sort();
      const cli = await cliFindings(cliFile, editor.text, 120_000);
      const fresh = await freshServer(folder, editor.text, name);
      rep.final = {
        server: final.length,
        cli: cli.keys.length,
        fresh: fresh.length,
        equal: !cli.error && final.join('\n') === cli.keys.sort().join('\n') && final.join('\n') === fresh.join('\n'),
      };
      if (!rep.final.equal) {
        const d = differences(final, fresh);
        rep.findings.push({
          kind: 'final≠fresh',
          detail: `server ${final.length}, CLI ${cli.keys.length}, fresh server ${fresh.length}; only the server's: ${JSON.stringify(d.onlyServer.slice(0, 3))}; only the fresh server's: ${JSON.stringify(d.onlyOther.slice(0, 3))}`,
          repro: editor.text,
        });
      }
    }
  } catch (e) {
    rep.findings.push({ kind: 'harness', detail: String((e as Error)?.stack ?? e).slice(0, 1000), repro: editor.text });
  } finally {
    for (const s of client.statuses) {
      if (s.state === 'error') {
        lintErrors++;
        rep.findings.push({ kind: 'lint-error', detail: `version ${s.version}: ${s.message}` });
      }
    }
    if (CRASH.test(client.stderr)) {
      rep.crashes++;
      rep.findings.push({ kind: 'crash', detail: `the server's stderr: ${client.stderr.slice(0, 500)}` });
    }
    stopping = true;
    await client.stop();
    fs.rmSync(base, { recursive: true, force: true });
  }
  rep.crashes += lintErrors;
  rep.latency = latencies(lat);
  for (const [k, xs] of latByKind) rep.latencyByKind[k] = latencies(xs);
  rep.checkpointLatency = latencies(cpLat);
  rep.rssKb.min = rssSeries.length ? Math.min(...rssSeries) : 0;
  rep.rssKb.max = rssSeries.length ? Math.max(...rssSeries) : 0;
  rep.seconds = Math.round((performance.now() - t0) / 1000);
  rep.load.end = os.loadavg()[0]!;
  if (rep.load.min === Infinity) rep.load.min = rep.load.start;
  const g = o.goals;
  const rssBase = rep.rssKb.settled || rep.rssKb.afterFirstEdit;
  const growth = rssBase ? rep.rssKb.end / rssBase - 1 : NaN;
  rep.goals = [
    { goal: '0 crashes', ok: rep.crashes === 0, value: String(rep.crashes) },
    { goal: '0 request errors', ok: rep.errors === 0, value: `${rep.errors} (and ${rep.cancelled} cancelled for a newer version)` },
    { goal: 'every request answered', ok: rep.unanswered === 0, value: `${rep.requests - rep.unanswered} of ${rep.requests} within ${o.requestBudgetMs} ms` },
    {
      goal: `request latency p99 ≤ ${g.p99Ms} ms, every kind`,
      ok: rep.latency.count > 0 && Object.values(rep.latencyByKind).every(x => x.p99 <= g.p99Ms),
      value: Object.entries(rep.latencyByKind)
        .map(([k, x]) => `${k.replace('textDocument/', '')} ${x.p99} ms`)
        .join(', '),
    },
    {
      goal: `diagnostics of the current version ≤ ${g.checkpointMs} ms after the last edit, every checkpoint`,
      ok: rep.checkpointLatency.count === rep.checkpoints && rep.checkpointLatency.max <= g.checkpointMs,
      value: `max ${rep.checkpointLatency.max} ms over ${rep.checkpoints}`,
    },
    {
      goal: "the server's diagnostics = the CLI's at every checkpoint",
      ok: rep.mismatches === 0 && !rep.findings.some(f => f.kind === 'cli' || f.kind === 'no-diagnostics'),
      value: `${rep.checkpoints - rep.mismatches} of ${rep.checkpoints} (${rep.brokenCheckpoints} broken)`,
    },
    { goal: 'final diagnostics = CLI = a fresh server', ok: rep.final.equal, value: `${rep.final.server} / ${rep.final.cli} / ${rep.final.fresh}` },
    {
      goal: `RSS at the end ≤ ${Math.round(g.rssGrowth * 100)}% over after the first edit (the server settled: its spare worker up)`,
      ok: growth <= g.rssGrowth,
      value: `${mb(rssBase)} → ${mb(rep.rssKb.end)} MB (${(growth * 100).toFixed(1)}%)`,
    },
  ];
  return rep;
}

const mb = (kb: number) => Math.round(kb / 1024);

/** The first lint starts the server's worker (seconds on a loaded machine): not a step of the budget. */
async function warmUp(client: TestClient, folder: string): Promise<void> {
  const uri = client.open(path.join(folder, 'warm-up.yaml'), `openapi: 3.0.3\ninfo: {title: x, version: '1'}\npaths: {}\n`, 1);
  await client.diagnostics(uri, () => true, 0, 120_000);
  client.close(uri);
}

/** A fresh server's diagnostics for `text` (opened once, in a folder of its own with the same file name). */
async function freshServer(folder: string, text: string, name: string): Promise<string[]> {
  const dir = path.join(path.dirname(folder), 'fresh');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  const c = await TestClient.start({ folder: dir, capabilities: VSCODE_CAPABILITIES });
  try {
    const uri = c.open(file, text, 1);
    const d = await c.diagnostics(uri, (_d, p) => p.version === 1, 0, 120_000);
    return d.map(x => key(x as Located, dir)).sort();
  } finally {
    await c.stop();
  }
}

/** The report as Markdown (a table per part), for the console and the issue. */
export function formatReport(rep: ServerFuzzReport): string {
  const l = (x: Latencies) => `${x.p50} / ${x.p95} / ${x.p99} / ${x.max}`;
  const lines = [
    `server fuzz: ${path.basename(rep.file)} (${Math.round(rep.bytes / 1024)} KB), seed ${rep.seed}, ${rep.seconds} s`,
    '',
    '| measure | value |',
    '|---|---|',
    `| edits | ${rep.edits} (${Object.entries(rep.editKinds)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}) |`,
    `| requests | ${rep.requests} (${Object.entries(rep.requestKinds)
      .map(([k, n]) => `${k.replace('textDocument/', '')} ${n}`)
      .join(', ')}) |`,
    `| crashes | ${rep.crashes} |`,
    `| JSON-RPC errors | ${rep.errors} (cancelled for a newer version: ${rep.cancelled}) |`,
    `| unanswered within budget | ${rep.unanswered} |`,
    `| request latency p50 / p95 / p99 / max, ms | ${l(rep.latency)} |`,
    ...Object.entries(rep.latencyByKind).map(([k, x]) => `| ↳ ${k.replace('textDocument/', '')} (${x.count}) | ${l(x)} |`),
    `| checkpoints (at a text with a parser error) | ${rep.checkpoints} (${rep.brokenCheckpoints}) |`,
    `| last edit → diagnostics of that version p50 / p95 / p99 / max, ms | ${l(rep.checkpointLatency)} |`,
    `| checkpoints where server ≠ CLI | ${rep.mismatches} |`,
    `| final diagnostics: server / CLI / fresh server | ${rep.final.server} / ${rep.final.cli} / ${rep.final.fresh} (${rep.final.equal ? 'equal' : 'DIFFERENT'}) |`,
    `| load average (1 min) at the start, at checkpoints (min–max), at the end | ${rep.load.start.toFixed(1)}, ${rep.load.min.toFixed(1)}–${rep.load.max.toFixed(1)}, ${rep.load.end.toFixed(1)} (${os.cpus().length} cores) |`,
    `| RSS 1 s after the first edit → settled (spare worker up) → end (min–max at checkpoints; peak), MB | ${mb(rep.rssKb.afterFirstEdit)} → ${mb(rep.rssKb.settled)} → ${mb(rep.rssKb.end)} (${mb(rep.rssKb.min)}–${mb(rep.rssKb.max)}; ${mb(rep.rssKb.peak)}) |`,
    '',
    '| goal | met | value |',
    '|---|---|---|',
    ...rep.goals.map(g => `| ${g.goal} | ${g.ok ? 'yes' : '**NO**'} | ${g.value} |`),
  ];
  return lines.join('\n');
}
