/**
 * Lint one file for the CLI: the same code runs in the main thread (serial mode)
 * and in worker threads (parallel mode), so results are identical.
 */
import * as fs from 'node:fs';
import { lint } from '../engine/lint';
import type { LintProblem } from '../engine/problem';
import { RulesetCache, oneLine } from '../engine/ruleset';
import { loadingOverrunMessage, overrunMessage, setSkippedRules, startLintMeter, takeStoppedRules } from '../engine/functionBudget';

export interface LintTask {
  /** Absolute path. */
  file: string;
  /** The text, when it does not come from the disk (stdin). */
  text?: string;
  /** A ruleset file or a built-in name (`apiconv:recommended`). */
  ruleset: string;
  allowRemoteRefs: boolean;
  /** Rules whose custom functions ran past the time budget in an earlier try: skipped, one finding each. */
  stoppedRules?: string[];
  /** The ruleset's loading ran past the time budget in an earlier try. */
  rulesetTimedOut?: boolean;
  functionBudgetMs?: number;
}

export interface LintTaskResult {
  file: string;
  problems: LintProblem[];
  /** Findings silenced by apiconv-ignore comments / x-apiconv-ignore keys. */
  suppressed: LintProblem[];
  skipped?: 'not-openapi' | 'binary';
  /** Files read while resolving `$ref`s. */
  files: string[];
  /** A one-line I/O or engine error (exit code 2). */
  error?: string;
  /** The stack, for --verbose. */
  stack?: string;
  ms: number;
}

export async function lintOne(task: LintTask, cache: RulesetCache): Promise<LintTaskResult> {
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
      text = fs.readFileSync(task.file, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      return done({ problems: [], files: [task.file], error: `cannot read ${task.file}: ${code === 'ENOENT' ? 'file not found' : (code ?? oneLine(e))}` });
    }
  }
  if (task.rulesetTimedOut) return done({ problems: [], files: [task.file], error: loadingOverrunMessage(task.ruleset, task.functionBudgetMs ?? 0) });
  startLintMeter(task.functionBudgetMs);
  setSkippedRules(task.stoppedRules);
  try {
    const ruleset = await cache.get(task.ruleset);
    const result = await lint(text, task.file, { ruleset, allowRemoteRefs: task.allowRemoteRefs });
    const problems = result.problems;
    const stopped = [...new Set([...(task.stoppedRules ?? []), ...takeStoppedRules()])];
    if (stopped.length && !result.skipped) {
      const at = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
      for (const rule of stopped) problems.unshift({ code: rule, message: overrunMessage(rule, task.functionBudgetMs ?? 0), severity: 0, path: [], range: at, source: task.file });
    }
    return done({ problems, suppressed: result.suppressed ?? [], skipped: result.skipped, files: result.files });
  } catch (e) {
    return done({ problems: [], files: [task.file], error: `${task.file}: ${oneLine(e)}`, stack: (e as Error)?.stack });
  }
}
