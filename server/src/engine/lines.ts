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

  private get lineStarts(): number[] {
    if (!this.starts) {
      const s = [0];
      const t = this.text;
      if (this.lineBreaks === 'jsonc') {
        for (let i = 0; i < t.length; i++) {
          const c = t.charCodeAt(i);
          if (c === 10) s.push(i + 1);
          else if (c === 13) {
            if (t.charCodeAt(i + 1) === 10) i++;
            s.push(i + 1);
          }
        }
      } else {
        for (let i = 0; i < t.length; i++) if (t.charCodeAt(i) === 10) s.push(i + 1);
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
