/**
 * Fixes: from a finding to minimal text edits, and fix-all loops.
 * (Implementation lands with the fixes issue; the signatures are fixed here.)
 */
import type { Ruleset } from '@stoplight/spectral-core';
import type { LintProblem } from '../problem';
import type { FileReader } from '../resolver';

/** An offset-based edit of one file's text. */
export interface TextEdit {
  /** Absolute path of the edited file. */
  file: string;
  offset: number;
  length: number;
  newText: string;
}

export interface ComputedFix {
  title: string;
  safe: boolean;
  edits: TextEdit[];
}

/** The fix of one problem, computed on the text of the file it is in; undefined when it has none. */
export function computeFix(_fileText: string, _problem: LintProblem, _rootSpec: 'oas2' | 'oas3', _isRoot: boolean): ComputedFix | undefined {
  return undefined;
}

export interface FixTextOptions {
  ruleset?: Ruleset;
  /** Only safe fixes (what `--fix` and fix-on-save apply). Default true. */
  safeOnly?: boolean;
  /** Only problems this returns true for. */
  filter?: (p: LintProblem) => boolean;
  readFile?: FileReader;
}

/** Lint, fix, relint until nothing more is fixed (at most 10 passes). Returns the new texts of every changed file. */
export async function fixFile(_text: string, _file: string, _opts: FixTextOptions = {}): Promise<{ files: Map<string, string>; applied: number }> {
  return { files: new Map(), applied: 0 };
}
