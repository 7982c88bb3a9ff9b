/**
 * The reference features over the protocol, on the three files of test/fixtures/refs copied to a workspace:
 * references, prepareRename/rename (applied, no `$ref` left dangling, the lint the same apart from the name),
 * refusals, willRenameFiles, code lenses, document links, workspace symbols, and an edit seen by the next request.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeLens, DocumentLink, Location, Position, SymbolInformation, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { TestClient, tmpWorkspace, uriOf } from './client';
import { lint } from '../../server/src/engine/lint';
import { getDefaultRuleset } from '../../server/src/engine/ruleset';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'refs');
const NAMES = ['api.yaml', 'paths/pet.yaml', 'schemas.yaml'];
const TEXTS = Object.fromEntries(NAMES.map(n => [n, fs.readFileSync(path.join(FIXTURES, n), 'utf8')]));

function positionOf(text: string, needle: string, skip = 0): Position {
  let i = -1;
  for (let k = 0; k <= skip; k++) i = text.indexOf(needle, i + 1);
  assert.ok(i >= 0, needle);
  return TextDocument.create('file:///x', 'yaml', 1, text).positionAt(i + 1);
}

function applyEdit(ws: string, edit: WorkspaceEdit): Record<string, string> {
  const out = { ...TEXTS };
  for (const [uri, edits] of Object.entries(edit.changes ?? {})) {
    const name = NAMES.find(n => uriOf(path.join(ws, n)) === uri);
    assert.ok(name, uri);
    out[name] = TextDocument.applyEdits(TextDocument.create(uri, 'yaml', 1, out[name]!), edits as TextEdit[]);
  }
  return out;
}

/** The findings of a lint of api.yaml with these texts: code, path and message, `from` written as `to`. */
async function findings(ws: string, texts: Record<string, string>, from?: string, to?: string): Promise<string[]> {
  const file = path.join(ws, 'api.yaml');
  const r = await lint(texts['api.yaml']!, file, { ruleset: await getDefaultRuleset(), readFile: f => texts[path.relative(ws, f)] });
  return r.problems.map(p => {
    const s = `${p.code} ${p.path.join('/')} ${p.message}`;
    return from && to ? s.split(from).join(to) : s;
  });
}

