/**
 * The one entry point of the engine: lint a document's text.
 *
 * `lint()` is the engine's one code path (incremental/): a fresh
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
import { readFileSync } from 'node:fs';
import type { LintProblem, LintResult } from './problem';
import { LineIndex, keyRangeFor } from './ranges';
import { applySuppressions } from './suppress';
import { createResolver, type FileReader } from './resolver';
import { getDefaultRuleset, fixableOf } from './ruleset';
import { CAP_LEVEL, clearSeverityCaps, severityCapOf } from '../../../rules/_lib/severity';
import { lintCold } from './incremental/cold';

export interface LintOptions {
  /** The ruleset to run; default `apiconv:recommended`. */
  ruleset?: Ruleset;
  /** Reads `$ref`'d files; return undefined to fall back to the disk (open editor buffers come first). */
  readFile?: FileReader;
  /** Fetch `http(s)` `$ref`s. Off by default: no network request is made. */
  allowRemoteRefs?: boolean;
}

const OPENAPI_KEY = /^(?:["']?)(openapi|swagger)(?:["']?)\s*:/m;
const JSON_OPENAPI_KEY = /"(openapi|swagger)"\s*:/;

/** Cheap content sniffing: does this text look like an OpenAPI / Swagger document? */
export function looksLikeOpenApi(text: string): boolean {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) return JSON_OPENAPI_KEY.test(text);
  return OPENAPI_KEY.test(text);
}

export function isJsonText(text: string, file?: string): boolean {
  if (file && /\.json$/i.test(file)) return true;
  return text.trimStart().startsWith('{');
}

/** Lint one document. `file` is its absolute path (used for `$ref`s and config). */
export async function lint(text: string, file: string, options: LintOptions = {}): Promise<LintResult> {
  return lintCold(text, file, options);
}

/** Lint one document with Spectral's own runner (`Spectral.run`): the reference the engine is tested against. */
export async function lintWithSpectral(text: string, file: string, options: LintOptions = {}): Promise<LintResult> {
  const absFile = path.resolve(file);
  if (text.includes('\u0000')) return { problems: [], skipped: 'binary', files: [absFile] };
  if (!looksLikeOpenApi(text)) return { problems: [], skipped: 'not-openapi', files: [absFile] };

  const document = new Document<unknown, never>(text, (isJsonText(text, absFile) ? Parsers.Json : Parsers.Yaml) as never, absFile);
  const data = document.data as Record<string, unknown> | undefined;
  const parserErrors = document.diagnostics.some(d => d.code === 'parser' && d.severity === 0);
  if (!parserErrors && (typeof data !== 'object' || data === null || (data.openapi === undefined && data.swagger === undefined))) {
    // e.g. `openapi:` nested below the top level: not an OpenAPI document.
    return { problems: [], skipped: 'not-openapi', files: [absFile] };
  }

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
 * Shared by the full engine and the incremental one (incremental/linter.ts), so both give the same output.
 */
export function finishLint(results: EngineResult[], absFile: string, ruleset: Ruleset, texts: ReadonlyMap<string, string>, files: string[]): LintResult {
  const problems = results.map(r => toProblem(r, absFile, ruleset));
  // Findings a rule reports below its own severity (rules/_lib/severity.ts): never above the user's level.
  for (let i = 0; i < problems.length; i++) {
    const cap = results[i]!.cap;
    const p = problems[i]!;
    if (cap) p.severity = Math.max(p.severity, CAP_LEVEL[cap]) as LintProblem['severity'];
  }
  narrowRanges(problems, texts);
  const known = new Set([...Object.keys(ruleset.rules), 'parser', 'invalid-ref']);
  const suppression = applySuppressions(problems, texts, known, (t, f) => isJsonText(t, f));
  // The files read: the root first, the others in name order (the resolver reads them concurrently).
  const ordered = [absFile, ...[...new Set(files)].filter(f => f !== absFile).sort()];
  return { problems: suppression.problems.sort(compareProblems), suppressed: suppression.suppressed.sort(compareProblems), files: ordered };
}

/**
 * Files are read synchronously on purpose: json-ref-resolver's outcome on a multi-file
 * document depends on the order in which its reads complete (e.g. digitalocean: which of the
 * places reaching a shared file is resolved first). Reads that complete in the order they are
 * asked make the result the same on every run.
 */
function readTextSync(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** A finding on a mapping/sequence value points at its key (see ranges.ts). */
function narrowRanges(problems: LintProblem[], texts: ReadonlyMap<string, string>): void {
  const indexes = new Map<string, LineIndex>();
  for (const p of problems) {
    const text = texts.get(p.source);
    if (text === undefined) continue;
    let index = indexes.get(p.source);
    if (!index) indexes.set(p.source, (index = new LineIndex(text)));
    const narrowed = keyRangeFor(p, index);
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
  return (
    (a.source === b.source ? 0 : COLLATOR.compare(a.source, b.source)) ||
    a.range.start.line - b.range.start.line ||
    a.range.start.character - b.range.start.character ||
    COLLATOR.compare(a.code, b.code) ||
    COLLATOR.compare(a.message, b.message)
  );
}

/** `localeCompare`'s order, with one collator rather than one per call. */
const COLLATOR = new Intl.Collator();
