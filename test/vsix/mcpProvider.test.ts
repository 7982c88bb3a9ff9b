/** The extension's MCP server provider (client/src/mcpProvider.ts) on a VS Code with MCP providers and on one without. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MCP_PROVIDER_ID, registerMcpServer } from '../../client/src/mcpProvider';

const ROOT = path.join(__dirname, '..', '..');

describe('MCP server provider', () => {
  it('an older VS Code (no lm.registerMcpServerDefinitionProvider): nothing registered, nothing thrown', () => {
    assert.equal(registerMcpServer({ workspace: {} }, '/ext/server/out/cli.js', '1.0.0'), undefined);
    assert.equal(registerMcpServer({ lm: {}, workspace: {} }, '/ext/server/out/cli.js', '1.0.0'), undefined);
  });

  it('a VS Code whose MCP API refuses the provider (1.100 throws): nothing registered, activation goes on', () => {
    class McpStdioServerDefinition {}
    const refusing = {
      registerMcpServerDefinitionProvider: () => {
        throw new Error('MCP configuration providers must be registered in the contributes.modelContextServerCollections array');
      },
    };
    assert.equal(
      registerMcpServer({ lm: refusing, McpStdioServerDefinition: McpStdioServerDefinition as never, workspace: {} }, '/ext/server/out/cli.js', '1.0.0'),
      undefined,
    );
  });

  it('a VS Code with MCP providers: apiconv mcp over stdio, run by the extension host as Node, in the workspace folder', () => {
    const registered: { id: string; provider: { provideMcpServerDefinitions(): unknown[] } }[] = [];
    class McpStdioServerDefinition {
      cwd?: never;
      constructor(
        readonly label: string,
        readonly command: string,
        readonly args: string[],
        readonly env: Record<string, string>,
        readonly version?: string,
      ) {}
    }
    const folder = { uri: { fsPath: '/work/api' } };
    const disposable = registerMcpServer(
      {
        lm: { registerMcpServerDefinitionProvider: (id, provider) => (registered.push({ id, provider }), { dispose() {} }) },
        McpStdioServerDefinition,
        workspace: { workspaceFolders: [folder as never] },
      },
      '/ext/server/out/cli.js',
      '1.0.0',
    );
    assert.ok(disposable);
    assert.equal(registered[0]!.id, MCP_PROVIDER_ID);
    const [def] = registered[0]!.provider.provideMcpServerDefinitions() as McpStdioServerDefinition[];
    assert.deepEqual(
      { ...def },
      {
        label: 'apiconv',
        command: process.execPath,
        args: ['/ext/server/out/cli.js', 'mcp'],
        env: { ELECTRON_RUN_AS_NODE: '1' },
        version: '1.0.0',
        cwd: folder.uri,
      },
    );
  });

  it('package.json declares the provider; the .vsix ships the CLI it runs', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.deepEqual(pkg.contributes.mcpServerDefinitionProviders, [{ id: MCP_PROVIDER_ID, label: 'apiconv' }]);
    const ignore = fs.readFileSync(path.join(ROOT, '.vscodeignore'), 'utf8');
    assert.match(ignore, /^!server\/out\/cli\.js$/m);
    assert.match(ignore, /^!server\/out\/cli\.bundle\.js$/m);
  });
});
