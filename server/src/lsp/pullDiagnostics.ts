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
  d.connection.languages.diagnostics.on((p, token) => pullDiagnostics(d, p.textDocument.uri, token));
}

async function pullDiagnostics({ docs, settings, store, scheduler }: PullDeps, uri: string, token: CancellationToken) {
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
  const items = store.diagnosticsOf(file);
  if (store.maxPerFile === undefined || items.length <= store.maxPerFile) return { kind: 'full' as const, items };
  return { kind: 'full' as const, items: store.shown(file, (await settings.forUri(uri)).diagnosticsFirst) };
}
