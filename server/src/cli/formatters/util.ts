import * as path from 'node:path';
import { type JsonPath, SEVERITY_NAMES } from '../../engine';

/** A display path: relative to cwd when inside it, else absolute; always with `/`. */
export function displayPath(file: string, cwd: string): string {
  const rel = path.relative(cwd, file);
  const shown = rel === '' || rel.startsWith('..') || path.isAbsolute(rel) ? file : rel;
  return shown.split(path.sep).join('/');
}

export function isInside(file: string, cwd: string): boolean {
  const rel = path.relative(cwd, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

export function severityName(s: number): string {
  return SEVERITY_NAMES[s] ?? 'error';
}

export function jsonPathString(p: JsonPath): string {
  return p.map(seg => (typeof seg === 'number' || /^(\d+|[A-Za-z_$][\w$-]*)$/.test(seg) ? String(seg) : JSON.stringify(seg))).join('.');
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
