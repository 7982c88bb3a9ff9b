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
