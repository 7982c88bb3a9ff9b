/**
 * A `$ref` in VS Code: go-to-definition takes it to its target, in the same file or another, and apiconv adds no
 * document link beside it (a link would be a second Ctrl+click on the same text, and VS Code re-decorates every link
 * of a document after each edit).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { assert, type TestCase } from './harness';

const FIXTURES = path.join(__dirname, '..', '..', '..', 'fixtures', 'refs');
const NAMES = ['api.yaml', 'paths/pet.yaml', 'schemas.yaml'];
const uriOf = (rel: string) => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'ref-links', rel);

type Target = vscode.Location | vscode.LocationLink;
const where = (t: Target) => ('targetUri' in t ? `${t.targetUri.path}:${t.targetRange.start.line}` : `${t.uri.path}:${t.range.start.line}`);

export const refLinksTests: TestCase[] = [
  {
    name: '$ref: go-to-definition reaches its target in the file and in another; apiconv lists no document links',
    fn: async () => {
      for (const n of NAMES) await vscode.workspace.fs.writeFile(uriOf(n), fs.readFileSync(path.join(FIXTURES, n)));
      const api = uriOf('api.yaml');
      const doc = await vscode.workspace.openTextDocument(api);
      await vscode.window.showTextDocument(doc, { preview: false });
      const text = doc.getText();
      const definition = (needle: string) =>
        vscode.commands.executeCommand<Target[]>('vscode.executeDefinitionProvider', api, doc.positionAt(text.indexOf(needle) + 3));
      const local = await definition("'#/components/schemas/Pet'");
      const petLine = doc.positionAt(text.indexOf('\n    Pet:') + 1).line;
      assert(local.length === 1 && where(local[0]!) === `${api.path}:${petLine}`, `definition of the local $ref: ${local.map(where).join(', ')}`);
      const other = await definition('paths/pet.yaml');
      assert(
        other.length === 1 && where(other[0]!).startsWith(`${uriOf('paths/pet.yaml').path}:`),
        `definition of paths/pet.yaml: ${other.map(where).join(', ')}`,
      );
      const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', api);
      assert(links.length === 0, `document links on api.yaml: ${links.map(l => `${l.range.start.line}:${l.target?.toString()}`).join(', ')}`);
    },
  },
];
