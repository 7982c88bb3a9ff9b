/** The same array shape as `spectral lint -f json`, written a finding at a time (jsonPieces). */
import type { LintProblem } from '../../engine';
import type { Formatter } from './types';
import { ITEMS_PLACE, jsonPieces } from './util';

function* entries(problems: readonly LintProblem[]): Generator<unknown> {
  for (const p of problems) yield { code: p.code, path: p.path, message: p.message, severity: p.severity, range: p.range, source: p.source };
}

export const json: Formatter = function* (problems) {
  yield* jsonPieces(ITEMS_PLACE, entries(problems));
  yield '\n';
};
