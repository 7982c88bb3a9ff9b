/** `--fix` (apply safe fixes in place) and `--fix-dry-run` (print them as a unified diff). */
import { fixFile, unifiedDiff } from '../engine/fix/index';
import { oneLine, type RulesetCache } from '../engine/ruleset';
import { setRefPolicy } from '../engine/refFiles';
import { displayPath } from './formatters/util';
import type { LintTask } from './lintOne';
import type { LintResult } from '../engine/problem';
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
}

/**
 * Fixes every task, each seeing the fixes of the tasks before it (two roots may share a `$ref`'d file),
 * then writes every changed file at once (safeWrite.ts: temp file + rename, form kept, refusals).
 */
export async function runFixes(tasks: readonly LintTask[], cache: RulesetCache, opts: { write: boolean; cwd: string; policy?: WritePolicy }): Promise<FixOutcome> {
  const out: FixOutcome = { diff: '', applied: 0, changedFiles: [], errors: [], finals: new Map() };
  const lastWriter = new Map<string, number>();
  const finals = new Map<number, LintResult>();
  // Texts as changed so far, so that two roots sharing a $ref'd file see each other's fixes.
  const pending = new Map<string, string>();
  const originals = new Map<string, { text: string; form: FileForm }>();
  const fixesIn = new Map<string, number>();
  const named = new Set(tasks.map(t => t.file));
  const read = (file: string) => {
    let o = originals.get(file);
    if (!o) originals.set(file, (o = readForFix(file, named.has(file))));
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
    setRefPolicy({ roots: task.refRoots, maxBytes: task.limits?.maxBytes, widenHint: 'allow it with --allow-refs-outside' });
    let text = task.text ?? pending.get(task.file);
    try {
      if (text === undefined) text = read(task.file);
      else if (task.text !== undefined && !originals.has(task.file)) originals.set(task.file, { text, form: { bom: false, encoding: 'utf8' } });
    } catch (e) {
      out.errors.push(`cannot read ${task.file}: ${(e as NodeJS.ErrnoException).code ?? oneLine(e)}`);
      continue;
    }
    try {
      const ruleset = await cache.get(task.ruleset);
      const { files, perFile, final } = await fixFile(text, task.file, { ruleset, safeOnly: true, readFile: reader });
      for (const [file, n] of perFile) fixesIn.set(file, (fixesIn.get(file) ?? 0) + n);
      for (const [file, after] of files) {
        pending.set(file, after);
        lastWriter.set(file, index);
      }
      if (final) finals.set(index, final);
    } catch (e) {
      out.errors.push(`${task.file}: cannot fix: ${oneLine(e)}`);
    }
  }
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
      for (const [index, final] of finals) if (final.files.every(f => (lastWriter.get(f) ?? -1) <= index)) out.finals.set(index, final);
    }
  } else {
    out.diff = changed.map(f => unifiedDiff(displayPath(f, opts.cwd), originals.get(f)!.text, pending.get(f)!)).join('');
  }
  out.changedFiles = done;
  out.applied = done.reduce((n, f) => n + (fixesIn.get(f) ?? 0), 0);
  return out;
}
