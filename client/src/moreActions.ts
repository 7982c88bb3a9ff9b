/**
 * "More apiconv actions…": the light bulb shows a few entries at a place and this one; its command lists the
 * others (as the server sent them, their edits not computed yet) in a quick pick, and applies the one picked: its
 * edit resolved by the server (codeAction/resolve), then its command, as VS Code does for a light bulb entry.
 */
import * as vscode from 'vscode';
import { CodeActionResolveRequest, type CodeAction } from 'vscode-languageclient/node';
import type { LanguageClient } from 'vscode-languageclient/node';
import { MORE_ACTIONS_COMMAND } from '../../server/src/lsp/protocol';

interface Item extends vscode.QuickPickItem {
  action: CodeAction;
}

export function registerMoreActions(lc: LanguageClient): vscode.Disposable {
  return vscode.commands.registerCommand(MORE_ACTIONS_COMMAND, async (actions?: CodeAction[]) => {
    if (!Array.isArray(actions) || actions.length === 0) return;
    const items: Item[] = actions.map(action => ({ label: action.title, description: action.kind?.startsWith('source') ? 'whole file' : undefined, action }));
    const picked = await vscode.window.showQuickPick(items, { title: 'apiconv actions', placeHolder: 'Pick an action' });
    if (picked) await apply(lc, picked.action);
  });
}

async function apply(lc: LanguageClient, action: CodeAction): Promise<void> {
  let resolved = action;
  if (!action.edit && action.data !== undefined) resolved = await lc.sendRequest(CodeActionResolveRequest.type, action);
  if (resolved.edit) {
    const applied = await vscode.workspace.applyEdit(await lc.protocol2CodeConverter.asWorkspaceEdit(resolved.edit));
    if (!applied) void vscode.window.showWarningMessage(`apiconv: "${action.title}" could not be applied.`);
  } else if (!resolved.command) {
    void vscode.window.showInformationMessage(`apiconv: "${action.title}" has nothing to change any more (the document changed).`);
  }
  if (resolved.command) await vscode.commands.executeCommand(resolved.command.command, ...(resolved.command.arguments ?? []));
}
