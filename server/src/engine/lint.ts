/**
 * The one entry point of the engine: lint a document's text.
 *
 * `lint()` is the engine's one code path (pipeline/, see README.md): a fresh
 * IncrementalLinter, starting from nothing, in its one-shot mode (cold.ts) —
 * the same parse, resolve and run modules that relint a document as it is
 * edited. The CLI, the language server's first lint, the workspace lint and
 * `--fix` all come here.
 *
 * `lintWithSpectral()` is the reference the tests compare the engine with:
 * Spectral's own `Spectral.run`, with a fresh `Spectral` instance and a fresh
 * `$ref` resolver for every call (Spectral's resolver caches documents across
 * runs, which makes a reused instance report wrong `invalid-ref` errors and
 * grow in memory, see shared/spec/PEERS.md). The ruleset is shared. The engine
 * also falls back to it when one of its shortcuts throws.
 */
import { Document, Spectral, type Ruleset, type ISpectralDiagnostic } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import * as path from 'node:path';
import type { LintProblem, LintResult } from './problem';
import { LineIndex, narrowedRange } from './ranges';
import { applySuppressions } from './suppress';
import { CheckedYaml } from './yamlSyntax';
import { createResolver, type FileReader } from './resolver';
import { getDefaultRuleset, fixableOf } from './ruleset';
import { DIFF_CHECK_IDS } from './diff/checks';
import { CAP_LEVEL, clearSeverityCaps, severityCapOf } from '../../../rules/_lib/severity';
import { checkLimits, limitsOf, type InputLimits, type LimitChecks } from './limits';
import { readRefFile } from './refFiles';
import { binarySkip, notOpenApi, parsedSkip } from './skip';
import { lintCold } from './pipeline/cold';
import { collate, collationRanks } from './finish/collate';

export interface LintOptions {
  /** The ruleset to run; default `apiconv:recommended`. */
  ruleset?: Ruleset;
  /** Reads `$ref`'d files; return undefined to fall back to the disk (open editor buffers come first). */
  readFile?: FileReader;
  /** Fetch `http(s)` `$ref`s. Off by default: no network request is made. */
  allowRemoteRefs?: boolean;
  /** Size, depth and alias limits (limits.ts); default DEFAULT_LIMITS. */
  limits?: Partial<InputLimits>;
  /**
   * Run only the rules (by name) this keeps: the others report nothing, their time is saved (the passes of
   * `--fix-dry-run`, which read only the fixable findings: fix/index.ts). Each rule's own findings are the same
   * as in a lint of all of them. Honoured by the incremental engine (pipeline/linter.ts); a lint that falls back
   * to Spectral's runner runs every rule, so callers keep only the findings of the rules they asked for.
   */
  onlyRules?: (rule: string) => boolean;
}

const JSON_OPENAPI_KEY = /"(openapi|swagger)"\s*:/;

/** The last text asked about and its answer: the language server asks for each edit's text two or three times. */
let lastSniffed: { text: string; openApi: boolean } | undefined;

