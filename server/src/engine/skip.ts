/**
 * Why a document is not linted, in words the user reads (never skip in silence):
 * binary and UTF-16 files, files that are not OpenAPI documents, and OpenAPI/Swagger
 * versions the rules are not written for (Swagger 2.0 and OpenAPI 3.x are).
 */
import type { LintProblem, LintResult } from './problem';

export type SkipKind = NonNullable<LintResult['skipped']>;

export function skipped(kind: SkipKind, file: string, reason: string): LintResult {
  return { problems: [], skipped: kind, skipReason: reason, files: [file] };
}

/**
 * A text with NUL characters: UTF-16 read as UTF-8 (every other character NUL) or binary, both skipped; or, when it
 * reads as an OpenAPI document (`openApi`), a document with a stray NUL, which neither YAML nor JSON allows: a
 * `parser` finding at it, so that a CI gate fails rather than pass a document nobody linted.
 */
export function binarySkip(text: string, file: string, openApi: boolean): LintResult | undefined {
  const nul = text.indexOf('\u0000');
  if (nul < 0) return undefined;
  const head = text.slice(0, 64);
  let nuls = 0;
  for (let i = 0; i < head.length; i++) if (head.charCodeAt(i) === 0) nuls++;
  if (nuls >= head.length / 3) return skipped('utf-16', file, 'UTF-16 text: apiconv reads UTF-8 (save the file as UTF-8)');
  if (openApi) return { problems: [nulFinding(text, nul, file)], files: [file] };
  return skipped('binary', file, 'a binary file (it holds NUL bytes)');
}

function nulFinding(text: string, at: number, file: string): LintProblem {
  let line = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  const character = at - lineStart;
  return {
    code: 'parser',
    message: 'A NUL character (U+0000), which YAML and JSON do not allow: remove it (the document is not linted until then)',
    severity: 0,
    path: [],
    range: { start: { line, character }, end: { line, character: character + 1 } },
    source: file,
  };
}

export function notOpenApi(text: string, file: string): LintResult {
  if (text.trim() === '') return skipped('not-openapi', file, 'the file is empty');
  if (ASYNCAPI.test(text)) return skipped('not-openapi', file, 'an AsyncAPI document: apiconv lints OpenAPI documents (Swagger 2.0, OpenAPI 3.x)');
  return skipped('not-openapi', file, 'not an OpenAPI document (no top-level openapi or swagger key)');
}

const ASYNCAPI = /^\s*["']?asyncapi["']?\s*:|^\s*\{\s*"asyncapi"\s*:/m;

/**
 * After the parse (both runners, lint.ts and pipeline/linter.ts): a document that parsed cleanly is skipped when its
 * root holds neither `openapi` nor `swagger` (`openapi:` nested below the top level, say) or a version the rules are
 * not written for.
 */
export function parsedSkip(text: string, file: string, data: unknown, diagnostics: readonly { code?: unknown; severity?: unknown }[]): LintResult | undefined {
  if (diagnostics.some(d => d.code === 'parser' && d.severity === 0)) return undefined;
  const root = data as Record<string, unknown> | null | undefined;
  if (typeof root !== 'object' || root === null || (root.openapi === undefined && root.swagger === undefined)) return notOpenApi(text, file);
  return versionSkip(root, file);
}

/** The parsed root's version, when it is one the rules are not written for. */
export function versionSkip(data: unknown, file: string): LintResult | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as Record<string, unknown>;
  if (d.openapi !== undefined) {
    if (parseInt(String(d.openapi)) === 3) return undefined;
    return skipped('unsupported-version', file, `openapi: ${String(d.openapi)} is not a version apiconv lints (Swagger 2.0, OpenAPI 3.x)`);
  }
  if (d.swagger !== undefined) {
    if (parseInt(String(d.swagger)) === 2) return undefined;
    return skipped('unsupported-version', file, `swagger: ${String(d.swagger)} is not a version apiconv lints (Swagger 2.0, OpenAPI 3.x)`);
  }
  return undefined;
}
