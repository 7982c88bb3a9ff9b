/**
 * A lint as the CLI, `--fix`, the language server's workers and its workspace lint ask for it, written once: the
 * texts without their BOM, the lint under its function budget (cold, or a document's incremental linter), one
 * finding per rule the budget stopped, the findings moved back into texts that had a BOM. The `$ref` policy,
 * the input limits and the rules to run travel with the options: nothing is set for the process.
 */
import { hasBom, problemsWithBom, withoutBom } from './bom';
import { withFunctionBudget, withOverrunProblems, type FunctionBudget } from './functionBudget';
import { lint, type LintOptions } from './lint';
import type { IncrementalLinter } from './pipeline/linter';
import type { LintResult } from './problem';

export interface DocumentLintOptions extends LintOptions {
  /** Texts of open editor buffers by absolute path, read before the disk (instead of `readFile`); a BOM is dropped. */
  overlays?: Readonly<Record<string, string>>;
  /** What custom functions may spend (functionBudget.ts); undefined: no budget, nothing skipped. */
  functionBudget?: FunctionBudget;
  /** The document's linter, kept between its edits (pipeline/linter.ts); undefined: a cold lint. */
  linter?: IncrementalLinter;
}

/** Lint one document (`file`: its absolute path) with `options`. */
export async function lintDocument(text: string, file: string, options: DocumentLintOptions = {}): Promise<LintResult> {
  const { overlays, functionBudget, linter, ...rest } = options;
  let bomFiles: ReadonlySet<string> = new Set();
  const lintOptions: LintOptions = rest;
  if (overlays || hasBom(text)) {
    const bare = withoutBom(file, text, overlays ?? {});
    text = bare.text;
    bomFiles = bare.bomFiles;
    if (overlays) lintOptions.readFile = f => bare.overlays[f];
  }
  const run = (): Promise<LintResult> => (linter ? linter.lint(text, lintOptions) : lint(text, file, lintOptions));
  if (!functionBudget) return problemsWithBom(await run(), bomFiles);
  const { value, stopped } = await withFunctionBudget(functionBudget, run);
  // The overrun findings go at the top of the editor's text, BOM or not.
  return withOverrunProblems(problemsWithBom(value, bomFiles), stopped, file, functionBudget.ms ?? 0);
}
