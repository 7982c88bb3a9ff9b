/**
 * `apiconv init --infer <document|dir> [<dir>] [--force]`: the `.apiconv.yaml` of the conventions the API's
 * documents already follow (engine/infer.ts), each option with its evidence. The same documents give the same
 * file; an existing config is kept unless `--force`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CONFIG_FILES, inferConventions, inferredConfigText, loadDocument } from '../engine';
import { TargetError, collectFiles } from './files';
import { displayPath } from './formatters/util';
import { schemaRef } from './initCommand';

export interface InferResult {
  /** The config written, or the one that exists and was kept. */
  file: string;
  written: boolean;
  documents: number;
}

export async function inferCommand(dir: string, target: string, opts: { force: boolean; version: string }): Promise<InferResult> {
  const documents = collectFiles([target]);
  if (documents.length === 0) throw new TargetError(`apiconv init --infer: no OpenAPI document in ${target}`);
  const existing = CONFIG_FILES.map(n => path.join(dir, n)).find(f => fs.existsSync(f));
  const file = existing ?? path.join(dir, '.apiconv.yaml');
  if (existing && !opts.force) return { file, written: false, documents: documents.length };
  // Resolved as a lint resolves them: parameters and responses are often `$ref`s, path items other files.
  const data: unknown[] = [];
  const asWritten: unknown[] = [];
  for (const f of documents) {
    const loaded = await loadDocument(fs.readFileSync(f, 'utf8').replace(/^\uFEFF/, ''), f);
    data.push(loaded.resolved);
    asWritten.push(loaded.data);
  }
  const source = displayPath(path.resolve(target), dir) || '.';
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, inferredConfigText(inferConventions(data, asWritten), { schema: schemaRef(dir, opts.version), source }));
  return { file, written: true, documents: documents.length };
}

export function inferMessage(r: InferResult, cwd: string): string {
  const where = displayPath(r.file, cwd);
  return r.written
    ? `apiconv: wrote ${where}: the conventions of ${r.documents} document${r.documents === 1 ? '' : 's'}`
    : `apiconv: ${where} exists: kept as it is (--force replaces it)`;
}
