/**
 * What an editor shows around the findings, over the protocol against the BUILT server
 *: a short hover per finding; the light bulb with one action per fix
 * (same edits merged), one preferred fix per finding; "Show documentation" that works
 * outside VS Code through window/showDocument, or is left out; a first log line saying
 * the server started and no `punycode` deprecation warning; and a YAML syntax error the
 * fixers cannot edit is a `parser` finding while the actions that still work stay.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { TestClient, tmpWorkspace } from './client';

const DOC = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'editor', 'shop-delete.yaml'), 'utf8');
/** The delete operation's `responses:` key: four findings or more (404 twice over, 400, 500). */
const RESPONSES_LINE = DOC.split('\n').lastIndexOf('      responses:');

async function findingsOnResponses(c: TestClient, uri: string): Promise<Diagnostic[]> {
  // The first lint starts the worker: on a loaded machine that takes longer than the client's default wait.
  const diags = await c.diagnostics(uri, d => d.some(x => x.range.start.line === RESPONSES_LINE), 0, 90_000);
  return diags.filter(d => d.range.start.line === RESPONSES_LINE);
}

function codeActions(c: TestClient, uri: string, diagnostics: Diagnostic[]): Promise<CodeAction[]> {
  return c.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: diagnostics[0].range,
    context: { diagnostics, only: ['quickfix'] },
  });
}

