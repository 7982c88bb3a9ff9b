/** Protocol tests of the built language server: open/edit/close, hover, definition, symbols, broken input. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { CORPUS, ROOT, TestClient, lines, tmpWorkspace, uriOf } from './client';
import { needs } from '../helpers/corpus';

const BAD = fs.readFileSync(path.join(ROOT, 'examples', 'unconventional.yaml'), 'utf8');

describe('language server: single documents', () => {
  let ws: string;
  let c: TestClient;
  before(async () => {
    ws = tmpWorkspace({ 'api.yaml': BAD, 'notes.yaml': 'name: not an api\n' });
    c = await TestClient.start({ folder: ws, settings: { debounceMs: 50 } });
  });
  after(() => c.stop());

  it('publishes the same findings as `apiconv lint`, with codes, ranges, docs links and data', async () => {
    const file = path.join(ws, 'api.yaml');
    const uri = c.open(file, BAD);
    const diags = await c.diagnostics(uri, d => d.length > 0);
    const run = spawnSync(process.execPath, [path.join(ROOT, 'server/out/cli.js'), 'lint', file, '-f', 'json'], { encoding: 'utf8', cwd: ws });
    const cliProblems: { code: string; range: { start: { line: number; character: number } }; message: string }[] = JSON.parse(run.stdout);
    assert.ok(cliProblems.length > 5);
    const key = (code: string, line: number, ch: number, msg: string) => `${code}@${line}:${ch} ${msg}`;
    assert.deepEqual(
      diags.map(d => key(String(d.code), d.range.start.line, d.range.start.character, typeof d.message === 'string' ? d.message : d.message.value)).sort(),
      cliProblems.map(p => key(p.code, p.range.start.line, p.range.start.character, p.message)).sort(),
    );
    const https = diags.find(d => d.code === 'servers-https');
    assert.ok(https, 'servers-https reported');
    assert.equal(https.source, 'apiconv');
    assert.equal(
      https.range.start.line,
      BAD.split('\n').findIndex(l => l.includes('http://shop.example.com')),
    );
    assert.match(https.codeDescription!.href, /servers-https\.md$/);
    assert.deepEqual(https.data, { ruleId: 'servers-https', version: 1, path: ['servers', '0', 'url'], fixable: true });
    const spectral = diags.find(d => typeof d.code === 'string' && d.code.startsWith('oas3-'));
    if (spectral) assert.match(spectral.codeDescription!.href, /^https:\/\//);
    const status = await c.until('status', () => c.statuses.find(s => s.uri === uri && s.state === 'ok'));
    assert.equal(status.ruleset, 'apiconv:recommended');
    assert.equal(typeof status.validationTime, 'number');
    // The grade the status item shows: the score `apiconv score` gives the same document.
    const scored = JSON.parse(
      spawnSync(process.execPath, [path.join(ROOT, 'server/out/cli.js'), 'score', '-f', 'json', '--stdin', '--stdin-filepath', file], {
        input: BAD,
        cwd: ws,
        encoding: 'utf8',
      }).stdout,
    );
    assert.deepEqual(status.score, { value: scored.score, grade: scored.grade });
  });

  it('an opened document is linted once: the open event (reported as a change too) does not start a second lint that cancels the first', async () => {
    const file = path.join(ws, 'once.yaml');
    const uri = c.open(file, BAD);
    const status = await c.until('the status of the first lint', () => c.statuses.find(s => s.uri === uri && s.state === 'ok'));
    assert.equal(status.version, 1);
    assert.equal(status.lintRuns, 1, 'one lint of the opened version (a second cancelled the first; a big document then waited for a new worker)');
    c.close(uri);
  });

  it('relints on edits, publishing only the latest version', async () => {
    const file = path.join(ws, 'edit.yaml');
    const uri = c.open(file, BAD);
    await c.diagnostics(uri, d => d.some(x => x.code === 'servers-https'));
    const since = c.published.length;
    const fixed = BAD.replace('http://shop.example.com', 'https://shop.example.com');
    c.change(uri, 2, BAD.replace('http://shop', 'http://shop2'));
    c.change(uri, 3, fixed);
    const d = await c.diagnostics(uri, (_, p) => p.version === 3, since);
    assert.ok(!d.some(x => x.code === 'servers-https'));
    for (const p of c.published.slice(since)) if (p.uri === uri) assert.equal(p.version, 3, 'no publish for a superseded version');
  });

  it(
    "relints an open document incrementally: an edit in one operation re-runs that path item only, and the findings are the CLI's",
    { timeout: 120_000, skip: needs('asana/asana.yaml') },
    async () => {
      const text = fs.readFileSync(path.join(CORPUS, 'asana', 'asana.yaml'), 'utf8');
      const file = path.join(ws, 'asana.yaml');
      const uri = c.open(file, text);
      await c.diagnostics(uri, (_, p) => p.version === 1);
      const at = text.indexOf('description: Successfully deleted the specified attachment');
      assert.ok(at > 0);
      const edited = text.slice(0, at) + 'description: Deleted' + text.slice(at + 'description: Successfully deleted'.length);
      const since = c.published.length;
      c.change(uri, 2, edited);
      const diags = await c.diagnostics(uri, (_, p) => p.version === 2, since);
      const status = await c.until('status of version 2', () => c.statuses.find(s => s.uri === uri && s.version === 2));
      assert.ok(status.incremental, 'the status says how much the relint re-did');
      assert.equal(status.incremental.fullParse, false);
      assert.ok(status.incremental.unitsRun <= 2, `units re-run: ${status.incremental.unitsRun}`);
      assert.ok(status.incremental.unitsReused > 500, `units reused: ${status.incremental.unitsReused}`);
      fs.writeFileSync(file, edited);
      const run = spawnSync(process.execPath, [path.join(ROOT, 'server/out/cli.js'), 'lint', file, '-f', 'json'], { encoding: 'utf8', cwd: ws });
      const cli: { code: string; range: { start: { line: number; character: number } }; message: string }[] = JSON.parse(run.stdout);
      const key = (code: string, line: number, ch: number, msg: string) => `${code}@${line}:${ch} ${msg}`;
      assert.deepEqual(
        diags.map(d => key(String(d.code), d.range.start.line, d.range.start.character, typeof d.message === 'string' ? d.message : d.message.value)).sort(),
        cli.map(p => key(p.code, p.range.start.line, p.range.start.character, p.message)).sort(),
      );
      c.close(uri);
    },
  );

  it("lints a small document in the main thread once warmed up, with the CLI's findings", { timeout: 60_000 }, async () => {
    const file = path.join(ws, 'inline.yaml');
    const uri = c.open(file, BAD);
    await c.diagnostics(uri, (_, p) => p.version === 1);
    let main: { version: number; text: string; diags: Awaited<ReturnType<TestClient['diagnostics']>> } | undefined;
    const threads: string[] = [];
    for (let version = 2; version < 80 && !main; version++) {
      const text = BAD.replace('http://shop.example.com', `http://shop${version}.example.com`);
      const since = c.published.length;
      c.change(uri, version, text);
      const diags = await c.diagnostics(uri, (_, p) => p.version === version, since);
      const st = await c.until(`status of version ${version}`, () => c.statuses.find(s => s.uri === uri && s.version === version));
      threads.push(String(st.thread));
      if (st.thread === 'main') main = { version, text, diags };
      else await new Promise(r => setTimeout(r, 100));
    }
    assert.ok(main, `a relint ran in the main thread (threads: ${threads.join(' ')})`);
    fs.writeFileSync(file, main.text);
    const run = spawnSync(process.execPath, [path.join(ROOT, 'server/out/cli.js'), 'lint', file, '-f', 'json'], { encoding: 'utf8', cwd: ws });
    const cli: { code: string; range: { start: { line: number; character: number } }; message: string }[] = JSON.parse(run.stdout);
    const key = (code: string, line: number, ch: number, msg: string) => `${code}@${line}:${ch} ${msg}`;
    assert.ok(
      cli.some(p => p.message.includes(`shop${main!.version}.example.com`)),
      'the CLI saw the edited text',
    );
    assert.deepEqual(
      main.diags.map(d => key(String(d.code), d.range.start.line, d.range.start.character, typeof d.message === 'string' ? d.message : d.message.value)).sort(),
      cli.map(p => key(p.code, p.range.start.line, p.range.start.character, p.message)).sort(),
    );
    c.close(uri);
  });

  it('hover shows the finding, why and the docs link on a finding and a preview on a $ref; definition jumps to the target', async () => {
    const uri = uriOf(path.join(ws, 'api.yaml'));
    const diags = await c.diagnostics(uri, d => d.length > 0);
    const https = diags.find(d => d.code === 'servers-https')!;
    const h = await c.request<{ contents: { kind: string; value: string } }>('textDocument/hover', { textDocument: { uri }, position: https.range.start });
    assert.equal(h.contents.kind, 'markdown');
    assert.match(h.contents.value, /\*\*servers-https\*\*: /);
    assert.match(h.contents.value, /Why: Traffic is carried over HTTPS/);
    assert.match(h.contents.value, /\(https:\/\/[^)]*servers-https\.md\)/);
    assert.doesNotMatch(h.contents.value, /^---/);

    const ls = BAD.split('\n');
    const refLine = ls.findIndex(l => l.includes("$ref: '#/components/schemas/User'"));
    const col = ls[refLine].indexOf('#/components') + 3;
    const rh = await c.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri }, position: { line: refLine, character: col } });
    assert.match(rh.contents.value, /\*\*\$ref\*\*/);
    assert.match(rh.contents.value, /User:/);
    const def = await c.request<{ uri: string; range: { start: { line: number } } }>('textDocument/definition', {
      textDocument: { uri },
      position: { line: refLine, character: col },
    });
    assert.equal(def.uri, uri);
    assert.equal(ls[def.range.start.line].trim(), 'User:');
  });

  it('document symbols: paths → operations, components by kind; workspace symbols by operationId', async () => {
    const uri = uriOf(path.join(ws, 'api.yaml'));
    type Sym = { name: string; detail?: string; children?: Sym[] };
    const syms = await c.request<Sym[]>('textDocument/documentSymbol', { textDocument: { uri } });
    const paths = syms.find(s => s.name === 'paths')!;
    const getUsers = paths.children!.find(p => p.name === '/getUsers')!;
    assert.deepEqual(
      getUsers.children!.map(o => [o.name, o.detail]),
      [['GET /getUsers', 'getUsers']],
    );
    const comps = syms.find(s => s.name === 'components')!;
    assert.ok(comps.children!.find(k => k.name === 'schemas')!.children!.some(s => s.name === 'User'));
    const ws1 = await c.request<{ name: string; location: { uri: string } }[]>('workspace/symbol', { query: 'creatus' });
    assert.ok(ws1.some(s => s.name === 'createUser' && s.location.uri === uri));
  });

  it('skips documents that are not OpenAPI (by content, not name) and says so', async () => {
    const uri = c.open(path.join(ws, 'notes.yaml'), 'name: not an api\nopenapi_like: no\n');
    const st = await c.until('skipped status', () => c.statuses.find(s => s.uri === uri));
    assert.equal(st.state, 'skipped');
    const jsonUri = c.open(
      path.join(ws, 'spec.txt'),
      JSON.stringify({ openapi: '3.0.3', info: { title: 't', version: '1' }, servers: [{ url: 'http://x.example.com' }], paths: {} }, null, 2),
      1,
      'json',
    );
    const d = await c.diagnostics(jsonUri, x => x.length > 0);
    assert.ok(d.some(x => x.code === 'servers-https'));
  });

  it('never crashes on bad input: broken YAML mid-edit, empty file, circular $ref, binary', async () => {
    const file = path.join(ws, 'broken.yaml');
    const uri = c.open(file, BAD);
    await c.diagnostics(uri, d => d.length > 0);
    const since = c.published.length;
    c.change(uri, 2, BAD.replace('paths:\n', 'paths:\n  /x: [unclosed\n    : - {\n'));
    const d = await c.diagnostics(uri, (_, p) => p.version === 2, since);
    assert.ok(
      d.some(x => x.code === 'parser'),
      'a parser error is reported',
    );
    c.change(uri, 3, '');
    await c.diagnostics(uri, (x, p) => p.version === 3 && x.length === 0, since);
    const circ = lines(
      'openapi: 3.0.3',
      'info: { title: c, version: "1" }',
      'paths: {}',
      'components:',
      '  schemas:',
      '    A:',
      "      $ref: '#/components/schemas/B'",
      '    B:',
      "      $ref: '#/components/schemas/A'",
    );
    c.change(uri, 4, circ);
    await c.diagnostics(uri, (_, p) => p.version === 4, since);
    c.change(uri, 5, 'openapi: 3.0.3\n\u0000\u0001binary');
    await c.diagnostics(uri, (_, p) => p.version === 5, since);
    c.change(uri, 6, '{"openapi": "3.0.3", "paths": {');
    await c.diagnostics(uri, (_, p) => p.version === 6, since);
    const h = await c.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 3 } });
    assert.ok(h === null || typeof h === 'object');
    await c.request('textDocument/documentSymbol', { textDocument: { uri } });
    await c.request('textDocument/definition', { textDocument: { uri }, position: { line: 99, character: 99 } });
    // Still alive and linting.
    c.change(uri, 7, BAD);
    await c.diagnostics(uri, (x, p) => p.version === 7 && x.length > 0, since);
  });

  it('a 10 MB document is linted while the server keeps answering, and an edit supersedes it', { timeout: 180_000 }, async () => {
    const blurb = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(160);
    const parts = ['openapi: 3.0.3\ninfo: { title: big, version: "1" }\npaths:\n'];
    let size = parts[0].length;
    for (let i = 0; size < 10 * 1024 * 1024; i++) {
      const chunk = `  /getItems${i}:\n    get:\n      description: >\n        ${blurb}\n      responses:\n        '200':\n          description: ok\n`;
      parts.push(chunk);
      size += chunk.length;
    }
    const big = parts.join('');
    const uri = c.open(path.join(ws, 'big.yaml'), big);
    // The server answers other requests while the 10 MB lint runs.
    const symbols = await c.request<unknown[]>('textDocument/documentSymbol', { textDocument: { uri } });
    assert.ok(Array.isArray(symbols));
    const d = await c.diagnostics(uri, (_, p) => p.version === 1, 0, 170_000);
    assert.equal(d.filter(x => x.code === 'path-no-verbs').length, parts.length - 1, 'the whole document was linted');
    const since = c.published.length;
    c.change(uri, 2, big);
    c.change(uri, 3, BAD);
    const small = await c.diagnostics(uri, (_, p) => p.version === 3, since, 60_000);
    assert.ok(small.some(x => x.code === 'servers-https'));
    for (const p of c.published.slice(since)) if (p.uri === uri) assert.equal(p.version, 3, 'the superseded 10 MB lint is never published');
  });

  it('closing a document clears its diagnostics', async () => {
    const uri = uriOf(path.join(ws, 'edit.yaml'));
    const since = c.published.length;
    c.close(uri);
    await c.diagnostics(uri, d => d.length === 0, since);
  });
});
