/** The input checks of both runners (the engine's pipeline and Spectral's reference run): what is not linted, and why. */
import type { LintResult } from './problem';
import { checkLimits, limitsOf, type LimitChecks } from './limits';
import { binarySkip, notOpenApi } from './skip';
import { isJsonText, looksLikeOpenApi } from './sniff';
import type { LintOptions } from './lintOptions';

/** What the incremental engine knows from the last text it checked (pipeline/input.ts): the same answers, sooner. */
export interface InputMemo extends LimitChecks {
  /** True when `text` is known to hold no NUL character (false: not known). */
  hasNoNul(text: string): boolean;
}

/**
 * The input checks of both runners (skip.ts, limits.ts): a binary, UTF-16 or non-OpenAPI text is skipped
 * with its reason; an oversized, too deep or alias-bomb text is a finding. undefined: lint it.
 */
export function checkInput(text: string, absFile: string, options: LintOptions, memo?: InputMemo): LintResult | undefined {
  const skip =
    (memo?.hasNoNul(text) ? undefined : binarySkip(text, absFile, looksLikeOpenApi(text))) ?? (looksLikeOpenApi(text) ? undefined : notOpenApi(text, absFile));
  if (skip) return skip;
  const over = checkLimits(text, absFile, isJsonText(text, absFile), limitsOf(options.limits), memo);
  return over ? { problems: over, files: [absFile] } : undefined;
}

/**
 * A lone CR (old Mac line ends) made a line feed: YAML reads CR, LF and CRLF as line breaks, as LSP clients do, but
 * the YAML parsers here break lines at LF only. One character for one, so every offset stays.
 */
export function withLineFeeds(text: string): string {
  if (text.indexOf('\r') < 0 || !LONE_CR.test(text)) return text;
  return text.replace(LONE_CR_ALL, '\n');
}
const LONE_CR = /\r(?!\n)/;
const LONE_CR_ALL = /\r(?!\n)/g;
