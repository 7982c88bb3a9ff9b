/**
 * What the editor tells the server about files: a document opened, edited, saved or closed, files changed on disk,
 * the settings or the workspace's trust changed. Each schedules the lints it makes stale.
 */
import * as path from 'node:path';
import { FileChangeType, type Connection } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { CONFIG_FILES } from '../engine';
import { CONFIG_PRODUCER, type DiagnosticStore } from './diagnosticStore';
import type { DiffDiagnostics } from './diffDiagnostics';
import { guard } from './log';
import type { OpenDocuments } from './openDocuments';
import { WorkspaceTrustNotification, type WorkspaceTrustParams } from './protocol';
import type { WorkspaceRefs } from './refsWorkspace';
import type { LintScheduler } from './scheduler';
import type { ServerSettings } from './settings';

const CONFIG_NAMES = new Set<string>(CONFIG_FILES);

export interface DocumentEventsDeps {
  connection: Connection;
  docs: OpenDocuments;
  settings: ServerSettings;
  store: DiagnosticStore;
  scheduler: LintScheduler;
  diffs: DiffDiagnostics;
  /** The workspace's reference index: it reads files changed on disk again. */
  refs: WorkspaceRefs;
}

export function registerDocumentEvents(d: DocumentEventsDeps): void {
  const { connection: c, docs } = d;
  const on = (fn: () => unknown) => guard(c, fn);
  docs.documents.onDidOpen(e => on(() => didOpen(d, e.document)));
  docs.documents.onDidChangeContent(e => on(() => didChange(d, e.document)));
  docs.documents.onDidClose(e => on(() => didClose(d, e.document)));
  docs.documents.onDidSave(e => on(() => didSave(d, e.document)));
  c.onDidChangeConfiguration(p => on(() => configurationChanged(d, p.settings)));
  c.onDidChangeWatchedFiles(p =>
    on(() =>
      watchedFilesChanged(
        d,
        p.changes.map(ch => ({ file: docs.fileOf(ch.uri), type: ch.type })),
      ),
    ),
  );
  c.onNotification(WorkspaceTrustNotification.method, (p: WorkspaceTrustParams) =>
    on(() => {
      d.settings.setTrusted(p?.workspaceTrusted !== false);
      d.scheduler.relintOpen();
    }),
  );
}

function didOpen({ connection, docs, store, scheduler }: DocumentEventsDeps, doc: TextDocument): void {
  const file = docs.fileOf(doc.uri);
  docs.opened(file, doc.uri);
  scheduler.startPosting(file);
  const root = scheduler.rootFor(file);
  root.open = true;
  root.openedVersion = doc.version;
  store.opened(file);
  scheduler.schedule(root, 0);
  scheduler.relintDependents(file, 0);
  // The first edit finds the document's line offsets ready: the text's lines are counted while the worker lints it
  // (counted by that edit, a big document's held the first keystroke up).
  void scheduler.afterPosting(file).then(() => setImmediate(() => guard(connection, () => docs.openDoc(file)?.lineCount)));
}

function didChange({ docs, settings, scheduler }: DocumentEventsDeps, doc: TextDocument): void {
  scheduler.activity();
  const file = docs.fileOf(doc.uri);
  const root = scheduler.get(file);
  if (!root) return; // onDidOpen fires first
  // The open event (TextDocuments reports an opened document as changed too): didOpen has scheduled its lint. Before,
  // it was scheduled again here, and that second lint cancelled the first one running in the worker, which was
  // stopped and replaced after KILL_AFTER_MS: opening a big document took more than twice as long.
  if ((root.result && root.result.version === doc.version) || root.openedVersion === doc.version) return;
  scheduler.rejectOlder(root, doc.version);
  void settings.forUri(doc.uri).then(s => {
    if (s.run === 'onSave') return;
    // At once, unless the user asked for a wait, or once the lint of this document that runs ends (scheduler.ts).
    scheduler.schedule(root, s.debounceMs);
    scheduler.relintDependents(file, s.debounceMs);
  });
}

function didSave({ docs, settings, scheduler }: DocumentEventsDeps, doc: TextDocument): void {
  const file = docs.fileOf(doc.uri);
  if (CONFIG_NAMES.has(path.basename(file))) {
    scheduler.relintOpen();
    return;
  }
  void settings.forUri(doc.uri).then(s => {
    if (s.run !== 'onSave') return;
    const root = scheduler.get(file);
    if (root) scheduler.schedule(root, 0);
    scheduler.relintDependents(file, 0);
  });
}

function didClose({ docs, store, scheduler, diffs }: DocumentEventsDeps, doc: TextDocument): void {
  const file = docs.fileOf(doc.uri);
  store.delete(file, CONFIG_PRODUCER);
  docs.closed(file);
  diffs.close(file);
  scheduler.donePosting(file);
  scheduler.forget(file);
  const root = scheduler.get(file);
  if (root) {
    root.open = false;
    scheduler.cancel(root);
    scheduler.rejectAll(root);
    if (!root.workspace) scheduler.dropRoot(root);
  }
  store.pushClosed(file);
  // The buffer is gone: dependents read the disk again.
  scheduler.relintDependents(file, 0);
}

function configurationChanged({ settings, diffs, scheduler }: DocumentEventsDeps, changed: unknown): void {
  settings.changed(changed);
  diffs.reset();
  scheduler.relintOpen();
}

function watchedFilesChanged({ docs, scheduler, refs }: DocumentEventsDeps, changes: { file: string; type: FileChangeType }[]): void {
  let all = false;
  for (const ch of changes) {
    refs.changed(ch.file);
    if (CONFIG_NAMES.has(path.basename(ch.file))) all = true;
    if (docs.isOpen(ch.file)) continue; // the buffer wins
    const root = scheduler.get(ch.file);
    if (root?.workspace && !root.open) {
      if (ch.type === FileChangeType.Deleted) scheduler.dropRoot(root);
      else scheduler.schedule(root, 0);
    }
    scheduler.relintDependents(ch.file, 0);
  }
  if (all) scheduler.relintOpen();
}
