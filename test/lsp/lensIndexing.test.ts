/**
 * Code lenses in a workspace whose files take a while to read: the first lenses come before the read is done,
 * with the counts known so far and saying so; once every file is read the server asks the client to refresh
 * them (only a client that says it can), and the lenses then have the whole workspace's counts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeLens } from 'vscode-languageserver-protocol';
import { TestClient, tmpWorkspace } from './client';
import * as path from 'node:path';

const API = `openapi: 3.1.0
info: { title: Pets, version: "1" }
paths:
  /pets:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Pet'
components:
  schemas:
    Pet:
      type: object
    Owner:
      type: object
`;

/** Files of schemas that each `$ref` the API's Pet, made big enough (a long enum) that reading them all takes seconds. */
const USERS = 30;
function usersOfPet(): Record<string, string> {
  const values = Array.from({ length: 4000 }, (_, i) => `    - value${i}`).join('\n');
  const files: Record<string, string> = {};
  for (let i = 0; i < USERS; i++) files[`parts/p${i}.yaml`] = `P${i}:\n  $ref: '../api.yaml#/components/schemas/Pet'\nE${i}:\n  enum:\n${values}\n`;
  return files;
}

const titles = (lenses: CodeLens[]) => lenses.map(l => l.command?.title);

describe('language server: code lenses before the workspace is read', () => {
  let ws: string;
  before(() => {
    ws = tmpWorkspace({ 'api.yaml': API, ...usersOfPet() });
  });

  describe('a client that takes workspace/codeLens/refresh', () => {
    let c: TestClient;
    let refreshes = 0;
    before(async () => {
      c = await TestClient.start({ folder: ws, capabilities: { workspace: { configuration: true, codeLens: { refreshSupport: true } } } });
      c.conn.onRequest('workspace/codeLens/refresh', () => {
        refreshes++;
        return null;
      });
    });
    after(() => c.stop());

    it('gets the counts so far at once, a refresh once every file is read, then the whole counts', async () => {
      const uri = c.open(path.join(ws, 'api.yaml'), API);
      const first = await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
      const [pet, owner] = titles(first);
      const known = Number(/^(\d+) references? so far \(indexing\)$/.exec(pet ?? '')?.[1]);
      assert.ok(known >= 1 && known <= USERS, `Pet: ${pet}`);
      assert.equal(owner, 'no references yet (indexing)');
      assert.equal(refreshes, 0);
      await c.until('the lens refresh', () => refreshes > 0, 120000);
      const whole = await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
      assert.deepEqual(titles(whole), [`${USERS + 1} references`, 'unused']);
      assert.equal(refreshes, 1);
    });
  });

  describe('a client that does not', () => {
    let c: TestClient;
    let refreshes = 0;
    before(async () => {
      c = await TestClient.start({ folder: ws });
      c.conn.onRequest('workspace/codeLens/refresh', () => {
        refreshes++;
        return null;
      });
    });
    after(() => c.stop());

    it('is sent no refresh', async () => {
      const uri = c.open(path.join(ws, 'api.yaml'), API);
      const first = await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
      assert.match(titles(first)[0] ?? '', /so far \(indexing\)$/);
      // References wait for the whole workspace: after them, a refresh would have been sent.
      await c.request('textDocument/references', { textDocument: { uri }, position: { line: 14, character: 5 }, context: { includeDeclaration: false } });
      const whole = await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
      assert.deepEqual(titles(whole), [`${USERS + 1} references`, 'unused']);
      assert.equal(refreshes, 0);
    });
  });
});
