/**
 * Hover, go to definition, the outline and folding (workspace symbols: workspaceSymbols.ts). What parses a document in this thread (a second for a
 * 4 MB one) first lets an opened document's lint start (LintScheduler.afterPosting), and a pending relint of a big
 * document it would parse whole be applied (parseAfterLint.ts).
 */
import type { Connection } from 'vscode-languageserver/node';
import { looksLikeOpenApi } from '../engine';
import type { DiagnosticStore } from './diagnosticStore';
import { safe } from './log';
import { DEFAULT_FOLDING_LIMIT, foldingRanges } from './folding';
import { definition, documentSymbols, hover } from './navigation';
import type { OpenDocuments } from './openDocuments';
import { relintsBeforeParse } from './parseAfterLint';
import type { LintScheduler } from './scheduler';

export interface NavigationDeps {
  connection: Connection;
  docs: OpenDocuments;
  store: DiagnosticStore;
  scheduler: LintScheduler;
  /** The client is the VS Code extension (hover's `showsMessages`). */
  extensionClient(): boolean;
  /** How many folding ranges the client keeps (its `rangeLimit`), if it says. */
  foldingLimit(): number | undefined;
}

export function registerNavigation(d: NavigationDeps): void {
  const { connection: c, docs, scheduler } = d;
  const answer = <T>(file: string, fn: () => T) =>
    scheduler
      .afterPosting(file)
      .then(() => relintsBeforeParse(scheduler, docs, file))
      .then(() => safe(c, fn));
  c.onHover(p => {
    const file = docs.fileOf(p.textDocument.uri);
    return answer(file, () => hover(docs.nav, file, p.position, d.store.diagnosticsOf(file), d.extensionClient()));
  });
  c.onDefinition(p => {
    const file = docs.fileOf(p.textDocument.uri);
    return answer(file, () => definition(docs.nav, file, p.position));
  });
  c.onDocumentSymbol(p => {
    const file = docs.fileOf(p.textDocument.uri);
    return answer(file, () => {
      const parsed = docs.nav.parsed(file);
      return parsed && looksLikeOpenApi(parsed.text) ? documentSymbols(parsed) : [];
    });
  });
  // Folding comes from the last tree, patched after each edit, whether the lint of this version is done or not.
  c.onFoldingRanges(p => {
    const file = docs.fileOf(p.textDocument.uri);
    return answer(file, () => {
      const parsed = docs.nav.parsed(file);
      return parsed && looksLikeOpenApi(parsed.text) ? foldingRanges(parsed, d.foldingLimit() ?? DEFAULT_FOLDING_LIMIT) : null;
    });
  });
}
