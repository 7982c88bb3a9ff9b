/**
 * A cold lint of one text: `lint()` is a fresh IncrementalLinter, starting from nothing, in its one-shot mode
 * (pipeline/cold.ts) — the same parse, resolve and run modules that relint a document as it is edited. Callers
 * outside the engine go through lintDocument.ts (index.ts), which adds the budget, the BOM and the overrun findings.
 * The reference it is tested against is Spectral's own run (spectralReference.ts).
 */
import type { Ruleset } from '@stoplight/spectral-core';
import type { LintResult } from './problem';
import type { FileReader } from './resolver';
import type { InputLimits } from './limits';
import type { RefPolicy } from './refFiles';
import { lintCold } from './pipeline/cold';

export interface LintOptions {
  /** The ruleset to run; default `apiconv:recommended`. */
  ruleset?: Ruleset;
  /** Reads `$ref`'d files; return undefined to fall back to the disk (open editor buffers come first). */
  readFile?: FileReader;
  /** Fetch `http(s)` `$ref`s. Off by default: no network request is made. */
  allowRemoteRefs?: boolean;
  /** Size, depth and alias limits (limits.ts); default DEFAULT_LIMITS. */
  limits?: Partial<InputLimits>;
  /** How `$ref`'d files are read from the disk (refFiles.ts refPolicyOf); default OPEN_REF_POLICY. */
  refPolicy?: RefPolicy;
  /**
   * Run only the rules (by name) this keeps: the others report nothing, their time is saved (the passes of
   * `--fix-dry-run`, which read only the fixable findings: fix/index.ts). Each rule's own findings are the same
   * as in a lint of all of them. Honoured by the incremental engine (pipeline/linter.ts); a lint that falls back
   * to Spectral's runner runs every rule, so callers keep only the findings of the rules they asked for.
   */
  onlyRules?: (rule: string) => boolean;
}

/** Lint one document. `file` is its absolute path (used for `$ref`s and config). */
export async function lint(text: string, file: string, options: LintOptions = {}): Promise<LintResult> {
  return lintCold(text, file, options);
}
