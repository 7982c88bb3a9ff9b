/**
 * Dead ends users met in VS Code, over the protocol against the BUILT server:
 * - a quick fix in a `$ref`'d path-item file writes its error response inline there (as `apiconv lint --fix` does),
 *   never a top-level `components` the fragment cannot hold; fix-all in that file fixes it from its root's lint;
 * - a document whose YAML is broken offers no fix (fix-all included), only what still applies;
 * - no "Fix all <rule>" beside a fix that settles every finding of the rule (a root `security`);
 * - the VS Code extension's light bulb: at most 6 entries, the others under "More apiconv actions…";
 * - the extension's hover says each finding's message once (VS Code's own hover shows it), a `$ref` preview
 *   ends with its target;
 * - a client that shows at most N diagnostics per file is sent N, in the order of `apiconv.diagnosticsFirst`, and
 *   the status says how many there are.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { parse } from 'yaml';
import { TestClient, tmpWorkspace, uriOf } from './client';

const ROOT_DOC = `openapi: 3.0.3
info: { title: shop, version: '1' }
servers:
  - url: https://shop.example.com/api/v1
security:
  - ApiKeyAuth: []
paths:
  /accounts:
    $ref: 'paths/accounts.yaml'
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
  schemas:
    Error:
      type: object
      required: [status, code, message]
      properties:
        status: { type: string }
        code: { type: integer }
        message: { type: string }
`;

const FRAGMENT = `# The accounts collection.
get:
  operationId: listAccounts
  responses:
    '200':
      description: The accounts.
      content:
        application/json:
          schema: { type: array, items: { type: object } }
`;

/** The delete operation's `responses:` line holds four findings or more (as in editorOutput.server.test.ts). */
const SHOP = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'editor', 'shop-delete.yaml'), 'utf8');
const SHOP_RESPONSES_LINE = SHOP.split('\n').lastIndexOf('      responses:');

const RESOLVING = {
  workspace: { configuration: true },
  textDocument: {
    codeAction: {
      dataSupport: true,
      resolveSupport: { properties: ['edit'] },
      codeActionLiteralSupport: { codeActionKind: { valueSet: ['', 'quickfix', 'source', 'source.fixAll'] } },
    },
  },
};

/** `text` with `edits` applied (LSP ranges of that text). */
function applyEdits(text: string, edits: TextEdit[]): string {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const offset = (p: { line: number; character: number }) => starts[p.line] + p.character;
  let out = text;
  for (const e of [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start)))
    out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  return out;
}

function actionsAt(c: TestClient, uri: string, diagnostics: Diagnostic[], only?: string[]): Promise<CodeAction[]> {
  return c.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: diagnostics[0].range,
    context: { diagnostics, ...(only ? { only } : {}) },
  });
}

describe("editor dead ends: fixes in a $ref'd fragment", () => {
  let ws: string;
  let c: TestClient;
  before(async () => {
    ws = tmpWorkspace({ 'api.yaml': ROOT_DOC, 'paths/accounts.yaml': FRAGMENT });
    c = await TestClient.start({ folder: ws, settings: { debounceMs: 0 } });
  });
  after(() => c.stop());

  it('the quick fix writes the error response inline in the fragment, no components there or in the root', { timeout: 120_000 }, async () => {
    c.open(path.join(ws, 'api.yaml'), ROOT_DOC);
    const fragUri = c.open(path.join(ws, 'paths/accounts.yaml'), FRAGMENT);
    const diags = await c.diagnostics(fragUri, d => d.some(x => x.code === 'security-401'), 0, 90_000);
    const d401 = diags.find(d => d.code === 'security-401')!;
    assert.equal((d401.data as { root?: string }).root, path.join(ws, 'api.yaml'), 'the diagnostic names the root that linted it');
    const actions = await actionsAt(c, fragUri, [d401], ['quickfix']);
    const fix = actions.find(a => a.isPreferred && /401/.test(a.title));
    assert.ok(fix?.edit?.changes, actions.map(a => a.title).join(' | '));
    assert.deepEqual(Object.keys(fix.edit.changes), [fragUri], 'only the fragment is edited');
    const after = applyEdits(FRAGMENT, fix.edit.changes[fragUri]);
    const data = parse(after) as Record<string, unknown>;
    assert.deepEqual(Object.keys(data), ['get'], `no top-level key a path item cannot hold:\n${after}`);
    const r401 = (data.get as { responses: Record<string, { $ref?: string; content?: unknown }> }).responses['401'];
    assert.ok(r401 && r401.$ref === undefined && r401.content, `the response inline, not a $ref into the fragment:\n${after}`);
    assert.ok(after.startsWith('# The accounts collection.\n'), 'the comment is kept');
  });

  it("fix-all in the fragment fixes the fragment from its root's lint, and nothing else", { timeout: 120_000 }, async () => {
    const fragUri = uriOf(path.join(ws, 'paths/accounts.yaml'));
    const diags = await c.diagnostics(fragUri, d => d.some(x => x.code === 'security-401'), 0, 90_000);
    const actions = await actionsAt(c, fragUri, diags);
    const fixAll = actions.find(a => a.kind === 'source.fixAll.apiconv');
    assert.ok(fixAll?.edit?.changes, `fix-all is offered with its edit: ${actions.map(a => a.title).join(' | ')}`);
    assert.deepEqual(Object.keys(fixAll.edit.changes), [fragUri]);
    const after = parse(applyEdits(FRAGMENT, fixAll.edit.changes[fragUri])) as { get: { responses: Record<string, unknown> } };
    assert.ok(
      ['401', '403', '500'].every(s => s in after.get.responses),
      Object.keys(after.get.responses).join(', '),
    );
  });
});

