/**
 * A plain LSP client for protocol tests: spawns the BUILT server
 * (server/out/server.js --stdio) and talks to it with vscode-languageserver-protocol.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type ProtocolConnection } from 'vscode-languageserver-protocol/node';
import type { ClientCapabilities, Diagnostic, PublishDiagnosticsParams, Range } from 'vscode-languageserver-protocol';
import { serverEnvironment } from '../../client/src/serverProcess';

function findRoot(dir: string): string {
  for (let d = dir; ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, 'package.json')) && fs.existsSync(path.join(d, 'esbuild.mjs'))) return d;
    if (path.dirname(d) === d) return process.cwd();
  }
}
export const ROOT = findRoot(__dirname);
export const SERVER = process.env.APICONV_SERVER ?? path.join(ROOT, 'server', 'out', 'server.js');

/**
 * Node's flags for the server, from the environment as the extension reads it: APICONV_SERVER_CPU_PROF=<folder>, a
 * V8 CPU profile of each of its threads written there when it exits (where a soak's time goes: npm run fuzz).
 */
function serverExecArgv(): string[] {
  const dir = process.env.APICONV_SERVER_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}
export { CORPUS } from '../helpers/corpus';

export interface StatusParams {
  uri: string;
  state: string;
  version?: number;
  ruleset?: string;
  loaded?: string;
  restricted?: boolean;
  problems?: number;
  shown?: number;
  message?: string;
  rulesetError?: string;
  validationTime?: number;
  incremental?: { unitsRun: number; unitsReused: number; fullParse: boolean; conventionsReused?: boolean; textKept?: boolean; problemsSent?: number };
  thread?: 'main' | 'worker';
  lintRuns?: number;
  score?: { value: number; grade: string };
}

export function uriOf(file: string): string {
  return pathToFileURL(file).toString();
}

export function tmpWorkspace(files: Record<string, string> = {}): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-lsp-')));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

export interface StartOptions {
  folder?: string;
  capabilities?: ClientCapabilities;
  initializationOptions?: unknown;
  /** Answers to workspace/configuration (section apiconv). */
  settings?: Record<string, unknown>;
}

export class TestClient {
  readonly proc: ChildProcess;
  readonly conn: ProtocolConnection;
  /** Every publishDiagnostics, in order. */
  readonly published: PublishDiagnosticsParams[] = [];
  readonly statuses: StatusParams[] = [];
  readonly logs: string[] = [];
  stderr = '';
  settings: Record<string, unknown> = {};
  refreshes = 0;
  private listeners: (() => void)[] = [];
  private exited = false;

  constructor() {
    this.proc = spawn(process.execPath, [...serverExecArgv(), SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'], env: serverEnvironment(process.env) });
    this.proc.stderr!.on('data', d => (this.stderr += String(d)));
    this.proc.on('exit', () => {
      this.exited = true;
      this.notify();
    });
    this.conn = createProtocolConnection(new StreamMessageReader(this.proc.stdout!), new StreamMessageWriter(this.proc.stdin!));
    this.conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      this.published.push(p);
      this.notify();
    });
    this.conn.onNotification('apiconv/status', (p: StatusParams) => {
      this.statuses.push(p);
      this.notify();
    });
    this.conn.onNotification('window/logMessage', (p: { message: string }) => {
      this.logs.push(p.message);
    });
    this.conn.onRequest('workspace/configuration', (p: { items: { section?: string }[] }) =>
      p.items.map(i => (i.section === 'apiconv' ? this.settings : null)),
    );
    this.conn.onRequest('client/registerCapability', () => null);
    this.conn.onRequest('workspace/diagnostic/refresh', () => {
      this.refreshes++;
      this.notify();
      return null;
    });
    this.conn.listen();
  }

  static async start(opts: StartOptions = {}): Promise<TestClient> {
    const c = new TestClient();
    c.settings = opts.settings ?? {};
    const folder = opts.folder;
    await c.request('initialize', {
      processId: process.pid,
      rootUri: folder ? uriOf(folder) : null,
      workspaceFolders: folder ? [{ uri: uriOf(folder), name: path.basename(folder) }] : null,
      capabilities: opts.capabilities ?? { workspace: { configuration: true } },
      initializationOptions: opts.initializationOptions,
    });
    await c.conn.sendNotification('initialized', {});
    return c;
  }

  private notify(): void {
    for (const l of this.listeners.splice(0)) l();
  }

  /** Waits until `pred` holds (checked on every message), or fails after `ms`. */
  async until<T>(what: string, pred: () => T | undefined | false, ms = 20000): Promise<T> {
    const t0 = Date.now();
    for (;;) {
      const v = pred();
      if (v) return v;
      if (this.exited) throw new Error(`server exited while waiting for ${what}\n${this.stderr}`);
      const left = ms - (Date.now() - t0);
      if (left <= 0) throw new Error(`timeout waiting for ${what}\nlogs: ${this.logs.join('\n')}\nstderr: ${this.stderr}`);
      await new Promise<void>(resolve => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.listeners.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The latest diagnostics published for `uri` (undefined: none yet). */
  latest(uri: string): PublishDiagnosticsParams | undefined {
    for (let i = this.published.length - 1; i >= 0; i--) if (this.published[i].uri === uri) return this.published[i];
    return undefined;
  }

  /** Waits for a publish for `uri` (after `since` publishes) that satisfies `pred`. */
  async diagnostics(uri: string, pred: (d: Diagnostic[], p: PublishDiagnosticsParams) => boolean = () => true, since = 0, ms?: number): Promise<Diagnostic[]> {
    const p = await this.until(
      `diagnostics for ${uri}`,
      () => {
        for (let i = this.published.length - 1; i >= since; i--) {
          const x = this.published[i];
          if (x.uri === uri) return pred(x.diagnostics, x) ? x : undefined;
        }
        return undefined;
      },
      ms,
    );
    return p.diagnostics;
  }

  open(file: string, text: string, version = 1, languageId = file.endsWith('.json') ? 'json' : 'yaml'): string {
    const uri = uriOf(file);
    void this.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
    return uri;
  }

  change(uri: string, version: number, text: string): void {
    void this.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
  }

  /** Edits the document as an editor does: changes of ranges, each in the text the ones before it made. */
  edit(uri: string, version: number, changes: { range: Range; text: string }[]): void {
    void this.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes });
  }

  close(uri: string): void {
    void this.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  request<R>(method: string, params?: unknown): Promise<R> {
    return Promise.race([
      this.conn.sendRequest(method, params) as Promise<R>,
      new Promise<R>((_, reject) => this.proc.once('exit', code => reject(new Error(`server exited (${code}) during ${method}\n${this.stderr}`)))),
    ]);
  }

  notifyServer(method: string, params: unknown): void {
    void this.conn.sendNotification(method, params);
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise<void>(r => this.proc.once('exit', () => r()));
    try {
      await Promise.race([this.conn.sendRequest('shutdown'), new Promise(r => setTimeout(r, 3000))]);
      await this.conn.sendNotification('exit');
    } catch {
      /* already gone */
    }
    // A server writing its CPU profile on exit takes its time.
    await Promise.race([exited, new Promise(r => setTimeout(r, process.env.APICONV_SERVER_CPU_PROF ? 120_000 : 3000))]);
    if (!this.exited) this.proc.kill('SIGKILL');
    this.conn.dispose();
  }
}

export const lines = (...ls: string[]) => ls.join('\n') + '\n';
