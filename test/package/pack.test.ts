/**
 * The npm package as users get it: `npm pack` holds only what runs (the two bundles, rule docs, README, LICENSE,
 * CHANGELOG, config schema), needs no dependency, and a global install of the tarball (offline, into a temp
 * prefix) runs `apiconv` and `apiconv-language-server` away from this checkout.
 * Packs the bundles `npm test` built (`--ignore-scripts`: the release build of `prepack` is `npm run build --
 * --production`, measured in the README).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BAD_DOC, ROOT, ensureBuilt, runCli } from '../cli/helpers';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

interface PackInfo {
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string; size: number }[];
}

function npm(args: string[], cwd: string): string {
  // Run npm without the test run's npm_* variables (e.g. npm_config_prefix from `npm test`).
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  const r = spawnSync(NPM, args, { cwd, encoding: 'utf8', env, timeout: 120_000 });
  assert.equal(r.status, 0, `npm ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

describe('npm package', () => {
  let tmp: string;
  let info: PackInfo;
  let prefix: string;
  let bin: (name: string) => string;

  before(() => {
    ensureBuilt();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-pack-'));
    info = (JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], ROOT)) as PackInfo[])[0];
    prefix = path.join(tmp, 'prefix');
    npm(['install', '-g', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', path.join(tmp, info.filename)], tmp);
    bin = name => path.join(prefix, 'bin', name);
  });
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('is publishable and has no runtime dependency', () => {
    assert.equal(pkg.private, undefined);
    assert.equal(pkg.dependencies, undefined, 'every runtime need is bundled');
    assert.deepEqual(Object.keys(pkg.bin).sort(), ['apiconv', 'apiconv-language-server']);
  });

  it('holds only what runs: bundles, rule docs, README, LICENSE, CHANGELOG, config schema; ≤ 5 MB', () => {
    const docs = fs
      .readdirSync(path.join(ROOT, 'rules'))
      .filter(f => f.endsWith('.md'))
      .map(f => `rules/${f}`);
    const expected = [
      'CHANGELOG.md',
      'LICENSE',
      'README.md',
      'package.json',
      'rules/out/apiconv.js',
      'schema/apiconv-config.schema.json',
      'server/out/cli.js',
      'server/out/cli.bundle.js',
      'server/out/server.bundle.js',
      'server/out/server.js',
      ...docs,
    ];
    assert.deepEqual(info.files.map(f => f.path).sort(), expected.sort());
    assert.ok(info.size <= 5 * 1024 * 1024, `tarball ${info.size} bytes`);
  });

  it('installs globally from the tarball offline, with nothing but itself', () => {
    const modules = path.join(prefix, 'lib', 'node_modules');
    assert.deepEqual(fs.readdirSync(modules), ['apiconv']);
    assert.ok(!fs.existsSync(path.join(modules, 'apiconv', 'node_modules')), 'no dependency tree');
  });

  it('apiconv runs from the install: --version, and lints an example as the checkout does', () => {
    const env = { ...process.env, NO_COLOR: '1' };
    const v = spawnSync(bin('apiconv'), ['--version'], { encoding: 'utf8', env });
    assert.equal(v.stdout, `${pkg.version}\n`);
    const example = path.join(ROOT, 'examples', 'unconventional.yaml');
    const installed = spawnSync(bin('apiconv'), ['lint', '-f', 'json', example], { encoding: 'utf8', env, cwd: tmp });
    assert.equal(installed.status, 1, installed.stderr);
    const here = runCli(['lint', '-f', 'json', example], { cwd: tmp });
    assert.ok(JSON.parse(installed.stdout).length > 5);
    assert.equal(installed.stdout, here.stdout);
  });

  it('apiconv runs its worker threads from the install (parallel mode), with the serial results', () => {
    const dir = path.join(tmp, 'docs');
    fs.mkdirSync(dir);
    for (let i = 0; i < 5; i++) fs.writeFileSync(path.join(dir, `d${i}.yaml`), BAD_DOC.replace('title: Bad', `title: Doc ${i}`));
    const run = (jobs: string) => spawnSync(bin('apiconv'), ['lint', '-f', 'json', '--jobs', jobs, '--verbose', dir], { encoding: 'utf8', cwd: tmp });
    const serial = run('1');
    const parallel = run('2');
    assert.match(parallel.stderr, /5 files to lint, 2 threads/);
    assert.doesNotMatch(parallel.stderr, /worker failed|internal error/);
    assert.equal(parallel.stdout, serial.stdout);
    assert.equal(new Set(JSON.parse(parallel.stdout).map((f: { source: string }) => f.source)).size, 5);
  });

  it('apiconv-language-server from the install: initialize, then the diagnostics of an opened document (lint worker thread)', async () => {
    const server = spawn(bin('apiconv-language-server'), ['--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const send = (msg: object) => {
      const body = JSON.stringify({ jsonrpc: '2.0', ...msg });
      server.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    };
    const messages: {
      id?: number;
      method?: string;
      params?: { uri?: string; diagnostics?: { code: string }[] };
      result?: { capabilities: Record<string, unknown> };
    }[] = [];
    let buf = Buffer.alloc(0);
    server.stdout.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        const head = buf.indexOf('\r\n\r\n');
        if (head < 0) return;
        const len = Number(/Content-Length: (\d+)/i.exec(buf.subarray(0, head).toString())?.[1]);
        if (buf.length < head + 4 + len) return;
        messages.push(JSON.parse(buf.subarray(head + 4, head + 4 + len).toString()));
        buf = buf.subarray(head + 4 + len);
      }
    });
    const waitFor = async <T>(what: string, find: () => T | undefined): Promise<T> => {
      for (let i = 0; i < 600; i++) {
        const hit = find();
        if (hit !== undefined) return hit;
        if (server.exitCode !== null) throw new Error(`server exited ${server.exitCode} while waiting for ${what}`);
        await new Promise(r => setTimeout(r, 100));
      }
      throw new Error(`timed out waiting for ${what}`);
    };
    try {
      send({ id: 1, method: 'initialize', params: { processId: process.pid, rootUri: null, capabilities: {} } });
      const init = await waitFor('initialize', () => messages.find(m => m.id === 1));
      assert.ok(init.result!.capabilities.textDocumentSync !== undefined);
      assert.ok(init.result!.capabilities.codeActionProvider);
      send({ method: 'initialized', params: {} });
      const file = path.join(tmp, 'open.yaml');
      const uri = `file://${file}`;
      const text = fs.readFileSync(path.join(ROOT, 'examples', 'unconventional.yaml'), 'utf8');
      send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'yaml', version: 1, text } } });
      const published = await waitFor('diagnostics', () =>
        messages.find(m => m.method === 'textDocument/publishDiagnostics' && m.params?.uri === uri && (m.params.diagnostics?.length ?? 0) > 0),
      );
      const codes = new Set(published.params!.diagnostics!.map(d => d.code));
      assert.ok(codes.has('path-no-verbs') && codes.has('servers-https'), [...codes].join(', '));
    } finally {
      server.kill();
    }
  });

  it('the Spectral ruleset from the install works with Spectral (which supplies its own modules)', () => {
    const spectral = path.join(ROOT, 'node_modules', '@stoplight', 'spectral-cli', 'dist', 'index.js');
    const ruleset = path.join(prefix, 'lib', 'node_modules', 'apiconv', 'rules', 'out', 'apiconv.js');
    const r = spawnSync(process.execPath, [spectral, 'lint', '-r', ruleset, '-f', 'json', '--quiet', path.join(ROOT, 'examples', 'unconventional.yaml')], {
      encoding: 'utf8',
      cwd: tmp,
      timeout: 120_000,
    });
    assert.equal(r.status, 1, r.stderr);
    const codes = new Set((JSON.parse(r.stdout) as { code: string }[]).map(f => f.code));
    assert.ok(codes.has('path-no-verbs') && codes.has('servers-https'), [...codes].join(', '));
  });
});
