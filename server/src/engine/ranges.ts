/**
 * Narrow ranges: Spectral's range for a path whose value is a mapping or a
 * sequence spans the whole value; a person points at the key instead. Works on
 * the text alone (no second parse): the key is read backwards from the value's
 * start and must spell the path's last segment, else the range is kept.
 *
 * A range that still spans lines after that (a sequence item that is a
 * mapping, the root of a `$ref`'d file, a key that is not where the text
 * says) is cut to its first line of content: a finding is shown on one line,
 * never squiggled over a whole block. Parser errors keep their ranges.
 */
import type { LintProblem, Range } from './problem';
import { LineIndex } from './lineIndex';

export { LineIndex };

/** What `/\s/` matches: JavaScript's white space and line terminators (by character code, not a test per character). */
export function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

const isSpaceOrTab = (c: number): boolean => c === 32 || c === 9;

function unquote(raw: string): string | undefined {
  if (raw.startsWith('"')) {
    try {
      return JSON.parse(raw) as string;
    } catch {
      return undefined;
    }
  }
  if (raw.startsWith("'")) return raw.slice(1, -1).replace(/''/g, "'");
  return raw;
}

/** The range a finding is shown on: its key, else the first line of a multi-line range; undefined to keep the range. */
export function narrowedRange(problem: LintProblem, index: LineIndex): Range | undefined {
  if (problem.code === 'parser') return undefined;
  return keyRangeFor(problem, index) ?? firstLineRange(problem.range, index);
}

/**
 * A multi-line range cut to one line: from its first non-blank character (a value
 * that starts on the line after its key starts there) to the end of that line's content.
 */
export function firstLineRange(range: Range, index: LineIndex): Range | undefined {
  if (range.end.line <= range.start.line) return undefined;
  const t = index.text;
  const start = index.offsetAt(range.start.line, range.start.character);
  const end = index.offsetAt(range.end.line, range.end.character);
  if (start === undefined || end === undefined) return undefined;
  let s = start;
  while (s < end && isSpace(t.charCodeAt(s))) s++;
  if (s >= end) return undefined;
  let e = t.indexOf('\n', s);
  if (e < 0 || e > end) e = end;
  while (e > s && isSpace(t.charCodeAt(e - 1))) e--;
  return { start: index.positionAt(s), end: index.positionAt(e) };
}

/** The key range for the problem's value range, when the value is a collection; undefined to keep the range. */
export function keyRangeFor(problem: LintProblem, index: LineIndex): Range | undefined {
  if (problem.code === 'parser' || problem.path.length === 0) return undefined;
  const seg = problem.path[problem.path.length - 1];
  if (typeof seg === 'number') return undefined;
  const t = index.text;
  const start = index.offsetAt(problem.range.start.line, problem.range.start.character);
  const end = index.offsetAt(problem.range.end.line, problem.range.end.character);
  if (start === undefined || end === undefined || start >= t.length) return undefined;
  const multiLine = problem.range.end.line > problem.range.start.line;
  let v = start;
  while (v < end && isSpaceOrTab(t.charCodeAt(v))) v++;
  const c = t[v];
  if (!multiLine && c !== '{' && c !== '[') return undefined;
  // Back from the value to the colon, then to the key.
  let i = start - 1;
  while (i >= 0 && isSpace(t.charCodeAt(i))) i--;
  if (t[i] !== ':') return undefined;
  i--;
  while (i >= 0 && isSpaceOrTab(t.charCodeAt(i))) i--;
  if (i < 0) return undefined;
  const keyEnd = i + 1;
  const q = t[i];
  if (q === '"' || q === "'") {
    let j = i - 1;
    for (; j >= 0 && t[j] !== '\n'; j--) {
      if (t[j] === q && !(q === '"' && t[j - 1] === '\\') && !(q === "'" && t[j - 1] === "'")) break;
    }
    if (j < 0 || t[j] !== q) return undefined;
    if (unquote(t.slice(j, keyEnd)) !== String(seg)) return undefined;
    return { start: index.positionAt(j), end: index.positionAt(keyEnd) };
  }
  // A plain key starts after a flow indicator (`{a: …`, `, b: …`) or at its line's start
  // (past the indentation and a `- ` or `? `). Flow indicators may also be inside a block
  // key (`/users/{id}:`): every start is tried, the nearest first, and the one that spells
  // the segment wins.
  for (let j = i; j >= 0; j--) {
    const atLineStart = j === 0 || t[j - 1] === '\n';
    if (!atLineStart && t[j - 1] !== '{' && t[j - 1] !== ',') continue;
    let k = j;
    while (k < keyEnd && isSpaceOrTab(t.charCodeAt(k))) k++;
    if (atLineStart && (t.startsWith('- ', k) || t.startsWith('? ', k))) {
      k += 2;
      while (k < keyEnd && isSpaceOrTab(t.charCodeAt(k))) k++;
    }
    if (k < keyEnd && t.slice(k, keyEnd) === String(seg)) return { start: index.positionAt(k), end: index.positionAt(keyEnd) };
    if (atLineStart) break;
  }
  return undefined;
}
