/** `--fix` (apply safe fixes in place) and `--fix-dry-run` (print them as a unified diff). */
import * as fs from 'node:fs';
import { fixFile, unifiedDiff } from '../engine/fix/index';
import { oneLine, type RulesetCache } from '../engine/ruleset';
import { displayPath } from './formatters/util';
import type { LintTask } from './lintOne';

export interface FixOutcome {
  /** Unified diff of every change (dry run), in task order. */
  diff: string;
  applied: number;
  changedFiles: string[];
  errors: string[];
}

export async function runFixes(tasks: readonly LintTask[], cache: RulesetCache, opts: { write: boolean; cwd: string }): Promise<FixOutcome> {
  const out: FixOutcome = { diff: '', applied: 0, changedFiles: [], errors: [] };
  const seen = new Set<string>();
  // Texts as changed so far in a dry run, so that two roots sharing a $ref'd file see each other's fixes.
  const pending = new Map<string, string>();
  const originals = new Map<string, string>();
  for (const task of tasks) {
    let text = task.text ?? pending.get(task.file);
    try {
      text ??= fs.readFileSync(task.file, 'utf8');
    } catch (e) {
      out.errors.push(`cannot read ${task.file}: ${(e as NodeJS.ErrnoException).code ?? oneLine(e)}`);
      continue;
    }
    try {
      const ruleset = await cache.get(task.ruleset);
      const { files, applied } = await fixFile(text, task.file, { ruleset, safeOnly: true, readFile: f => pending.get(f) });
      out.applied += applied;
      for (const [file, after] of files) {
        if (!originals.has(file)) originals.set(file, file === task.file ? text : fs.readFileSync(file, 'utf8'));
        if (opts.write) {
          fs.writeFileSync(file, after);
        } else {
          pending.set(file, after);
        }
        if (!seen.has(file)) {
          seen.add(file);
          out.changedFiles.push(file);
        }
      }
    } catch (e) {
      out.errors.push(`${task.file}: cannot fix: ${oneLine(e)}`);
    }
  }
  if (!opts.write) {
    out.diff = out.changedFiles.map(f => unifiedDiff(displayPath(f, opts.cwd), originals.get(f)!, pending.get(f)!)).join('');
  }
  return out;
}
