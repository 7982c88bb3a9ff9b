/**
 * `apiconv.adoptConventions`, "apiconv: Adopt This API's Conventions": the server infers the conventions the active
 * OpenAPI document follows (server/src/lsp/adoptConventions.ts) as a `.apiconv.yaml`; the proposal opens as a diff
 * against the config that applies today (or an empty one), and a pick list asks whether to write it. Only an
 * explicit "Write" writes; anything else (Escape, another pick, closing the list) leaves the config as it is.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { InferConventionsRequest } from '../../server/src/lsp/protocol';

/** The scheme of the read-only documents the diff shows: the proposal, and "no config yet". */
const SCHEME = 'apiconv-proposed';

export interface AdoptResult {
  /** The config file the proposal is for. */
  file: string;
  proposed: string;
  written: boolean;
  /** Why nothing was written: the user declined, or the config already says it. */
  reason?: 'declined' | 'unchanged';
}

export function registerAdoptConventions(lc: LanguageClient, started: () => Promise<void>): vscode.Disposable {
  const texts = new Map<string, string>();
  const provider = vscode.workspace.registerTextDocumentContentProvider(SCHEME, { provideTextDocumentContent: uri => texts.get(uri.toString()) ?? '' });
  let proposals = 0;
  const command = vscode.commands.registerCommand('apiconv.adoptConventions', async (): Promise<AdoptResult | undefined> => {
    const editor = vscode.window.activeTextEditor;
    if (!editor) {
      void vscode.window.showInformationMessage('apiconv: open an OpenAPI document to adopt its conventions.');
      return undefined;
    }
    await started();
    let result;
    try {
      result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: "apiconv: reading the API's conventions" }, () =>
        lc.sendRequest(InferConventionsRequest, { uri: editor.document.uri.toString() }),
      );
    } catch (e) {
      void vscode.window.showErrorMessage(e instanceof Error ? e.message : String(e));
      return undefined;
    }
    const target = vscode.Uri.parse(result.uri);
    const name = vscode.workspace.asRelativePath(target);
    if (result.current === result.proposed) {
      void vscode.window.showInformationMessage(`apiconv: ${name} already has this API's conventions.`);
      return { file: target.fsPath, proposed: result.proposed, written: false, reason: 'unchanged' };
    }
    // Each proposal its own URIs: VS Code caches a virtual document's text by URI.
    const n = ++proposals;
    const proposedUri = vscode.Uri.from({ scheme: SCHEME, path: `/${n}/${target.path.split('/').pop()}`, query: 'proposed' });
    texts.set(proposedUri.toString(), result.proposed);
    let left = target;
    if (result.current === undefined) {
      left = vscode.Uri.from({ scheme: SCHEME, path: proposedUri.path, query: 'none' });
      texts.set(left.toString(), '');
    }
    await vscode.commands.executeCommand('vscode.diff', left, proposedUri, `${name} ↔ this API's conventions (proposed)`, { preview: true });
    const write = `Write ${name}`;
    const picked = await vscode.window.showQuickPick(
      [
        {
          label: write,
          detail: `Sets ${result.rules.length} rule${result.rules.length === 1 ? '' : 's'} as the diff shows${result.current === undefined ? '' : `, replacing what ${name} says now`}.`,
        },
        { label: 'Keep the current config', detail: 'Writes nothing.' },
      ],
      { title: "apiconv: adopt this API's conventions?", ignoreFocusOut: true },
    );
    if (picked?.label !== write) return { file: target.fsPath, proposed: result.proposed, written: false, reason: 'declined' };
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(result.proposed));
    void vscode.window.showInformationMessage(`apiconv: wrote ${name}.`);
    return { file: target.fsPath, proposed: result.proposed, written: true };
  });
  return vscode.Disposable.from(provider, command);
}
