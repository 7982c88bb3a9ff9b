/** LintProblem → LSP Diagnostic, and the merged per-file view. */
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver/node';
import type { LintProblem } from '../engine/problem';
import type { DiagnosticData } from './protocol';

const SEVERITY: Record<number, DiagnosticSeverity> = {
  0: DiagnosticSeverity.Error,
  1: DiagnosticSeverity.Warning,
  2: DiagnosticSeverity.Information,
  3: DiagnosticSeverity.Hint,
};

/**
 * The diagnostic of a finding, for the file it is in (the one it is published for: its `data` does not repeat that
 * file, see codeActions.ts dataOf).
 */
export function toDiagnostic(p: LintProblem, version: number, href: string | undefined): Diagnostic {
  const data: DiagnosticData = { ruleId: p.code, version, path: [...p.path], fixable: p.fixable !== undefined };
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
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const list of lists) {
    for (const d of list) {
      // The path is part of a finding's identity, as in the CLI (mergeProblems): two findings at one place (e.g. 0:0, a
      // path with no range in a broken document) with one message are two findings (issue 16, found by the fuzz suite).
      const k = `${String(d.code)}|${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}|${d.message}|${JSON.stringify((d.data as DiagnosticData | undefined)?.path ?? null)}`;
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(d);
    }
  }
  return out.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character || String(a.code).localeCompare(String(b.code)));
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