describe('language server: references and rename', () => {
  let ws: string;
  let c: TestClient;
  let api: string;
  before(async () => {
    ws = tmpWorkspace(TEXTS);
    c = await TestClient.start({ folder: ws, settings: { debounceMs: 20 } });
    api = c.open(path.join(ws, 'api.yaml'), TEXTS['api.yaml']!);
  });
  after(() => c.stop());

  it('lists the references of a schema across the three files, with or without its declaration', async () => {
    const position = positionOf(TEXTS['api.yaml']!, 'Pet:');
    const all = await c.request<Location[]>('textDocument/references', { textDocument: { uri: api }, position, context: { includeDeclaration: true } });
    const where = (l: Location) => `${path.relative(ws, new URL(l.uri).pathname)}:${l.range.start.line}`;
    assert.deepEqual(all.map(where).sort(), ['api.yaml:19', 'api.yaml:27', 'api.yaml:39', 'api.yaml:40', 'paths/pet.yaml:10', 'schemas.yaml:4'].sort());
    const uses = await c.request<Location[]>('textDocument/references', { textDocument: { uri: api }, position, context: { includeDeclaration: false } });
    assert.equal(uses.length, all.length - 1);
  });

  it('prepares a rename on a $ref with the component name; refuses where there is nothing to rename', async () => {
    const r = await c.request<{ placeholder: string; range: { start: Position } }>('textDocument/prepareRename', {
      textDocument: { uri: api },
      position: positionOf(TEXTS['api.yaml']!, "'#/components/schemas/Pet'"),
    });
    assert.equal(r.placeholder, 'Pet');
    await assert.rejects(
      c.request('textDocument/prepareRename', { textDocument: { uri: api }, position: positionOf(TEXTS['api.yaml']!, 'title') }),
      /renames components/,
    );
  });

  it('renames a schema used across three files: one edit, no $ref dangling, the same lint apart from the name', async () => {
    const edit = await c.request<WorkspaceEdit>('textDocument/rename', {
      textDocument: { uri: api },
      position: positionOf(TEXTS['api.yaml']!, 'Pet:'),
      newName: 'Animal',
    });
    assert.deepEqual(Object.keys(edit.changes!).length, 3);
    const after = applyEdit(ws, edit);
    assert.doesNotMatch(Object.values(after).join('\n'), /schemas\/Pet\b/);
    assert.deepEqual(await findings(ws, after), await findings(ws, TEXTS, 'Pet', 'Animal'));
    assert.ok(!(await findings(ws, after)).some(f => f.startsWith('invalid-ref')));
  });

  it('refuses a rename onto an existing name, with the reason', async () => {
    await assert.rejects(
      c.request('textDocument/rename', { textDocument: { uri: api }, position: positionOf(TEXTS['api.yaml']!, 'Pet:'), newName: 'Owner' }),
      /cannot rename "Pet": "Owner" already exists in components\/schemas/,
    );
  });

  it('renames a security scheme from a requirement', async () => {
    const edit = await c.request<WorkspaceEdit>('textDocument/rename', {
      textDocument: { uri: api },
      position: positionOf(TEXTS['api.yaml']!, 'ApiKey'),
      newName: 'Key',
    });
    const text = applyEdit(ws, edit)['api.yaml']!;
    assert.equal(text.match(/ Key: /g)?.length, 3);
    assert.doesNotMatch(text, /ApiKey/);
  });

  it('rewrites the $refs into and out of a file moved to another folder', async () => {
    const edit = await c.request<WorkspaceEdit>('workspace/willRenameFiles', {
      files: [{ oldUri: uriOf(path.join(ws, 'schemas.yaml')), newUri: uriOf(path.join(ws, 'models/schemas.yaml')) }],
    });
    const after = applyEdit(ws, edit);
    assert.match(after['api.yaml']!, /\$ref: \.\/models\/schemas\.yaml#\/Item/);
    assert.match(after['schemas.yaml']!, /'\.\.\/api\.yaml#\/components\/schemas\/Pet'/);
  });

  it('shows a code lens per component: its reference count, or unused, listed with the lens (no resolve asked)', async () => {
    const lenses = await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: api } });
    assert.deepEqual(
      lenses.map(l => `${l.range.start.line} ${l.command?.title}`),
      ['27 5 references', '34 1 reference', '42 2 references'],
    );
  });

  it('a document with more components than apiconv.codeLens.maxPerFile: one lens, on the first, that says so', async () => {
    c.settings = { debounceMs: 20, codeLens: { maxPerFile: 2 } };
    c.notifyServer('workspace/didChangeConfiguration', { settings: null });
    try {
      const lenses = await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: api } });
      assert.deepEqual(
        lenses.map(l => `${l.range.start.line} ${l.command?.title}`),
        ['27 3 components: reference counts are shown up to 2 (apiconv.codeLens.maxPerFile)'],
      );
    } finally {
      c.settings = { debounceMs: 20 };
      c.notifyServer('workspace/didChangeConfiguration', { settings: null });
    }
    const lenses = await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: api } });
    assert.equal(lenses.length, 3, 'within the default');
  });

  it('links every $ref to its target, at the pointer’s line', async () => {
    const links = await c.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri: api } });
    assert.equal(links.length, 4, 'the $refs; mapping values are not links');
    const targets = await Promise.all(links.map(l => c.request<DocumentLink>('documentLink/resolve', l)));
    assert.ok(targets.some(t => t.target === `${uriOf(path.join(ws, 'schemas.yaml'))}#L1,1`));
    assert.ok(targets.some(t => t.target === `${api}#L28,5`));
    assert.ok(targets.some(t => t.target === uriOf(path.join(ws, 'paths/pet.yaml'))));
  });

  it('finds operations by operationId or method and path, and components, in the workspace', async () => {
    const syms = await c.request<SymbolInformation[]>('workspace/symbol', { query: '' });
    const names = syms.map(s => `${s.name}${s.containerName ? ` (${s.containerName})` : ''}`);
    for (const n of ['listPets (GET /pets)', 'Pet (components/schemas)', 'ApiKey (components/securitySchemes)']) assert.ok(names.includes(n), n);
  });

  it('answers from the edited text after a change', async () => {
    const edited = TEXTS['api.yaml']!.replace("$ref: '#/components/schemas/Pet'", "$ref: '#/components/schemas/Owner'");
    c.change(api, 2, edited);
    const lenses = await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: api } });
    assert.equal(lenses.find(l => l.range.start.line === 34)!.command!.title, '2 references');
  });
});

describe('language server: no document links for the VS Code extension', () => {
  let ws: string;
  let c: TestClient;
  before(async () => {
    ws = tmpWorkspace(TEXTS);
    c = new TestClient();
  });
  after(() => c.stop());

  it('announces no link provider to it; its definitions reach every target a link would', async () => {
    const init = await c.request<{ capabilities: Record<string, unknown> }>('initialize', {
      processId: process.pid,
      rootUri: uriOf(ws),
      workspaceFolders: [{ uri: uriOf(ws), name: 'refs' }],
      capabilities: { workspace: { configuration: true } },
      initializationOptions: { client: 'apiconv-vscode', workspaceTrusted: true },
    });
    await c.conn.sendNotification('initialized', {});
    assert.equal(init.capabilities.documentLinkProvider, undefined);
    assert.ok(init.capabilities.definitionProvider);
    const api = c.open(path.join(ws, 'api.yaml'), TEXTS['api.yaml']!);
    const at = (needle: string) => ({ textDocument: { uri: api }, position: positionOf(TEXTS['api.yaml']!, needle) });
    const local = await c.request<Location>('textDocument/definition', at("'#/components/schemas/Pet'"));
    assert.equal(`${local.uri} ${local.range.start.line}`, `${api} 27`);
    const file = await c.request<Location>('textDocument/definition', at('paths/pet.yaml'));
    assert.equal(file.uri, uriOf(path.join(ws, 'paths/pet.yaml')));
  });
});
