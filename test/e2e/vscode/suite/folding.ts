/**
 * Folding in VS Code comes from the server's tree (server/src/lsp/folding.ts), not from VS Code's indentation rules:
 * a run of comment lines folds as a comment, and `#` lines inside a block scalar (Markdown headings) are text.
 */
import * as vscode from 'vscode';
import { assert, sleep, type TestCase } from './harness';

const DOC = [
  'openapi: 3.0.3', // 0
  'info:', // 1
  '  title: Folding', // 2
  "  version: '1'", // 3
  '  description: |', // 4
  '    # A Markdown heading', // 5
  '    # and another', // 6
  '# two comment lines', // 7
  '# fold as one', // 8
  'paths:', // 9
  '  /items:', // 10
  '    get:', // 11
  '      responses:', // 12
  "        '200':", // 13
  '          description: OK.', // 14
  '',
].join('\n');

export const foldingTests: TestCase[] = [
  {
    name: "folding: the server's ranges (a comment run as a comment, a block scalar whole), not indentation's",
    timeoutMs: 60000,
    fn: async () => {
      const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'folding.yaml');
      await vscode.workspace.fs.writeFile(uri, Buffer.from(DOC));
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
      const shown = (r: vscode.FoldingRange) => `${r.start}-${r.end}${r.kind === vscode.FoldingRangeKind.Comment ? 'c' : ''}`;
      let ranges: string[] = [];
      for (const t0 = Date.now(); Date.now() - t0 < 45000; await sleep(500)) {
        const got = await vscode.commands.executeCommand<vscode.FoldingRange[]>('vscode.executeFoldingRangeProvider', uri);
        ranges = (got ?? []).map(shown);
        if (ranges.includes('7-8c')) break;
      }
      for (const r of ['1-6', '4-6', '7-8c', '9-14', '11-14']) assert(ranges.includes(r), `no folding range ${r} among ${ranges.join(' ')}`);
      assert(!ranges.some(r => r.startsWith('5-')), `a Markdown heading in a block scalar folds as a comment: ${ranges.join(' ')}`);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    },
  },
];
