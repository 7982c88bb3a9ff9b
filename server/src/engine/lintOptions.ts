/** What a lint is asked to do: every stage reads its part of these. */
import type { Ruleset } from '@stoplight/spectral-core';
import type { FileReader } from './spectralResolver';
import type { InputLimits } from './limits';
import type { RefPolicy } from './refFiles';

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
  /**
   * Whether a newer version of the document has made this lint moot (the language server: an edit came while it
   * ran). The incremental linter asks between its stages and ends there, throwing LintSuperseded: each stage keeps
   * the state of the last text it saw whole and tells what changed by the identity of the units, so the next lint
   * builds on what the stages before the end did.
   */
  superseded?: () => boolean;
}

/** A lint ended early: a newer version of its document made it moot (LintOptions.superseded). */
export class LintSuperseded extends Error {
  constructor() {
    super('superseded by a newer version');
    this.name = 'LintSuperseded';
  }
}
