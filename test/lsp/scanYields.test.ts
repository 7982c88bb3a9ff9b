/**
 * The workspace's reference read gives the CPU to the user's keystrokes: it takes its turns while no open document's
 * lint waits or runs and the user has paused, and its parses run in a thread of the lowest priority (Linux, where a
 * thread has its own nice value). Typed into meanwhile, the open document's lenses keep the counts known so far; once
 * the user pauses, the read goes on and the counts come whole.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeLens } from 'vscode-languageserver-protocol';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TestClient, tmpWorkspace } from './client';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'refs');
const NAMES = ['api.yaml', 'paths/pet.yaml', 'schemas.yaml'];
const TEXTS = Object.fromEntries(NAMES.map(n => [n, fs.readFileSync(path.join(FIXTURES, n), 'utf8')]));
const API = TEXTS['api.yaml']!;

/** Files that each `$ref` the API's Pet, big enough (a long enum) that reading them all takes a while. */
const USERS = 30;
function usersOfPet(): Record<string, string> {
  const values = Array.from({ length: 4000 }, (_, i) => `    - value${i}`).join('\n');
  const files: Record<string, string> = {};
  for (let i = 0; i < USERS; i++) files[`parts/p${i}.yaml`] = `P${i}:\n  $ref: '../api.yaml#/components/schemas/Pet'\nE${i}:\n  enum:\n${values}\n`;
  return files;
}

/** Pet's count in the first lens (api.yaml's first component). */
const petTitle = (lenses: CodeLens[]) => lenses[0]?.command?.title ?? '';

/** The nice values of the threads of process `pid` (Linux). */
function threadNices(pid: number): number[] {
  return fs.readdirSync(`/proc/${pid}/task`).map(t => Number(fs.readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]));
}

describe('language server: the workspace read gives way to the keystrokes', () => {
  let ws: string;
  before(() => {
    ws = tmpWorkspace({ ...TEXTS, ...usersOfPet() });
  });

  it('reads no file while the user types, and reads on once they pause', async () => {
    const c = await TestClient.start({ folder: ws });
    try {
      const uri = c.open(path.join(ws, 'api.yaml'), API);
      await c.diagnostics(uri);
      // Typing, a key every 100 ms: the read starts with the first lenses, and waits.
      let version = 1;
      let typed = API;
      const key = () => {
        typed = typed.replace(/title: [^\n]*/, m => m + 'x');
        c.change(uri, ++version, typed);
      };
      key();
      const first = petTitle(await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } }));
      assert.match(first, /so far \(indexing\)$/);
      for (let i = 0; i < 25; i++) {
        await new Promise(r => setTimeout(r, 100));
        key();
      }
      const typing = petTitle(await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } }));
      assert.equal(typing, first, 'no workspace file was counted while the user typed');
      // Paused: the read goes on to the end (references wait for it).
      await c.request('textDocument/references', { textDocument: { uri }, position: { line: 27, character: 5 }, context: { includeDeclaration: false } });
      assert.equal(petTitle(await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } })), `${5 + USERS} references`);
    } finally {
      await c.stop();
    }
  });

  it('parses in a thread of the lowest priority (Linux)', { skip: process.platform !== 'linux' && 'a nice value per thread is Linux’s' }, async () => {
    const c = await TestClient.start({ folder: ws });
    try {
      const uri = c.open(path.join(ws, 'api.yaml'), API);
      await c.request('textDocument/references', { textDocument: { uri }, position: { line: 27, character: 5 }, context: { includeDeclaration: false } });
      const nices = threadNices(c.proc.pid!);
      assert.equal(nices[0], 0, 'the server’s own thread keeps its priority');
      assert.ok(nices.includes(19), `a thread at nice 19 among ${JSON.stringify(nices)}`);
    } finally {
      await c.stop();
    }
  });
});
