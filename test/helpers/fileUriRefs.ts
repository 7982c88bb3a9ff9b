/**
 * A project whose document `$ref`s files by `file:` URIs, for the engine, CLI and server tests:
 * api/a.yaml refs a device, a file outside the project (absolute and relative forms), files inside (relative and
 * absolute forms) and itself. The refs are on the lines REF_LINE[name].
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

export const SECRET = 'password: hunter2-file-uri\n';

export function fileUriProject(): { dir: string; doc: string; text: string; refs: Record<string, string>; line: Record<string, number> } {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-fileuri-')));
  fs.mkdirSync(path.join(dir, 'api'));
  fs.writeFileSync(path.join(dir, 'secret.yaml'), SECRET);
  fs.writeFileSync(path.join(dir, 'secret2.yaml'), SECRET);
  fs.writeFileSync(path.join(dir, 'api', 'in.yaml'), 'S:\n  type: string\n');
  const doc = path.join(dir, 'api', 'a.yaml');
  const refs: Record<string, string> = {
    zero: 'file:///dev/zero',
    passwd: 'file:///etc/passwd',
    outsideRelative: 'file:../secret.yaml',
    outsideAbsolute: `${pathToFileURL(path.join(dir, 'secret2.yaml')).href}`,
    inRelative: 'file:in.yaml#/S',
    inAbsolute: `${pathToFileURL(path.join(dir, 'api', 'in.yaml')).href}#/S`,
    self: 'file:a.yaml#/components/schemas/Plain',
  };
  const lines = [
    'openapi: 3.0.3',
    'info:',
    '  title: File URIs',
    "  version: '1'",
    'servers:',
    '  - url: https://x.example.com/api/v1',
    'paths: {}',
    'components:',
    '  schemas:',
    '    Plain:',
    '      type: string',
  ];
  const line: Record<string, number> = {};
  for (const [name, ref] of Object.entries(refs)) {
    lines.push(`    ${name}:`);
    line[name] = lines.length;
    lines.push(`      $ref: '${ref}'`);
  }
  const text = lines.join('\n') + '\n';
  fs.writeFileSync(doc, text);
  return { dir, doc, text, refs, line };
}
