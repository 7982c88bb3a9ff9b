/**
 * `textDocument/diagnostic` (pull): an open document's diagnostics, once the lint of its current version is applied
 * (a pending or running lint is waited for).
 */
import type { CancellationToken, Connection } from 'vscode-languageserver/node';
import type { DiagnosticStore } from './diagnosticStore';
import type { OpenDocuments } from './openDocuments';
import type { LintScheduler } from './scheduler';
import type { ServerSettings } from './settings';

export interface PullDeps {
  connection: Connection;
  docs: OpenDocuments;
  settings: ServerSettings;
  store: DiagnosticStore;
  scheduler: LintScheduler;
}

export function registerPullDiagnostics(d: PullDeps): void {
  d.connection.languages.diagnostics.on((p, token) => pullDiagnostics(d, p.textDocument.uri, p.previousResultId, token));
}

async function pullDiagnostics({ docs, settings, store, scheduler }: PullDeps, uri: string, previousResultId: string | undefined, token: CancellationToken) {
  const file = docs.fileOf(uri);
  const doc = docs.documents.get(uri);
  const root = scheduler.get(file);
  if (doc && root) {
    const pending = !!root.timer || !!root.handle;
    if (pending || !root.result || root.result.version < doc.version) {
      const s = await settings.forUri(uri);
      if (pending || s.run === 'onType' || !root.result) await scheduler.waitFor(root, doc.version, token);
    }
  }
  const all = store.diagnosticsOf(file);
  const items = store.maxPerFile === undefined || all.length <= store.maxPerFile ? all : store.shown(file, (await settings.forUri(uri)).diagnosticsFirst);
  return store.pulled(file, items, previousResultId);
}
