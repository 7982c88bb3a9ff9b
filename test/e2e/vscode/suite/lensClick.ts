/**
 * A component's code lens clicked in the extension host: the lens ("5 references" on a schema used across three
 * files) carries the extension's command with the place of the component, and running it opens the references
 * peek there — the locations the peek lists are the reference provider's at that place.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { assert, sleep, type TestCase } from './harness';

const FIXTURES = path.join(__dirname, '..', '..', '..', 'fixtures', 'refs');
const NAMES = ['api.yaml', 'paths/pet.yaml', 'schemas.yaml'];
const uriOf = (rel: string) => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'lens', rel);

export const lensClickTests: TestCase[] = [
  {
    name: 'code lens click: "5 references" on a schema opens the references peek at its key, with its 6 locations',
    timeoutMs: 120000,
    fn: async () => {
      for (const n of NAMES) await vscode.workspace.fs.writeFile(uriOf(n), fs.readFileSync(path.join(FIXTURES, n)));
      const api = uriOf('api.yaml');
      const doc = await vscode.workspace.openTextDocument(api);
      const editor = await vscode.window.showTextDocument(doc, { preview: false });
      const keyLine = doc.positionAt(doc.getText().indexOf('\n    Pet:') + 1).line;
      // Until the workspace is indexed the lens counts what is read so far ("… (indexing)"): asked again until
      // the lens is there with the whole count.
      let lens: vscode.CodeLens | undefined;
      const whole = () => lens && !lens.command?.title.endsWith('(indexing)');
      for (const t0 = Date.now(); !whole() && Date.now() - t0 < 30000; await sleep(250)) {
        const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', api);
        lens = lenses.find(l => l.range.start.line === keyLine);
      }
      const command = lens?.command;
      assert(command?.title === '5 references', `the lens of Pet: ${JSON.stringify(command)}`);
      assert(command.command === 'apiconv.showReferences', `the lens runs ${command.command}`);
      const [uri, at] = command.arguments as [string, { line: number; character: number }];
      assert(uri === api.toString() && at.line === keyLine, `the lens points at ${uri} ${JSON.stringify(at)}`);

      // The click: the lens's command with its arguments, as the editor runs it.
      await vscode.commands.executeCommand(command.command, ...command.arguments!);
      assert(vscode.window.activeTextEditor?.document.uri.toString() === api.toString(), 'the peek opens in api.yaml, not another editor');
      // What the peek lists: the reference provider's answer at the lens's place.
      const shown = await vscode.commands.executeCommand<vscode.Location[]>(
        'vscode.executeReferenceProvider',
        vscode.Uri.parse(uri),
        new vscode.Position(at.line, at.character),
      );
      const files = new Set(shown.map(l => path.basename(l.uri.path)));
      assert(
        shown.length === 6 && files.size === 3,
        `references of Pet: ${shown.map(l => `${path.basename(l.uri.path)}:${l.range.start.line + 1}`).join(', ')}`,
      );
      await vscode.commands.executeCommand('closeReferenceSearch');
      assert(editor.document.getText() === fs.readFileSync(path.join(FIXTURES, 'api.yaml'), 'utf8'), 'the click changed no text');
    },
  },
];
