/**
 * A cold lint of one text: `lint()` is a fresh IncrementalLinter, starting from nothing, in its one-shot mode
 * (pipeline/cold.ts) — the same parse, resolve and run modules that relint a document as it is edited. Callers
 * outside the engine go through lintDocument.ts (index.ts), which adds the budget, the BOM and the overrun findings.
 * The reference it is tested against is Spectral's own run (spectralReference.ts).
 */
import type { LintResult } from './problem';
import type { LintOptions } from './lintOptions';
import { lintCold } from './pipeline/cold';

/** Lint one document. `file` is its absolute path (used for `$ref`s and config). */
export async function lint(text: string, file: string, options: LintOptions = {}): Promise<LintResult> {
  return lintCold(text, file, options);
}
