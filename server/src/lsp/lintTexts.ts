/**
 * An open document's text on its way to the lint worker: whole the first time, then as the edits since the version
 * sent last. A message to a worker is a copy: a 4 MB document's text was copied into every keystroke's lint task
 * (twice its size for a text V8 keeps two bytes a character) and copied again out of the message in the worker. The
 * same goes for the other open documents a task carries (its overlays, read instead of the disk): a 4 MB neighbour
 * went whole with each keystroke in a small document.
 *
 * The main thread (SentTexts) knows which version of each document it sent last; the worker (KeptTexts) keeps the
 * text of that version and applies the edits to it. Which worker gets a task is the pool's business: a worker that
 * does not hold the version the edits start from (started since, or its texts dropped) asks for the task whole
 * (workers/serve.ts WholeTaskNeeded), and the length the edits must give is checked too.
 */
import { WholeTaskNeeded } from '../workers/serve';
import type { OffsetEdit } from '../engine';
import { applyEdits, type EditLog } from './editLog';

/** The edits that make a text from the text of version `from`, which must then be `length` long. */
export interface TextDelta {
  from: number;
  edits: OffsetEdit[];
  length: number;
}

/** What is asked of a task here: its document's version and text, and the open documents' it reads instead of the disk. */
export interface TextTask {
  file: string;
  text: string;
  version?: number;
  overlays: Record<string, string>;
  /** The open documents' versions (the overlays' among them): their texts go as edits too. */
  overlayVersions?: Record<string, number>;
}

/**
 * A task as posted to the worker: with its text, or with the edits to the text the worker holds; the overlays the
 * worker holds a version of as edits too (`overlayDeltas`, left out of `overlays`).
 */
export type PostedTask<T extends TextTask> = (T | (Omit<T, 'text'> & { delta: TextDelta })) & { overlayDeltas?: Record<string, TextDelta> };

/** The edits of a document between two versions, or undefined when they are not all known (editLog.ts). */
export type EditsBetween = Pick<EditLog, 'between'>;

/** The main thread's side: the version of each open document's text sent last (as a task's text or an overlay). */
export class SentTexts {
  private readonly sent = new Map<string, number>();

  constructor(private readonly edits: EditsBetween) {}

  /** `task` as it is posted: each open document's text left out where the edits since the version sent last say it in less. */
  compact<T extends TextTask>(task: T): PostedTask<T> {
    const delta = task.version === undefined ? undefined : this.deltaOf(task.file, task.version, task.text);
    let whole: Record<string, string> | undefined;
    let overlayDeltas: Record<string, TextDelta> | undefined;
    for (const [file, text] of Object.entries(task.overlays)) {
      const version = task.overlayVersions?.[file];
      const d = version === undefined ? undefined : this.deltaOf(file, version, text);
      if (d) (overlayDeltas ??= {})[file] = d;
      else (whole ??= {})[file] = text;
    }
    if (!delta && !overlayDeltas) return task;
    const posted = overlayDeltas ? { ...task, overlays: whole ?? {}, overlayDeltas } : task;
    if (!delta) return posted;
    const { text: _text, ...rest } = posted;
    return { ...rest, delta };
  }

  /** The document was closed. */
  forget(file: string): void {
    this.sent.delete(file);
  }

  /** The edits that make `text` (`file`'s `version`) from the version sent last, when they say it in less; notes `version` as sent. */
  private deltaOf(file: string, version: number, text: string): TextDelta | undefined {
    const last = this.sent.get(file);
    this.sent.set(file, version);
    if (last === undefined) return undefined;
    const edits = this.edits.between(file, last, version);
    if (!edits || edits.reduce((n, e) => n + e.newText.length, 0) * 2 > text.length) return undefined;
    return { from: last, edits, length: text.length };
  }
}

/**
 * Texts kept per worker: the open documents' (each dropped when its document is closed: LintPool.forget), bounded for
 * a client that never closes any. Past the bound the oldest goes, and a task with its edits is then sent whole.
 */
const MAX_KEPT = 32;

/** The worker's side: the last text of each open document it was sent, by version. */
export class KeptTexts {
  private readonly kept = new Map<string, { version: number; text: string }>();

  /** The task with its texts: the ones posted, or the kept ones with the edits applied (WholeTaskNeeded: not kept). */
  expand<T extends TextTask>(task: PostedTask<T>): T {
    const { overlayDeltas, ...posted } = task;
    const text = 'delta' in posted ? this.edited(posted.file, posted.delta) : posted.text;
    const overlays: Record<string, string> = { ...posted.overlays };
    for (const [file, delta] of Object.entries(overlayDeltas ?? {})) overlays[file] = this.edited(file, delta);
    const { delta: _delta, ...rest } = posted as typeof posted & { delta?: TextDelta };
    // The posted task less its deltas and with its texts again: the task as it was made.
    const full = { ...rest, text, overlays } as unknown as T;
    if (full.version !== undefined) this.keep(full.file, full.version, text);
    for (const [file, t] of Object.entries(overlays)) {
      const version = full.overlayVersions?.[file];
      if (version !== undefined) this.keep(file, version, t);
    }
    return full;
  }

  /** The text kept for `file` (tests). */
  textOf(file: string): { version: number; text: string } | undefined {
    return this.kept.get(file);
  }

  forget(file: string): void {
    this.kept.delete(file);
  }

  /** `file`'s kept text with `delta`'s edits applied (WholeTaskNeeded: that version is not kept, or the edits do not fit it). */
  private edited(file: string, delta: TextDelta): string {
    const kept = this.kept.get(file);
    if (kept?.version !== delta.from) throw new WholeTaskNeeded(`version ${delta.from} of ${file}`);
    const text = applyEdits(kept.text, delta.edits);
    if (text.length !== delta.length) throw new WholeTaskNeeded(`the edits to version ${delta.from} of ${file} do not match it`);
    return text;
  }

  private keep(file: string, version: number, text: string): void {
    this.kept.delete(file);
    this.kept.set(file, { version, text });
    for (const k of this.kept.keys()) {
      if (this.kept.size <= MAX_KEPT) break;
      this.kept.delete(k);
    }
  }
}
