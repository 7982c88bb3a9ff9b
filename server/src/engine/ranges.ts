/**
 * Narrow ranges: Spectral's range for a path whose value is a mapping or a
 * sequence spans the whole value; a person points at the key instead. Works on
 * the text alone (no second parse): the key is read backwards from the value's
 * start and must spell the path's last segment, else the range is kept.
 */
import type { LintProblem, Range } from './problem';
import { LineIndex } from './lines';

export { LineIndex };

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
  while (v < end && (t[v] === ' ' || t[v] === '\t')) v++;
  const c = t[v];
  if (!multiLine && c !== '{' && c !== '[') return undefined;
  // Back from the value to the colon, then to the key.
  let i = start - 1;
  while (i >= 0 && /\s/.test(t[i])) i--;
  if (t[i] !== ':') return undefined;
  i--;
  while (i >= 0 && (t[i] === ' ' || t[i] === '\t')) i--;
  if (i < 0) return undefined;
  const keyEnd = i + 1;
  let keyStart: number;
  const q = t[i];
  if (q === '"' || q === "'") {
    let j = i - 1;
    for (; j >= 0 && t[j] !== '\n'; j--) {
      if (t[j] === q && !(q === '"' && t[j - 1] === '\\') && !(q === "'" && t[j - 1] === "'")) break;
    }
    if (j < 0 || t[j] !== q) return undefined;
    keyStart = j;
  } else {
    let j = i;
    while (j > 0 && !/[\n{,]/.test(t[j - 1])) j--;
    while (j < keyEnd && /[ \t]/.test(t[j])) j++;
    if (t.startsWith('- ', j)) j += 2;
    else if (t.startsWith('? ', j)) j += 2;
    while (j < keyEnd && /[ \t]/.test(t[j])) j++;
    keyStart = j;
  }
  const key = unquote(t.slice(keyStart, keyEnd));
  if (key !== String(seg)) return undefined;
  return { start: index.positionAt(keyStart), end: index.positionAt(keyEnd) };
}
