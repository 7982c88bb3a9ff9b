/**
 * `workspace/symbol`: the operations (by operationId, and by method and path) and the components of every OpenAPI
 * document in the workspace, from the reference index.
 */
import { SymbolKind, type Connection, type SymbolInformation } from 'vscode-languageserver/node';
import { COMPONENT_KINDS, matchesQuery } from './navigation';
import { rangeIn, type WorkspaceRefs } from './refsWorkspace';

export async function workspaceSymbols(refs: WorkspaceRefs, query: string): Promise<SymbolInformation[]> {
  const index = await refs.fresh();
  const out: SymbolInformation[] = [];
  for (const file of index.indexedFiles()) {
    const state = index.get(file)!;
    if (state.kind === 'fragment') continue;
    const uri = refs.uriOf(file);
    for (const s of state.sections) {
      for (const op of s.operations) {
        const route = `${op.method} ${op.route}`;
        const name = op.operationId?.name ?? route;
        if (!matchesQuery(name, query) && !matchesQuery(route, query)) continue;
        out.push({
          name,
          kind: SymbolKind.Method,
          containerName: op.operationId ? route : undefined,
          location: { uri, range: rangeIn(state, op.start, op.end) },
        });
      }
      for (const d of s.decls) {
        const name = d.path[d.path.length - 1]!;
        if (!matchesQuery(name, query)) continue;
        const kind = COMPONENT_KINDS[d.path[d.path.length - 2]!] ?? SymbolKind.Object;
        out.push({ name, kind, containerName: d.path.slice(0, -1).join('/'), location: { uri, range: rangeIn(state, d.start, d.end) } });
      }
    }
  }
  return out;
}

export function registerWorkspaceSymbols(connection: Connection, refs: WorkspaceRefs, ready: () => Promise<unknown>): void {
  connection.onWorkspaceSymbol(p => ready().then(() => workspaceSymbols(refs, p.query)));
}
