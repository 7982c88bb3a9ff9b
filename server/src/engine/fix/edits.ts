/**
 * Edits by offsets, and composing a sequence of edits (each made on the text the
 * previous ones produced) into non-overlapping edits of the original text.
 */

/** An edit of one text by offsets (no file). */
export interface OffsetEdit {
  offset: number;
  length: number;
  newText: string;
}

/** An offset-based edit of one file's text. */
export interface TextEdit {
  /** Absolute path of the edited file. */
  file: string;
  offset: number;
  length: number;
  newText: string;
}

/** A fix as offered: its title, whether it is safe (what `--fix` and fix-on-save apply), and its edits. */
export interface ComputedFix {
  title: string;
  safe: boolean;
  edits: TextEdit[];
}

/** Applies non-overlapping edits (any order) to `text`. */
export function applyOffsetEdits(text: string, edits: readonly OffsetEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.offset - b.offset || a.length - b.length);
  let out = '';
  let pos = 0;
  for (const e of sorted) {
    if (e.offset < pos) throw new Error('overlapping edits');
    out += text.slice(pos, e.offset) + e.newText;
    pos = e.offset + e.length;
  }
  return out + text.slice(pos);
}

/**
 * Collects edits made one after another on an evolving text and keeps them as
 * edits of the original text. Edits that touch or overlap earlier ones are merged.
 */
export class EditComposer {
  private edits: OffsetEdit[] = [];
  /**
   * The current text; undefined until asked for after an edit added on the original text (addOnOriginal):
   * building it copies the whole text, which --fix did after every op of every finding.
   */
  private current: string | undefined;
  /** The current text's length minus the original's. */
  private delta = 0;

  constructor(readonly original: string) {
    this.current = original;
  }

  get text(): string {
    if (this.current === undefined) this.current = applyOffsetEdits(this.original, this.edits);
    return this.current;
  }

  /** Whether the current text differs from the original (without building it when the lengths differ). */
  get changed(): boolean {
    if (this.edits.length === 0) return false;
    if (this.delta !== 0) return true;
    return this.text !== this.original;
  }

  /** Adds an edit expressed on the current text. */
  add(e: OffsetEdit): void {
    const text = this.text;
    const s = e.offset;
    const en = e.offset + e.length;
    if (s < 0 || en > text.length || s > en) throw new Error(`edit out of range: ${s}..${en} of ${text.length}`);
    if (e.length === 0 && e.newText === '') return;
    if (text.slice(s, en) === e.newText) return;
    let delta = 0;
    const spans = this.edits.map(ed => {
      const cs = ed.offset + delta;
      const ce = cs + ed.newText.length;
      delta += ed.newText.length - ed.length;
      return { cs, ce };
    });
    const hits: number[] = [];
    let deltaBefore = 0;
    spans.forEach((sp, i) => {
      if (sp.cs <= en && s <= sp.ce) hits.push(i);
      else if (sp.ce < s) deltaBefore += this.edits[i].newText.length - this.edits[i].length;
    });
    if (hits.length === 0) {
      const orig: OffsetEdit = { offset: s - deltaBefore, length: e.length, newText: e.newText };
      let at = this.edits.findIndex(x => x.offset > orig.offset);
      if (at < 0) at = this.edits.length;
      this.edits.splice(at, 0, orig);
    } else {
      const first = hits[0];
      const last = hits[hits.length - 1];
      const fs = spans[first];
      const ls = spans[last];
      const mStart = Math.min(s, fs.cs);
      const mEnd = Math.max(en, ls.ce);
      const newText = text.slice(mStart, s) + e.newText + text.slice(en, mEnd);
      const origStart = s < fs.cs ? this.edits[first].offset - (fs.cs - s) : this.edits[first].offset;
      const lastOrigEnd = this.edits[last].offset + this.edits[last].length;
      const origEnd = en > ls.ce ? lastOrigEnd + (en - ls.ce) : lastOrigEnd;
      this.edits.splice(first, last - first + 1, { offset: origStart, length: origEnd - origStart, newText });
    }
    this.current = text.slice(0, s) + e.newText + text.slice(en);
    this.delta += e.newText.length - e.length;
  }

  /**
   * An edit expressed on the original text, moved onto the current one; false (and nothing added)
   * when it touches or overlaps an edit already made, where its meaning could have changed.
   */
  addOnOriginal(e: OffsetEdit): boolean {
    const end = e.offset + e.length;
    let at = this.edits.length;
    for (let i = 0; i < this.edits.length; i++) {
      const ed = this.edits[i]!;
      if (ed.offset <= end && e.offset <= ed.offset + ed.length) return false;
      if (ed.offset > e.offset && at === this.edits.length) at = i;
    }
    // What add() does with it on the current text, kept as an edit of the original (it touches none):
    // nothing when it changes nothing, else in offset order; the current text is built when next asked for.
    if (e.offset < 0 || end > this.original.length || e.length < 0) throw new Error(`edit out of range: ${e.offset}..${end} of ${this.original.length}`);
    if (e.length === 0 && e.newText === '') return true;
    if (this.original.slice(e.offset, end) === e.newText) return true;
    this.edits.splice(at, 0, { offset: e.offset, length: e.length, newText: e.newText });
    this.delta += e.newText.length - e.length;
    this.current = undefined;
    return true;
  }

  /** Several edits of the same current text (non-overlapping). */
  addAll(edits: readonly OffsetEdit[]): void {
    const sorted = [...edits].sort((a, b) => b.offset - a.offset || b.length - a.length);
    for (const e of sorted) this.add(e);
  }

  /** The composed edits of the original text, each trimmed to its smallest changed span. */
  result(): OffsetEdit[] {
    const out: OffsetEdit[] = [];
    for (const e of this.edits) {
      const old = this.original.slice(e.offset, e.offset + e.length);
      if (old === e.newText) continue;
      let p = 0;
      while (p < old.length && p < e.newText.length && old[p] === e.newText[p]) p++;
      let q = 0;
      while (q < old.length - p && q < e.newText.length - p && old[old.length - 1 - q] === e.newText[e.newText.length - 1 - q]) q++;
      out.push({ offset: e.offset + p, length: old.length - p - q, newText: e.newText.slice(p, e.newText.length - q) });
    }
    return out;
  }
}