/** Cheap content sniffing: does this text look like an OpenAPI / Swagger document? */
export function looksLikeOpenApi(text: string): boolean {
  if (lastSniffed !== undefined && lastSniffed.text === text) return lastSniffed.openApi;
  const openApi = sniffOpenApi(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  lastSniffed = { text, openApi };
  return openApi;
}

function sniffOpenApi(text: string): boolean {
  if (/^\s*\{/.test(text)) return JSON_OPENAPI_KEY.test(text);
  return hasOpenApiKey(text, 'openapi') || hasOpenApiKey(text, 'swagger');
}

/**
 * What /^(?:["']?)(openapi|swagger)(?:["']?)\s*:/m finds, for one of its words: the word at a line's start (or after a quote there), an optional
 * quote, blanks and a colon. Stepping from one occurrence of the word to the next: the expression tried every line
 * of a document, and stripe's `openapi:` comes after 3.5 MB of `components` (a few milliseconds on every relint).
 */
function hasOpenApiKey(text: string, word: string): boolean {
  for (let i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + 1)) {
    let b = i;
    const q = text.charCodeAt(b - 1);
    if (q === 0x22 || q === 0x27) b--;
    if (b > 0 && !isLineBreak(text.charCodeAt(b - 1))) continue;
    let j = i + word.length;
    const q2 = text.charCodeAt(j);
    if (q2 === 0x22 || q2 === 0x27) j++;
    while (j < text.length && /\s/.test(text[j]!)) j++;
    if (text.charCodeAt(j) === 0x3a) return true;
  }
  return false;
}

/** The characters after which a multiline `^` matches. */
const isLineBreak = (c: number): boolean => c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029;

export function isJsonText(text: string, file?: string): boolean {
  if (file && /\.json$/i.test(file)) return true;
  return /^\s*\{/.test(text); // not trimStart(): that copies the whole text, on every relint (as tree.ts's isJsonLike)
}

/** Lint one document. `file` is its absolute path (used for `$ref`s and config). */
export async function lint(text: string, file: string, options: LintOptions = {}): Promise<LintResult> {
  return lintCold(text, file, options);
}

/** What the incremental engine knows from the last text it checked (pipeline/input.ts): the same answers, sooner. */
export interface InputMemo extends LimitChecks {
  /** True when `text` is known to hold no NUL character (false: not known). */
  hasNoNul(text: string): boolean;
}

/**
 * The input checks of both runners (issue 16: skip.ts, limits.ts): a binary, UTF-16 or non-OpenAPI text is skipped
 * with its reason; an oversized, too deep or alias-bomb text is a finding. undefined: lint it.
 */
export function checkInput(text: string, absFile: string, options: LintOptions, memo?: InputMemo): LintResult | undefined {
  const skip = (memo?.hasNoNul(text) ? undefined : binarySkip(text, absFile)) ?? (looksLikeOpenApi(text) ? undefined : notOpenApi(text, absFile));
  if (skip) return skip;
  const over = checkLimits(text, absFile, isJsonText(text, absFile), limitsOf(options.limits), memo);
  return over ? { problems: over, files: [absFile] } : undefined;
}

/** Lint one document with Spectral's own runner (`Spectral.run`): the reference the engine is tested against. */
export async function lintWithSpectral(text: string, file: string, options: LintOptions = {}): Promise<LintResult> {
  const absFile = path.resolve(file);
  // A BOM is linted as without it.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const refused = checkInput(text, absFile, options);
  if (refused) return refused;

  // `!!binary` crashes Spectral's YAML parser (`data.replace is not a function`): read the value as the plain
  // base64 string it is written as (the tag blanked out, so every offset stays); any other parser crash is a finding.
  if (text.includes('!!binary')) text = blankBinaryTags(text);
  let document: Document<unknown, never>;
  try {
    document = new Document<unknown, never>(text, (isJsonText(text, absFile) ? Parsers.Json : CheckedYaml) as never, absFile);
  } catch (e) {
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    return { problems: [{ code: 'parser', message: `The parser failed: ${e instanceof Error ? e.message : String(e)}`, severity: 0, path: [], range, source: absFile }], files: [absFile] };
  }
  const skip = parsedSkip(text, absFile, document.data, document.diagnostics);
  if (skip) return skip;

  const files = new Set<string>([absFile]);
  // The texts of every file read (for ranges and suppressions): no file is read twice.
  const texts = new Map<string, string>([[absFile, text]]);
  const readFile: FileReader = async f => {
    const overlay = options.readFile ? await options.readFile(f) : undefined;
    const t = overlay ?? readTextSync(f);
    if (t !== undefined) texts.set(f, t);
    return t;
  };
  const resolver = createResolver({ readFile, allowRemoteRefs: options.allowRemoteRefs === true, onRead: f => files.add(f) });
  const spectral = new Spectral({ resolver });
  const ruleset = options.ruleset ?? getDefaultRuleset();
  spectral.setRuleset(ruleset);
  const results = await spectral.run(document, { ignoreUnknownFormat: true });
  const capped = results.map(r => ({ ...r, cap: severityCapOf(document, String(r.code), r.message, [...r.path]) }));
  clearSeverityCaps(document);
  return finishLint(capped, absFile, ruleset, texts, [...files]);
}

/** A Spectral result with the severity cap its rule recorded (rules/_lib/severity.ts). */
export type EngineResult = ISpectralDiagnostic & { cap?: 'info' | 'hint' };

/**
 * From Spectral's results to what `lint` returns: severity caps, ranges narrowed to keys, suppressions, order.
 * Shared by the full engine and the incremental one (pipeline/linter.ts), so both give the same output.
 */
export function finishLint(
  results: EngineResult[],
  absFile: string,
  ruleset: Ruleset,
  texts: ReadonlyMap<string, string>,
  files: string[],
  /** Line indexes of some of the texts, already made (the incremental engine's, pipeline/input.ts) */
  lineIndexes?: ReadonlyMap<string, LineIndex>,
  /** Whether the root's text surely holds no `s` (the incremental engine's input checks: only around an edit is read) */
  rootLacks?: (text: string, s: string) => boolean,
): LintResult {
  const problems = results.map(r => toProblem(r, absFile, ruleset));
  // Findings a rule reports below its own severity (rules/_lib/severity.ts): never above the user's level.
  for (let i = 0; i < problems.length; i++) {
    const cap = results[i]!.cap;
    const p = problems[i]!;
    if (cap) p.severity = Math.max(p.severity, CAP_LEVEL[cap]) as LintProblem['severity'];
  }
  narrowRanges(problems, texts, lineIndexes);
  // The checks of `apiconv diff` are known too: a comment silencing one is not an unknown rule to the linter.
  const known = new Set([...Object.keys(ruleset.rules), 'parser', 'invalid-ref', ...DIFF_CHECK_IDS]);
  const suppression = applySuppressions(problems, texts, known, (t, f) => isJsonText(t, f), rootLacks && { file: absFile, lacks: rootLacks });
  // The files read: the root first, the others in name order (the resolver reads them concurrently).
  const ordered = [absFile, ...[...new Set(files)].filter(f => f !== absFile).sort()];
  return { problems: sortProblems(suppression.problems), suppressed: sortProblems(suppression.suppressed), files: ordered };
}

/**
 * Files are read synchronously on purpose: json-ref-resolver's outcome on a multi-file
 * document depends on the order in which its reads complete (e.g. digitalocean: which of the
 * places reaching a shared file is resolved first). Reads that complete in the order they are
 * asked make the result the same on every run.
 */
function readTextSync(file: string): string | undefined {
  try {
    // Regular files of bounded size inside the project only (refFiles.ts); a refusal is reported by the resolver.
    return readRefFile(file);
  } catch {
    return undefined;
  }
}

/** `!!binary` tags replaced by as many spaces (see lint). */
export function blankBinaryTags(text: string): string {
  return text.replace(/(^|[\s:,[{-])!!binary(?=[\s,\]}]|$)/gm, (_m, pre: string) => `${pre}        `);
}

/** A finding on a mapping/sequence value points at its key; any other multi-line range is cut to its first line (see ranges.ts). */
function narrowRanges(problems: LintProblem[], texts: ReadonlyMap<string, string>, made?: ReadonlyMap<string, LineIndex>): void {
  const indexes = new Map<string, LineIndex>(made);
  for (const p of problems) {
    const text = texts.get(p.source);
    if (text === undefined) continue;
    let index = indexes.get(p.source);
    if (!index) indexes.set(p.source, (index = new LineIndex(text)));
    const narrowed = narrowedRange(p, index);
    if (narrowed) p.range = narrowed;
  }
}

function toProblem(r: ISpectralDiagnostic, root: string, ruleset: Ruleset): LintProblem {
  const source = r.source ?? root;
  const problem: LintProblem = {
    code: String(r.code),
    message: r.message,
    severity: r.severity as LintProblem['severity'],
    path: [...r.path],
    range: {
      start: { line: r.range.start.line, character: r.range.start.character },
      end: { line: r.range.end.line, character: r.range.end.character },
    },
    source: source.startsWith('file://') ? new URL(source).pathname : source,
  };
  const fixable = fixableOf(problem.code, ruleset);
  if (fixable) problem.fixable = fixable;
  return problem;
}

export function compareProblems(a: LintProblem, b: LintProblem): number {
  return (a.source === b.source ? 0 : collate(a.source, b.source, false)) || compareInSource(a, b);
}

/** compareProblems past the sources. */
function compareInSource(a: LintProblem, b: LintProblem): number {
  return (
    a.range.start.line - b.range.start.line ||
    a.range.start.character - b.range.start.character ||
    collate(a.code, b.code, false) ||
    collate(a.message, b.message, false)
  );
}

/** `list` sorted by compareProblems, each source's place in the collation found once (a lint of many files). */
export function sortProblems<T extends LintProblem>(list: T[]): T[] {
  if (list.length < 2) return list;
  const sources = collationRanks(
    list.map(p => p.source),
    false,
  );
  return list.sort((a, b) => (a.source === b.source ? 0 : Math.sign(sources.get(a.source)! - sources.get(b.source)!)) || compareInSource(a, b));
}

