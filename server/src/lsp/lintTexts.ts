/**
 * An open document's text on its way to the lint worker: whole the first time, then as the edits since the version
 * sent last. A message to a worker is a copy: a 4 MB document's text was copied into every keystroke's lint task
 * (twice its size for a text V8 keeps two bytes a character) and copied again out of the message in the worker.
 *
 * The main thread (SentTexts) knows which version of each document it sent last; the worker (KeptTexts) keeps the
 * text of that version and applies the edits to it. Which worker gets a task is the pool's business: a worker that
 * does not hold the version the edits start from (started since, or its texts dropped) asks for the task whole
 * (workers/serve.ts WholeTaskNeeded), and the length the edits must give is checked too.
 */
import { WholeTaskNeeded } from '../workers/serve';
import type { OffsetEdit } from '../engine';
import { applyEdits, type EditLog } from './editLog';

/** The edits that make the task's text from the text of version `from`, which must then be `length` long. */
export interface TextDelta {
  from: number;
  edits: OffsetEdit[];
  length: number;
}

/** What is asked of a task here: its document, and that document's version and text. */
export interface TextTask {
  file: string;
  text: string;
  version?: number;
}

/** A task as posted to the worker: with its text, or with the edits to the text the worker holds. */
export type PostedTask<T extends TextTask> = T | (Omit<T, 'text'> & { delta: TextDelta });

/** The edits of a document between two versions, or undefined when they are not all known (editLog.ts). */
export type EditsBetween = Pick<EditLog, 'between'>;

/** The main thread's side: the version of each open document's text sent last. */
export class SentTexts {
  private readonly sent = new Map<string, number>();

  constructor(private readonly edits: EditsBetween) {}

  /** `task` as it is posted: its text left out when the edits since the version sent last say it in less. */
  compact<T extends TextTask>(task: T): PostedTask<T> {
    const { version } = task;
    if (version === undefined) return task;
    const last = this.sent.get(task.file);
    this.sent.set(task.file, version);
    if (last === undefined) return task;
    const edits = this.edits.between(task.file, last, version);
    if (!edits || edits.reduce((n, e) => n + e.newText.length, 0) * 2 > task.text.length) return task;
    const { text, ...rest } = task;
    return { ...rest, delta: { from: last, edits, length: text.length } };
  }

  /** The document was closed. */
  forget(file: string): void {
    this.sent.delete(file);
  }
}

/** Texts kept per worker: as many as the documents whose incremental linters it keeps (lintWorker.ts). */
const MAX_KEPT = 8;

/** The worker's side: the last text of each open document it was sent, by version. */
export class KeptTexts {
  private readonly kept = new Map<string, { version: number; text: string }>();

  /** The task with its text: the one posted, or the kept one with the edits applied (WholeTaskNeeded: not kept). */
  expand<T extends TextTask>(task: PostedTask<T>): T {
    let full: T;
    if ('delta' in task) {
      const { delta, ...rest } = task;
      const kept = this.kept.get(task.file);
      if (kept?.version !== delta.from) throw new WholeTaskNeeded(`version ${delta.from} of ${task.file}`);
      const text = applyEdits(kept.text, delta.edits);
      if (text.length !== delta.length) throw new WholeTaskNeeded(`the edits to version ${delta.from} of ${task.file} do not match it`);
      // The posted task less its delta and with its text again: the task as it was made.
      full = { ...rest, text } as unknown as T;
    } else full = task;
    if (full.version !== undefined) this.keep(full.file, full.version, full.text);
    return full;
  }

  /** The text kept for `file` (tests). */
  textOf(file: string): { version: number; text: string } | undefined {
    return this.kept.get(file);
  }

  forget(file: string): void {
    this.kept.delete(file);
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
