/** A YAML text's lines as the incremental parse cuts them into pieces: blank, comment, content or sequence entry, and their indentation (see parser.ts). */

const SPACE = 32;
const TAB = 9;
const CR = 13;
const HASH = 35;
const PERCENT = 37;
const DASH = 45;
const BLANK = 0;
const COMMENT = 1;
export const CONTENT = 2;
/** a block sequence entry (`- x`): never starts a piece; at the indentation of the key above it, it belongs to that key's value */
export const ITEM = 3;

export interface Lines {
  n: number;
  /** start offset of each line; start[n] = text.length */
  start: Int32Array;
  indent: Int32Array;
  type: Uint8Array;
  /** index of the first content line */
  first: number;
}

/**
 * Scans the lines that start at `from` (a line start) up to `to` (a line start
 * or text.length) into `out` from index `at`; false when a line cannot be cut
 * into pieces: a tab in its leading whitespace, or at column 0 a directive or
 * a document marker (a bare `---` is allowed when `markerOk(at)` is true).
 */
function scanRange(
  text: string,
  from: number,
  to: number,
  out: { start: number[]; indent: number[]; type: number[] },
  markerOk: (line: number) => boolean,
): boolean {
  let pos = from;
  while (pos < to) {
    const line = out.start.length;
    out.start.push(pos);
    let j = pos;
    while (text.charCodeAt(j) === SPACE) j++;
    let eol = text.indexOf('\n', j);
    if (eol === -1) eol = text.length;
    out.indent.push(j - pos);
    const c = text.charCodeAt(j);
    let type = CONTENT;
    if (c === TAB) return false;
    if (j === eol || (c === CR && j + 1 === eol)) type = BLANK;
    else if (c === HASH) type = COMMENT;
    else if (j === pos && (c === PERCENT || text.startsWith('---', j) || text.startsWith('...', j))) {
      // one bare `---` before the first key: part of the first piece
      if (c === PERCENT || !markerOk(line) || !/^---[ \r]*$/.test(text.slice(j, eol))) return false;
      type = COMMENT;
    }
    if (type === CONTENT && c === DASH) {
      const d = text.charCodeAt(j + 1);
      if (j + 1 === eol || d === SPACE || d === CR) type = ITEM;
    }
    out.type.push(type);
    pos = eol + 1;
  }
  return true;
}

function toLines(text: string, parts: { start: number[]; indent: number[]; type: number[] }): Lines | undefined {
  const n = parts.start.length;
  const start = new Int32Array(n + 1);
  start.set(parts.start);
  start[n] = text.length;
  const lines: Lines = { n, start, indent: Int32Array.from(parts.indent), type: Uint8Array.from(parts.type), first: 0 };
  return withFirst(lines);
}

/** Sets `first`; undefined when there is no content or the first content line is indented. */
function withFirst(lines: Lines): Lines | undefined {
  let i = 0;
  while (i < lines.n && lines.type[i] !== CONTENT) i++;
  if (i === lines.n || lines.indent[i] !== 0) return undefined;
  lines.first = i;
  return lines;
}

/**
 * The lines of `text` with their indentation and type, or undefined when the
 * text cannot be cut into pieces (see scanRange; also: no content at all, an
 * indented first content line, a byte order mark). A text ending with a line break has an
 * empty last line.
 */
export function scanLines(text: string): Lines | undefined {
  // the YAML parser drops a byte order mark, and every position after it is one character off
  if (text.charCodeAt(0) === 0xfeff) return undefined;
  const parts = { start: [] as number[], indent: [] as number[], type: [] as number[] };
  if (!scanRange(text, 0, text.length, parts, () => !parts.type.includes(CONTENT))) return undefined;
  if (text.length === 0 || text.charCodeAt(text.length - 1) === 10) {
    parts.start.push(text.length);
    parts.indent.push(0);
    parts.type.push(BLANK);
  }
  return toLines(text, parts);
}

/**
 * The lines of `text` from those of `oldText` (`old`), when the texts differ
 * only in [from, to) (new offsets; old offset = new offset - delta after it):
 * the lines around the change are scanned again, the others copied (moved).
 */
export function patchLines(old: Lines, text: string, from: number, to: number, delta: number): Lines | undefined {
  // the line holding `from`, and the line holding the first unchanged character after the change
  const i0 = lineAt(old, from);
  if (i0 <= old.first) return scanLines(text);
  const i1 = lineAt(old, to - delta);
  const midFrom = old.start[i0];
  const tail = i1 + 1 < old.n; // lines after i1 exist (they start after a line break of the unchanged suffix)
  const midTo = tail ? old.start[i1 + 1] + delta : text.length;
  const mid = { start: [] as number[], indent: [] as number[], type: [] as number[] };
  if (!scanRange(text, midFrom, midTo, mid, () => false)) return undefined;
  if (!tail && text.charCodeAt(text.length - 1) === 10) {
    mid.start.push(text.length);
    mid.indent.push(0);
    mid.type.push(BLANK);
  }
  const restN = tail ? old.n - (i1 + 1) : 0;
  const n = i0 + mid.start.length + restN;
  const start = new Int32Array(n + 1);
  const indent = new Int32Array(n);
  const type = new Uint8Array(n);
  start.set(old.start.subarray(0, i0));
  indent.set(old.indent.subarray(0, i0));
  type.set(old.type.subarray(0, i0));
  start.set(mid.start, i0);
  indent.set(mid.indent, i0);
  type.set(mid.type, i0);
  const at = i0 + mid.start.length;
  if (restN > 0) {
    const s = old.start.subarray(i1 + 1, old.n);
    for (let k = 0; k < restN; k++) start[at + k] = s[k] + delta;
    indent.set(old.indent.subarray(i1 + 1, old.n), at);
    type.set(old.type.subarray(i1 + 1, old.n), at);
  }
  start[n] = text.length;
  return { n, start, indent, type, first: old.first };
}

/** The line of `lines` that holds offset `pos` (the last line starting at or before it). */
function lineAt(lines: Lines, pos: number): number {
  let lo = 0;
  let hi = lines.n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lines.start[mid] <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
