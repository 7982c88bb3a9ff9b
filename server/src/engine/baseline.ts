/**
 * Baselines: record today's findings so that later runs report only new ones.
 * Findings are keyed by file (relative to the baseline file's folder, `/`
 * separators), rule and JSON path — not by line — so edits elsewhere in a file
 * do not break the baseline. A key counts how many findings it had.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { JsonPath, LintProblem } from './problem';

export interface BaselineEntry {
  file: string;
  rule: string;
  /** The JSON path, as a JSON Pointer (`/paths/~1pets/get`). */
  path: string;
  count: number;
}

export interface Baseline {
  version: 1;
  entries: BaselineEntry[];
}

export interface AppliedBaseline {
  /** Findings not covered by the baseline. */
  problems: LintProblem[];
  /** Findings the baseline covers. */
  baselined: LintProblem[];
  /** Entries (or parts of their counts) no longer found. */
  stale: BaselineEntry[];
}

export function toPointer(p: JsonPath): string {
  return p.map(s => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

function relFile(file: string, baseDir: string): string {
  const rel = path.isAbsolute(file) ? path.relative(baseDir, file) : file;
  return rel.split(path.sep).join('/');
}

function keyOf(file: string, rule: string, pointer: string): string {
  return JSON.stringify([file, rule, pointer]);
}

/** A baseline of the findings of `results` (one LintResult-like per linted document, or a flat list). */
export function createBaseline(results: readonly { problems: readonly LintProblem[] }[] | readonly LintProblem[], baseDir: string): Baseline {
  const problems = flatten(results);
  const counts = new Map<string, BaselineEntry>();
  for (const p of problems) {
    const file = relFile(p.source, baseDir);
    const pointer = toPointer(p.path);
    const k = keyOf(file, p.code, pointer);
    const e = counts.get(k);
    if (e) e.count++;
    else counts.set(k, { file, rule: p.code, path: pointer, count: 1 });
  }
  const entries = [...counts.values()].sort((a, b) => a.file.localeCompare(b.file) || a.rule.localeCompare(b.rule) || a.path.localeCompare(b.path));
  return { version: 1, entries };
}

function flatten(results: readonly { problems: readonly LintProblem[] }[] | readonly LintProblem[]): LintProblem[] {
  const out: LintProblem[] = [];
  for (const r of results as readonly unknown[]) {
    if (r && typeof r === 'object' && 'problems' in r) out.push(...(r as { problems: LintProblem[] }).problems);
    else out.push(r as LintProblem);
  }
  return out;
}

/**
 * Splits `problems` into new ones and baselined ones. `stale` lists what the
 * baseline expected but was not found. With `files`, only entries of those files
 * (absolute paths; the files linted this run) can be stale.
 */
export function applyBaseline(baseline: Baseline, problems: readonly LintProblem[], baseDir: string, files?: readonly string[]): AppliedBaseline {
  const remaining = new Map<string, BaselineEntry & { left: number }>();
  for (const e of baseline.entries) remaining.set(keyOf(e.file, e.rule, e.path), { ...e, left: e.count });
  const fresh: LintProblem[] = [];
  const baselined: LintProblem[] = [];
  for (const p of problems) {
    const entry = remaining.get(keyOf(relFile(p.source, baseDir), p.code, toPointer(p.path)));
    if (entry && entry.left > 0) {
      entry.left--;
      baselined.push(p);
    } else fresh.push(p);
  }
  const linted = files ? new Set(files.map(f => relFile(f, baseDir))) : undefined;
  const stale: BaselineEntry[] = [];
  for (const e of remaining.values()) {
    if (e.left <= 0) continue;
    if (linted && !linted.has(e.file)) continue;
    stale.push({ file: e.file, rule: e.rule, path: e.path, count: e.left });
  }
  return { problems: fresh, baselined, stale };
}

export class BaselineError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
    this.name = 'BaselineError';
  }
}

/** Reads and checks a baseline file. Throws BaselineError with a one-line message. */
export function readBaseline(file: string): Baseline {
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new BaselineError(file, code === 'ENOENT' ? `baseline not found: ${file}` : `invalid baseline ${file}: ${(e as Error).message}`);
  }
  const b = data as Partial<Baseline>;
  const ok =
    typeof b === 'object' &&
    b !== null &&
    b.version === 1 &&
    Array.isArray(b.entries) &&
    b.entries.every(
      e => e && typeof e.file === 'string' && typeof e.rule === 'string' && typeof e.path === 'string' && Number.isInteger(e.count) && e.count > 0,
    );
  if (!ok) throw new BaselineError(file, `invalid baseline ${file}: expected { "version": 1, "entries": [{ "file", "rule", "path", "count" }] }`);
  return b as Baseline;
}

/** The text of a baseline file (stable order, 2-space JSON, final newline). */
export function baselineText(baseline: Baseline): string {
  return JSON.stringify(baseline, null, 2) + '\n';
}

/** Writes a baseline file. */
export function writeBaseline(file: string, baseline: Baseline): void {
  fs.writeFileSync(file, baselineText(baseline));
}
