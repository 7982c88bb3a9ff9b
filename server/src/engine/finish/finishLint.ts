/** The finish stage: from the rules' results to what a lint returns. */
import { fileURLToPath } from 'node:url';
import type { Ruleset, ISpectralDiagnostic } from '@stoplight/spectral-core';
import type { LintProblem, LintResult } from '../problem';
import { LineIndex, narrowedRange } from '../ranges';
import { applySuppressions } from '../suppress';
import { fixableOf } from '../ruleset';
import { DIFF_CHECK_IDS } from '../diff/checks';
import { CAP_LEVEL } from '../../../../rules/_lib/severity';
import { isJsonText } from '../sniff';
import { sortProblems } from './order';
import { isExampleRefFinding } from './exampleRefs';
import { isNumberKeyProblem, numberKeyMessage } from './numberKeys';
import type { FinishMemo } from './finishMemo';

/** A Spectral result with the severity cap its rule recorded (rules/_lib/severity.ts). */
export type EngineResult = ISpectralDiagnostic & { cap?: 'info' | 'hint' };

/**
 * From Spectral's results to what `lint` returns: severity caps, ranges narrowed to keys, suppressions, order.
 * Shared by the full engine and the incremental one (pipeline/linter.ts), so both give the same output.
 */
export function finishLint(
  results: EngineResult[],
  absFile: string,
  ruleset: Ruleset,
  texts: ReadonlyMap<string, string>,
  files: string[],
  /** Line indexes of some of the texts, already made (the incremental engine's, pipeline/input.ts) */
  lineIndexes?: ReadonlyMap<string, LineIndex>,
  /** Whether the root's text surely holds no `s` (the incremental engine's input checks: only around an edit is read) */
  rootLacks?: (text: string, s: string) => boolean,
  /** The incremental engine's findings of its last lint (finishMemo.ts); none for a one-shot lint */
  memo?: FinishMemo,
): LintResult {
  results = results.filter(r => !isExampleRefFinding(r));
  const converted = memo ? memo.convert(results, r => toCappedProblem(r, absFile)) : results.map(r => toCappedProblem(r, absFile));
  const problems = withNarrowedRanges(converted, texts, lineIndexes, memo !== undefined);
  // The checks of `apiconv diff` are known too: a comment silencing one is not an unknown rule to the linter.
  const known = new Set([...Object.keys(ruleset.rules), 'parser', 'invalid-ref', ...DIFF_CHECK_IDS]);
  const suppression = applySuppressions(problems, texts, known, (t, f) => isJsonText(t, f), rootLacks && { file: absFile, lacks: rootLacks });
  // The files read: the root first, the others in name order (the resolver reads them concurrently).
  const ordered = [absFile, ...[...new Set(files)].filter(f => f !== absFile).sort()];
  const sorted = sortProblems(suppression.problems);
  return { problems: memo ? memo.keep(sorted) : sorted, suppressed: sortProblems(suppression.suppressed), files: ordered };
}

/**
 * A finding on a mapping/sequence value points at its key; any other multi-line range is cut to its first line (see
 * ranges.ts). `kept`: the findings are the incremental engine's (finishMemo.ts), never changed: a narrowed one is a copy.
 */
function withNarrowedRanges(
  problems: LintProblem[],
  texts: ReadonlyMap<string, string>,
  made: ReadonlyMap<string, LineIndex> | undefined,
  kept: boolean,
): LintProblem[] {
  const indexes = new Map<string, LineIndex>(made);
  for (let i = 0; i < problems.length; i++) {
    const p = problems[i]!;
    const text = texts.get(p.source);
    if (text === undefined) continue;
    let index = indexes.get(p.source);
    if (!index) indexes.set(p.source, (index = new LineIndex(text)));
    const range = narrowedRange(p, index);
    if (!range) continue;
    if (kept) problems[i] = { ...p, range };
    else p.range = range;
  }
  return problems;
}

/**
 * The file of a finding's source: a path, or a `file:` URI as Spectral may give one (a URI's path is `/C:/api/a.yaml`
 * on Windows, not a path; percent-encoded names are decoded). `windows`: for tests.
 */
export function fileOfSource(source: string, windows = process.platform === 'win32'): string {
  return /^file:\/\//i.test(source) ? fileURLToPath(source, { windows }) : source;
}

/** A rule's result as a finding, at the severity its cap allows (a rule reports some below its own: rules/_lib/severity.ts). */
function toCappedProblem(r: EngineResult, root: string): LintProblem {
  const p = toProblem(r, root);
  // Never above the user's level.
  if (r.cap) p.severity = Math.max(p.severity, CAP_LEVEL[r.cap]) as LintProblem['severity'];
  return p;
}

function toProblem(r: ISpectralDiagnostic, root: string): LintProblem {
  const source = r.source ?? root;
  const problem: LintProblem = {
    code: String(r.code),
    message: r.message,
    severity: r.severity as LintProblem['severity'],
    path: [...r.path],
    range: {
      start: { line: r.range.start.line, character: r.range.start.character },
      end: { line: r.range.end.line, character: r.range.end.character },
    },
    source: fileOfSource(source),
  };
  const fixable = fixableOf(problem.code);
  if (fixable) problem.fixable = fixable;
  if (isNumberKeyProblem(problem)) {
    problem.message = numberKeyMessage(problem.path);
    problem.fixable = 'safe';
  }
  return problem;
}