describe('editor dead ends: actions that cannot apply, redundant ones, too many', () => {
  let ws: string;
  before(() => {
    ws = tmpWorkspace({ 'api.yaml': SHOP });
  });

  it('a document whose YAML is broken gets no fix and no fix-all; ignoring still works', { timeout: 120_000 }, async () => {
    // A client that resolves actions (VS Code) is listed them before any edit is computed.
    const c = await TestClient.start({ folder: ws, settings: { debounceMs: 0 }, capabilities: RESOLVING });
    try {
      const broken = SHOP.replace("info: { title: shop, version: '1' }", "info: { title: shop, version: '1' } x: []");
      const uri = c.open(path.join(ws, 'broken.yaml'), broken);
      const diags = await c.diagnostics(uri, d => d.some(x => x.code === 'parser') && d.some(x => x.code === 'delete-404'), 0, 90_000);
      const here = diags.filter(d => d.range.start.line === SHOP_RESPONSES_LINE);
      const actions = await actionsAt(c, uri, here);
      const titles = actions.map(a => a.title);
      assert.ok(!actions.some(a => a.kind === 'source.fixAll.apiconv' || a.title.startsWith('Fix all') || a.isPreferred), titles.join(' | '));
      const ignore = actions.find(a => a.title.startsWith('Ignore this'));
      assert.ok(ignore, titles.join(' | '));
      assert.ok((await c.request<CodeAction>('codeAction/resolve', ignore)).edit, 'ignoring applies');
    } finally {
      await c.stop();
    }
  });

  it('no "Fix all security-required problems" beside the fix that secures every operation', { timeout: 120_000 }, async () => {
    const c = await TestClient.start({ folder: ws, settings: { debounceMs: 0 } });
    try {
      const uri = c.open(path.join(ws, 'api.yaml'), SHOP);
      const diags = await c.diagnostics(uri, d => d.filter(x => x.code === 'security-required').length >= 2, 0, 90_000);
      const sec = diags.filter(d => d.code === 'security-required');
      const actions = await actionsAt(c, uri, [sec[0]], ['quickfix']);
      const titles = actions.map(a => a.title);
      assert.ok(
        actions.some(a => /on every operation/.test(a.title)),
        titles.join(' | '),
      );
      assert.ok(!titles.includes('Fix all security-required problems in this file'), titles.join(' | '));
    } finally {
      await c.stop();
    }
  });

  it('the extension\'s light bulb: at most 6 entries, the others under "More apiconv actions…"', { timeout: 120_000 }, async () => {
    const plain = await TestClient.start({ folder: ws, settings: { debounceMs: 0 }, capabilities: RESOLVING });
    const vscode = await TestClient.start({
      folder: ws,
      settings: { debounceMs: 0 },
      capabilities: RESOLVING,
      initializationOptions: { workspaceTrusted: true, client: 'apiconv-vscode' },
    });
    try {
      const all: CodeAction[][] = [];
      for (const c of [plain, vscode]) {
        const uri = c.open(path.join(ws, 'api.yaml'), SHOP);
        const diags = await c.diagnostics(uri, d => d.some(x => x.range.start.line === SHOP_RESPONSES_LINE), 0, 90_000);
        all.push(
          await actionsAt(
            c,
            uri,
            diags.filter(d => d.range.start.line === SHOP_RESPONSES_LINE),
          ),
        );
      }
      const [full, capped] = all;
      assert.ok(full.length > 6, `the case has more than 6 actions: ${full.length}`);
      assert.equal(capped.length, 6);
      const more = capped[5];
      assert.equal(more.title, 'More apiconv actions…');
      assert.equal(more.command?.command, 'apiconv.moreActions');
      const rest = more.command.arguments![0] as CodeAction[];
      // Every action is still there: the first five, then the rest in the menu (the extension's list adds its
      // "Show documentation" entries, which this plain client, unable to show documents, is not offered).
      const listed = [...capped.slice(0, 5), ...rest].map(a => a.title);
      assert.equal(new Set(listed).size, listed.length, listed.join(' | '));
      for (const a of full) assert.ok(listed.includes(a.title), `${a.title} is listed`);
      assert.ok(
        capped.slice(0, 5).every(a => a.isPreferred || !rest.some(r => r.isPreferred)),
        'the fixes come first',
      );
      const ignore = rest.find(a => a.title.startsWith('Ignore this'));
      assert.ok(ignore?.data, 'an action of the menu is resolved when picked');
      const resolved = await vscode.request<CodeAction>('codeAction/resolve', ignore);
      assert.ok(resolved.edit, 'and has its edit then');
    } finally {
      await plain.stop();
      await vscode.stop();
    }
  });
});

