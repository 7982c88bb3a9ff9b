/**
 * Protocol tests of hostile and broken input in the language server (issue 16), over stdio with the built server:
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
import type { CodeAction, Hover } from 'vscode-languageserver-protocol';
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
      assert.match(text(d[0].message), /over the size limit of 0\.0 MB: not linted \(raise the limit with the apiconv\.maxFileSize setting\)/);
      assert.deepEqual(d[0].range.start, { line: 0, character: 0 });
      c.settings = { debounceMs: 0, maxFileSize: 1 };
      const since = c.published.length;
      c.notifyServer('workspace/didChangeConfiguration', { settings: null });
      const linted = await c.diagnostics(uri, x => x.some(y => y.code === 'servers-https'), since, 60_000);
      assert.ok(!linted.some(y => /size limit/.test(text(y.message))));
    } finally {
      await c.stop();
    }
  });
});

describe('language server: file: URI $refs', () => {
  it('are the file they name: a device or a file outside the workspace is an invalid-ref at the $ref; hover and definition follow them', { timeout: 120_000, skip: process.platform === 'win32' && 'needs /dev/zero' }, async () => {
    const p = fileUriProject();
    const api = path.join(p.dir, 'api');
    const c = await TestClient.start({ folder: api, settings: { debounceMs: 0 } });
    try {
      const uri = c.open(p.doc, p.text);
      const d = await c.diagnostics(uri, x => x.some(y => y.code === 'invalid-ref'), 0, 60_000);
      const hint = 'allow it with the apiconv.allowRefsOutsideWorkspace setting';
      assert.deepEqual(d.filter(y => y.code === 'invalid-ref').map(y => `${y.range.start.line} ${text(y.message)}`), [
        `${p.line.zero} /dev/zero is a character device, not a regular file: not read`,
        `${p.line.passwd} /etc/passwd is outside the project (${api}): not read (${hint})`,
        `${p.line.outsideRelative} ${path.join(p.dir, 'secret.yaml')} is outside the project (${api}): not read (${hint})`,
        `${p.line.outsideAbsolute} ${path.join(p.dir, 'secret2.yaml')} is outside the project (${api}): not read (${hint})`,
      ]);
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
  });
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
    textDocument: { codeAction: { dataSupport: true, resolveSupport: { properties: ['edit'] }, codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source'] } } } },
  };

  it('a function that loops for ever: the fix-all answers without that rule, the worker is restarted, later code actions work', { timeout: 180_000 }, async () => {
    const ws = tmpWorkspace({ 'api.yaml': FIXABLE, '.apiconv.yaml': RULESET, 'functions/loop.js': 'module.exports = function loop() { for (;;) {} };\n' });
    const c = await TestClient.start({ folder: ws, capabilities: CAPABILITIES, initializationOptions: { workspaceTrusted: true }, settings: { debounceMs: 0, functionBudgetMs: 1000 } });
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
      assert.ok(c.logs.some(l => /code action: custom functions ran past the time budget \(1000 ms\).*stuck-rule/.test(l)), c.logs.join('\n'));
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
  });
});
