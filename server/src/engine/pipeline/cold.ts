/**
 * A cold lint: the incremental engine starting from nothing, for one lint of
 * one text (the CLI, the language server's first lint of a document, the
 * workspace lint, `--fix`). The parse, resolve and run modules are the ones
 * that relint a document as it is edited; in one-shot mode they skip what only
 * a later edit would use (see IncrementalLinter's `oneShot`).
 */
import type { LintOptions } from '../lintOptions';
import type { LintResult } from '../problem';
import { IncrementalLinter } from './linter';
import { noteInputRead } from './garbageCollection';

/** How many cold lints fell back to Spectral's runner after an error in the engine (tests assert none). */
export const coldStats = { fallbacks: 0 };

export async function lintCold(text: string, file: string, options: LintOptions = {}): Promise<LintResult> {
  noteInputRead(text.length);
  const linter = new IncrementalLinter(file, { oneShot: true });
  const result = await linter.lint(text, options);
  coldStats.fallbacks += linter.failures;
  return result;
}
