/**
 * The features on the workspace's reference index, registered together: references and rename, file moves,
 * code lenses, document links, workspace symbols. Each is a module of its own; this wires them to a connection.
 */
import type { Connection, ServerCapabilities } from 'vscode-languageserver/node';
import { REFERENCE_CAPABILITIES, registerReferences } from './references';
import { FILE_RENAME_CAPABILITIES, registerFileRename } from './fileRename';
import { CODE_LENS_CAPABILITIES, registerCodeLens } from './codeLens';
import { documentLinkCapabilities, registerDocumentLinks } from './documentLinks';
import { registerWorkspaceSymbols } from './workspaceSymbols';
import { WorkspaceRefs, type RefsHost } from './refsWorkspace';
import type { NavHost } from './navigation';

/** `extensionClient`: the VS Code extension (documentLinks.ts: it is not offered links). */
export function refCapabilities(extensionClient: boolean): ServerCapabilities {
  return {
    ...REFERENCE_CAPABILITIES,
    ...CODE_LENS_CAPABILITIES,
    ...documentLinkCapabilities(extensionClient),
    ...FILE_RENAME_CAPABILITIES,
    workspaceSymbolProvider: true,
  };
}

export interface RefFeaturesContext {
  host: RefsHost;
  nav: NavHost;
  fileOf(uri: string): string;
  /** Resolves when the requests on `file` (or on any file) may run: an opened document's lint has started. */
  ready(file?: string): Promise<unknown>;
  /** The client's command that lists locations, if it has one (code lenses). */
  showReferencesCommand(): string | undefined;
  /** Whether the client takes `workspace/codeLens/refresh`. */
  codeLensRefresh(): boolean;
  /** A document's apiconv.codeLens.maxPerFile. */
  codeLensMax(uri: string): Promise<number>;
}

export function registerRefFeatures(connection: Connection, ctx: RefFeaturesContext): WorkspaceRefs {
  const refs = new WorkspaceRefs(ctx.host);
  registerReferences(connection, refs, ctx.fileOf, ctx.ready);
  registerFileRename(connection, refs, ctx.fileOf);
  registerCodeLens(connection, refs, ctx.fileOf, ctx.showReferencesCommand, ctx.codeLensRefresh, ctx.codeLensMax, ctx.ready);
  registerDocumentLinks(connection, refs, ctx.nav, ctx.fileOf);
  registerWorkspaceSymbols(connection, refs, () => ctx.ready());
  return refs;
}
