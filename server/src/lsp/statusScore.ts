/** The score of a linted document for the status item (the grade `apiconv score` gives the same document). */
import { scoreFindings, type LintResult } from '../engine';
import type { StatusParams } from './protocol';

export function statusScore(result: LintResult): Pick<StatusParams, 'score'> {
  if (result.skipped || result.operations === undefined) return {};
  const s = scoreFindings(result.problems, result.operations, 0);
  return { score: { value: s.score, grade: s.grade } };
}
