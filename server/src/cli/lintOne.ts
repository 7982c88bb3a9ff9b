/**
 * Lint one file for the CLI: the same code runs in the main thread (serial mode)
 * and in worker threads (parallel mode), so results are identical.
 */
import * as fs from 'node:fs';
import { isUtf8 } from 'node:buffer';
import {
  decodeBytes,
  DEFAULT_LIMITS,
  lintDocument,
  loadingOverrunMessage,
  looksLikeOpenApi,
  oneLine,
  refusal,
  taskLintOptions,
  type LimitSettings,
  type LintProblem,
  type LintResult,
  type LintTask,
  type RulesetCache,
} from '../engine';

/** A CLI lint: a file (its `refRoots` are the linted folders' common root, unless --allow-refs-outside). */
export interface CliLintTask extends LintTask {
  /** The text, when it does not come from the disk (stdin). */
  text?: string;
  /** A ruleset file or a built-in name (`apiconv:recommended`). */
  ruleset: string;
}

/** The CLI's options that widen the limits, named in their findings. */
export const CLI_LIMIT_SETTINGS: LimitSettings = { refsOutside: 'allow it with --allow-refs-outside' };

export interface LintTaskResult {
  file: string;
  problems: LintProblem[];
  /** Findings silenced by apiconv-ignore comments / x-apiconv-ignore keys. */
  suppressed: LintProblem[];
  skipped?: LintResult['skipped'];
  skipReason?: string;
  /** Files read while resolving `$ref`s. */
  files: string[];
  /** The document's operations, when it was linted (the size a score is scaled by). */
  operations?: number;
  /** A one-line I/O or engine error (exit code 2). */
  error?: string;
  /** The stack, for --verbose. */
  stack?: string;
  ms: number;
}

export async function lintOne(task: CliLintTask, cache: RulesetCache): Promise<LintTaskResult> {
  const started = performance.now();
  const done = (r: Omit<LintTaskResult, 'ms' | 'file' | 'suppressed'> & { suppressed?: LintProblem[] }): LintTaskResult => ({
    file: task.file,
    ...r,
    suppressed: r.suppressed ?? [],
    ms: performance.now() - started,
  });
  let text = task.text;
  if (text === undefined) {
    try {
      // Read and decoded in a function of its own: the bytes (as large as the text) are not kept alive in this
      // function's frame while the document is linted.
      const decoded = readDecoded(task.file, task.maxBytes);
      if (typeof decoded === 'string') return done({ problems: [], files: [task.file], error: `${task.file}: not linted: ${decoded}` });
      if ('skip' in decoded) {
        const reason = decoded.skip === 'binary' ? 'a binary file (it holds NUL bytes)' : 'UTF-16 text: apiconv reads UTF-8 (save the file as UTF-8)';
        return done({ problems: [], files: [task.file], skipped: decoded.skip, skipReason: reason });
      }
      text = decoded.text;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      return done({ problems: [], files: [task.file], error: `cannot read ${task.file}: ${code === 'ENOENT' ? 'file not found' : (code ?? oneLine(e))}` });
    }
  }
  if (task.rulesetTimedOut) return done({ problems: [], files: [task.file], error: loadingOverrunMessage(task.ruleset, task.functionBudgetMs ?? 0) });
  try {
    const ruleset = await cache.get(task.ruleset);
    const result = await lintDocument(text, task.file, { ...taskLintOptions(task, CLI_LIMIT_SETTINGS), ruleset });
    return done({
      problems: result.problems,
      suppressed: result.suppressed ?? [],
      skipped: result.skipped,
      skipReason: result.skipReason,
      files: result.files,
      operations: result.operations,
    });
  } catch (e) {
    return done({ problems: [], files: [task.file], error: `${task.file}: ${oneLine(e)}`, stack: (e as Error)?.stack });
  }
}

function readDecoded(file: string, maxBytes?: number): ReturnType<typeof decodeBytes> | string {
  const bytes = readDocument(file, maxBytes);
  if (typeof bytes === 'string') return bytes;
  const decoded = decodeBytes(bytes);
  // An OpenAPI document with a stray NUL byte is linted, not skipped: the engine reports the byte (skip.ts).
  if ('skip' in decoded && decoded.skip === 'binary' && isUtf8(bytes)) {
    const text = bytes.toString('utf8');
    if (looksLikeOpenApi(text)) return { text, bom: false, encoding: 'utf8' };
  }
  return decoded;
}

/**
 * The bytes of a document to lint: a regular file (a FIFO or a device named on the command
 * line or found in a folder is not opened). A string: why it is not read.
 */
function readDocument(file: string, maxBytes = DEFAULT_LIMITS.maxBytes): Buffer | string {
  const st = fs.statSync(file);
  if (!st.isFile()) return refusal(file, { maxBytes }) ?? 'not a regular file';
  // Over the size limit: not read at all (the engine's own check, limits.ts, covers stdin and the server).
  if (st.size > maxBytes)
    return `${(st.size / 1024 / 1024).toFixed(0)} MB, over the size limit of ${Math.round(maxBytes / 1024 / 1024)} MB (raise it with --max-file-size)`;
  return fs.readFileSync(file);
}
