/**
 * A lint as the CLI, `--fix`, the language server's workers and its workspace lint ask for it, written once: the
 * texts without their BOM, the lint under its function budget (cold, or a document's incremental linter), one
 * finding per rule the budget stopped, the findings moved back into texts that had a BOM. The `$ref` policy,
 * the input limits and the rules to run travel with the options: nothing is set for the process.
 */
import { hasBom, problemsWithBom, withoutBom } from './bom';
import { withFunctionBudget, withOverrunProblems, type FunctionBudget } from './functionBudget';
import { lint } from './lint';
import type { LintOptions } from './lintOptions';
import type { IncrementalLinter } from './pipeline/linter';
import type { LintResult } from './problem';
import { refPolicyOf } from './refFiles';

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

/**
 * A lint as the CLI and the language server hand it to their workers (plain data: it crosses threads). Each adds
 * what it lints and with which ruleset; these are the options every lint of theirs takes.
 */
export interface LintTask {
  /** The document's absolute path. */
  file: string;
  allowRemoteRefs: boolean;
  /** Folders `$ref`'d files must be in; undefined: anywhere. */
  refRoots?: string[];
  /** The size limit of the document and of `$ref`'d files, in bytes; default DEFAULT_LIMITS. */
  maxBytes?: number;
  /** Time budget of custom functions (ms), for the lint and for the findings' messages. */
  functionBudgetMs?: number;
  /** Rules whose custom functions ran past the time budget in an earlier try: skipped, one finding each. */
  stoppedRules?: string[];
  /** The ruleset's loading ran past the time budget in an earlier try. */
  rulesetTimedOut?: boolean;
}

/** How a front end names, in messages, the settings that widen a limit: the CLI its options, the server its settings. */
export interface LimitSettings {
  /** How to read `$ref`'d files outside the roots. */
  refsOutside: string;
  /** How to raise the size limit; undefined: the engine's own words (limits.ts). */
  size?: string;
}

/** The options of a task's lint: its `$ref` policy, limits and function budget. */
export function taskLintOptions(
  task: LintTask,
  settings: LimitSettings,
): Required<Pick<DocumentLintOptions, 'allowRemoteRefs' | 'limits' | 'refPolicy' | 'functionBudget'>> {
  return {
    allowRemoteRefs: task.allowRemoteRefs,
    limits: { ...(task.maxBytes ? { maxBytes: task.maxBytes } : {}), ...(settings.size ? { sizeHint: settings.size } : {}) },
    refPolicy: refPolicyOf({ roots: task.refRoots, maxBytes: task.maxBytes, widenHint: settings.refsOutside }),
    functionBudget: { ms: task.functionBudgetMs, skip: task.stoppedRules },
  };
}
