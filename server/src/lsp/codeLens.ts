/**
 * A code lens on each component: how many `$ref`s (and security requirements) name it, or "unused". The lenses
 * are listed without their titles; a title is resolved from the index's counts (one pass over every `$ref` of the
 * workspace, kept until a file changes) when the editor shows the lens.
 */
import type { CodeLens, Connection } from 'vscode-languageserver/node';
import { countKey } from '../engine/index';
import { rangeIn, type WorkspaceRefs } from './refsWorkspace';

export const CODE_LENS_CAPABILITIES = { codeLensProvider: { resolveProvider: true } } as const;

interface LensData {
  file: string;
  path: string[];
}

export async function codeLenses(refs: WorkspaceRefs, file: string): Promise<CodeLens[]> {
  const index = await refs.fresh();
  const state = index.get(file);
  if (!state || state.kind === 'fragment') return [];
  const out: CodeLens[] = [];
  for (const s of state.sections) {
    for (const d of s.decls) out.push({ range: rangeIn(state, d.keyStart, d.keyEnd), data: { file, path: d.path } satisfies LensData });
  }
  return out;
}

/**
 * `showReferences`: the client's command that shows a list of locations (VS Code's needs its own types, which
 * the extension makes from the arguments); without one the title is shown alone.
 */
export async function resolveCodeLens(refs: WorkspaceRefs, lens: CodeLens, showReferences: string | undefined): Promise<CodeLens> {
  const { file, path } = lens.data as LensData;
  const n = (await refs.fresh()).referenceCounts().get(countKey(file, path)) ?? 0;
  const title = n === 0 ? 'unused' : n === 1 ? '1 reference' : `${n} references`;
  const args = n > 0 && showReferences ? [refs.uriOf(file), lens.range.start] : undefined;
  return { ...lens, command: { title, command: args ? showReferences! : '', arguments: args } };
}

export function registerCodeLens(connection: Connection, refs: WorkspaceRefs, fileOf: (uri: string) => string, showReferences: () => string | undefined): void {
  connection.onCodeLens(p => codeLenses(refs, fileOf(p.textDocument.uri)));
  connection.onCodeLensResolve(lens => resolveCodeLens(refs, lens, showReferences()));
}
