/**
 * A code lens on each component: how many `$ref`s (and security requirements) name it, or "unused". The lenses
 * come with their titles, from the index's counts (kept up to date per section edited). Listed without them, each
 * lens the editor shows would be one more request to resolve it: editors resolve the visible lenses right after the
 * list, and stripe's 40 visible lenses cost 40 round trips on top of the list.
 *
 * The lenses do not wait for the workspace's files to be read (seconds in a big workspace) longer than `WAIT_MS`
 * after the read started: then they count what is read — the open documents and the files read so far — and say
 * so, and the client is asked to refresh them once every file is read (when it can be:
 * `workspace.codeLens.refreshSupport`). A small workspace is read within that time: its lenses come whole.
 *
 * A document with more components than `apiconv.codeLens.maxPerFile` gets one lens, on its first component, that
 * says so. VS Code lays every lens of a document out again at each keystroke, whatever the server answers: stripe's
 * 821 lenses cost its window more per keystroke than the lint took.
 */
import { CodeLensRefreshRequest, type CodeLens, type Connection } from 'vscode-languageserver/node';
import { rangeIn, type WorkspaceRefs } from './refsWorkspace';

export const CODE_LENS_CAPABILITIES = { codeLensProvider: { resolveProvider: false } } as const;

const WAIT_MS = 100;

/** A lens's title: the count, or the count so far while the workspace's files are being read. */
export function lensTitle(n: number, complete: boolean): string {
  if (!complete) return n === 0 ? 'no references yet (indexing)' : `${n} reference${n === 1 ? '' : 's'} so far (indexing)`;
  return n === 0 ? 'unused' : n === 1 ? '1 reference' : `${n} references`;
}

/** The one lens of a document with more components than `maxPerFile`. */
export function tooManyTitle(components: number, maxPerFile: number): string {
  return `${components} components: reference counts are shown up to ${maxPerFile} (apiconv.codeLens.maxPerFile)`;
}

/**
 * `showReferences`: the client's command that shows a list of locations (VS Code's needs its own types, which
 * the extension makes from the arguments); without one the title is shown alone. `maxPerFile`: the most lenses.
 */
export async function codeLenses(refs: WorkspaceRefs, file: string, showReferences: string | undefined, maxPerFile = Infinity): Promise<CodeLens[]> {
  const index = await refs.soon(WAIT_MS);
  const state = index.get(file);
  if (!state || state.kind === 'fragment') return [];
  const decls = state.sections.flatMap(s => s.decls);
  if (decls.length > maxPerFile) {
    const first = decls.reduce((a, b) => (b.keyStart < a.keyStart ? b : a));
    return [{ range: rangeIn(state, first.keyStart, first.keyEnd), command: { title: tooManyTitle(decls.length, maxPerFile), command: '' } }];
  }
  const complete = refs.isComplete();
  const uri = refs.uriOf(file);
  const out: CodeLens[] = [];
  for (const s of state.sections) {
    for (const d of s.decls) {
      const range = rangeIn(state, d.keyStart, d.keyEnd);
      const n = index.referenceCount(file, d.path);
      const title = lensTitle(n, complete);
      const command = n > 0 && showReferences ? { title, command: showReferences, arguments: [uri, range.start] } : { title, command: '' };
      out.push({ range, command });
    }
  }
  return out;
}

export function registerCodeLens(
  connection: Connection,
  refs: WorkspaceRefs,
  fileOf: (uri: string) => string,
  showReferences: () => string | undefined,
  canRefresh: () => boolean,
  maxPerFile: (uri: string) => Promise<number>,
  /** Resolves when the open documents may be parsed here (refFeatures.ts ready). */
  ready: () => Promise<unknown> = () => Promise.resolve(),
): void {
  let refreshAsked = false;
  connection.onCodeLens(async p => {
    await ready();
    const lenses = await codeLenses(refs, fileOf(p.textDocument.uri), showReferences(), await maxPerFile(p.textDocument.uri));
    if (!refs.isComplete() && !refreshAsked && canRefresh()) {
      refreshAsked = true;
      void refs.indexed().then(() => connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined));
    }
    return lenses;
  });
}
