/**
 * `apiconv mcp` driven by the MCP SDK's own client over stdio (the built CLI as the server): every tool answers,
 * and the rule docs are resources.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { BAD_DOC, CLI, ensureBuilt, tempDir } from './helpers';

type Answer = { structuredContent?: Record<string, unknown>; isError?: boolean; content: { type: string; text?: string }[] };

describe('apiconv mcp', () => {
  let client: Client;
  let dir: string;
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as Answer;

  before(async () => {
    ensureBuilt();
    dir = tempDir({ 'api.yaml': BAD_DOC, 'v2.yaml': BAD_DOC.replace(/  \/getUsers:[\s\S]*$/, '  /api/users: {}\n') });
    client = new Client({ name: 'test', version: '1' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], cwd: dir, stderr: 'pipe' }));
  });
  after(async () => client?.close());

  it('lists the five tools', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map(t => t.name).sort(), ['diff', 'explain_rule', 'fix', 'lint', 'score']);
    assert.ok(tools.every(t => t.description && t.inputSchema.type === 'object'));
  });

  it('lint: a file by path, and a text not on the disk', async () => {
    const byPath = await call('lint', { file: 'api.yaml' });
    const findings = byPath.structuredContent!.findings as { rule: string; line: number; file: string; severity: string }[];
    const verbs = findings.find(f => f.rule === 'path-no-verbs');
    assert.deepEqual(
      { ...verbs, message: undefined, path: undefined, fixable: undefined },
      { rule: 'path-no-verbs', severity: 'error', file: 'api.yaml', line: 8, column: 3, message: undefined, path: undefined, fixable: undefined },
    );
    const byText = await call('lint', { text: BAD_DOC.replace('/getUsers', '/api/users'), file: 'draft.yaml' });
    assert.ok(!(byText.structuredContent!.findings as { rule: string }[]).some(f => f.rule === 'path-no-verbs'));
    assert.equal(JSON.parse(byText.content[0]!.text!).findings.length, (byText.structuredContent!.findings as unknown[]).length, 'the same data as text');
    const none = await call('lint', {});
    assert.equal(none.isError, true);
  });

  it('fix: the edit as the fixed text and a diff; the file is not written', async () => {
    const before = fs.readFileSync(path.join(dir, 'api.yaml'), 'utf8');
    const r = await call('fix', { file: 'api.yaml' });
    const { applied, files, diff } = r.structuredContent as { applied: number; files: { file: string; text: string }[]; diff: string };
    assert.ok(applied > 0, JSON.stringify(r));
    assert.equal(files[0]!.file, 'api.yaml');
    assert.notEqual(files[0]!.text, before);
    assert.match(diff, /^--- a\/api\.yaml/m);
    assert.equal(fs.readFileSync(path.join(dir, 'api.yaml'), 'utf8'), before);
  });

  it('diff: the breaking changes from base to head', async () => {
    const r = await call('diff', { baseFile: 'api.yaml', headFile: 'v2.yaml' });
    const changes = r.structuredContent!.changes as { rule: string; file: string }[];
    assert.ok(
      changes.some(c => c.rule === 'operation-removed' || c.rule === 'path-removed'),
      JSON.stringify(changes),
    );
  });

  it('explain_rule and score', async () => {
    const e = await call('explain_rule', { rule: 'path-no-verbs' });
    assert.match(e.structuredContent!.docs as string, /## What it checks/);
    assert.equal((await call('explain_rule', { rule: 'no-such-rule' })).isError, true);
    const s = await call('score', { file: 'api.yaml' });
    assert.match(s.structuredContent!.grade as string, /^[A-F]$/);
    assert.equal((s.structuredContent!.categories as unknown[]).length, 7);
    assert.equal(s.structuredContent!.operations, 1);
  });

  it('the rule docs are resources', async () => {
    const { resources } = await client.listResources();
    assert.ok(resources.some(r => r.uri === 'apiconv://rules/path-no-verbs'));
    const read = await client.readResource({ uri: 'apiconv://rules/error-400' });
    assert.match((read.contents[0] as { text: string }).text, /# error-400/);
  });
});
