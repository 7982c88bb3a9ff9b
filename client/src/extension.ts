/**
 * The apiconv VS Code extension: starts the bundled language server for YAML and
 * JSON documents and registers the commands and the language status item.
 */
import * as vscode from 'vscode';
import { State } from 'vscode-languageclient/node';
import type { LanguageClient } from 'vscode-languageclient/node';
import { LintWorkspaceRequest, StatusNotification, WorkspaceTrustNotification } from '../../server/src/lsp/protocol';
import type { LintWorkspaceResult } from '../../server/src/lsp/protocol';
import { createLanguageClient, documentSelector } from './languageClient';
import { RuleDocs } from './ruleDocs';
import { compareWithRevision } from './compareWithRevision';
import { StatusItem, StatusSnapshot } from './statusItem';
import { registerMoreActions } from './moreActions';
import { registerMcpServer } from './mcpProvider';
import { registerAdoptConventions } from './adoptConventions';

/** What `activate` returns: used by the extension tests (and by other extensions, if they like). */
export interface ApiconvApi {
  /** Resolves once the language server runs. */
  ready(): Promise<void>;
  /** What the language status item shows for the active editor. */
  status(): StatusSnapshot;
}

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<ApiconvApi> {
  const output = vscode.window.createOutputChannel('apiconv', { log: true });
  const status = new StatusItem(documentSelector);
  const docs = new RuleDocs(context.extensionUri);
  const lc = createLanguageClient(context, output);
  client = lc;
  context.subscriptions.push(output, status);

  lc.onDidChangeState(e => status.setStarting(e.newState !== State.Running));
  let started: Promise<void> = startClient();

  async function startClient(): Promise<void> {
    status.setStarting(true);
    try {
      await lc.start();
    } catch (e) {
      output.error(`the language server did not start: ${e instanceof Error ? e.message : String(e)}`);
      throw e;
    }
  }

  context.subscriptions.push(
    lc.onNotification(StatusNotification, params => status.update(params)),
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      if (lc.isRunning()) void lc.sendNotification(WorkspaceTrustNotification, { workspaceTrusted: true });
    }),
    vscode.commands.registerCommand('apiconv.restart', async () => {
      output.info('restarting the language server');
      started = lc.isRunning() ? lc.restart() : startClient();
      await started;
    }),
    vscode.commands.registerCommand('apiconv.showOutputChannel', () => output.show(true)),
    vscode.commands.registerCommand('apiconv.showRuleDocs', (arg?: unknown) => docs.show(arg)),
    vscode.commands.registerCommand('apiconv.lintWorkspace', () => lintWorkspace(lc, () => started)),
    vscode.commands.registerCommand('apiconv.compareWithRevision', () => compareWithRevision()),
    registerMoreActions(lc),
    registerAdoptConventions(lc, () => started),
    // A code lens's reference count (server/src/lsp/codeLens.ts) sends plain JSON: VS Code's peek needs its types.
    vscode.commands.registerCommand('apiconv.showReferences', (uri: string, at: { line: number; character: number }) =>
      vscode.commands.executeCommand('editor.action.findReferences', vscode.Uri.parse(uri), new vscode.Position(at.line, at.character)),
    ),
  );

  const mcp = registerMcpServer(vscode as never, context.asAbsolutePath('server/out/cli.js'), String(context.extension.packageJSON.version));
  if (mcp) context.subscriptions.push(mcp);

  // Activation must not fail when the server cannot start: the commands (restart, output) stay usable.
  await started.catch(() => undefined);
  return {
    ready: () => started,
    status: () => status.snapshot(),
  };
}

async function lintWorkspace(lc: LanguageClient, started: () => Promise<void>): Promise<LintWorkspaceResult | undefined> {
  if (!vscode.workspace.workspaceFolders?.length) {
    void vscode.window.showInformationMessage('apiconv: open a folder to lint a workspace.');
    return undefined;
  }
  await started();
  const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'apiconv: linting the workspace' }, () =>
    lc.sendRequest(LintWorkspaceRequest, {}),
  );
  void vscode.window.setStatusBarMessage(
    `apiconv: ${result.files} OpenAPI document${result.files === 1 ? '' : 's'} linted, ${result.problems} problem${result.problems === 1 ? '' : 's'}`,
    8000,
  );
  if (result.problems > 0) void vscode.commands.executeCommand('workbench.actions.view.problems');
  return result;
}

export function deactivate(): Thenable<void> | undefined {
  return client?.stop();
}
