/** LintProblem → LSP Diagnostic, and the merged per-file view. */
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver/node';
import type { LintProblem } from '../engine';
import type { DiagnosticData } from './protocol';

const SEVERITY: Record<number, DiagnosticSeverity> = {
  0: DiagnosticSeverity.Error,
  1: DiagnosticSeverity.Warning,
  2: DiagnosticSeverity.Information,
  3: DiagnosticSeverity.Hint,
};

/**
 * The diagnostic of a finding, for the file it is in (the one it is published for: its `data` does not repeat that
 * file, see codeActions.ts dataOf). `root`: the document whose lint found it, when that is another file (a `$ref`'d
 * fragment's finding): its fixes are computed from there.
 */
export function toDiagnostic(p: LintProblem, version: number, href: string | undefined, root?: string): Diagnostic {
  const data: DiagnosticData = { ruleId: p.code, version, path: [...p.path], fixable: p.fixable !== undefined };
  if (root !== undefined && root !== p.source) data.root = root;
  const d: Diagnostic = {
    range: p.range,
    severity: SEVERITY[p.severity] ?? DiagnosticSeverity.Warning,
    source: 'apiconv',
    code: p.code,
    message: p.message,
    data,
  };
  if (href && /^[a-z][a-z0-9+.-]*:/i.test(href)) d.codeDescription = { href };
  return d;
}

/** The union of several producers' diagnostics for one file, without duplicates (a file shared by two roots). */
export function mergeDiagnostics(lists: Iterable<readonly Diagnostic[]>): Diagnostic[] {
  const all = [...lists];
  // One producer whose list is in order already (a lint's findings are): duplicates can only be neighbours among the
  // findings that start at one place, so only those are compared. The same list as below, without a key per finding.
  if (all.length === 1 && isSorted(all[0]!)) return withoutNeighbourDuplicates(all[0]!);
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const list of all) {
    for (const d of list) {
      const k = keyOf(d);
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(d);
    }
  }
  return out.sort(compareDiagnostics);
}

/**
 * A finding's identity. The path is part of it, as in the CLI (mergeProblems): two findings at one place (e.g. 0:0, a
 * path with no range in a broken document) with one message are two findings (found by the fuzz suite).
 */
function keyOf(d: Diagnostic): string {
  return `${String(d.code)}|${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}|${d.message}|${JSON.stringify((d.data as DiagnosticData | undefined)?.path ?? null)}`;
}

/** keyOf(a) === keyOf(b), for two findings that start at one place. */
function sameFinding(a: Diagnostic, b: Diagnostic): boolean {
  if (String(a.code) !== String(b.code) || a.message !== b.message || a.range.end.line !== b.range.end.line || a.range.end.character !== b.range.end.character)
    return false;
  const p = (a.data as DiagnosticData | undefined)?.path ?? null;
  const q = (b.data as DiagnosticData | undefined)?.path ?? null;
  if (p === null || q === null || !Array.isArray(p) || !Array.isArray(q)) return JSON.stringify(p) === JSON.stringify(q);
  return p.length === q.length && p.every((x, i) => x === q[i]);
}

function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character || String(a.code).localeCompare(String(b.code));
}

function isSorted(list: readonly Diagnostic[]): boolean {
  for (let i = 1; i < list.length; i++) if (compareDiagnostics(list[i - 1]!, list[i]!) > 0) return false;
  return true;
}

/** A sorted list without its duplicates (the first of each kept): equal findings start at one place. */
function withoutNeighbourDuplicates(list: readonly Diagnostic[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (let i = 0; i < list.length;) {
    let j = i + 1;
    const s = list[i]!.range.start;
    while (j < list.length && list[j]!.range.start.line === s.line && list[j]!.range.start.character === s.character) j++;
    if (j === i + 1) out.push(list[i]!);
    else {
      // A few findings at one place (several rules on one key): compared with those kept before them.
      const from = out.length;
      for (let k = i; k < j; k++) {
        const d = list[k]!;
        let dup = false;
        for (let m = from; m < out.length && !dup; m++) dup = sameFinding(out[m]!, d);
        if (!dup) out.push(d);
      }
    }
    i = j;
  }
  return out;
}

/**
 * Whether two diagnostics say the same thing at the same place: everything but the document version they were
 * computed for. A client that holds `a` needs not be sent `b`.
 */
export function sameDiagnostic(a: Diagnostic, b: Diagnostic): boolean {
  if (a === b) return true;
  const r = a.range;
  const q = b.range;
  if (r.start.line !== q.start.line || r.start.character !== q.start.character || r.end.line !== q.end.line || r.end.character !== q.end.character)
    return false;
  if (a.severity !== b.severity || a.code !== b.code || a.source !== b.source || a.codeDescription?.href !== b.codeDescription?.href) return false;
  if (JSON.stringify(a.message) !== JSON.stringify(b.message) || String(a.tags ?? '') !== String(b.tags ?? '')) return false;
  return sameData(a.data, b.data);
}

/** Diagnostic data alike but for `version`: paths item by item, other values as they are. */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x).filter(k => k !== 'version');
  if (keys.length !== Object.keys(y).filter(k => k !== 'version').length) return false;
  return keys.every(k => {
    const u = x[k];
    const v = y[k];
    if (Array.isArray(u) && Array.isArray(v)) return u.length === v.length && u.every((e, i) => e === v[i]);
    return u === v;
  });
}

/** `invalid ruleset /x/.apiconv.yaml:3:5: …` → 0-based line/character (0:0 when the message has none). */
export function rulesetErrorPosition(file: string, message: string): { line: number; character: number } {
  const i = message.indexOf(file + ':');
  if (i >= 0) {
    const m = /^:(\d+):(\d+)/.exec(message.slice(i + file.length));
    if (m) return { line: Math.max(0, Number(m[1]) - 1), character: Math.max(0, Number(m[2]) - 1) };
  }
  return { line: 0, character: 0 };
}
