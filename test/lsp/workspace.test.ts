/** Protocol tests: multi-file documents, rulesets (change, broken, untrusted), pull diagnostics, lintWorkspace, stale lints. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CORPUS, TestClient, lines, tmpWorkspace, uriOf } from './client';
import { needs } from '../helpers/corpus';

const ROOT_DOC = lines(
  'openapi: 3.0.3',
  'info: { title: multi, version: "1" }',
  'servers:',
  '  - url: https://api.example.com/api/v1',
  'paths:',
  '  /api/v1/items:',
  "    $ref: 'paths/items.yaml'",
);
const PATH_ITEM = (url: string) =>
  lines(
    'get:',
    '  operationId: listItems',
    '  servers:',
    `    - url: ${url}`,
    '  responses:',
    "    '200':",
    '      description: Items.',
    '      content:',
    '        application/json:',
    '          schema:',
    "            $ref: '../schemas.yaml#/Item'",
  );
const SCHEMAS = lines('Item:', '  type: object', '  properties:', '    id:', '      type: string');

describe('language server: multi-file', () => {
  let ws: string;
  let c: TestClient;
  before(async () => {
    ws = tmpWorkspace({ 'api.yaml': ROOT_DOC, 'paths/items.yaml': PATH_ITEM('http://insecure.example.com'), 'schemas.yaml': SCHEMAS });
    c = await TestClient.start({ folder: ws, settings: { debounceMs: 20 } });
  });
  after(() => c.stop());

  it('publishes findings inside a $ref’d file to that file’s URI', async () => {
    c.open(path.join(ws, 'api.yaml'), ROOT_DOC);
    const itemsUri = uriOf(path.join(ws, 'paths/items.yaml'));
    const d = await c.diagnostics(itemsUri, x => x.some(y => y.code === 'servers-https'));
    const https = d.find(y => y.code === 'servers-https')!;
    assert.equal(https.range.start.line, 3);
  });

  it('relints the root when an open referenced buffer changes (unsaved text is used)', async () => {
    const itemsFile = path.join(ws, 'paths/items.yaml');
    const itemsUri = c.open(itemsFile, PATH_ITEM('http://insecure.example.com'));
    await c.diagnostics(itemsUri, x => x.some(y => y.code === 'servers-https'));
    const since = c.published.length;
    c.change(itemsUri, 2, PATH_ITEM('https://secure.example.com'));
    await c.diagnostics(itemsUri, x => !x.some(y => y.code === 'servers-https'), since);
    assert.match(fs.readFileSync(itemsFile, 'utf8'), /http:\/\/insecure/, 'the disk was not touched');
  });

  it('go to definition and hover across files, with a JSON pointer', async () => {
    const itemsUri = uriOf(path.join(ws, 'paths/items.yaml'));
    const text = PATH_ITEM('https://secure.example.com').split('\n');
    const line = text.findIndex(l => l.includes('schemas.yaml#/Item'));
    const pos = { line, character: text[line].indexOf('#/Item') };
    const def = await c.request<{ uri: string; range: { start: { line: number } } }>('textDocument/definition', {
      textDocument: { uri: itemsUri },
      position: pos,
    });
    assert.equal(def.uri, uriOf(path.join(ws, 'schemas.yaml')));
    assert.equal(def.range.start.line, 0);
    const h = await c.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri: itemsUri }, position: pos });
    assert.match(h.contents.value, /schemas\.yaml, line 1/);
    assert.match(h.contents.value, /type: object/);
    const rootUri = uriOf(path.join(ws, 'api.yaml'));
    const d2 = await c.request<{ uri: string }>('textDocument/definition', { textDocument: { uri: rootUri }, position: { line: 6, character: 14 } });
    assert.equal(d2.uri, itemsUri);
  });

  it('relints dependents when a referenced file changes on disk (didChangeWatchedFiles)', async () => {
    const itemsFile = path.join(ws, 'paths/items.yaml');
    const itemsUri = uriOf(itemsFile);
    c.close(itemsUri); // back to the disk text: insecure
    await c.diagnostics(itemsUri, x => x.some(y => y.code === 'servers-https'));
    const since = c.published.length;
    fs.writeFileSync(itemsFile, PATH_ITEM('https://fixed.example.com'));
    c.notifyServer('workspace/didChangeWatchedFiles', { changes: [{ uri: itemsUri, type: 2 }] });
    await c.diagnostics(itemsUri, x => x.length > 0 && !x.some(y => y.code === 'servers-https'), since);
  });

  it('closing the root clears what only it produced', async () => {
    const itemsFile = path.join(ws, 'paths/items.yaml');
    fs.writeFileSync(itemsFile, PATH_ITEM('http://again.example.com'));
    const itemsUri = uriOf(itemsFile);
    c.notifyServer('workspace/didChangeWatchedFiles', { changes: [{ uri: itemsUri, type: 2 }] });
    await c.diagnostics(itemsUri, x => x.some(y => y.code === 'servers-https'));
    const since = c.published.length;
    c.close(uriOf(path.join(ws, 'api.yaml')));
    await c.diagnostics(itemsUri, x => x.length === 0, since);
  });

  it('apiconv/lintWorkspace lints every OpenAPI file (honouring validateFiles, skipping node_modules) and publishes', async () => {
    fs.mkdirSync(path.join(ws, 'node_modules/pkg'), { recursive: true });
    fs.writeFileSync(path.join(ws, 'node_modules/pkg/api.yaml'), ROOT_DOC);
    fs.writeFileSync(
      path.join(ws, 'other.json'),
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'o', version: '1' },
        servers: [{ url: 'http://o.example.com' }],
        paths: { '/api/v1/others': { get: { operationId: 'listOthers', responses: { '200': { description: 'ok' } } } } },
      }),
    );
    const r = await c.request<{ files: number; problems: number }>('apiconv/lintWorkspace', {});
    assert.equal(r.files, 2, 'api.yaml and other.json');
    assert.ok(r.problems >= 2);
    await c.diagnostics(uriOf(path.join(ws, 'other.json')), x => x.some(y => y.code === 'servers-https'));
    assert.equal(c.latest(uriOf(path.join(ws, 'node_modules/pkg/api.yaml'))), undefined);
    c.settings = { debounceMs: 20, validateFiles: ['*.json'] };
    c.notifyServer('workspace/didChangeConfiguration', { settings: null });
    const r2 = await c.request<{ files: number }>('workspace/executeCommand', { command: 'apiconv.lintWorkspace', arguments: [] });
    assert.equal(r2.files, 1);
    const syms = await c.request<{ name: string }[]>('workspace/symbol', { query: 'listOth' });
    assert.ok(
      syms.some(s => s.name === 'listOthers'),
      'operationIds of linted workspace files',
    );
  });
});

describe('language server: rulesets', () => {
  let ws: string;
  let c: TestClient;
  const DOC = lines('openapi: 3.0.3', 'info: { title: r, version: "1" }', 'servers:', '  - url: http://r.example.com/api/v1', 'paths: {}');
  before(async () => {
    ws = tmpWorkspace({ 'api.yaml': DOC });
    c = await TestClient.start({ folder: ws, settings: { debounceMs: 20 } });
  });
  after(() => c.stop());

  it('uses the discovered config, relints on its change, and reports a broken ruleset once while the last good one keeps working', async () => {
    const uri = c.open(path.join(ws, 'api.yaml'), DOC);
    await c.diagnostics(uri, x => x.some(y => y.code === 'servers-https'));
    const cfg = path.join(ws, '.apiconv.yaml');
    fs.writeFileSync(cfg, lines('extends: [apiconv:recommended]', 'rules:', '  servers-https: off'));
    let since = c.published.length;
    c.notifyServer('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(cfg), type: 1 }] });
    await c.diagnostics(uri, x => !x.some(y => y.code === 'servers-https'), since);
    const ok = await c.until('status', () => [...c.statuses].reverse().find(s => s.uri === uri && s.ruleset === cfg));
    assert.equal(ok.state, 'ok');

    fs.writeFileSync(cfg, lines('extends: [apiconv:recommended]', 'rules:', '  servers-https: [off', '  bad: {'));
    since = c.published.length;
    const statusesBefore = c.statuses.length;
    c.notifyServer('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(cfg), type: 2 }] });
    const rd = await c.diagnostics(uriOf(cfg), x => x.length === 1, since);
    assert.equal(rd[0].code, 'invalid-ruleset');
    assert.ok(rd[0].range.start.line >= 2, 'points into the ruleset');
    const st = await c.until('error status', () => c.statuses.slice(statusesBefore).find(s => s.uri === uri && s.state === 'error'));
    assert.match(st.rulesetError!, /syntax error/);
    // The last good ruleset (servers-https off) keeps working.
    const d = c.latest(uri)!.diagnostics;
    assert.ok(!d.some(y => y.code === 'servers-https'));
    // Edits while it is broken: still one diagnostic on the ruleset, no duplicate.
    since = c.published.length;
    c.change(uri, 2, DOC + '\n');
    await c.diagnostics(uri, (_, p) => p.version === 2, since);
    assert.equal(c.latest(uriOf(cfg))!.diagnostics.length, 1);

    fs.writeFileSync(cfg, lines('extends: [apiconv:recommended]'));
    since = c.published.length;
    c.notifyServer('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(cfg), type: 2 }] });
    await c.diagnostics(uriOf(cfg), x => x.length === 0, since);
    await c.diagnostics(uri, x => x.some(y => y.code === 'servers-https'), since);
  });

  it('lints under a ruleset file in the worker only (never in the main thread), even a small document', { timeout: 60_000 }, async () => {
    const ws2 = tmpWorkspace({ 'api.yaml': DOC, '.spectral.js': 'module.exports = { extends: [], rules: {} };\n' });
    const c2 = await TestClient.start({ folder: ws2, initializationOptions: { trusted: true }, settings: { debounceMs: 0 } });
    try {
      const uri = c2.open(path.join(ws2, 'api.yaml'), DOC);
      await c2.until('status of version 1', () => c2.statuses.find(s => s.uri === uri && s.version === 1));
      const threads: string[] = [];
      for (let version = 2; version < 25; version++) {
        c2.change(uri, version, DOC.replace('title:', `x-n: ${version}\n  title:`));
        const st = await c2.until(`status of version ${version}`, () => c2.statuses.find(s => s.uri === uri && s.version === version));
        assert.equal(st.ruleset, path.join(ws2, '.spectral.js'));
        threads.push(String(st.thread));
        await new Promise(r => setTimeout(r, 100));
      }
      assert.deepEqual([...new Set(threads)], ['worker'], `threads: ${threads.join(' ')}`);
    } finally {
      await c2.stop();
    }
  });

  it('does not run a JavaScript ruleset in an untrusted workspace, and says so', async () => {
    const ws2 = tmpWorkspace({ 'api.yaml': DOC, '.spectral.js': 'module.exports = { extends: [], rules: {} };\n' });
    const c2 = await TestClient.start({ folder: ws2, initializationOptions: { trusted: false } });
    try {
      const uri = c2.open(path.join(ws2, 'api.yaml'), DOC);
      const d = await c2.diagnostics(uri, x => x.length > 0);
      assert.ok(
        d.some(y => y.code === 'servers-https'),
        'built-in rules used',
      );
      const st = await c2.until('warn status', () => c2.statuses.find(s => s.uri === uri));
      assert.equal(st.state, 'warn');
      assert.match(st.message!, /untrusted/);
    } finally {
      await c2.stop();
    }
  });
});

describe('language server: pull diagnostics and stale lints', () => {
  it('answers textDocument/diagnostic and does not push for pulled documents', async () => {
    const DOC = lines('openapi: 3.0.3', 'info: { title: p, version: "1" }', 'servers:', '  - url: http://p.example.com/api/v1', 'paths: {}');
    const ws = tmpWorkspace({ 'api.yaml': DOC });
    const c = await TestClient.start({
      folder: ws,
      capabilities: { workspace: { configuration: true, diagnostics: { refreshSupport: true } }, textDocument: { diagnostic: { dynamicRegistration: false } } },
    });
    try {
      const uri = c.open(path.join(ws, 'api.yaml'), DOC);
      const r = await c.request<{ kind: string; items: { code: string }[] }>('textDocument/diagnostic', { textDocument: { uri } });
      assert.equal(r.kind, 'full');
      assert.ok(r.items.some(i => i.code === 'servers-https'));
      c.change(uri, 2, DOC.replace('http://', 'https://'));
      const r2 = await c.request<{ items: { code: string }[] }>('textDocument/diagnostic', { textDocument: { uri } });
      assert.ok(!r2.items.some(i => i.code === 'servers-https'));
      assert.ok(!c.published.some(p => p.uri === uri && p.diagnostics.length > 0), 'no push for a pulled document');
    } finally {
      await c.stop();
    }
  });

  it(
    'a slow lint superseded by an edit: only the latest version is published, and the server stays responsive',
    { skip: needs('asana/asana.yaml') },
    async () => {
      const big = fs.readFileSync(path.join(CORPUS, 'asana', 'asana.yaml'), 'utf8');
      const ws = tmpWorkspace({});
      const c = await TestClient.start({ folder: ws, settings: { debounceMs: 0 } });
      try {
        const small = lines('openapi: 3.0.3', 'info: { title: s, version: "1" }', 'servers:', '  - url: http://s.example.com/api/v1', 'paths: {}');
        const uri = c.open(path.join(ws, 'big.yaml'), big);
        // The lint of version 1 is running (a cold lint of asana takes a few hundred milliseconds): the outline is
        // asked for and the edit sent while it runs.
        await new Promise(r => setTimeout(r, 30));
        const t0 = Date.now();
        const symbols = c.request<unknown[]>('textDocument/documentSymbol', { textDocument: { uri } });
        c.change(uri, 2, small);
        const syms = await symbols;
        assert.ok(syms.length > 0);
        assert.ok(Date.now() - t0 < 5000, 'symbols answered while linting');
        const d = await c.diagnostics(uri, x => x.length > 0, 0, 40000);
        assert.ok(d.some(y => y.code === 'servers-https'));
        const forUri = c.published.filter(p => p.uri === uri);
        assert.deepEqual(
          forUri.map(p => p.version),
          [2],
          'the big version 1 was never published',
        );
      } finally {
        await c.stop();
      }
    },
  );
});
