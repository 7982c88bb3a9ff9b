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

export type Formatter = (problems: readonly LintProblem[], ctx: ReportContext) => string;
