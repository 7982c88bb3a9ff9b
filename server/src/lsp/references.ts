/**
 * Find references and rename over the reference index: on a component's key, a `$ref` (or discriminator mapping)
 * value, a security requirement's scheme name, a tag, an operationId. A rename is one WorkspaceEdit over every
 * file that names the symbol, or an error that says why it is refused.
 */
import {
  ResponseError,
  ErrorCodes,
  type Connection,
  type Location,
  type Position,
  type PrepareRenameResult,
  type ReferenceParams,
  type RenameParams,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver/node';
import { planRename, symbolName, type TextChange } from '../engine/index';
import { offsetIn, rangeIn, type WorkspaceRefs } from './refsWorkspace';

export const REFERENCE_CAPABILITIES = { referencesProvider: true, renameProvider: { prepareProvider: true } } as const;

/** What the cursor is on in `file`, from the index with the current texts. */
async function symbolAt(refs: WorkspaceRefs, file: string, position: Position) {
  const index = await refs.fresh();
  const state = index.get(file);
  return state ? index.symbolAt(file, offsetIn(state, position)) : undefined;
}

export async function references(refs: WorkspaceRefs, file: string, position: Position, includeDeclaration: boolean): Promise<Location[]> {
  const hit = await symbolAt(refs, file, position);
  if (!hit) return [];
  const out: Location[] = [];
  for (const o of refs.index.occurrences(hit.symbol)) {
    if (!includeDeclaration && o.role === 'declaration') continue;
    const state = refs.index.get(o.file);
    if (state) out.push({ uri: refs.uriOf(o.file), range: rangeIn(state, o.start, o.end) });
  }
  return out;
}

const NOT_RENAMABLE = 'apiconv renames components (a key under components, definitions…, or a $ref to one), security schemes, tags and operationIds';

export async function prepareRename(refs: WorkspaceRefs, file: string, position: Position): Promise<PrepareRenameResult> {
  const hit = await symbolAt(refs, file, position);
  if (!hit) throw new ResponseError(ErrorCodes.InvalidRequest, NOT_RENAMABLE);
  const state = refs.index.get(file)!;
  return { range: rangeIn(state, hit.start, hit.end), placeholder: symbolName(hit.symbol) };
}

export async function rename(refs: WorkspaceRefs, file: string, position: Position, newName: string): Promise<WorkspaceEdit> {
  const hit = await symbolAt(refs, file, position);
  if (!hit) throw new ResponseError(ErrorCodes.InvalidRequest, NOT_RENAMABLE);
  const plan = planRename(refs.index, hit.symbol, newName);
  if ('refused' in plan) throw new ResponseError(ErrorCodes.InvalidRequest, `cannot rename "${symbolName(hit.symbol)}": ${plan.refused}`);
  return workspaceEdit(refs, plan.changes);
}

/** Text changes (offsets of the indexed texts) as a WorkspaceEdit. */
export function workspaceEdit(refs: WorkspaceRefs, changes: readonly TextChange[]): WorkspaceEdit {
  const byUri: Record<string, TextEdit[]> = {};
  for (const c of changes) {
    const state = refs.index.get(c.file);
    if (!state) continue;
    (byUri[refs.uriOf(c.file)] ??= []).push({ range: rangeIn(state, c.start, c.end), newText: c.newText });
  }
  return { changes: byUri };
}

export function registerReferences(
  connection: Connection,
  refs: WorkspaceRefs,
  fileOf: (uri: string) => string,
  ready: (file: string) => Promise<unknown>,
): void {
  const on = <P extends { textDocument: { uri: string } }, R>(p: P, fn: (file: string) => Promise<R>): Promise<R> => {
    const file = fileOf(p.textDocument.uri);
    return ready(file).then(() => fn(file));
  };
  connection.onReferences((p: ReferenceParams) => on(p, file => references(refs, file, p.position, p.context.includeDeclaration)));
  connection.onPrepareRename(p => on(p, file => prepareRename(refs, file, p.position)));
  connection.onRenameRequest((p: RenameParams) => on(p, file => rename(refs, file, p.position, p.newName)));
}
