/** Offsets ↔ 0-based line/character positions of one text, with the line starts computed once, lazily. */
import type { Range } from './problem';

export class LineIndex {
  private starts: number[] | undefined;
  /**
   * `lineBreaks`: '\n' (LSP clients, the YAML parser) or 'jsonc' — `\n`, `\r\n` and a lone `\r`, the way
   * jsonc-parser's scanner counts lines (the ranges of Spectral's JSON parser).
   */
  constructor(
    readonly text: string,
    private readonly lineBreaks: '\n' | 'jsonc' = '\n',
  ) {}

  /**
   * The index of `text`, made from `prev`'s (same line breaks) and the edit that turned prev.text into it (old
   * [a, bOld) became [a, bNew)): the line starts before and after the edit are moved, only the edit is searched.
   */
  static afterEdit(prev: LineIndex, text: string, edit: { a: number; bOld: number; bNew: number }): LineIndex {
    const index = new LineIndex(text, prev.lineBreaks);
    // Around a \r the jsonc breaks depend on the next character: those are counted again.
    if (prev.lineBreaks !== '\n') return index;
    const old = prev.lineStarts;
    const s: number[] = [];
    let i = 0;
    // A start whose line break is before the edit.
    for (; i < old.length && old[i]! <= edit.a; i++) s.push(old[i]!);
    for (let k = text.indexOf('\n', edit.a); k >= 0 && k < edit.bNew; k = text.indexOf('\n', k + 1)) s.push(k + 1);
    // A start whose line break is after the edit, moved.
    const delta = edit.bNew - edit.bOld;
    while (i < old.length && old[i]! <= edit.bOld) i++;
    for (; i < old.length; i++) s.push(old[i]! + delta);
    index.starts = s;
    return index;
  }

  private get lineStarts(): number[] {
    if (!this.starts) {
      const s = [0];
      const t = this.text;
      // Without a '\r', indexOf finds the breaks faster than a loop over the characters.
      if (this.lineBreaks === '\n' || t.indexOf('\r') < 0) {
        for (let i = t.indexOf('\n'); i >= 0; i = t.indexOf('\n', i + 1)) s.push(i + 1);
      } else {
        for (let i = 0; i < t.length; i++) {
          const c = t.charCodeAt(i);
          if (c === 10) s.push(i + 1);
          else if (c === 13) {
            if (t.charCodeAt(i + 1) === 10) i++;
            s.push(i + 1);
          }
        }
      }
      this.starts = s;
    }
    return this.starts;
  }

  /** Offset of the start of `line` (0-based). */
  lineStart(line: number): number {
    return this.lineStarts[line];
  }

  offsetAt(line: number, character: number): number | undefined {
    const s = this.lineStarts;
    if (line < 0 || line >= s.length) return undefined;
    return Math.min(s[line] + character, this.text.length);
  }

  lineOf(offset: number): number {
    const s = this.lineStarts;
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  positionAt(offset: number): { line: number; character: number } {
    const line = this.lineOf(offset);
    return { line, character: offset - this.lineStarts[line] };
  }

  range(from: number, to: number): Range {
    return { start: this.positionAt(from), end: this.positionAt(to) };
  }
}

/**
 * `out` followed by the offset after each '\n' of `text` and its length + 1: the line maps the parsers give with their
 * results (@stoplight/yaml's, and @stoplight/json's, which starts with 0).
 */
export function newlineMap(text: string, out: number[]): number[] {
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) out.push(i + 1);
  out.push(text.length + 1);
  return out;
}
