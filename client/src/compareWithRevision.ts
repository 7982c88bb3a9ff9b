/**
 * *apiconv: Compare with Revision…*: picks the git revision the language server diffs
 * open documents against (`apiconv.diff.base`), or turns the comparison off. The picker
 * lists the repository's branches and tags (gitRefs.ts) and says where the choice is
 * saved. The server reads the setting through workspace/configuration like every other
 * one; in a restricted workspace it runs no git, so the command says so instead of
 * pretending to compare.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { listRevisions } from './gitRefs';

const OFF = 'Turn off';
const OTHER = 'Another revision…';
const TRUST = 'Manage Workspace Trust';

export async function compareWithRevision(): Promise<string | undefined> {
  if (!vscode.workspace.isTrusted) {
    const picked = await vscode.window.showInformationMessage(
      'apiconv compares with a git revision only in a trusted workspace: it runs git, and a repository’s git config can run commands. Trust the workspace to see breaking changes.',
      TRUST,
    );
    if (picked === TRUST) await vscode.commands.executeCommand('workbench.trust.manage');
    return undefined;
  }
  const scope = vscode.window.activeTextEditor?.document.uri;
  const config = vscode.workspace.getConfiguration('apiconv', scope);
  const current = config.get<string>('diff.base', '').trim();
  const folder = (scope && vscode.workspace.getWorkspaceFolder(scope)) ?? vscode.workspace.workspaceFolders?.[0];
  const target = folder ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  const where = target === vscode.ConfigurationTarget.Workspace ? 'the workspace settings (.vscode/settings.json)' : 'your user settings';
  const cwd = scope?.scheme === 'file' ? path.dirname(scope.fsPath) : folder?.uri.fsPath;
  const revisions = cwd ? await listRevisions(cwd) : [];
  const items: vscode.QuickPickItem[] = [
    { label: 'HEAD', description: 'the last commit: what you changed since' },
    { label: 'HEAD~1', description: 'the commit before the last' },
  ];
  if (revisions.length) items.push({ label: 'Branches and tags', kind: vscode.QuickPickItemKind.Separator });
  for (const r of revisions) items.push({ label: r.name, description: r.kind });
  items.push({ label: '', kind: vscode.QuickPickItemKind.Separator }, { label: OTHER, description: 'a commit or any revision git understands' });
  if (current) items.push({ label: OFF, description: `now: ${current}` });
  const picked = await vscode.window.showQuickPick(items, {
    placeHolder: `${current ? `Breaking changes are reported against ${current}. ` : 'Report breaking changes against which revision? '}Saved as apiconv.diff.base in ${where}.`,
    matchOnDescription: true,
  });
  if (!picked) return undefined;
  let value = picked.label === OFF ? '' : picked.label;
  if (picked.label === OTHER) {
    const typed = await vscode.window.showInputBox({
      prompt: `A git revision (branch, tag or commit), saved as apiconv.diff.base in ${where}`,
      value: current,
      validateInput: v => (/\s/.test(v.trim()) ? 'no spaces' : undefined),
    });
    if (typed === undefined) return undefined;
    value = typed.trim();
  }
  await config.update('diff.base', value, target);
  void vscode.window.showInformationMessage(
    value
      ? `apiconv: breaking changes against ${value} (apiconv.diff.base, saved in ${where}).`
      : `apiconv: comparison with a revision off (apiconv.diff.base cleared in ${where}).`,
  );
  return value;
}
