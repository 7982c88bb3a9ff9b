/**
 * *apiconv: Compare with Revision…*: picks the git revision the language server diffs
 * open documents against (`apiconv.diff.base`), or turns the comparison off. The
 * server reads the setting through workspace/configuration like every other one.
 */
import * as vscode from 'vscode';

const OFF = 'Turn off';
const OTHER = 'Another revision…';

export async function compareWithRevision(): Promise<string | undefined> {
  const scope = vscode.window.activeTextEditor?.document.uri;
  const config = vscode.workspace.getConfiguration('apiconv', scope);
  const current = config.get<string>('diff.base', '').trim();
  const items: vscode.QuickPickItem[] = [
    { label: 'HEAD', description: 'the last commit: what you changed since' },
    { label: 'origin/main', description: 'the main branch on the remote: what a pull request would change' },
    { label: 'main' },
    { label: 'HEAD~1', description: 'the commit before the last' },
    { label: OTHER, description: 'a branch, tag or commit' },
  ];
  if (current) items.push({ label: OFF, description: `now: ${current}` });
  const picked = await vscode.window.showQuickPick(items, { placeHolder: current ? `Breaking changes are reported against ${current}` : 'Report breaking changes against which revision?' });
  if (!picked) return undefined;
  let value = picked.label === OFF ? '' : picked.label;
  if (picked.label === OTHER) {
    const typed = await vscode.window.showInputBox({ prompt: 'A git revision (branch, tag or commit)', value: current, validateInput: v => (/^\s*$|\s/.test(v.trim()) && v.trim() !== '' ? 'no spaces' : undefined) });
    if (typed === undefined) return undefined;
    value = typed.trim();
  }
  const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  await config.update('diff.base', value, target);
  void vscode.window.setStatusBarMessage(value ? `apiconv: breaking changes against ${value}` : 'apiconv: comparison with a revision off', 5000);
  return value;
}
