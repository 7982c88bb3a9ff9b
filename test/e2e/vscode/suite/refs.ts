/**
 * Rename (F2's provider), references and code lenses in the extension host, on the three files of
 * test/fixtures/refs copied into the workspace: a schema used across the three files renamed, the edit applied
 * and saved, and the diagnostics then the ones of before with the new name.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { assert, eventually, settled, waitFor, type TestCase } from './harness';

const FIXTURES = path.join(__dirname, '..', '..', '..', 'fixtures', 'refs');
const NAMES = ['api.yaml', 'paths/pet.yaml', 'schemas.yaml'];

const uriOf = (rel: string) => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'refs', rel);
const diagnostics = () =>
  NAMES.flatMap(n =>
    vscode.languages
      .getDiagnostics(uriOf(n))
      .filter(d => d.source === 'apiconv')
      .map(d => `${n}:${d.range.start.line + 1} ${String(typeof d.code === 'object' ? d.code.value : d.code)} ${d.message}`),
  ).sort();

export const refsTests: TestCase[] = [
  {
    name: 'F2 on a schema used across three files: every file renamed, the lint the same apart from the name',
    timeoutMs: 120000,
    fn: async () => {
      for (const n of NAMES) await vscode.workspace.fs.writeFile(uriOf(n), fs.readFileSync(path.join(FIXTURES, n)));
      const api = uriOf('api.yaml');
      const doc = await vscode.workspace.openTextDocument(api);
      await vscode.window.showTextDocument(doc);
      // api.yaml's lint publishes to the files it reaches too: all of them in, then settled.
      const seen = () => ['api.yaml', 'paths/pet.yaml'].every(n => diagnostics().some(d => d.startsWith(`${n}:`)));
      await waitFor('diagnostics of refs/api.yaml and refs/paths/pet.yaml', seen, 30000);
      const before = await settled('the diagnostics of the three files', diagnostics);
      const at = doc.positionAt(doc.getText().indexOf('\n    Pet:') + 5);

      // The workspace index is built in the background: the counts are asked until it has read every file.
      await eventually(
        'the 6 references of Pet',
        () => vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', api, at),
        r => r.length === 6,
      );
      const lensTitles = async () =>
        (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', api, 10)).map(
          l => `${l.range.start.line + 1} ${l.command?.title}`,
        );
      await eventually('the lens "5 references" on Pet', lensTitles, t => t.includes('28 5 references'));

      const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>('vscode.executeDocumentRenameProvider', api, at, 'Animal');
      assert(edit.entries().length === 3, `the rename edits ${edit.entries().length} files, expected 3`);
      assert(await vscode.workspace.applyEdit(edit), 'the rename edit was not applied');
      assert(await vscode.workspace.saveAll(false), 'the renamed files were not saved');
      const expected = before.map(d => d.split('Pet').join('Animal'));
      await waitFor(
        'the diagnostics of before with the new name',
        () => JSON.stringify(diagnostics()) === JSON.stringify(expected),
        30000,
        () => JSON.stringify({ now: diagnostics(), expected }),
      );
      assert(!doc.getText().includes('schemas/Pet'), 'a $ref to Pet is left in api.yaml');

      const refused = await Promise.resolve(vscode.commands.executeCommand('vscode.executeDocumentRenameProvider', api, at, 'Owner')).then(
        () => '',
        (e: unknown) => String(e instanceof Error ? e.message : e),
      );
      assert(/already exists/.test(refused), `a rename onto Owner: ${refused || 'not refused'}`);
    },
  },
];
