/** Breaking changes in the editor: `apiconv.diff.base` (workspace/configuration) makes the built server report the diff against a git revision, updated as the user types; quick fixes; hover docs. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { TestClient, tmpWorkspace } from './client';
import { ruleDocsTarget } from '../../server/src/lsp/ruleDocsCommand';

const V1 = `openapi: 3.0.3
info:
  title: Shop
  version: '1.0.0'
paths:
  /api/users:
    get:
      parameters:
        - name: page
          in: query
          schema:
            type: integer
            default: 1
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/User'
components:
  schemas:
    User:
      type: object
      properties:
        id:
          type: string
        nickname:
          type: string
`;

/** V1 whose User schema is also a request body. */
const SHARED = V1.replace(
  'components:\n',
  "    post:\n      requestBody:\n        content:\n          application/json:\n            schema:\n              $ref: '#/components/schemas/User'\n      responses:\n        '201':\n          description: Created\ncomponents:\n",
);

const diffOnly = (d: Diagnostic[]) => d.filter(x => x.source === 'apiconv-diff');

describe('language server: apiconv.diff.base', () => {
  let ws: string;
  let c: TestClient;
  before(async () => {
    ws = tmpWorkspace({ 'api.yaml': V1, 'shared.yaml': SHARED });
    const git = (...a: string[]) =>
      execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'commit.gpgsign=false', ...a], { cwd: ws, stdio: 'ignore' });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'v1');
    // A client that can show documents: "Show documentation" runs on the server (ruleDocsCommand.ts).
    c = await TestClient.start({
      folder: ws,
      capabilities: { workspace: { configuration: true }, window: { showDocument: { support: true } } },
      initializationOptions: { workspaceTrusted: true },
      settings: { debounceMs: 20, diff: { base: 'HEAD' } },
    });
  });
  after(() => c.stop());

  it(
    'reports a removed property at its parent, with its own source and the base line; updates as the user types; a quick fix restores it as deprecated',
    { timeout: 180_000 },
    async () => {
      const file = path.join(ws, 'api.yaml');
      const uri = c.open(file, V1);
      // No change against HEAD: the lint's findings only.
      // The server's first lint waits for its warm-up: a minute on a loaded machine.
      await c.until('a status', () => c.statuses.find(s => s.uri === uri), 90_000);
      const removed = V1.replace('        nickname:\n          type: string\n', '');
      c.change(uri, 2, removed);
      const d = diffOnly(await c.diagnostics(uri, x => diffOnly(x).some(y => y.code === 'response-property-removed')));
      const p = d.find(x => x.code === 'response-property-removed')!;
      assert.equal(p.range.start.line, removed.split('\n').indexOf('      properties:'));
      assert.match(String(p.message), /'nickname' was removed.*\(in HEAD: line 28\)$/);
      assert.match(p.codeDescription!.href, /rules\/diff\/response-property-removed\.md$/);
      assert.ok(d.some(x => x.code === 'version-not-bumped'));

      const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: p.range,
        context: { diagnostics: [p], only: ['quickfix'] },
      });
      const restore = actions.find(a => a.title === "Restore the removed property 'nickname' as deprecated")!;
      assert.ok(restore, JSON.stringify(actions.map(a => a.title)));
      const edits = restore.edit!.changes![uri];
      assert.equal(edits.length, 1);
      assert.match(edits[0].newText, /nickname:\n\s+type: string\n\s+deprecated: true/);

      const hover = await c.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri }, position: p.range.start });
      // The finding's message, one line of why (quoting the conventions) and the link to the check's page (hoverDocs.ts).
      assert.match(hover.contents.value, /\*\*response-property-removed\*\*: The response property 'nickname' was removed/);
      assert.match(hover.contents.value, /Why: .*must not rename or remove existing ones/);
      assert.match(hover.contents.value, /rules\/diff\/response-property-removed\.md\)/);

      // Typing it back: the diff's findings go away.
      c.change(uri, 3, V1);
      await c.diagnostics(uri, (x, pub) => pub.version === 3 && diffOnly(x).length === 0);
      c.close(uri);
    },
  );

  it('a new optional parameter without a default gets "add a default"', async () => {
    const file = path.join(ws, 'api.yaml');
    const uri = c.open(file, V1, 10);
    const added = V1.replace(
      '            default: 1\n',
      '            default: 1\n        - name: sort\n          in: query\n          schema:\n            type: string\n',
    );
    c.change(uri, 11, added);
    const d = diffOnly(await c.diagnostics(uri, x => diffOnly(x).some(y => y.code === 'new-field-without-default')));
    const p = d.find(x => x.code === 'new-field-without-default')!;
    assert.equal(p.severity, 2 /* warning */);
    const actions = await c.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: p.range, context: { diagnostics: [p] } });
    const add = actions.find(a => a.title.startsWith('Add a default'))!;
    assert.ok(add, JSON.stringify(actions.map(a => a.title)));
    assert.match(add.edit!.changes![uri][0].newText, /^\s+default: ''\n$/);
  });

  it('a removal in a schema that is both request and response body: one restore, an ignore and the docs for each check', async () => {
    const file = path.join(ws, 'shared.yaml');
    const both = SHARED;
    const uri = c.open(file, both, 20);
    const removed = both.replace('        nickname:\n          type: string\n', '');
    c.change(uri, 21, removed);
    const d = diffOnly(
      await c.diagnostics(
        uri,
        x => diffOnly(x).some(y => y.code === 'request-property-removed') && diffOnly(x).some(y => y.code === 'response-property-removed'),
      ),
    );
    const two = d.filter(x => x.code === 'request-property-removed' || x.code === 'response-property-removed');
    assert.equal(two.length, 2);
    const actions = await c.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: two[0].range, context: { diagnostics: two } });
    const titles = actions.map(a => a.title);
    assert.equal(titles.filter(t => t.startsWith('Restore the removed property')).length, 1, JSON.stringify(titles));
    assert.ok(titles.includes('Ignore this response-property-removed finding'), JSON.stringify(titles));
    const docs = actions.find(a => a.title === 'Show documentation for request-property-removed');
    assert.deepEqual(
      docs?.command && [docs.command.command, docs.command.arguments],
      ['apiconv.server.showRuleDocs', ['request-property-removed']],
      JSON.stringify(titles),
    );
    assert.match(ruleDocsTarget('request-property-removed')!.uri, /\/rules\/diff\/request-property-removed\.md$/);
    const ignore = actions.find(a => a.title === 'Ignore this response-property-removed finding')!;
    assert.match(ignore.edit!.changes![uri][0].newText, /# apiconv-ignore response-property-removed/);

    // Mid-edit (an over-indented key), the text does not parse: the last diff stays, marked stale, and nothing is "removed".
    c.change(uri, 22, removed.replace('  /api/users:\n', '  /api/users:\n       oops: 1\n    x: 2\n'));
    const staleList = diffOnly(await c.diagnostics(uri, (x, pub) => pub.version === 22 && diffOnly(x).some(y => /stale/.test(String(y.message)))));
    assert.ok(!staleList.some(x => x.code === 'path-removed' || x.code === 'operation-removed'), JSON.stringify(staleList.map(x => x.message)));
    assert.ok(staleList.some(x => x.code === 'response-property-removed' && /\[stale/.test(String(x.message))));
    assert.match(String(staleList.find(x => x.code === 'diff-base')!.message), /does not parse/);
    c.close(uri);
  });

  it('turning the setting off removes the diff diagnostics; an unknown revision is one warning', async () => {
    const file = path.join(ws, 'other.yaml');
    fs.writeFileSync(file, V1);
    c.settings = { debounceMs: 20, diff: { base: 'no-such-rev' } };
    c.notifyServer('workspace/didChangeConfiguration', { settings: {} });
    const uri = c.open(file, V1.replace('        nickname:\n          type: string\n', ''));
    const d = diffOnly(await c.diagnostics(uri, x => diffOnly(x).length > 0));
    assert.equal(d.length, 1);
    assert.match(String(d[0].message), /apiconv\.diff\.base: unknown revision 'no-such-rev'/);
    c.settings = { debounceMs: 20, diff: { base: '' } };
    c.notifyServer('workspace/didChangeConfiguration', { settings: {} });
    await c.diagnostics(uri, x => diffOnly(x).length === 0);
  });
});

