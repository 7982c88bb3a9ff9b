/**
 * A code lens on each component: how many `$ref`s (and security requirements) name it, or "unused". The lenses
 * come with their titles, from the index's counts (one pass over every `$ref` of the workspace, kept until a file
 * changes). Listed without them, each lens the editor shows would be one more request to resolve it: editors
 * resolve the visible lenses right after the list, so the pass would run then anyway, and stripe's 40 visible
 * lenses cost 40 round trips on top of the list.
 */
import type { CodeLens, Connection } from 'vscode-languageserver/node';
import { countKey } from '../engine/index';
import { rangeIn, type WorkspaceRefs } from './refsWorkspace';

export const CODE_LENS_CAPABILITIES = { codeLensProvider: { resolveProvider: false } } as const;

/**
 * `showReferences`: the client's command that shows a list of locations (VS Code's needs its own types, which
 * the extension makes from the arguments); without one the title is shown alone.
 */
export async function codeLenses(refs: WorkspaceRefs, file: string, showReferences: string | undefined): Promise<CodeLens[]> {
  const index = await refs.fresh();
  const state = index.get(file);
  if (!state || state.kind === 'fragment') return [];
  const counts = index.referenceCounts();
  const uri = refs.uriOf(file);
  const out: CodeLens[] = [];
  for (const s of state.sections) {
    for (const d of s.decls) {
      const range = rangeIn(state, d.keyStart, d.keyEnd);
      const n = counts.get(countKey(file, d.path)) ?? 0;
      const title = n === 0 ? 'unused' : n === 1 ? '1 reference' : `${n} references`;
      const command = n > 0 && showReferences ? { title, command: showReferences, arguments: [uri, range.start] } : { title, command: '' };
      out.push({ range, command });
    }
  }
  return out;
}

export function registerCodeLens(connection: Connection, refs: WorkspaceRefs, fileOf: (uri: string) => string, showReferences: () => string | undefined): void {
  connection.onCodeLens(p => codeLenses(refs, fileOf(p.textDocument.uri), showReferences()));
}
