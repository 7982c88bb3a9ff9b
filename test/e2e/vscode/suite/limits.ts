/**
 * What VS Code itself limits, in the extension host: the light bulb's "More apiconv actions…" entry and the quick pick
 * it opens (an entry picked there is resolved and applied), and a file with more findings than VS Code shows (1,000):
 * its 100 most severe come first, and the status item says how many there are.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ApiconvApi } from '../../../../client/src/extension';
import { assert, sleep, waitFor, type TestCase } from './harness';

const apiconv = () => vscode.extensions.getExtension<ApiconvApi>('apiconv.apiconv')!.exports;
const uriOf = (rel: string) => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, rel);
const apiconvDiags = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter(d => d.source === 'apiconv');

async function openNew(name: string, text: string): Promise<{ uri: vscode.Uri; editor: vscode.TextEditor }> {
  const uri = uriOf(name);
  await vscode.workspace.fs.writeFile(uri, Buffer.from(text));
  const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
  return { uri, editor };
}

/** A delete operation without error responses: a dozen actions on its `responses:` line. */
const SHOP = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'fixtures', 'editor', 'shop-delete.yaml'), 'utf8');

/** `count` paths with a verb in their name and no error responses: several findings each. */
function manyFindings(count: number): string {
  const paths = Array.from({ length: count }, (_x, i) => `  /getItem${i}:\n    get:\n      responses:\n        '200':\n          description: OK.\n`);
  return `openapi: 3.0.3\ninfo:\n  title: Many\n  version: '1'\npaths:\n${paths.join('')}`;
}

export const limitsTests: TestCase[] = [
  {
    name: 'light bulb: "More apiconv actions…" opens a quick pick; the entry picked is resolved and applied',
    timeoutMs: 90000,
    fn: async () => {
      const { uri, editor } = await openNew('more-actions.yaml', SHOP);
      const line = editor.document.getText().split('\n').lastIndexOf('      responses:');
      const here = await waitFor(
        'the findings of the delete operation',
        () => {
          const d = apiconvDiags(uri).filter(x => x.range.start.line === line);
          return d.length > 0 ? d : undefined;
        },
        30000,
      );
      const range = here.reduce((r, d) => r.union(d.range), here[0].range);
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        uri,
        range,
        vscode.CodeActionKind.QuickFix.value,
      );
      const titles = actions.map(a => a.title).join(' | ');
      const more = actions.find(a => a.title === 'More apiconv actions…');
      assert(more?.command, `no "More apiconv actions…" entry: ${titles}`);
      assert(actions.filter(a => a.title !== 'More apiconv actions…').length <= 6, `the light bulb lists at most 6 entries: ${titles}`);
      const rest = more.command.arguments?.[0] as { title: string }[] | undefined;
      assert(Array.isArray(rest) && rest.length > 0, 'the entry carries the other actions');
      const at = rest.findIndex(a => a.title.startsWith('Ignore this'));
      assert(at >= 0, `an "Ignore this…" action among the others: ${rest.map(a => a.title).join(' | ')}`);
      const before = editor.document.getText();
      // The command waits for the pick: the quick pick is driven with the workbench's own commands, as its keys do.
      const picked = vscode.commands.executeCommand(more.command.command, ...(more.command.arguments ?? []));
      await sleep(1000);
      for (let i = 0; i < at; i++) await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await picked;
      await waitFor(
        'the picked action applied (an apiconv-ignore in the document)',
        () => editor.document.getText() !== before && /apiconv-ignore/.test(editor.document.getText()),
        15000,
        () => editor.document.getText().slice(0, 400),
      );
    },
  },
  {
    name: 'more findings than VS Code shows: the 100 most severe first, then 1,000 in Problems; the status counts them all',
    timeoutMs: 120000,
    fn: async () => {
      // What the window is given of the document, each time it changes (stagedDiagnostics.ts)
      const uri = uriOf('many-findings.yaml');
      const given: { count: number; errors: number }[] = [];
      const watch = vscode.languages.onDidChangeDiagnostics(e => {
        if (!e.uris.some(u => u.toString() === uri.toString())) return;
        const d = apiconvDiags(uri);
        if (d.length > 0) given.push({ count: d.length, errors: d.filter(x => x.severity === vscode.DiagnosticSeverity.Error).length });
      });
      await openNew('many-findings.yaml', manyFindings(400));
      const s = await waitFor(
        'a status with a count above what VS Code shows',
        () => {
          const snap = apiconv().status();
          return snap.status && vscode.Uri.parse(snap.status.uri).toString() === uri.toString() && snap.status.shown !== undefined ? snap : undefined;
        },
        90000,
        () => JSON.stringify(apiconv().status()),
      );
      const problems = s.status!.problems!;
      assert(problems > 1000 && s.status!.shown === 1000, `status: ${JSON.stringify(s.status)}`);
      const expected = `apiconv: ${problems.toLocaleString('en-US')} problems; VS Code shows 1,000`;
      assert(s.text === expected, `status text "${s.text}", expected "${expected}"`);
      assert(/errors first/.test(s.detail ?? ''), `the detail says which come first: ${s.detail}`);
      await waitFor(
        '1,000 diagnostics in VS Code',
        () => apiconvDiags(uri).length === 1000,
        30000,
        () => String(apiconvDiags(uri).length),
      );
      await sleep(500); // VS Code fires onDidChangeDiagnostics 50 ms after a change
      watch.dispose();
      assert(given[0]?.count === 100 && given[0].errors === 100 && given.at(-1)?.count === 1000, `given: ${JSON.stringify(given)}`);
    },
  },
];
