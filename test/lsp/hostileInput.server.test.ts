/**
 * Protocol tests of hostile and broken input in the language server, over stdio with the built server:
 * - apiconv.maxFileSize: a document over the limit gets one message and no lint; raising the setting lints it;
 *   the default is the CLI's (DEFAULT_LIMITS);
 * - a document behind a UTF-8 BOM is linted, ranged, hovered, outlined and fixed exactly as without it, in the
 *   editor's positions (the BOM is a character of the text the client sends), and a fix keeps the BOM;
 * - a custom function that loops for ever in the code-action worker: the worker is stopped at the budget and
 *   restarted, the request answers without that rule's fix, later requests work;
 * - `$ref`s written as `file:` URIs are the file they name, under the same checks as any `$ref`.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CodeAction, Diagnostic, DocumentSymbol, Hover } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { TestClient, lines, tmpWorkspace, uriOf } from './client';
import { DEFAULT_SETTINGS } from '../../server/src/lsp/protocol';
import { DEFAULT_LIMITS } from '../../server/src/engine/limits';
import { fileUriProject } from '../helpers/fileUriRefs';

const text = (m: string | { value: string }) => (typeof m === 'string' ? m : m.value);

const DOC = lines('openapi: 3.0.3', 'info:', '  title: Hostile', "  version: '1'", 'servers:', '  - url: http://insecure.example.com/api/v1', 'paths: {}');

describe('language server: apiconv.maxFileSize', () => {
  it('has the CLI default', () => {
    assert.equal(DEFAULT_SETTINGS.maxFileSize * 1024 * 1024, DEFAULT_LIMITS.maxBytes);
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'));
    assert.equal(pkg.contributes.configuration.properties['apiconv.maxFileSize'].default, DEFAULT_SETTINGS.maxFileSize);
  });

  it('a document over the limit: one message, no lint; the setting raised, it is linted', { timeout: 120_000 }, async () => {
    // About 40 KB: over a 0.02 MB (≈ 21 KB) limit.
    const big = DOC + lines('x-padding: |', ...Array.from({ length: 1000 }, (_, i) => `  line ${i} of padding text for the size limit`));
    const ws = tmpWorkspace({ 'api.yaml': big });
    const c = await TestClient.start({ folder: ws, settings: { debounceMs: 0, maxFileSize: 0.02 } });
    try {
      const uri = c.open(path.join(ws, 'api.yaml'), big);
      const d = await c.diagnostics(uri, x => x.length > 0, 0, 60_000);
      assert.equal(d.length, 1, JSON.stringify(d));
      assert.equal(d[0].code, 'parser');
      assert.match(text(d[0].message), /over the size limit of 21 KB: not linted \(raise the limit with the apiconv\.maxFileSize setting\)/);
      assert.deepEqual(d[0].range.start, { line: 0, character: 0 });
      // Nor parsed for the outline (the server answers, with nothing).
      assert.deepEqual(await c.request<unknown[]>('textDocument/documentSymbol', { textDocument: { uri } }), []);
      c.settings = { debounceMs: 0, maxFileSize: 1 };
      const since = c.published.length;
      c.notifyServer('workspace/didChangeConfiguration', { settings: null });
      const linted = await c.diagnostics(uri, x => x.some(y => y.code === 'servers-https'), since, 60_000);
      assert.ok(!linted.some(y => /size limit/.test(text(y.message))));
      assert.ok((await c.request<unknown[]>('textDocument/documentSymbol', { textDocument: { uri } })).length > 0, 'outlined');
    } finally {
      await c.stop();
    }
  });
});

describe('language server: file: URI $refs', () => {
  it(
    'are the file they name: a device or a file outside the workspace is an invalid-ref at the $ref; hover and definition follow them',
    { timeout: 120_000, skip: process.platform === 'win32' && 'needs /dev/zero' },
    async () => {
      const p = fileUriProject();
      const api = path.join(p.dir, 'api');
      const c = await TestClient.start({ folder: api, settings: { debounceMs: 0 } });
      try {
        const uri = c.open(p.doc, p.text);
        const d = await c.diagnostics(uri, x => x.some(y => y.code === 'invalid-ref'), 0, 60_000);
        const hint = 'allow it with the apiconv.allowRefsOutsideWorkspace setting';
        assert.deepEqual(
          d.filter(y => y.code === 'invalid-ref').map(y => `${y.range.start.line} ${text(y.message)}`),
          [
            // Outside the project a device is refused as any name there: whatever it is, it is not looked at.
            `${p.line.zero} /dev/zero is outside the project (${api}): not read (${hint})`,
            `${p.line.passwd} /etc/passwd is outside the project (${api}): not read (${hint})`,
            `${p.line.outsideRelative} ${path.join(p.dir, 'secret.yaml')} is outside the project (${api}): not read (${hint})`,
            `${p.line.outsideAbsolute} ${path.join(p.dir, 'secret2.yaml')} is outside the project (${api}): not read (${hint})`,
          ],
        );
        assert.ok(!d.some(y => text(y.message).includes('hunter2')));
        const at = (name: string) => ({ textDocument: { uri }, position: { line: p.line[name], character: 14 } });
        // Hover: the preview of a file inside; a device or a file outside is not read (no content, no crash).
        const inside = await c.request<Hover>('textDocument/hover', at('inAbsolute'));
        assert.match(text(inside.contents as { value: string }), /in\.yaml, line 1[\s\S]*type: string/);
        for (const name of ['zero', 'outsideRelative', 'passwd']) {
          const h = await c.request<Hover | null>('textDocument/hover', at(name));
          const v = h ? text(h.contents as { value: string }) : '';
          assert.ok(!v.includes('hunter2') && !v.includes('root:'), v);
        }
        const def = await c.request<{ uri: string; range: { start: { line: number } } }>('textDocument/definition', at('inRelative'));
        assert.equal(def.uri, uriOf(path.join(api, 'in.yaml')));
        assert.equal(def.range.start.line, 0);
      } finally {
        await c.stop();
      }
    },
  );
});

describe('language server: custom functions have a time budget in the code-action worker', () => {
  const FIXABLE = lines(
    'openapi: 3.0.3',
    'info:',
    '  title: Budget',
    "  version: '1'",
    'servers:',
    '  - url: https://x.example.com/api/v1',
    'security:',
    '  - ApiKey: []',
    'paths:',
    '  /users/{id}:',
    '    delete:',
    '      operationId: deleteUser',
    '      parameters:',
    '        - { name: id, in: path, required: true, schema: { type: string } }',
    '      responses:',
    "        '204':",
    '          description: Deleted.',
    'components:',
    '  securitySchemes:',
    '    ApiKey: { type: apiKey, in: header, name: X-API-Key }',
  );
  const RULESET = lines(
    'extends: apiconv:recommended',
    'functions: [loop]',
    'rules:',
    '  stuck-rule: { given: $.info, severity: warn, then: { function: loop } }',
  );
  const CAPABILITIES = {
    workspace: { configuration: true },
    textDocument: {
      codeAction: {
        dataSupport: true,
        resolveSupport: { properties: ['edit'] },
        codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source'] } },
      },
    },
  };

  it(
    'a function that loops for ever: the fix-all answers without that rule, the worker is restarted, later code actions work',
    { timeout: 180_000 },
    async () => {
      const ws = tmpWorkspace({ 'api.yaml': FIXABLE, '.apiconv.yaml': RULESET, 'functions/loop.js': 'module.exports = function loop() { for (;;) {} };\n' });
      const c = await TestClient.start({
        folder: ws,
        capabilities: CAPABILITIES,
        initializationOptions: { workspaceTrusted: true },
        settings: { debounceMs: 0, functionBudgetMs: 1000 },
      });
      try {
        const uri = c.open(path.join(ws, 'api.yaml'), FIXABLE);
        await c.diagnostics(uri, x => x.some(y => y.code === 'stuck-rule') && x.some(y => y.code === 'delete-404'), 0, 90_000);
        const fixAll = async () => {
          const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
            textDocument: { uri },
            range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
            context: { diagnostics: [], only: ['source.fixAll'] },
          });
          assert.equal(actions.length, 1);
          const r = await c.request<CodeAction>('codeAction/resolve', actions[0]);
          return TextDocument.applyEdits(TextDocument.create(uri, 'yaml', 1, FIXABLE), r.edit?.changes?.[uri] ?? []);
        };
        const fixed = await fixAll();
        assert.match(fixed, /'404':/, 'the safe fixes of the other rules are applied');
        assert.ok(
          c.logs.some(l => /code action: custom functions ran past the time budget \(1000 ms\).*stuck-rule/.test(l)),
          c.logs.join('\n'),
        );
        // The server answers, and the next code actions too (the rule stays skipped for this document).
        const syms = await c.request<unknown[]>('textDocument/documentSymbol', { textDocument: { uri } });
        assert.ok(Array.isArray(syms) && syms.length > 0);
        assert.equal(await fixAll(), fixed);
        const d404 = c.latest(uri)!.diagnostics.find(y => y.code === 'delete-404')!;
        const quick = await c.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: d404.range, context: { diagnostics: [d404] } });
        const rule = quick.find(a => a.title === 'Fix all delete-404 problems in this file') ?? quick.find(a => a.isPreferred)!;
        const r = await c.request<CodeAction>('codeAction/resolve', rule);
        assert.ok((r.edit?.changes?.[uri] ?? []).length > 0, `${rule.title}: an edit`);
        assert.equal(c.logs.filter(l => /code action: custom functions ran past/.test(l)).length, 1, 'stopped once');
      } finally {
        await c.stop();
      }
    },
  );
});

describe('language server: a document behind a UTF-8 BOM', () => {
  const YAML = lines(
    'openapi: 3.0.3',
    'info:',
    '  title: BOM',
    "  version: '1'",
    'servers:',
    '  - url: http://insecure.example.com/api/v1',
    'paths:',
    '  /users/{id}:',
    '    delete:',
    '      operationId: deleteUser',
    '      parameters:',
    '        - { name: id, in: path, required: true, schema: { type: string } }',
    '      responses:',
    "        '204':",
    '          description: Deleted.',
  );
  // The same document as JSON on one line: every finding is on line 0.
  const JSON_DOC =
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'BOM', version: '1' },
      servers: [{ url: 'http://insecure.example.com/api/v1' }],
      paths: {
        '/users/{id}': {
          delete: {
            operationId: 'deleteUser',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { '204': { description: 'Deleted.' } },
          },
        },
      },
    }) + '\n';
  const CAPABILITIES = {
    workspace: { configuration: true },
    textDocument: {
      codeAction: {
        dataSupport: true,
        resolveSupport: { properties: ['edit'] },
        codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source'] } },
      },
    },
  };
  type Pos = { line: number; character: number };
  const back = (p: Pos): Pos => (p.line === 0 ? { line: 0, character: p.character - 1 } : p);
  /** Every range in a JSON value moved back from the BOM text's positions to the plain text's. */
  const unshift = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(unshift);
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.line === 'number' && typeof o.character === 'number' && Object.keys(o).length === 2) return back(o as Pos);
      return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, unshift(x)]));
    }
    return v;
  };
  const slice = (t: string, r: { start: Pos; end: Pos }) => {
    const doc = TextDocument.create('file:///x', 'yaml', 1, t);
    return t.slice(doc.offsetAt(r.start), doc.offsetAt(r.end));
  };
  const apply = (uri: string, t: string, a: CodeAction) => TextDocument.applyEdits(TextDocument.create(uri, 'yaml', 1, t), a.edit?.changes?.[uri] ?? []);

  for (const [kind, ext, plainText] of [
    ['YAML', 'yaml', YAML],
    ['JSON on one line', 'json', JSON_DOC],
  ] as const) {
    it(
      `${kind}: linted, ranged, hovered, outlined and fixed as without the BOM, in the editor's positions; fixes keep the BOM`,
      { timeout: 120_000 },
      async () => {
        const bomText = `\uFEFF${plainText}`;
        const ws = tmpWorkspace({});
        const c = await TestClient.start({ folder: ws, capabilities: CAPABILITIES, settings: { debounceMs: 0 } });
        try {
          const plain = c.open(path.join(ws, `plain.${ext}`), plainText);
          const bom = c.open(path.join(ws, `bom.${ext}`), bomText);
          const ready = (x: Diagnostic[]) => x.some(y => y.code === 'delete-404') && x.some(y => y.code === 'servers-https');
          const dp = await c.diagnostics(plain, ready, 0, 60_000);
          const db = await c.diagnostics(bom, ready, 0, 60_000);
          const key = (d: Diagnostic) => ({ range: d.range, code: d.code, message: text(d.message), severity: d.severity });
          assert.deepEqual(
            db.map(d => unshift(key(d))),
            dp.map(key),
          );
          // Each range covers the same text (the BOM is not in any).
          for (const [i, d] of db.entries())
            assert.equal(slice(bomText, d.range), slice(plainText, dp[i].range), `${String(d.code)} ${JSON.stringify(d.range)}`);
          const onLine0 = db.filter(d => d.range.start.line === 0 && d.range.start.character > 0);
          if (ext === 'json') assert.ok(onLine0.length >= 3, 'findings on line 0');
          // Hover on each finding: the same as at the same place without the BOM.
          for (const [i, d] of db.entries()) {
            const hb = await c.request<Hover | null>('textDocument/hover', { textDocument: { uri: bom }, position: d.range.start });
            const hp = await c.request<Hover | null>('textDocument/hover', { textDocument: { uri: plain }, position: dp[i].range.start });
            assert.equal(hb && text(hb.contents as { value: string }), hp && text(hp.contents as { value: string }));
            assert.match(text(hb!.contents as { value: string }), new RegExp(String(d.code)));
          }
          // The outline: the same symbols, in the editor's positions.
          const sb = await c.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: bom } });
          const sp = await c.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: plain } });
          assert.ok(sp.length > 0);
          assert.deepEqual(unshift(sb), sp);
          // A quick fix (delete-404; on line 0 in the JSON) and the fix-all: the same result, the BOM kept.
          const quick = async (uri: string, t: string, d: Diagnostic) => {
            const actions = await c.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });
            const fix = actions.find(a => a.isPreferred && /404/.test(a.title));
            assert.ok(fix, actions.map(a => a.title).join(' | '));
            return apply(uri, t, await c.request<CodeAction>('codeAction/resolve', fix));
          };
          const d404b = db.find(d => d.code === 'delete-404')!;
          const d404p = dp.find(d => d.code === 'delete-404')!;
          if (ext === 'json') assert.equal(d404b.range.start.line, 0);
          const fixedPlain = await quick(plain, plainText, d404p);
          assert.notEqual(fixedPlain, plainText);
          assert.equal(await quick(bom, bomText, d404b), `\uFEFF${fixedPlain}`);
          const fixAll = async (uri: string, t: string) => {
            const [a] = await c.request<CodeAction[]>('textDocument/codeAction', {
              textDocument: { uri },
              range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
              context: { diagnostics: [], only: ['source.fixAll'] },
            });
            return apply(uri, t, await c.request<CodeAction>('codeAction/resolve', a));
          };
          assert.equal(await fixAll(bom, bomText), `\uFEFF${await fixAll(plain, plainText)}`);
          // An edit on line 0 of the BOM document: relinted (incrementally) in the editor's positions.
          const edited = bomText.replace('BOM', 'BOM2');
          c.change(bom, 2, edited);
          const d2 = await c.diagnostics(bom, (x, p) => p.version === 2 && ready(x), 0, 60_000);
          for (const d of d2) assert.equal(slice(edited, d.range), slice(edited.slice(1), { start: back(d.range.start), end: back(d.range.end) }));
        } finally {
          await c.stop();
        }
      },
    );
  }
});
