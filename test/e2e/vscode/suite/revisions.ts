/**
 * What the editor does with a git revision, in the extension host, on a repository made in the workspace's
 * `revisions/` folder (one commit, tagged `v1`):
 * - `apiconv.since`: the findings on what did not change since the revision are hints, the new ones keep their severity;
 * - *apiconv: Compare with Revision…*: the picker lists the repository's tag, picking it sets `apiconv.diff.base`,
 *   and a property removed from a schema that is both a request and a response body gets one "restore" quick fix,
 *   which once applied leaves none on a second request.
 */
import { execFileSync } from 'node:child_process';
import * as vscode from 'vscode';
import { assert, sleep, waitFor, type TestCase } from './harness';

const API = `openapi: 3.0.3
info:
  title: Shop
  version: '1'
paths:
  /getOrders:
    get:
      operationId: listOrders
      responses:
        '200':
          description: The orders.
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Order'
    post:
      operationId: createOrder
      requestBody:
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/Order'
      responses:
        '201':
          description: Created.
components:
  schemas:
    Order:
      type: object
      properties:
        id:
          type: string
        note:
          type: string
`;
const NOTE = '        note:\n          type: string\n';

const folder = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'revisions');
const codeOf = (d: vscode.Diagnostic) => String(typeof d.code === 'object' ? d.code.value : d.code);
const of = (uri: vscode.Uri, source: string) => vscode.languages.getDiagnostics(uri).filter(d => d.source === source);
const show = (uri: vscode.Uri) => () => JSON.stringify(vscode.languages.getDiagnostics(uri).map(d => `${d.range.start.line + 1}:${codeOf(d)}:${d.severity}`));

/** The repository, once: api.yaml committed and tagged v1. */
let made: vscode.Uri | undefined;
async function repository(): Promise<vscode.Uri> {
  if (made) return made;
  const api = vscode.Uri.joinPath(folder(), 'api.yaml');
  await vscode.workspace.fs.writeFile(api, Buffer.from(API));
  const git = (...a: string[]) =>
    execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=main', ...a], {
      cwd: folder().fsPath,
      stdio: 'ignore',
    });
  git('init', '-q');
  git('add', 'api.yaml');
  git('commit', '-qm', 'v1');
  git('tag', 'v1');
  return (made = api);
}

async function setting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('apiconv').update(key, value, vscode.ConfigurationTarget.Workspace);
}

async function replace(editor: vscode.TextEditor, from: string, to: string): Promise<void> {
  const at = editor.document.getText().indexOf(from);
  assert(at >= 0, `"${from}" not found`);
  assert(
    await editor.edit(b => b.replace(new vscode.Range(editor.document.positionAt(at), editor.document.positionAt(at + from.length)), to)),
    'the edit was not applied',
  );
}

export const revisionTests: TestCase[] = [
  {
    name: 'revision hints: with apiconv.since, findings on what did not change are hints, those an edit adds keep their severity',
    timeoutMs: 120000,
    fn: async () => {
      const uri = await repository();
      await setting('since', 'HEAD');
      try {
        const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
        const old = () => of(uri, 'apiconv').find(d => codeOf(d) === 'path-no-verbs' && d.range.start.line === 5);
        await waitFor('path-no-verbs on /getOrders as a hint', () => old()?.severity === vscode.DiagnosticSeverity.Hint, 30000, show(uri));
        await replace(
          editor,
          'components:\n',
          "  /getItems:\n    get:\n      operationId: listItems\n      responses:\n        '200':\n          description: The items.\ncomponents:\n",
        );
        const line = editor.document.getText().split('\n').indexOf('  /getItems:');
        const added = () => of(uri, 'apiconv').find(d => codeOf(d) === 'path-no-verbs' && d.range.start.line === line);
        await waitFor(
          'path-no-verbs on the added /getItems at full weight (an error)',
          () => added()?.severity === vscode.DiagnosticSeverity.Error,
          30000,
          show(uri),
        );
        assert(old()?.severity === vscode.DiagnosticSeverity.Hint, `the unchanged /getOrders: ${show(uri)()}`);
        await vscode.commands.executeCommand('workbench.action.files.revert');
      } finally {
        await setting('since', undefined);
      }
    },
  },
  {
    name: 'revision picker: Compare with Revision lists the tag; one restore for a removal seen twice, none once applied',
    timeoutMs: 120000,
    fn: async () => {
      const uri = await repository();
      const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
      try {
        const picking = vscode.commands.executeCommand<string | undefined>('apiconv.compareWithRevision');
        // The picker: HEAD, HEAD~1, then the repository's refs (the branch main, the tag v1), then "Another revision…".
        await sleep(1500);
        for (let i = 0; i < 3; i++) await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
        await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
        const picked = await picking;
        assert(picked === 'v1', `picked: ${String(picked)}`);
        assert(
          vscode.workspace.getConfiguration('apiconv').inspect<string>('diff.base')?.workspaceValue === 'v1',
          'apiconv.diff.base is not v1 in the workspace settings',
        );

        await replace(editor, NOTE, '');
        const removals = () => of(uri, 'apiconv-diff').filter(d => /^(request|response)-property-removed$/.test(codeOf(d)));
        const two = await waitFor('request- and response-property-removed', () => (removals().length === 2 ? removals() : undefined), 30000, show(uri));
        const range = two[0]!.range.union(two[1]!.range);
        const titles = async () =>
          (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, range, vscode.CodeActionKind.QuickFix.value)).map(
            a => a.title,
          );
        const restores = (await titles()).filter(t => t.startsWith('Restore the removed property'));
        assert(restores.length === 1, `restore actions: ${JSON.stringify(await titles())}`);
        const action = (
          await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, range, vscode.CodeActionKind.QuickFix.value)
        ).find(a => a.title === restores[0])!;
        assert(action.edit && (await vscode.workspace.applyEdit(action.edit)), 'the restore edit was not applied');
        assert(editor.document.getText().includes('        note:\n          type: string\n          deprecated: true\n'), editor.document.getText());
        await waitFor('no removal once restored', () => removals().length === 0, 30000, show(uri));
        const after = await titles();
        assert(!after.some(t => t.startsWith('Restore the removed property')), `restore still offered: ${JSON.stringify(after)}`);
      } finally {
        await vscode.commands.executeCommand('workbench.action.files.revert');
        await setting('diff.base', undefined);
      }
    },
  },
];
