import type { ApiScore, LintProblem, SeverityName } from '../../engine';

export interface ReportContext {
  /** Paths in the report are relative to this folder. */
  cwd: string;
  /** Every linted document (absolute), in order, clean ones included. */
  files: string[];
  version: string;
  /** Whether stdout is a colour terminal (stylish only). */
  color: boolean;
  /** Findings hidden by inline suppressions / the baseline (counted by `summary`). */
  suppressed: LintProblem[];
  baselined: LintProblem[];
  /** Findings at this severity or above fail the run (`--fail-severity`; default error). */
  failSeverity?: SeverityName;
  /** The score of the linted APIs (engine/score.ts), for the reports that show it. */
  score?: ApiScore;
  /** Texts that are not files on the disk (stdin), by absolute path: for the reports that quote the document. */
  texts?: ReadonlyMap<string, string>;
}

/**
 * A report: its text, or, for the reports that grow with the findings, its text piece by piece, written as it is
 * made (reports.ts). 600,000 findings are 240 MB of JSON: held whole, with the objects it was made of and its bytes,
 * the report took more memory than the lint; SARIF's was past the longest string V8 makes.
 */
export type Report = string | Generator<string, void, undefined>;

export type Formatter = (problems: readonly LintProblem[], ctx: ReportContext) => Report;

/** A report's whole text (the reports that are short, tests). */
export function reportText(report: Report): string {
  return typeof report === 'string' ? report : [...report].join('');
}
