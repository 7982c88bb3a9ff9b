/**
 * A lint root: a document the scheduler lints (an open one, or a workspace file the workspace lint reads from disk),
 * with its pending and running lint, its last applied result and the requests waiting for a version's lint.
 */
import type { DiagnosticsFirst } from './diagnosticCap';
import type { LintHandle } from './lintPool';
import type { LintReply } from './lintWorker';
import { VersionWaiters } from './versionWaiters';

export interface Root {
  file: string;
  /** Open in the editor (else: linted by the workspace lint, read from disk). */
  open: boolean;
  workspace: boolean;
  /** The pending lint: an immediate, or a timer (apiconv.debounceMs). */
  timer?: NodeJS.Timeout | NodeJS.Immediate;
  handle?: LintHandle;
  /** Edits came while its lint ran: the version current when that lint ends is linted then (coalesced). */
  relintAfter?: boolean;
  gen: number;
  /** The last applied lint. */
  result?: { version: number; reply: LintReply };
  /** The version the editor opened the document at (didOpen lints it). */
  openedVersion?: number;
  /** Lints started for this document (runLint), for the status. */
  lintRuns: number;
  /** Files this root's last lint read (its dependencies), absolute. */
  files: string[];
  /** Files this root contributed diagnostics to. */
  contributed: Set<string>;
  /** The last lint ran in the main thread (see lintsInline). */
  inline?: boolean;
  /** The size limit of its last lint (apiconv.maxFileSize), in bytes: the outline and hovers keep to it too. */
  maxBytes?: number;
  /** The main thread has linted this document (it has its incremental state): relints may run there. */
  primed?: boolean;
  /** Its settings' apiconv.diagnosticsFirst, for what is pushed to a client with a cap per file (diagnosticCap.ts). */
  diagnosticsFirst?: DiagnosticsFirst;
  /** The requests waiting for a version's lint. */
  waiters: VersionWaiters;
}

export function newRoot(file: string): Root {
  return { file, open: false, workspace: false, gen: 0, lintRuns: 0, files: [], contributed: new Set(), waiters: new VersionWaiters() };
}

export function clearTimer(root: { timer?: NodeJS.Timeout | NodeJS.Immediate }): void {
  const t = root.timer;
  if (t === undefined) return;
  if ('hasRef' in t && typeof (t as NodeJS.Timeout).refresh === 'function') clearTimeout(t as NodeJS.Timeout);
  else clearImmediate(t as NodeJS.Immediate);
  root.timer = undefined;
}
