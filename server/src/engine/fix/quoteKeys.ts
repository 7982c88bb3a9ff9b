/**
 * The safe fix of a key written as a number: it quotes the key, the only edit (`200:` → `'200':`), so comments,
 * order and layout stay as they were.
 */
import type { LintProblem } from '../problem';
import { LineIndex } from '../lineIndex';
import type { ComputedFix } from './edits';

/** The fix: the key's text at the finding's range, in single quotes. Undefined when that text is no plain number. */
export function quoteKeyFix(fileText: string, problem: LintProblem): ComputedFix | undefined {
  const index = new LineIndex(fileText);
  const from = index.offsetAt(problem.range.start.line, problem.range.start.character);
  const to = index.offsetAt(problem.range.end.line, problem.range.end.character);
  if (from === undefined || to === undefined || to <= from) return undefined;
  const key = fileText.slice(from, to);
  if (!/^[+-]?[0-9][0-9._]*$/.test(key)) return undefined;
  return { title: `Quote the key ${key}`, safe: true, edits: [{ file: problem.source, offset: from, length: key.length, newText: `'${key}'` }] };
}
