/** Engine types: what `lint` returns. Editor-independent. */
import type { JsonPath } from '../../../rules/types';

export type { JsonPath };

/** Spectral's numbering: 0 error, 1 warn, 2 info, 3 hint. */
export type Severity = 0 | 1 | 2 | 3;

export const SEVERITY_NAMES = ['error', 'warn', 'info', 'hint'] as const;
export type SeverityName = (typeof SEVERITY_NAMES)[number];

export interface Position {
  /** 0-based */
  line: number;
  /** 0-based, UTF-16 code units */
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export interface LintProblem {
  /** Rule id (`parser` for syntax errors, `invalid-ref` for unresolvable `$ref`s). */
  code: string;
  message: string;
  severity: Severity;
  /** JSON path inside `source`. */
  path: JsonPath;
  range: Range;
  /** Absolute path of the file the problem is in (the root or a `$ref`'d file). */
  source: string;
  /** Whether the rule has a fix, and of which kind. */
  fixable?: 'safe' | 'unsafe';
}

export interface LintResult {
  problems: LintProblem[];
  /** Findings silenced by `apiconv-ignore` comments / `x-apiconv-ignore` keys (not in `problems`). */
  suppressed?: LintProblem[];
  /** Set when the document was not linted, with the reason. */
  skipped?: 'not-openapi' | 'binary' | 'utf-16' | 'unsupported-version';
  /** Why it was skipped, in words (skip.ts). */
  skipReason?: string;
  /** Every file read while resolving `$ref`s (absolute paths), the root included. */
  files: string[];
  /** The document's operations (apiSize.ts), when it was linted: the size a score is scaled by. */
  operations?: number;
}

export class RulesetLoadError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
    this.name = 'RulesetLoadError';
  }
}
