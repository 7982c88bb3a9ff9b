/**
 * The fuzz suite: hostile documents and random mutations through the built CLI,
 * random edit sequences through the built server over stdio, with requests at random
 * positions in between (server.ts). Deterministic for a seed. Used by fuzz.test.ts (a fixed seed, a small
 * budget, in `npm test`) and run.ts (`npm run fuzz -- --runs N [--seed S]`).
 *
 * Checks: no crash (exit code, signal, "internal error", a stack overflow), no hang (a time
 * budget per step), bounded memory (peak RSS), every fix result parses; the server's checks are in
 * server.ts.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fixFile, formatOf, parseData } from '../../server/src/engine/fix/index';
import { TestClient, uriOf } from '../lsp/client';
import {
  aliasBomb,
  catastrophicPattern,
  deepJson,
  deepYamlFlow,
  enumDocument,
  hostileCases,
  materialize,
  REF_CYCLE,
  REF_CYCLE_A,
  REF_CYCLE_ACROSS,
  REF_CYCLE_B,
  sharedEnum,
  type HostileCase,
} from './hostile';
import { measure } from './measure';

export const ROOT = path.join(__dirname, '..', '..');
export const CLI = path.join(ROOT, 'server', 'out', 'cli.js');
export const CORPUS = path.join(ROOT, '..', 'shared', 'corpus');

/** mulberry32: a small seeded PRNG. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
  };
}
export type Rng = ReturnType<typeof rng>;

export interface Finding {
  kind: string;
  detail: string;
  /** A minimal reproduction (the text), when there is one. */
  repro?: string;
}

export interface FuzzStats {
  hostile: number;
  mutants: number;
  fixes: number;
  findings: Finding[];
}

export function newStats(): FuzzStats {
  return { hostile: 0, mutants: 0, fixes: 0, findings: [] };
}

const MB = 1024;
const MAX_RSS_KB = 1024 * MB;
const CRASH = /internal error|Maximum call stack|FATAL ERROR|bad_alloc|out of memory|is not a function|Cannot read propert/i;

function tmp(prefix: string): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `apiconv-fuzz-${prefix}-`)));
}

/** Every hostile case (hostile.ts) through the CLI, within `budgetMs` each. */
export async function fuzzHostile(stats: FuzzStats, opts: { budgetMs: number; slow?: boolean; parallel?: number }): Promise<void> {
  const cases = hostileCases().filter(c => (opts.slow || !c.slow) && !(c.posixOnly && process.platform === 'win32'));
  const lanes = Array.from({ length: opts.parallel ?? 2 }, async () => {
    for (let c = cases.shift(); c; c = cases.shift()) await oneHostile(stats, c, opts.budgetMs);
  });
  await Promise.all(lanes);
}

