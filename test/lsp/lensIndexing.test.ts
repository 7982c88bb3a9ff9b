/**
 * Code lenses in a workspace whose files take a while to read: the first lenses come before the read is done,
 * with the counts known so far and saying so; once every file is read the server asks the client to refresh
 * them (only a client that says it can), and the lenses then have the whole workspace's counts. Files created
 * after the read that an open document reaches are read when its lenses are asked for.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeLens, DocumentLink } from 'vscode-languageserver-protocol';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TestClient, tmpWorkspace } from './client';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'refs');
const NAMES = ['api.yaml', 'paths/pet.yaml', 'schemas.yaml'];
const TEXTS = Object.fromEntries(NAMES.map(n => [n, fs.readFileSync(path.join(FIXTURES, n), 'utf8')]));
const API = TEXTS['api.yaml']!;
/** The line of Pet's key in api.yaml. */
const PET_LINE = 27;

/** Files of schemas that each `$ref` the API's Pet, made big enough (a long enum) that reading them all takes seconds. */
const USERS = 30;
function usersOfPet(): Record<string, string> {
  const values = Array.from({ length: 4000 }, (_, i) => `    - value${i}`).join('\n');
  const files: Record<string, string> = {};
  for (let i = 0; i < USERS; i++) files[`parts/p${i}.yaml`] = `P${i}:\n  $ref: '../api.yaml#/components/schemas/Pet'\nE${i}:\n  enum:\n${values}\n`;
  return files;
}

/** Pet's whole count: five in the three files of the API, one in each part. */
const PET_WHOLE = 5 + USERS;
const WHOLE_TITLES = [`${PET_WHOLE} references`, '1 reference', '2 references'];
const titles = (lenses: CodeLens[]) => lenses.map(l => l.command?.title);

describe('language server: code lenses before the workspace is read', () => {
  let ws: string;
  before(() => {
    ws = tmpWorkspace({ ...TEXTS, ...usersOfPet() });
  });

  /** A client (with or without refreshSupport) that counts the refreshes it is asked for. */
  async function client(refreshSupport: boolean, folder = ws): Promise<{ c: TestClient; refreshes: () => number }> {
    const workspace = { configuration: true, ...(refreshSupport ? { codeLens: { refreshSupport } } : {}) };
    const c = await TestClient.start({ folder, capabilities: { workspace } });
    let refreshes = 0;
    c.conn.onRequest('workspace/codeLens/refresh', () => {
      refreshes++;
      return null;
    });
    return { c, refreshes: () => refreshes };
  }

  it('a client that takes workspace/codeLens/refresh gets the counts so far at once, a refresh once every file is read, then the whole counts', async () => {
    const { c, refreshes } = await client(true);
    try {
      const uri = c.open(path.join(ws, 'api.yaml'), API);
      // The document's links need only its own $refs: answered while the workspace is read (the lenses say so).
      const links = await c.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri } });
      assert.equal(links.length, 4);
      const first = await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
      const [pet, owner, apiKey] = titles(first);
      // The open document's own: a $ref and two mapping values; the other files' as far as they are read.
      const known = Number(/^(\d+) references so far \(indexing\)$/.exec(pet ?? '')?.[1]);
      assert.ok(known >= 3 && known < PET_WHOLE, `Pet: ${pet}`);
      assert.equal(owner, '1 reference so far (indexing)');
      assert.equal(apiKey, '2 references so far (indexing)');
      assert.equal(refreshes(), 0);
      await c.until('the lens refresh', () => refreshes() > 0, 120000);
      const whole = await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
      assert.deepEqual(titles(whole), WHOLE_TITLES);
      assert.equal(refreshes(), 1);
    } finally {
      await c.stop();
    }
  });

  it('a client that does not is sent no refresh', async () => {
    const { c, refreshes } = await client(false);
    try {
      const uri = c.open(path.join(ws, 'api.yaml'), API);
      const first = await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
      assert.match(titles(first)[0] ?? '', /so far \(indexing\)$/);
      // References wait for the whole workspace: after them, a refresh would have been sent.
      await c.request('textDocument/references', { textDocument: { uri }, position: { line: PET_LINE, character: 5 }, context: { includeDeclaration: false } });
      const whole = await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
      assert.deepEqual(titles(whole), WHOLE_TITLES);
      assert.equal(refreshes(), 0);
    } finally {
      await c.stop();
    }
  });

  it('once the workspace is read, counts the $refs of files created since that the open document reaches', async () => {
    const later = tmpWorkspace({ 'other.yaml': 'openapi: 3.1.0\ninfo: { title: t, version: "1" }\npaths: {}\n' });
    const { c } = await client(true, later);
    try {
      // References wait for the workspace's read; the API's files are written after it, and no watcher says so.
      const other = c.open(path.join(later, 'other.yaml'), 'openapi: 3.1.0\ninfo: { title: t, version: "1" }\npaths: {}\n');
      await c.request('textDocument/references', { textDocument: { uri: other }, position: { line: 0, character: 1 }, context: { includeDeclaration: false } });
      for (const n of NAMES) {
        fs.mkdirSync(path.dirname(path.join(later, n)), { recursive: true });
        fs.writeFileSync(path.join(later, n), TEXTS[n]!);
      }
      const uri = c.open(path.join(later, 'api.yaml'), API);
      const lenses = await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
      assert.deepEqual(titles(lenses), ['5 references', '1 reference', '2 references']);
    } finally {
      await c.stop();
    }
  });
});