describe('editor dead ends: hovers and the 1,000-diagnostic cap', () => {
  it(
    "the extension's hover says each rule once, without the message VS Code shows above it; a $ref preview ends with its target",
    { timeout: 120_000 },
    async () => {
      const doc = SHOP.replace(
        '          description: Deleted.\n',
        "          $ref: '#/components/responses/Deleted'\ncomponents:\n  responses:\n    Deleted:\n      description: Deleted.\n    Gone:\n      description: Gone.\n",
      );
      const ws = tmpWorkspace({ 'api.yaml': doc });
      const c = await TestClient.start({
        folder: ws,
        settings: { debounceMs: 0 },
        initializationOptions: { workspaceTrusted: true, client: 'apiconv-vscode' },
      });
      try {
        const uri = c.open(path.join(ws, 'api.yaml'), doc);
        const diags = await c.diagnostics(uri, d => d.some(x => x.range.start.line === SHOP_RESPONSES_LINE), 0, 90_000);
        const here = diags.filter(d => d.range.start.line === SHOP_RESPONSES_LINE);
        const h = await c.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri }, position: here[0].range.start });
        const text = h.contents.value;
        for (const d of here) {
          assert.ok(!text.includes(String(d.message).slice(0, 40)), `the message of ${String(d.code)} is not repeated:\n${text}`);
          assert.equal(text.split(`**${String(d.code)}**`).length - 1, 1, `${String(d.code)} once:\n${text}`);
        }
        const refLine = doc.split('\n').findIndex(l => l.includes("$ref: '#/components/responses/Deleted'"));
        const ref = await c.request<{ contents: { value: string } }>('textDocument/hover', {
          textDocument: { uri },
          position: { line: refLine, character: 14 },
        });
        const block = /```yaml\n([\s\S]*?)\n```/.exec(ref.contents.value)?.[1];
        assert.equal(block, 'Deleted:\n  description: Deleted.', ref.contents.value);
      } finally {
        await c.stop();
      }
    },
  );

  it('a client that shows at most N diagnostics per file gets N, errors first or from the top; the status counts them all', { timeout: 120_000 }, async () => {
    const ws = tmpWorkspace({ 'api.yaml': SHOP });
    const counts: Record<string, Diagnostic[]> = {};
    let total = 0;
    for (const first of ['severity', 'position', undefined]) {
      const c = await TestClient.start({
        folder: ws,
        settings: { debounceMs: 0, ...(first ? { diagnosticsFirst: first } : {}) },
        initializationOptions: first ? { maxDiagnosticsPerFile: 3 } : {},
      });
      try {
        const uri = c.open(path.join(ws, 'api.yaml'), SHOP);
        const st = await c.until('status', () => c.statuses.find(s => s.uri === uri && s.state === 'ok'), 90_000);
        counts[first ?? 'all'] = await c.diagnostics(uri, () => true, 0, 90_000);
        if (first) {
          assert.equal(st.shown, 3);
          total = st.problems!;
        } else assert.equal(st.shown, undefined);
      } finally {
        await c.stop();
      }
    }
    const all = counts.all;
    assert.equal(total, all.length);
    assert.deepEqual(counts.position, all.slice(0, 3));
    const bySeverity = [...all].sort((a, b) => a.severity! - b.severity!).slice(0, 3);
    assert.deepEqual(counts.severity, bySeverity);
    assert.notDeepEqual(counts.severity, counts.position, 'the case: a finding of another severity among the first three from the top');
  });
});
