/**
 * The edits of the open documents, from one version to the next, as offsets into the text they were made to: what
 * the lint worker is sent instead of a document's whole text (lintTexts.ts). The editor sends positions (lines and
 * characters); they are turned into offsets here, as each change is applied, with the document's own line index.
 */
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { OffsetEdit } from '../engine';

/** `edits` applied in order, each to the text the ones before it made (offsets in UTF-16 code units). */
export function applyEdits(text: string, edits: readonly OffsetEdit[]): string {
  for (const e of edits) text = text.slice(0, e.offset) + e.newText + text.slice(e.offset + e.length);
  return text;
}

/** One version's edits: what made version `to` of a document from version `from`. */
interface Step {
  from: number;
  to: number;
  edits: OffsetEdit[];
  /** The characters the edits insert (what the log holds on to). */
  size: number;
}

/**
 * Steps kept per document: enough for the versions typed while a long lint runs; a worker further behind is sent
 * the whole text.
 */
const MAX_STEPS = 256;
/** Characters of inserted text kept per document (a big paste is sent whole instead). */
const MAX_CHARS = 1 << 20;

export class EditLog {
  private readonly steps = new Map<string, Step[]>();

  /**
   * Applies `changes` to `doc` (as TextDocument.update does) and records them as `file`'s step from the document's
   * version to `version`. A change without a range replaces the whole text.
   */
  update(file: string, doc: TextDocument, changes: TextDocumentContentChangeEvent[], version: number): TextDocument {
    const from = doc.version;
    const edits: OffsetEdit[] = [];
    let size = 0;
    for (const change of changes) {
      const end = 'range' in change ? doc.offsetAt(change.range.end) : doc.getText().length;
      const start = 'range' in change ? doc.offsetAt(change.range.start) : 0;
      edits.push({ offset: start, length: end - start, newText: change.text });
      size += change.text.length;
      // One change at a time: the next change's positions are in the text this one made.
      doc = TextDocument.update(doc, [change], version);
    }
    let steps = this.steps.get(file);
    if (!steps) this.steps.set(file, (steps = []));
    steps.push({ from, to: version, edits, size });
    let total = steps.reduce((n, s) => n + s.size, 0);
    while (steps.length > MAX_STEPS || (total > MAX_CHARS && steps.length > 0)) total -= steps.shift()!.size;
    return doc;
  }

  /** The edits that made version `to` of `file` from version `from`, in order; undefined when not all are kept. */
  between(file: string, from: number, to: number): OffsetEdit[] | undefined {
    if (from === to) return [];
    const steps = this.steps.get(file);
    if (!steps) return undefined;
    let i = steps.findIndex(s => s.from === from);
    if (i < 0) return undefined;
    const edits: OffsetEdit[] = [];
    for (let version = from; version !== to; i++) {
      const step = steps[i];
      if (!step || step.from !== version) return undefined;
      edits.push(...step.edits);
      version = step.to;
    }
    return edits;
  }

  /** The document was closed: its edits are dropped. */
  forget(file: string): void {
    this.steps.delete(file);
  }
}