async function oneHostile(stats: FuzzStats, c: HostileCase, suiteBudgetMs: number): Promise<void> {
  const budgetMs = c.budgetMs ?? suiteBudgetMs;
  const dir = tmp('hostile');
  try {
    materialize(dir, c.files);
    const r = await measure([CLI, 'lint', '--no-progress', '-f', 'json', ...(c.args ?? []), c.root], dir, budgetMs);
    stats.hostile++;
    const out = `${r.stdout}\n${r.stderr}`;
    if (r.killed) stats.findings.push({ kind: 'hang', detail: `${c.name}: no answer within ${budgetMs} ms` });
    else if (CRASH.test(out) || r.code === null || r.code > 2)
      stats.findings.push({ kind: 'crash', detail: `${c.name}: exit ${r.code}: ${out.slice(0, 300)}` });
    else if (!c.expect.output.test(out))
      stats.findings.push({ kind: 'message', detail: `${c.name}: the output does not say ${c.expect.output}: ${out.slice(0, 300)}` });
    else if (c.expect.codes && !c.expect.codes.every(code => r.stdout.includes(`"code": "${code}"`)))
      stats.findings.push({ kind: 'finding', detail: `${c.name}: no ${c.expect.codes.join('/')} finding` });
    else if (c.expect.exit && !c.expect.exit.includes(r.code))
      stats.findings.push({ kind: 'exit', detail: `${c.name}: exit ${r.code}, not ${c.expect.exit.join(' or ')}: ${out.slice(0, 300)}` });
    if (r.peakKb > MAX_RSS_KB) stats.findings.push({ kind: 'memory', detail: `${c.name}: peak RSS ${Math.round(r.peakKb / MB)} MB` });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Small, real documents to mutate: the corpus's smaller files (when ../shared is there), else a built-in one. */
export function seedDocuments(maxBytes = 40_000): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  if (fs.existsSync(CORPUS)) {
    for (const d of fs.readdirSync(CORPUS).sort()) {
      const dir = path.join(CORPUS, d);
      if (!fs.statSync(dir).isDirectory()) continue;
      for (const f of fs.readdirSync(dir).sort()) {
        const p = path.join(dir, f);
        if (!/\.(ya?ml|json)$/.test(f) || !fs.statSync(p).isFile() || fs.statSync(p).size > maxBytes) continue;
        const text = fs.readFileSync(p, 'utf8');
        if (/^\s*["']?(openapi|swagger)/m.test(text) && !/\$ref:\s*['"]?\.{0,2}\//.test(text)) out.push({ name: `${d}/${f}`, text });
      }
    }
  }
  if (out.length === 0) out.push({ name: 'builtin.yaml', text: BUILTIN });
  return out;
}

const BUILTIN = `openapi: 3.0.3
info:
  title: Fuzz
  version: '1'
servers:
  - url: https://x.example.com/api/v1
paths:
  /users:
    get:
      operationId: listUsers
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/User'
  /getUsers/{id}:
    delete:
      parameters:
        - name: id
          in: path
          required: true
          schema: { type: string }
      responses:
        '204':
          description: gone
components:
  schemas:
    User:
      type: object
      properties:
        id: { type: string }
        name: { type: string, example: "a" }
`;

const SNIPPETS = [
  '\n  x: &a [1, 2]\n  y: *a\n',
  '\n  z: *missing\n',
  ': : :',
  '\t',
  '\uFEFF',
  '\r\n',
  '{',
  '}',
  '[',
  '"',
  "'",
  '\n   bad: 1\n',
  '\n- item\n',
  '$ref: "#/nowhere"',
  '$ref: ../../../../dev/zero',
  '!!binary |\n  AAAA\n',
  'x: ' + '['.repeat(40) + ']'.repeat(40),
  '\u0000',
  '# café \u00e9\n',
  '\n' + aliasBomb(3, 3).replace(/^/gm, '  ') + '\n',
  '\u2028',
  '😀',
];

/** One random mutation of a text (line and character level). */
export function mutate(text: string, r: Rng): string {
  const lines = text.split('\n');
  switch (r.int(8)) {
    case 0: {
      const i = r.int(lines.length);
      lines.splice(i, 1 + r.int(3));
      return lines.join('\n');
    }
    case 1: {
      const i = r.int(lines.length);
      lines.splice(r.int(lines.length), 0, ...lines.slice(i, i + 1 + r.int(4)));
      return lines.join('\n');
    }
    case 2: {
      const i = r.int(lines.length);
      lines[i] = ' '.repeat(r.int(3)) + lines[i]!.replace(/^ {0,3}/, '');
      return lines.join('\n');
    }
    case 3: {
      const at = r.int(text.length + 1);
      return text.slice(0, at) + r.pick(SNIPPETS) + text.slice(at);
    }
    case 4: {
      const at = r.int(text.length + 1);
      return text.slice(0, at) + text.slice(at + 1 + r.int(20));
    }
    case 5:
      return text.replace(/\n/g, r.next() < 0.5 ? '\r\n' : '\n');
    case 6: {
      const a = r.int(lines.length);
      const b = r.int(lines.length);
      [lines[a], lines[b]] = [lines[b]!, lines[a]!];
      return lines.join('\n');
    }
    default: {
      const at = r.int(text.length + 1);
      return text.slice(0, at) + String.fromCharCode(32 + r.int(95)) + text.slice(at);
    }
  }
}

/**
 * `count` mutants of the seed documents, linted by one CLI run over their folder (and a dry-run fix),
 * then fixed in process: every fix result parses.
 */
export async function fuzzMutants(stats: FuzzStats, r: Rng, opts: { count: number; budgetMs: number; fixes: number }): Promise<void> {
  const seeds = seedDocuments();
  const dir = tmp('mutants');
  const mutants: { file: string; text: string }[] = [];
  try {
    for (let i = 0; i < opts.count; i++) {
      const s = r.pick(seeds);
      let text = s.text;
      for (let k = 1 + r.int(4); k > 0; k--) text = mutate(text, r);
      const file = path.join(dir, `m${i}${s.name.endsWith('.json') ? '.json' : '.yaml'}`);
      fs.writeFileSync(file, text);
      mutants.push({ file, text });
    }
    const res = await measure([CLI, 'lint', '--no-progress', '-f', 'json', '-j', '1', '.'], dir, opts.budgetMs);
    stats.mutants += opts.count;
    const out = `${res.stdout}\n${res.stderr}`;
    if (res.killed) stats.findings.push({ kind: 'hang', detail: `lint of ${opts.count} mutants: no answer within ${opts.budgetMs} ms` });
    else if (CRASH.test(out) || res.code === null || res.code > 2)
      stats.findings.push({ kind: 'crash', detail: `lint of mutants: exit ${res.code}: ${out.slice(0, 400)}` });
    if (res.peakKb > MAX_RSS_KB) stats.findings.push({ kind: 'memory', detail: `mutants: peak RSS ${Math.round(res.peakKb / MB)} MB` });
    for (const m of mutants.slice(0, opts.fixes)) {
      stats.fixes++;
      let result;
      try {
        result = await withTimeout(fixFile(m.text, m.file, { safeOnly: false }), opts.budgetMs, `fix of ${path.basename(m.file)}`);
      } catch (e) {
        stats.findings.push({ kind: /timeout/.test(String(e)) ? 'hang' : 'crash', detail: `fixFile: ${String(e).slice(0, 300)}`, repro: m.text });
        continue;
      }
      for (const [f, after] of result.files) {
        const format = formatOf(after, f);
        if (parseData(after, format) === undefined && parseData(fs.readFileSync(f, 'utf8'), format) !== undefined) {
          stats.findings.push({ kind: 'fix-unparsable', detail: `a fix of ${path.basename(f)} does not parse`, repro: m.text });
        }
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([p, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`timeout: ${what}`)), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}

/** The first lint starts the server's worker (seconds on a loaded machine): not a step of the budget. */
async function warmUp(client: TestClient, folder: string): Promise<void> {
  const uri = client.open(path.join(folder, 'warm-up.yaml'), `openapi: 3.0.3\ninfo: {title: x, version: '1'}\npaths: {}\n`, 1);
  await client.diagnostics(uri, () => true, 0, 120_000);
  client.close(uri);
}

/**
 * Hostile documents through the server: each answered (diagnostics, with the finding named where one is due) within
 * the budget, the server alive. A `$ref` cycle, in one file or across two, once hung the lint and every lint after it:
 * the document opened after them is answered too.
 */
export async function fuzzServerHostile(stats: FuzzStats, opts: { budgetMs: number }): Promise<void> {
  const folder = tmp('server-hostile');
  materialize(folder, { 'a.yaml': REF_CYCLE_A, 'b.yaml': REF_CYCLE_B });
  const client = await TestClient.start({ folder, settings: { debounceMs: 0 } });
  await warmUp(client, folder);
  const docs: { name: string; text: string; code?: string }[] = [
    { name: 'bomb.yaml', text: `openapi: 3.0.3\ninfo: {title: x, version: '1'}\npaths: {}\nx-b:\n${aliasBomb().replace(/^/gm, '  ')}\n`, code: 'parser' },
    { name: 'flow.yaml', text: deepYamlFlow(20_000), code: 'parser' },
    { name: 'deep.json', text: deepJson(20_000), code: 'parser' },
    {
      name: 'zero.yaml',
      text: `openapi: 3.0.3\ninfo: {title: x, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    Z:\n      $ref: '${'../'.repeat(20)}dev/zero'\n`,
      code: 'invalid-ref',
    },
    { name: 'cycle.yaml', text: REF_CYCLE, code: 'error-500' },
    { name: 'cycle-across.yaml', text: REF_CYCLE_ACROSS, code: 'error-500' },
    {
      name: 'after-cycles.yaml',
      text: `openapi: 3.0.3\ninfo: {title: x, version: '1'}\npaths:\n  /getUsers:\n    get:\n      responses:\n        '200': {description: ok}\n`,
      code: 'path-no-verbs',
    },
    // Huge enums (hostile.ts), and a pattern that backtracks without end: the rule stopped at the budget, the others kept.
    // The objects are fewer than the CLI's 100,000: hover's parse (the `yaml` library's) of a flow sequence of 100,000
    // objects takes about 4 s of CPU alone.
    { name: 'enum-duplicate.yaml', text: enumDocument(['v0', ...Array.from({ length: 99_999 }, (_, i) => `v${i}`)]), code: 'duplicated-entry-in-enum' },
    {
      name: 'enum-objects.yaml',
      text: enumDocument(
        Array.from({ length: 20_000 }, (_, i) => `{id: ${i}}`),
        { type: 'object' },
      ),
      code: 'security-required',
    },
    { name: 'enum-types.yaml', text: enumDocument(Array.from({ length: 100_000 }, (_, i) => String(i))), code: 'typed-enum' },
    { name: 'enum-shared.yaml', text: sharedEnum(1000, 1000), code: 'security-required' },
    { name: 'pattern.yaml', text: catastrophicPattern(), code: 'oas3-valid-schema-example' },
  ];
  try {
    for (const { name, text, code } of docs) {
      const uri = client.open(path.join(folder, name), text, 1);
      stats.hostile++;
      try {
        const diagnostics = await client.diagnostics(uri, () => true, 0, opts.budgetMs);
        if (code !== undefined && !diagnostics.some(d => d.code === code))
          stats.findings.push({
            kind: 'server-hostile',
            detail: `${name}: no ${code} among ${diagnostics.map(d => String(d.code)).join(', ') || 'no diagnostics'}`,
          });
        await withTimeout(
          client.request('textDocument/hover', { textDocument: { uri }, position: { line: 6, character: 10 } }),
          opts.budgetMs,
          `hover in ${name}`,
        );
        await withTimeout(
          client.request('textDocument/definition', { textDocument: { uri }, position: { line: 6, character: 12 } }),
          opts.budgetMs,
          `definition in ${name}`,
        );
      } catch (e) {
        stats.findings.push({ kind: 'server-hostile', detail: `${name}: ${String(e).split('\n')[0]}` });
      }
      client.close(uri);
    }
    // A request for a document nobody opened, on a device.
    try {
      await withTimeout(
        client.request('textDocument/hover', { textDocument: { uri: uriOf('/dev/zero') }, position: { line: 0, character: 0 } }),
        opts.budgetMs,
        'hover on file:///dev/zero',
      );
    } catch (e) {
      stats.findings.push({ kind: 'server-hostile', detail: `file:///dev/zero: ${String(e).split('\n')[0]}` });
    }
  } finally {
    await client.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
