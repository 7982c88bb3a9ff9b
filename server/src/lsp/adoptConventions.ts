/**
 * "apiconv: Adopt this API's conventions" on the server's side: the conventions a document follows
 * (engine/infer.ts) as the `.apiconv.yaml` that `apiconv init --infer` would write, beside the config it would
 * replace — the one that applies to the document today, else a new `.apiconv.yaml` at the top of its workspace
 * folder. The document is read as the editor has it (unsaved edits too), its `$ref`'d files under the session's
 * policy. Nothing is written here: the client shows the difference and writes the file only when the user accepts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ResponseError, ErrorCodes, type Connection } from 'vscode-languageserver/node';
import { URI } from 'vscode-uri';
import { version as SERVER_VERSION } from '../../../package.json';
import { DocLoader, NotOpenApiError, findConfig, inferConventions, inferredConfigText, schemaUrl } from '../engine';
import type { OpenDocuments } from './openDocuments';
import { InferConventionsRequest, type InferConventionsParams, type InferConventionsResult } from './protocol';
import type { ServerSettings } from './settings';

export interface AdoptDeps {
  connection: Connection;
  docs: OpenDocuments;
  settings: ServerSettings;
}

export function registerAdoptConventions({ connection, docs, settings }: AdoptDeps): void {
  connection.onRequest(InferConventionsRequest.method, (p: InferConventionsParams) => proposeConventions(p, docs, settings));
}

/** The workspace folder a file is in (the innermost), else its own folder. */
function folderOf(file: string, folders: string[]): string {
  const inside = folders.filter(f => file.startsWith(f.endsWith(path.sep) ? f : f + path.sep)).sort((a, b) => b.length - a.length);
  return inside[0] ?? path.dirname(file);
}

async function proposeConventions(p: InferConventionsParams, docs: OpenDocuments, settings: ServerSettings): Promise<InferConventionsResult> {
  const file = docs.fileOf(p.uri);
  const text = docs.readText(file);
  if (text === undefined) throw new ResponseError(ErrorCodes.InvalidParams, `apiconv: cannot read ${file}`);
  const s = await settings.forUri(p.uri);
  let resolved: unknown;
  let asWritten: unknown;
  try {
    const loaded = await new DocLoader(file, s.allowRemoteRefs, settings.refPolicy).load(text, f => docs.readText(f));
    resolved = loaded.resolved;
    asWritten = loaded.data;
  } catch (e) {
    if (e instanceof NotOpenApiError) throw new ResponseError(ErrorCodes.InvalidParams, `apiconv: ${path.basename(file)} is not an OpenAPI document`);
    throw e;
  }
  const folder = folderOf(file, settings.folders);
  const existing = findConfig(file, folder);
  const target = existing ?? path.join(folder, '.apiconv.yaml');
  const inferences = inferConventions([resolved], [asWritten]);
  const source = path.relative(path.dirname(target), file).split(path.sep).join('/');
  return {
    uri: URI.file(target).toString(),
    current: existing ? fs.readFileSync(existing, 'utf8') : undefined,
    proposed: inferredConfigText(inferences, { schema: schemaUrl(SERVER_VERSION), source }),
    rules: inferences.map(i => i.rule),
  };
}
