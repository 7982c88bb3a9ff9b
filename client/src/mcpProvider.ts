/**
 * Offers `apiconv mcp` (the CLI's Model Context Protocol server) to VS Code's agents, where VS Code has MCP server
 * definition providers (1.101 and later). Older versions have no such API: nothing is registered there and the
 * extension activates as before, so the API is looked up at run time rather than typed from @types/vscode.
 */
import type * as vscode from 'vscode';

export const MCP_PROVIDER_ID = 'apiconv.mcp';

interface McpApi {
  lm?: { registerMcpServerDefinitionProvider?: (id: string, provider: { provideMcpServerDefinitions(): unknown[] }) => vscode.Disposable };
  McpStdioServerDefinition?: new (label: string, command: string, args: string[], env: Record<string, string>, version?: string) => { cwd?: vscode.Uri };
  workspace: { workspaceFolders?: readonly { uri: vscode.Uri }[] };
}

/**
 * Registers the provider; undefined where this VS Code has no MCP providers, or refuses ours: VS Code 1.100 has the
 * function but wants the provider declared under an earlier contribution point and throws. The linter must
 * activate whatever the agent support around it does.
 */
export function registerMcpServer(api: McpApi, cliScript: string, version: string): vscode.Disposable | undefined {
  const register = api.lm?.registerMcpServerDefinitionProvider;
  const Definition = api.McpStdioServerDefinition;
  if (typeof register !== 'function' || typeof Definition !== 'function') return undefined;
  try {
    return registerWith(api, register, Definition, cliScript, version);
  } catch {
    return undefined;
  }
}

function registerWith(
  api: McpApi,
  register: NonNullable<NonNullable<McpApi['lm']>['registerMcpServerDefinitionProvider']>,
  Definition: NonNullable<McpApi['McpStdioServerDefinition']>,
  cliScript: string,
  version: string,
): vscode.Disposable {
  return register.call(api.lm, MCP_PROVIDER_ID, {
    provideMcpServerDefinitions: () => {
      // The extension host's executable runs the CLI as Node (ELECTRON_RUN_AS_NODE), so no Node install is needed.
      const definition = new Definition('apiconv', process.execPath, [cliScript, 'mcp'], { ELECTRON_RUN_AS_NODE: '1' }, version);
      const folder = api.workspace.workspaceFolders?.[0];
      if (folder) definition.cwd = folder.uri;
      return [definition];
    },
  });
}