describe('language server: apiconv.diff.base in an untrusted workspace', () => {
  it('runs no git, reports no diff and says why', { timeout: 180_000 }, async () => {
    const ws = tmpWorkspace({ 'api.yaml': V1 });
    // HEAD has the property the open text removes: a trusted workspace gets response-property-removed.
    execFileSync('git', ['init', '-q'], { cwd: ws, stdio: 'ignore' });
    execFileSync('git', ['add', '-A'], { cwd: ws, stdio: 'ignore' });
    execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'commit.gpgsign=false', 'commit', '-qm', 'v1'], {
      cwd: ws,
      stdio: 'ignore',
    });
    const c = await TestClient.start({ folder: ws, settings: { debounceMs: 20, diff: { base: 'HEAD' } }, initializationOptions: { workspaceTrusted: false } });
    try {
      const uri = c.open(path.join(ws, 'api.yaml'), V1.replace('        nickname:\n          type: string\n', ''));
      await c.until('a status', () => c.statuses.find(s => s.uri === uri), 90_000);
      const d = diffOnly(await c.diagnostics(uri, x => diffOnly(x).length > 0));
      assert.deepEqual(
        d.map(x => [x.code, x.severity]),
        [['diff-base', 3 /* information */]],
      );
      assert.match(String(d[0].message), /not reported in a restricted workspace/);
    } finally {
      await c.stop();
    }
  });
});
