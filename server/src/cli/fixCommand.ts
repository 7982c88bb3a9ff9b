/** `--fix` (apply safe fixes in place) and `--fix-dry-run` (print them as a unified diff). */
import { fixFile, loadingOverrunMessage, oneLine, taskLintOptions, unifiedDiff, type LintResult, type RefPolicy, type RulesetCache } from '../engine';
import { displayPath } from './formatters/util';
import { CLI_LIMIT_SETTINGS, type CliLintTask } from './lintOne';
import { readForFix, writeAll, type FileForm, type WritePolicy } from './safeWrite';

export interface FixOutcome {
  /** Unified diff of every change (dry run), in task order. */
  diff: string;
  /** Fixes in the files written (or that would be written, in a dry run). */
  applied: number;
  changedFiles: string[];
  errors: string[];
  /**
   * The lint of each task's fixed texts (by task index), where it still holds after every write:
   * no later task changed a file it read, and every changed file was written. --fix reports these
   * rather than linting again.
   */
  finals: Map<number, LintResult>;
  /** Rules whose custom functions ran past the time budget, by task index (their findings are not in finals). */
  stopped: Map<number, string[]>;
}

/**
 * What the fixes of every task change, before anything is written: computed in the CLI's main thread, or in a
 * worker thread that can be stopped when a custom function runs past its time budget (fixIsolated.ts). Maps
 * survive the worker's message (structured clone).
 */
export interface FixComputation {
  /** The texts as changed (every file a fix touched). */
  pending: Map<string, string>;
  /** The files as read: text and form (the bytes a write keeps). */
  originals: Map<string, { text: string; form: FileForm }>;
  fixesIn: Map<string, number>;
  /** The last task that changed each file. */
  lastWriter: Map<string, number>;
  finals: Map<number, LintResult>;
  errors: string[];
  /** Rules stopped by the time budget, by task index (the task's own stoppedRules and promises given up). */
  stopped: Map<number, string[]>;
}

export interface ComputeHooks {
  /** Called before each task (the worker tells the watching thread which document runs). */
  onTask?: (index: number) => void;
  /** Custom functions run under this budget per lint (engine/functionBudget.ts); none without. */
  functionBudgetMs?: number;
  /**
   * The fix passes lint only the rules with fixes (fix/index.ts FixTextOptions.lintFixableOnly): a dry run prints the
   * diff and never the fixed texts' findings; --fix lints them with every rule once at the end (finalLint).
   */
  lintFixableOnly?: boolean;
  /** With lintFixableOnly: the fixed texts are linted with every rule at the end, for finals (--fix). */
  finalLint?: boolean;
}

/** Fixes every task, each seeing the fixes of the tasks before it (two roots may share a `$ref`'d file); writes nothing. */
export async function computeFixes(tasks: readonly CliLintTask[], cache: RulesetCache, hooks: ComputeHooks = {}): Promise<FixComputation> {
  const out: FixComputation = {
    pending: new Map(),
    originals: new Map(),
    fixesIn: new Map(),
    lastWriter: new Map(),
    finals: new Map(),
    errors: [],
    stopped: new Map(),
  };
  const { pending, originals, fixesIn } = out;
  const named = new Set(tasks.map(t => t.file));
  // The task's: a file is read under the policy of the first task that reads it.
  let refPolicy: RefPolicy;
  const read = (file: string) => {
    let o = originals.get(file);
    if (!o) originals.set(file, (o = readForFix(file, refPolicy, named.has(file))));
    return o.text;
  };
  const reader = (f: string) => {
    if (pending.has(f)) return pending.get(f);
    try {
      return read(f);
    } catch {
      return undefined;
    }
  };
  for (const [index, task] of tasks.entries()) {
    hooks.onTask?.(index);
    const options = taskLintOptions({ ...task, functionBudgetMs: hooks.functionBudgetMs }, CLI_LIMIT_SETTINGS);
    refPolicy = options.refPolicy;
    let text = task.text ?? pending.get(task.file);
    try {
      if (text === undefined) text = read(task.file);
      else if (task.text !== undefined && !originals.has(task.file)) originals.set(task.file, { text, form: { bom: false, encoding: 'utf8' } });
    } catch (e) {
      out.errors.push(`cannot read ${task.file}: ${(e as NodeJS.ErrnoException).code ?? oneLine(e)}`);
      continue;
    }
    if (task.rulesetTimedOut) {
      out.errors.push(`${task.file}: cannot fix: ${loadingOverrunMessage(task.ruleset, task.functionBudgetMs ?? 0)}`);
      continue;
    }
    // As lintOne does: each lint of the passes has the budget; a rule stopped once is skipped in the next passes.
    let stopped = task.stoppedRules ?? [];
    try {
      const ruleset = await cache.get(task.ruleset);
      const fixed = await fixFile(text, task.file, {
        ruleset,
        safeOnly: true,
        readFile: reader,
        refPolicy,
        functionBudget: options.functionBudget,
        lintFixableOnly: hooks.lintFixableOnly,
        finalLint: hooks.finalLint,
      });
      const { files, perFile, final } = fixed;
      stopped = fixed.stopped;
      for (const [file, n] of perFile) fixesIn.set(file, (fixesIn.get(file) ?? 0) + n);
      for (const [file, after] of files) {
        pending.set(file, after);
        out.lastWriter.set(file, index);
      }
      if (final) out.finals.set(index, final);
    } catch (e) {
      out.errors.push(`${task.file}: cannot fix: ${oneLine(e)}`);
    }
    if (stopped.length > 0) out.stopped.set(index, stopped);
  }
  return out;
}

/** Writes (or, in a dry run, diffs) what computeFixes changed: every changed file at once (safeWrite.ts: temp file + rename, form kept, refusals). */
export function finishFixes(c: FixComputation, opts: { write: boolean; cwd: string; policy?: WritePolicy }): FixOutcome {
  const out: FixOutcome = { diff: '', applied: 0, changedFiles: [], errors: [...c.errors], finals: new Map(), stopped: c.stopped };
  const { pending, originals } = c;
  const changed = [...pending.keys()].filter(f => pending.get(f) !== originals.get(f)?.text);
  let done = changed;
  if (opts.write) {
    const w = writeAll(
      changed.map(file => ({ file, text: pending.get(file)!, form: originals.get(file)!.form })),
      opts.policy ?? { followSymlinks: false },
    );
    for (const r of w.refused) out.errors.push(r.reason);
    done = w.written;
    if (w.refused.length === 0) {
      for (const [index, final] of c.finals) if (final.files.every(f => (c.lastWriter.get(f) ?? -1) <= index)) out.finals.set(index, final);
    }
  } else {
    out.diff = changed.map(f => unifiedDiff(displayPath(f, opts.cwd), originals.get(f)!.text, pending.get(f)!)).join('');
  }
  out.changedFiles = done;
  out.applied = done.reduce((n, f) => n + (c.fixesIn.get(f) ?? 0), 0);
  return out;
}

/**
 * Fixes every task in this thread, then writes every changed file at once. For rulesets without the
 * repository's JavaScript; those go through fixIsolated.ts.
 */
export async function runFixes(
  tasks: readonly CliLintTask[],
  cache: RulesetCache,
  opts: { write: boolean; cwd: string; policy?: WritePolicy },
): Promise<FixOutcome> {
  return finishFixes(await computeFixes(tasks, cache), opts);
}
