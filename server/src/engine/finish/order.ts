/** The order of findings: by file (collated), line, character, rule and message. */
import type { LintProblem } from '../problem';
import { collate, collationRanks } from './collate';

export function compareProblems(a: LintProblem, b: LintProblem): number {
  return (a.source === b.source ? 0 : collate(a.source, b.source, false)) || compareInSource(a, b);
}

/** compareProblems past the sources. */
function compareInSource(a: LintProblem, b: LintProblem): number {
  return (
    a.range.start.line - b.range.start.line ||
    a.range.start.character - b.range.start.character ||
    collate(a.code, b.code, false) ||
    collate(a.message, b.message, false)
  );
}

/** `list` sorted by compareProblems, each source's place in the collation found once (a lint of many files). */
export function sortProblems<T extends LintProblem>(list: T[]): T[] {
  if (list.length < 2) return list;
  const sources = collationRanks(
    list.map(p => p.source),
    false,
  );
  return list.sort((a, b) => (a.source === b.source ? 0 : Math.sign(sources.get(a.source)! - sources.get(b.source)!)) || compareInSource(a, b));
}

/** Two findings equal in every field (one finding made twice, e.g. by two lints of a text). */
export function sameProblem(a: LintProblem, b: LintProblem): boolean {
  const r = a.range;
  const q = b.range;
  if (
    a.code !== b.code ||
    a.message !== b.message ||
    a.source !== b.source ||
    a.severity !== b.severity ||
    a.fixable !== b.fixable ||
    r.start.line !== q.start.line ||
    r.start.character !== q.start.character ||
    r.end.line !== q.end.line ||
    r.end.character !== q.end.character ||
    a.path.length !== b.path.length
  )
    return false;
  for (let i = 0; i < a.path.length; i++) if (a.path[i] !== b.path[i]) return false;
  return true;
}
