import * as path from 'node:path';
import { type JsonPath, SEVERITY_NAMES } from '../../engine';

/**
 * A display path: relative to cwd when inside it, else absolute; always with `/`. `p`: the platform's path rules
 * (given for tests with path.win32: a file on another drive stays absolute, `C:/other/x.yaml`).
 */
export function displayPath(file: string, cwd: string, p: path.PlatformPath = path): string {
  const shown = isInside(file, cwd, p) ? p.relative(cwd, file) : file;
  return shown.split(p.sep).join('/');
}

/** Whether `file` is below `cwd` (not cwd itself). */
export function isInside(file: string, cwd: string, p: path.PlatformPath = path): boolean {
  const rel = p.relative(cwd, file);
  return rel !== '' && rel !== '..' && !rel.startsWith('..' + p.sep) && !p.isAbsolute(rel);
}

export function severityName(s: number): string {
  return SEVERITY_NAMES[s] ?? 'error';
}

export function jsonPathString(p: JsonPath): string {
  return p.map(seg => (typeof seg === 'number' || /^(\d+|[A-Za-z_$][\w$-]*)$/.test(seg) ? String(seg) : JSON.stringify(seg))).join('.');
}

/**
 * The widest cell of each of the first `columns` columns. A loop, not `Math.max(...cells)`: spread into arguments,
 * the cells of a document with 150,000 findings overflow the stack.
 */
export function columnWidths(rows: readonly (readonly string[])[], columns: number): number[] {
  const widths = new Array<number>(columns).fill(0);
  for (const row of rows) for (let i = 0; i < columns; i++) if (row[i]!.length > widths[i]!) widths[i] = row[i]!.length;
  return widths;
}

/** Groups problems by their `source`, keeping order. */
export function bySource<T extends { source: string }>(problems: readonly T[]): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const p of problems) {
    const list = m.get(p.source);
    if (list) list.push(p);
    else m.set(p.source, [p]);
  }
  return m;
}

/** Where jsonPieces' items go in the value around them. */
export const ITEMS_PLACE = '\u0000apiconv:items\u0000';

/**
 * `JSON.stringify(value, null, 2)` piece by piece, where the string ITEMS_PLACE in `value` stands for an array of
 * `items`: the text around it, and each item stringified on its own at its depth. An item is stringified inside as
 * many arrays as the levels it is indented by, which are then cut off: JSON.stringify indents it, where a replace
 * of each line break in its text doubled the report's time.
 */
export function* jsonPieces(value: unknown, items: Iterable<unknown>): Generator<string, void, undefined> {
  const text = JSON.stringify(value, null, 2);
  const mark = JSON.stringify(ITEMS_PLACE);
  const at = text.indexOf(mark);
  const lineStart = text.lastIndexOf('\n', at) + 1;
  let spaces = 0;
  while (text.charCodeAt(lineStart + spaces) === 0x20) spaces++;
  // The items' depth (their lines are indented by two spaces per level), and the wrapping arrays' text on each side.
  const depth = spaces / 2 + 1;
  const cut = depth * (depth + 1);
  yield text.slice(0, at);
  let first = true;
  for (const item of items) {
    let wrapped: unknown = item;
    for (let i = 0; i < depth; i++) wrapped = [wrapped];
    const json = JSON.stringify(wrapped, null, 2);
    yield (first ? '[\n' : ',\n') + json.slice(cut, json.length - cut);
    first = false;
  }
  yield first ? '[]' : '\n' + ' '.repeat(spaces) + ']';
  yield text.slice(at + mark.length);
}
