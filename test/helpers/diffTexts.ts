/** Diffs two document texts, each written in its own folder with its own extra files (for `$ref`s). */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadDocument } from '../../server/src/engine/diff/load';
import { diffDocuments, type DiffOptions } from '../../server/src/engine/diff/engine';

function write(dir: string, files: Record<string, string>): void {
  for (const [n, t] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, n)), { recursive: true });
    fs.writeFileSync(path.join(dir, n), t);
  }
}

export async function diffTexts(
  base: string,
  head: string,
  options: DiffOptions = {},
  files: { base?: Record<string, string>; head?: Record<string, string> } = {},
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-diff-'));
  write(path.join(dir, 'base'), { 'doc.yaml': base, ...files.base });
  write(path.join(dir, 'head'), { 'doc.yaml': head, ...files.head });
  const b = await loadDocument(base, path.join(dir, 'base', 'doc.yaml'));
  const h = await loadDocument(head, path.join(dir, 'head', 'doc.yaml'));
  return { ...diffDocuments(b, h, options), dir, headFile: path.join(dir, 'head', 'doc.yaml') };
}
