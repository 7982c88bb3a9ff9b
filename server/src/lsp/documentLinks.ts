/**
 * A document link on every `$ref`: it opens the file it names at the line of the pointer. The links are listed
 * from the index; the target's line is found when the editor resolves one (a click), in the target's tree.
 *
 * The VS Code extension is not offered them: there go-to-definition on a `$ref` already gives the Ctrl+click, the
 * underline and a peek of the target, and VS Code re-decorates every link of a document after each edit (it removes
 * all of its link decorations and adds the new ones, equal or not): thousands on a big document, per keystroke, in
 * the window's thread, for nothing the user did not have.
 */
import type { Connection, DocumentLink, ServerCapabilities } from 'vscode-languageserver/node';
import { findByPath } from './positionTree';
import type { NavHost } from './navigation';
import { rangeIn, type WorkspaceRefs } from './refsWorkspace';

/** The capability, for a client whose definitions do not already give what the links do (`extensionClient`: the VS Code extension). */
export function documentLinkCapabilities(extensionClient: boolean): ServerCapabilities {
  return extensionClient ? {} : { documentLinkProvider: { resolveProvider: true } };
}

interface LinkData {
  file: string;
  path: string[];
}

export function documentLinks(refs: WorkspaceRefs, file: string): DocumentLink[] {
  // A link names its target by path alone: the file's own $refs are enough, not the rest of the workspace.
  const index = refs.known();
  const state = index.get(file);
  if (!state) return [];
  const out: DocumentLink[] = [];
  for (const s of state.sections) {
    for (const ref of s.refs) {
      const t = ref.kind === 'ref' ? index.target(file, ref) : undefined;
      if (!t) continue;
      // The quotes of a quoted value are not part of the link.
      const quoted = /^["']/.test(state.text[ref.start] ?? '') ? 1 : 0;
      out.push({
        range: rangeIn(state, ref.start + quoted, ref.end - quoted),
        tooltip: `Open ${ref.name}`,
        data: { file: t.file, path: t.path } satisfies LinkData,
      });
    }
  }
  return out;
}

/** The link's target: the file's URI, with `#L<line>,<column>` (1-based) where a pointer into it is found. */
export function resolveDocumentLink(nav: NavHost, link: DocumentLink): DocumentLink {
  const { file, path } = link.data as LinkData;
  const parsed = path.length > 0 ? nav.parsed(file) : undefined;
  const node = parsed?.tree && findByPath(parsed.tree, path);
  const uri = nav.uriOf(file);
  if (!parsed || !node) return { ...link, target: uri };
  const p = parsed.doc.positionAt(node.keyStart ?? node.start);
  return { ...link, target: `${uri}#L${p.line + 1},${p.character + 1}` };
}

export function registerDocumentLinks(connection: Connection, refs: WorkspaceRefs, nav: NavHost, fileOf: (uri: string) => string): void {
  connection.onDocumentLinks(p => documentLinks(refs, fileOf(p.textDocument.uri)));
  connection.onDocumentLinkResolve(link => resolveDocumentLink(nav, link));
}
