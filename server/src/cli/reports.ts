/** Writes every report a lint asks for (`-f`/`-o`, reportTargets.ts) from the same findings. */
import type { LintProblem } from '../engine';
import { formatters, type ReportContext } from './formatters/index';
import { batched, writeOutput } from './io';
import type { ReportTarget } from './reportTargets';

/** What a lint found: every report is made from it. */
export interface LintFindings {
  problems: LintProblem[];
  ctx: Omit<ReportContext, 'color'>;
}

export function writeReports(targets: readonly ReportTarget[], findings: LintFindings): void {
  for (const t of targets) {
    const color = t.output === undefined && process.stdout.isTTY === true && !process.env.NO_COLOR;
    const report = formatters[t.format](findings.problems, { ...findings.ctx, color });
    if (t.output === undefined) for (const piece of batched(report)) process.stdout.write(piece);
    else writeOutput(t.output, report, 'report');
  }
}
