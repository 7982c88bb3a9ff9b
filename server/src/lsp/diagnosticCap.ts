/**
 * The diagnostics of a file as a client that shows at most so many per file gets them.
 *
 * VS Code shows 1,000 diagnostics of a file (errors first) and replaces the others with one line that names neither
 * rule nor place: stripe has 3,976 findings. Sending them all costs the server's serialisation, the client's
 * conversion of each one (vscode-languageclient converts them in time slices, between other work) and the marker
 * service's sort, for findings nobody can see. Such a client (initializationOptions.maxDiagnosticsPerFile) is sent the
 * first ones in the order the user chose (`apiconv.diagnosticsFirst`), and the status says how many there are.
 */
import type { Diagnostic } from 'vscode-languageserver/node';

/** Which findings a capped client is sent first: errors, then warnings, infos and hints; or from the top of the file. */
export type DiagnosticsFirst = 'severity' | 'position';

export const DIAGNOSTICS_FIRST: readonly DiagnosticsFirst[] = ['severity', 'position'];

/**
 * The first `max` of `all` (in document order, as a file's merged diagnostics are), or `all` when there are no more
 * than `max` of them or no cap. By severity, each severity's findings stay in document order.
 */
export function firstDiagnostics(all: readonly Diagnostic[], max: number | undefined, first: DiagnosticsFirst): readonly Diagnostic[] {
  if (max === undefined || all.length <= max) return all;
  if (first === 'position') return all.slice(0, max);
  // Severities are 1 (error) to 4 (hint); a diagnostic without one is shown as an error.
  const bySeverity: Diagnostic[][] = [[], [], [], []];
  for (const d of all) bySeverity[Math.min(4, Math.max(1, d.severity ?? 1)) - 1]!.push(d);
  const out: Diagnostic[] = [];
  for (const list of bySeverity) {
    for (const d of list) {
      if (out.length === max) return out;
      out.push(d);
    }
  }
  return out;
}

/** A client's `maxDiagnosticsPerFile`, when it is a usable number. */
export function maxPerFileOf(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined;
}