describe('editor output: hover, light bulb, documentation, log', () => {
  let ws: string;
  let c: TestClient;
  const shown: { uri: string; external?: boolean }[] = [];
  const savedNodeOptions = process.env.NODE_OPTIONS;
  before(async () => {
    ws = tmpWorkspace({ 'api.yaml': DOC });
    // Node 20 reports the punycode deprecation (DEP0040) only with --pending-deprecation; Node 22 by default.
    process.env.NODE_OPTIONS = `${savedNodeOptions ?? ''} --pending-deprecation`.trim();
    try {
      // A client that is not the VS Code extension and can show documents (Neovim, Helix, …).
      c = await TestClient.start({
        folder: ws,
        settings: { debounceMs: 20 },
        capabilities: { workspace: { configuration: true }, window: { showDocument: { support: true } } },
      });
    } finally {
      if (savedNodeOptions === undefined) delete process.env.NODE_OPTIONS;
      else process.env.NODE_OPTIONS = savedNodeOptions;
    }
    c.conn.onRequest('window/showDocument', (p: { uri: string; external?: boolean }) => {
      shown.push(p);
      return { success: true };
    });
  });
  after(() => c.stop());

  it('the first log line says the server started; no punycode deprecation warning', async () => {
    const uri = c.open(path.join(ws, 'api.yaml'), DOC);
    await findingsOnResponses(c, uri);
    assert.match(c.logs[0] ?? '', /^apiconv language server \S+ started \(Node v\d+/);
    assert.doesNotMatch(c.stderr, /punycode|DEP0040/);
  });

  it('hover on a key with several findings: each message, one line of why and the docs link, no full pages', async () => {
    const uri = c.open(path.join(ws, 'api.yaml'), DOC);
    const here = await findingsOnResponses(c, uri);
    assert.ok(here.length >= 3, `findings on responses: ${here.map(d => d.code).join(', ')}`);
    const h = await c.request<{ contents: { kind: string; value: string } }>('textDocument/hover', { textDocument: { uri }, position: here[0].range.start });
    const text = h.contents.value;
    for (const d of here) {
      assert.ok(text.includes(`**${String(d.code)}**: `), `${String(d.code)} in the hover`);
      assert.ok(text.includes(`](${d.codeDescription!.href})`), `the docs link of ${String(d.code)}`);
    }
    assert.equal((text.match(/^Why: /gm) ?? []).length, here.length, 'one line of why per finding');
    assert.ok(text.length < 400 * here.length, `${text.length} characters for ${here.length} findings`);
    assert.doesNotMatch(text, /^#+ |^\|/m, 'no headings of full pages, no raw table rows');
  });

  it('light bulb: fixes with the same edit are one action, one preferred fix per finding, fixes first', async () => {
    const uri = c.open(path.join(ws, 'api.yaml'), DOC);
    const here = await findingsOnResponses(c, uri);
    const actions = await codeActions(c, uri, here);
    const edits = actions.filter(a => a.edit).map(a => JSON.stringify(a.edit));
    assert.equal(new Set(edits).size, edits.length, `no two actions make the same edit: ${actions.map(a => a.title).join(' | ')}`);
    for (const d of here) {
      const preferred = actions.filter(a => a.isPreferred && (a.diagnostics ?? []).some(x => x.code === d.code && x.message === d.message));
      assert.ok(preferred.length <= 1, `${String(d.code)}: ${preferred.length} preferred fixes`);
      if (d.code === 'delete-404' || d.code === 'error-400' || d.code === 'error-500') assert.equal(preferred.length, 1, `${String(d.code)} has its fix`);
    }
    // Both rules ask for the same 404 response: one action covers both findings.
    if (here.some(d => d.code === 'delete-404') && here.some(d => d.code === 'error-404-item')) {
      const add404 = actions.filter(a => a.isPreferred && /404/.test(a.title));
      assert.equal(add404.length, 1, add404.map(a => a.title).join(' | '));
      assert.deepEqual(add404[0].diagnostics!.map(d => d.code).sort(), ['delete-404', 'error-404-item']);
    }
    const firstOther = actions.findIndex(a => !a.isPreferred);
    assert.ok(
      actions.slice(firstOther).every(a => !a.isPreferred),
      'the preferred fixes come first',
    );
  });

  it('"Show documentation" runs on the server: window/showDocument of the rule page', async () => {
    const uri = c.open(path.join(ws, 'api.yaml'), DOC);
    const here = await findingsOnResponses(c, uri);
    const actions = await codeActions(c, uri, here);
    const docs = actions.find(a => a.title === 'Show documentation for delete-404');
    assert.ok(docs?.command, actions.map(a => a.title).join(' | '));
    assert.equal(docs.command.command, 'apiconv.server.showRuleDocs');
    const ok = await c.request<boolean>('workspace/executeCommand', { command: docs.command.command, arguments: docs.command.arguments });
    assert.equal(ok, true);
    const page = shown.at(-1)!;
    assert.match(page.uri, /^file:\/\/.*\/rules\/delete-404\.md$/);
    assert.equal(page.external, false);
  });

  it('a YAML syntax error is a parser finding; ignore and documentation actions stay', async () => {
    const broken = DOC.replace("info: { title: shop, version: '1' }", "info: { title: shop, version: '1' } x: []");
    const uri = c.open(path.join(ws, 'broken.yaml'), broken);
    const diags = await c.diagnostics(uri, d => d.some(x => x.code === 'parser'), 0, 90_000);
    const parser = diags.find(d => d.code === 'parser')!;
    assert.equal(parser.range.start.line, 1);
    assert.match(String(parser.message), /must start on a new line/);
    const d404 = diags.find(d => d.code === 'delete-404');
    assert.ok(d404, diags.map(d => d.code).join(', '));
    const actions = await codeActions(c, uri, [d404]);
    const ignore = actions.find(a => a.title === 'Ignore this delete-404 finding');
    assert.ok(ignore?.edit, `ignore stays: ${actions.map(a => a.title).join(' | ')}`);
    assert.ok(actions.some(a => a.title === 'Show documentation for delete-404'));
    assert.ok(!actions.some(a => a.isPreferred), 'no fix in a document the fixers cannot read');
  });
});

describe('editor output: clients that cannot show documents, and the VS Code extension', () => {
  it('no "Show documentation" without window/showDocument; the extension gets its own command', async () => {
    const ws = tmpWorkspace({ 'api.yaml': DOC });
    for (const [opts, expected] of [
      [{}, undefined],
      [{ initializationOptions: { workspaceTrusted: true, client: 'apiconv-vscode' } }, 'apiconv.showRuleDocs'],
    ] as const) {
      const c = await TestClient.start({ folder: ws, settings: { debounceMs: 20 }, ...opts });
      try {
        const uri = c.open(path.join(ws, 'api.yaml'), DOC);
        const here = await findingsOnResponses(c, uri);
        const listed = await codeActions(c, uri, here);
        // The extension's light bulb holds a few entries and "More apiconv actions…", whose argument is the others.
        const actions = listed.flatMap(a => (a.command?.command === 'apiconv.moreActions' ? (a.command.arguments![0] as CodeAction[]) : [a]));
        const docs = actions.filter(a => a.title.startsWith('Show documentation'));
        if (expected === undefined) assert.deepEqual(docs, []);
        else assert.ok(docs.length > 0 && docs.every(a => a.command?.command === expected));
      } finally {
        await c.stop();
      }
    }
  });
});
