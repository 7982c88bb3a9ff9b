/**
 * Helpers for tests that run the BUILT CLI (`node server/out/cli.js`): build once
 * when the bundle is missing or older than its sources, run it, make temp dirs.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const ROOT = path.join(__dirname, '..', '..');
export const CLI = path.join(ROOT, 'server', 'out', 'cli.js');
export { CORPUS } from '../helpers/corpus';

function newestMtime(dir: string, test: (f: string) => boolean): number {
  let newest = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'out' || entry.name === 'node_modules') continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p, test));
    else if (test(entry.name)) newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

let built = false;

/** Runs `npm run build` when server/out/cli.js (or its bundle cli.bundle.js, rules/out) is missing or older than a source file. */
export function ensureBuilt(): void {
  if (built) return;
  const outputs = [CLI, ...['cli.bundle.js'].map(f => path.join(ROOT, 'server', 'out', f)), path.join(ROOT, 'rules', 'out', 'apiconv.js')];
  const oldest = Math.min(...outputs.map(f => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));
  const src = Math.max(
    newestMtime(path.join(ROOT, 'server', 'src'), f => f.endsWith('.ts')),
    newestMtime(path.join(ROOT, 'rules'), f => /\.(ts|md)$/.test(f) && !f.endsWith('.test.ts')),
    newestMtime(path.join(ROOT, 'scripts'), f => f.endsWith('.mjs')),
    fs.statSync(path.join(ROOT, 'esbuild.mjs')).mtimeMs,
  );
  if (oldest < src) {
    // Several test files may ask at once: one builds, the others wait for its lock.
    const lock = path.join(os.tmpdir(), `apiconv-build-${Buffer.from(ROOT).toString('hex').slice(-24)}.lock`);
    let mine = false;
    for (let i = 0; i < 600; i++) {
      try {
        fs.mkdirSync(lock);
        mine = true;
        break;
      } catch {
        if (Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 120_000) fs.rmSync(lock, { recursive: true, force: true });
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
      }
    }
    try {
      const stillOld = Math.min(...outputs.map(f => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0))) < src;
      if (stillOld) {
        const r = spawnSync(process.execPath, [path.join(ROOT, 'esbuild.mjs')], { cwd: ROOT, encoding: 'utf8' });
        // Another bundle (e.g. the VS Code client) may fail while ours were built: only ours matter here.
        const ours = Math.min(...outputs.map(f => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));
        if (r.status !== 0 && ours < src) throw new Error(`build failed: ${r.stderr}`);
      }
    } finally {
      if (mine) fs.rmSync(lock, { recursive: true, force: true });
    }
  }
  built = true;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], opts: { cwd?: string; input?: string; env?: Record<string, string>; timeout?: number } = {}): RunResult {
  ensureBuilt();
  const r: SpawnSyncReturns<string> = spawnSync(process.execPath, [CLI, ...args], {
    cwd: opts.cwd ?? ROOT,
    input: opts.input,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...opts.env },
    timeout: opts.timeout ?? 120_000,
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** A fresh temp dir with the given files (relative path → content). */
export function tempDir(files: Record<string, string | Buffer> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-test-'));
  for (const [rel, content] of Object.entries(files)) {
    const p = path.join(dir, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, content);
  }
  return dir;
}

/** A document with findings of rules that exist from the start: path-api-prefix (warn) and path-no-verbs (error). */
export const BAD_DOC = `openapi: 3.0.3
info:
  title: Bad
  version: '1'
servers:
  - url: https://x.example.com
paths:
  /getUsers:
    get:
      responses:
        '200':
          description: ok
`;

/** Only a warning: path-api-prefix. */
export const WARN_DOC = `openapi: 3.0.3
info:
  title: Warn
  version: '1'
servers:
  - url: https://x.example.com
paths:
  /users:
    get:
      responses:
        '200':
          description: ok
`;

export interface JsonFinding {
  code: string;
  path: (string | number)[];
  message: string;
  severity: number;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  source: string;
}

/** A minimal strict XML well-formedness parser (elements, attributes, text, entities): enough to check JUnit output. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export function parseXml(xml: string): XmlElement {
  let i = 0;
  const fail = (msg: string): never => {
    throw new Error(`XML: ${msg} at offset ${i}: ${JSON.stringify(xml.slice(i, i + 40))}`);
  };
  const decode = (s: string) => {
    if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(s)) fail('bad entity');
    if (/[<]/.test(s)) fail('raw < in text');
    return s.replace(/&(amp|lt|gt|quot|apos);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!);
  };
  const skipWs = () => {
    while (/\s/.test(xml[i] ?? '')) i++;
  };
  if (xml.startsWith('<?xml')) {
    const end = xml.indexOf('?>');
    if (end < 0) fail('unterminated declaration');
    i = end + 2;
  }
  const element = (): XmlElement => {
    skipWs();
    if (xml[i] !== '<') fail('expected <');
    i++;
    const name = /^[A-Za-z_][\w.-]*/.exec(xml.slice(i))?.[0] ?? fail('bad element name');
    i += name.length;
    const el: XmlElement = { name, attrs: {}, children: [], text: '' };
    for (;;) {
      skipWs();
      if (xml.startsWith('/>', i)) {
        i += 2;
        return el;
      }
      if (xml[i] === '>') {
        i++;
        break;
      }
      const m = /^([A-Za-z_][\w.:-]*)\s*=\s*"([^"]*)"/.exec(xml.slice(i)) ?? fail('bad attribute');
      if (m[1] in el.attrs) fail(`duplicate attribute ${m[1]}`);
      el.attrs[m[1]] = decode(m[2]);
      i += m[0].length;
    }
    for (;;) {
      const lt = xml.indexOf('<', i);
      if (lt < 0) fail(`unclosed <${name}>`);
      el.text += decode(xml.slice(i, lt));
      i = lt;
      if (xml.startsWith('</', i)) {
        const close = `</${name}>`;
        if (!xml.startsWith(close, i)) fail(`expected ${close}`);
        i += close.length;
        return el;
      }
      el.children.push(element());
    }
  };
  const root = element();
  skipWs();
  if (i !== xml.length) fail('content after the root element');
  return root;
}

export function findAll(el: XmlElement, name: string): XmlElement[] {
  return [...(el.name === name ? [el] : []), ...el.children.flatMap(c => findAll(c, name))];
}
