/** `apiconv lint`: the files to lint, their rulesets, the lint (in workers or here), --fix, baselines, the reports' findings. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  applyBaseline,
  baselineText,
  BUILTIN_RULESETS,
  collectGarbage,
  commonRoot,
  createBaseline,
  rulesetFileFor,
  GitError,
  GitRevision,
  inspectRuleset,
  type LintProblem,
  type LintResult,
  oneLine,
  overrunMessage,
  readBaseline,
  RulesetCache,
  RulesetLoadError,
  RulesetRefusedError,
  scoreFindings,
  SEVERITY_NAMES,
  sortProblems,
  stageCollection,
} from '../engine';
import type { LintCliOptions } from './args';
import { collectFiles, TargetError } from './files';
import { projectRoot, targetFolder } from './project';
import type { LintFindings } from './reports';
import { displayPath } from './formatters/util';
import { runTasks, plannedJobs, totalSize } from './pool';
import type { CliLintTask, LintTaskResult } from './lintOne';
import { computeFixes, finishFixes } from './fixCommand';
import { computeFixesIsolated } from './fixIsolated';
import { documentsFor } from './roots';
import { findingsSince } from './since';
import { version } from '../../../package.json';
import { checkInput, checkOutput, readStdinText, writeOutput } from './io';

import { EXIT_ERROR, EXIT_FINDINGS, EXIT_OK } from './exitCodes';

/** An error that ends the run with exit code 2 and a one-line message. */
export class FatalError extends Error {}

/**
 * Problems of all files, without the duplicates that a `$ref`'d file shared by several roots yields: the same
 * source, code, path, range and message. Grouped by code and range first, so that only problems with the same code
 * and range are compared further (a key string holding each problem's path and message was a visible part of a big document's
 * 8,580 findings).
 */
export function mergeProblems(results: readonly LintTaskResult[], key: 'problems' | 'suppressed' = 'problems'): LintProblem[] {
  // One document's problems have no duplicate (the finish stage kept one per place and message): no key for each of
  // a big document's hundreds of thousands.
  const some = results.filter(r => r[key].length > 0);
  if (some.length <= 1) return sortProblems(some.length === 0 ? [] : some[0]![key].slice());
  const seen = new Map<string, LintProblem[]>();
  const out: LintProblem[] = [];
  for (const r of results) {
    for (const p of r[key]) {
      const { start, end } = p.range;
      const k = `${p.code}\u0000${start.line}:${start.character}-${end.line}:${end.character}`;
      const same = seen.get(k);
      if (same === undefined) seen.set(k, [p]);
      else if (same.some(q => sameProblem(p, q))) continue;
      else same.push(p);
      out.push(p);
    }
  }
  return sortProblems(out);
}

function sameProblem(a: LintProblem, b: LintProblem): boolean {
  if (a.code !== b.code || a.source !== b.source || a.message !== b.message || a.path.length !== b.path.length) return false;
  for (let i = 0; i < a.path.length; i++) if (a.path[i] !== b.path[i]) return false;
  return true;
}

export interface LintOutcome {
  code: number;
  /** What `--fix-dry-run` prints instead of reports: the fixes as a diff. */
  diff?: string;
  /** What the lint found, when it ran to the end. */
  findings?: LintFindings;
}

export async function lintCommand(opts: LintCliOptions, log: (line: string) => void): Promise<LintOutcome> {
  // One lint and out: the heap's garbage is collected between stages when it is big (engine/pipeline/garbageCollection.ts).
  stageCollection.enabled = true;
  const cwd = process.cwd();
  // --no-custom-functions: rulesets are loaded as data only (engine/rulesetData.ts), nothing of the repository runs.
  const cache = new RulesetCache({ allowRemote: opts.allowRemoteRefs, dataOnly: opts.noCustomFunctions });
  const explicitRuleset = opts.ruleset !== undefined ? (opts.ruleset in BUILTIN_RULESETS ? opts.ruleset : path.resolve(cwd, opts.ruleset)) : undefined;
  if (explicitRuleset && !(explicitRuleset in BUILTIN_RULESETS) && !fs.existsSync(explicitRuleset)) throw new FatalError(`ruleset not found: ${opts.ruleset}`);
  // The CLI's own files are checked before the lint: a wrong path costs no lint, and nothing can block.
  if (explicitRuleset && !(explicitRuleset in BUILTIN_RULESETS)) checkInput(opts.ruleset!, 'ruleset');
  if (opts.baseline !== undefined) checkInput(opts.baseline, 'baseline');
  if (opts.baselineWrite !== undefined) checkOutput(opts.baselineWrite, 'baseline');
  for (const r of opts.reports) if (r.output !== undefined) checkOutput(r.output, 'report');

  let tasks: CliLintTask[];
  // Issue 16: $refs stay inside the project (project.ts) unless --allow-refs-outside; size limit.
  const folders = opts.stdin ? [opts.stdinFilepath ? path.dirname(path.resolve(cwd, opts.stdinFilepath)) : cwd] : opts.targets.map(t => targetFolder(t, cwd));
  const root = opts.allowRefsOutside ? undefined : projectRoot(folders);
  const common = { allowRemoteRefs: opts.allowRemoteRefs, maxBytes: opts.maxFileSize, refRoots: root === undefined ? undefined : [root] };
  if (opts.verbose && root !== undefined) log(`apiconv: $refs are read inside ${displayPath(root, cwd) || '.'}`);
  if (opts.stdin) {
    const file = path.resolve(cwd, opts.stdinFilepath ?? '<stdin>');
    tasks = [{ file, text: readStdinText(), ruleset: rulesetFileFor(file, explicitRuleset), ...common }];
  } else {
    let files: string[];
    try {
      files = collectFiles(opts.targets, cwd, (f, why) => log(`apiconv: ${displayPath(f, cwd)}: skipped: ${why}`));
    } catch (e) {
      if (e instanceof TargetError) throw new FatalError(e.message);
      throw e;
    }
    if (opts.roots) files = documentsFor(files, projectRoot(folders) ?? cwd, (f, what) => log(`apiconv: ${displayPath(f, cwd)}: ${what}`));
    tasks = files.map(file => ({ file, ruleset: rulesetFileFor(file, explicitRuleset), ...common }));
  }

  // Load every ruleset once up front: a broken config stops the run before any lint.
  // A ruleset that runs JavaScript is loaded in the lint workers only, where its functions have a time budget.
  const rulesetFiles = [...new Set(tasks.map(t => t.ruleset))];
  let isolate = false;
  for (const r of rulesetFiles) {
    // A config found above the current folder (the search goes up to the repository root) is named: which one
    // ran is never a guess. One in the current folder or below it is in sight.
    const shown = displayPath(r, cwd);
    if (explicitRuleset === undefined && !(r in BUILTIN_RULESETS) && !opts.verbose && (shown.startsWith('..') || path.isAbsolute(shown)))
      log(`apiconv: config ${shown}`);
    try {
      if (!(r in BUILTIN_RULESETS) && !opts.noCustomFunctions && inspectRuleset(r).code.length > 0) {
        isolate = true;
        if (opts.verbose) log(`apiconv: ruleset ${displayPath(r, cwd)} (runs JavaScript: loaded in worker threads)`);
        continue;
      }
      await cache.get(r);
      if (opts.verbose) log(`apiconv: ruleset ${r in BUILTIN_RULESETS ? r : displayPath(r, cwd)}`);
    } catch (e) {
      if (e instanceof RulesetRefusedError) throw new FatalError(`--no-custom-functions: ${e.message}`);
      if (e instanceof RulesetLoadError) throw new FatalError(e.message);
      throw new FatalError(`invalid ruleset ${r}: ${oneLine(e)}`);
    }
  }

  let finals = new Map<number, LintResult>();
  if (opts.fix || opts.fixDryRun) {
    // Fixes write only inside the project (or, with --allow-refs-outside, the linted folders' common root).
    const writeRoot = root ?? commonRoot(folders);
    // A ruleset with the repository's JavaScript: the fixes are computed in a worker under the time budget (fixIsolated.ts).
    // The passes lint only the rules with fixes (--fix and --fix-dry-run within two lints): a dry run
    // prints the diff alone, --fix lints the fixed texts with every rule once at the end. Not with custom functions
    // (a rule of theirs that runs past the budget in a pass is reported and skipped after).
    const computed = isolate
      ? await computeFixesIsolated(tasks, cache, opts.functionBudgetMs)
      : await computeFixes(tasks, cache, { lintFixableOnly: true, finalLint: opts.fix === true });
    const fixed = finishFixes(computed, {
      write: opts.fix,
      cwd,
      policy: { roots: writeRoot === undefined ? undefined : [writeRoot], followSymlinks: opts.fixFollowSymlinks },
    });
    for (const e of fixed.errors) log(`apiconv: ${e}`);
    // A rule stopped by the budget: one finding naming it (in the report after --fix; said on stderr by a dry run), and skipped in the lint below.
    for (const [index, rules] of fixed.stopped) {
      tasks[index] = { ...tasks[index]!, stoppedRules: rules };
      const final = fixed.finals.get(index);
      const at = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
      if (final && !final.skipped)
        for (const rule of rules)
          final.problems.unshift({
            code: rule,
            message: overrunMessage(rule, opts.functionBudgetMs),
            severity: 0,
            path: [],
            range: at,
            source: tasks[index]!.file,
          });
      if (opts.fixDryRun) for (const rule of rules) log(`apiconv: ${displayPath(tasks[index]!.file, cwd)}: ${overrunMessage(rule, opts.functionBudgetMs)}`);
    }
    const files = fixed.changedFiles.map(f => displayPath(f, cwd)).join(', ');
    if (opts.fixDryRun) {
      log(
        `apiconv: ${fixed.applied} fix${fixed.applied === 1 ? '' : 'es'} would change ${fixed.changedFiles.length} file${fixed.changedFiles.length === 1 ? '' : 's'}${files ? `: ${files}` : ''} (dry run: nothing written)`,
      );
      return { code: fixed.errors.length ? EXIT_ERROR : fixed.changedFiles.length ? EXIT_FINDINGS : EXIT_OK, diff: fixed.diff };
    }
    log(
      `apiconv: applied ${fixed.applied} fix${fixed.applied === 1 ? '' : 'es'} to ${fixed.changedFiles.length} file${fixed.changedFiles.length === 1 ? '' : 's'}${files ? `: ${files}` : ''}`,
    );
    if (fixed.errors.length) return { code: EXIT_ERROR };
    finals = fixed.finals;
  }

  const showProgress = opts.progress !== false && process.stderr.isTTY === true && tasks.length > 1 && !opts.verbose;
  const jobs = plannedJobs(tasks.length - finals.size, opts.jobs, totalSize(tasks));
  if (opts.verbose) log(`apiconv: ${tasks.length} file${tasks.length === 1 ? '' : 's'} to lint, ${jobs} thread${jobs === 1 ? '' : 's'}`);
  const started = performance.now();
  // After --fix, a task whose last fix pass linted the final texts is not linted again (fixCommand.ts).
  const toLint = tasks.filter((_t, i) => !finals.has(i));
  const linted_ = await runTasks(toLint, {
    jobs: opts.jobs,
    cache,
    isolate,
    functionBudgetMs: opts.functionBudgetMs,
    onDone: (done, total, file) => {
      if (showProgress) process.stderr.write(`\r\x1b[K[${done}/${total}] ${displayPath(file, cwd)}`);
    },
  });
  if (showProgress) process.stderr.write('\r\x1b[K');
  collectGarbage();
  let next = 0;
  const results: LintTaskResult[] = tasks.map((t, i) => {
    const f = finals.get(i);
    if (!f) return linted_[next++]!;
    return {
      file: t.file,
      problems: f.problems,
      suppressed: f.suppressed ?? [],
      skipped: f.skipped,
      skipReason: f.skipReason,
      files: f.files,
      operations: f.operations,
      ms: 0,
    };
  });

  let ioError = false;
  for (const r of results) {
    if (r.error) {
      ioError = true;
      log(`apiconv: ${r.error}`);
      if (opts.verbose && r.stack) log(r.stack);
    } else if (r.skipped) {
      // Never skipped in silence: say what and why.
      log(`apiconv: ${displayPath(r.file, cwd)}: skipped: ${r.skipReason ?? r.skipped}${opts.verbose ? ` (${Math.round(r.ms)} ms)` : ''}`);
    } else if (opts.verbose) {
      log(`apiconv: ${displayPath(r.file, cwd)}: ${r.problems.length} finding(s) in ${Math.round(r.ms)} ms`);
    }
  }
  if (opts.verbose) log(`apiconv: linted in ${Math.round(performance.now() - started)} ms`);

  let problems = mergeProblems(results);
  const suppressed = mergeProblems(results, 'suppressed');
  const linted = results.filter(r => !r.skipped && !r.error).map(r => r.file);
  let baselined: LintProblem[] = [];
  if (opts.baselineWrite !== undefined) {
    const file = path.resolve(cwd, opts.baselineWrite);
    const baseline = createBaseline(problems, path.dirname(file));
    writeOutput(opts.baselineWrite, baselineText(baseline), 'baseline');
    log(
      `apiconv: wrote ${problems.length} finding${problems.length === 1 ? '' : 's'} (${baseline.entries.length} entries) to the baseline ${displayPath(file, cwd)}`,
    );
    if (opts.baseline === undefined) {
      // The findings just recorded are accepted: they are reported as baselined.
      baselined = problems;
      problems = [];
    }
  }
  if (opts.baseline !== undefined) {
    const file = path.resolve(cwd, opts.baseline);
    // A baseline that cannot be read is a BaselineError: main reports it and exits 2.
    const baseline = readBaseline(file);
    const readFiles = [...new Set(results.filter(r => !r.skipped && !r.error).flatMap(r => r.files))];
    const applied = applyBaseline(baseline, problems, path.dirname(file), readFiles);
    problems = applied.problems;
    baselined = applied.baselined;
    if (applied.stale.length > 0) {
      const n = applied.stale.reduce((k, e) => k + e.count, 0);
      log(`apiconv: ${n} baselined finding${n === 1 ? ' is' : 's are'} gone; update the baseline with --baseline-write ${opts.baseline}:`);
      for (const e of applied.stale) log(`  stale: ${e.file} ${e.rule} ${e.path}${e.count > 1 ? ` (x${e.count})` : ''}`);
    }
  }
  // The score is of the APIs as they are: baselined findings count, suppressed ones (a decision taken) do not.
  const operations = results.reduce((n, r) => n + (r.operations ?? 0), 0);
  const score = scoreFindings([...problems, ...baselined], operations);
  const texts = opts.stdin ? new Map(tasks.filter(t => t.text !== undefined).map(t => [t.file, t.text!])) : undefined;
  if (opts.since !== undefined) {
    let rev: GitRevision;
    try {
      rev = new GitRevision(opts.since, folders[0] ?? cwd);
    } catch (e) {
      throw new FatalError(`--since: ${e instanceof GitError ? e.message : oneLine(e)}`);
    }
    const since = findingsSince(problems, rev, texts);
    problems = since.problems;
    if (since.dropped > 0) log(`apiconv: ${since.dropped} finding${since.dropped === 1 ? '' : 's'} on what did not change since ${opts.since} not reported`);
  }
  if (opts.quiet) problems = problems.filter(p => p.severity === 0);
  const failAt = SEVERITY_NAMES.indexOf(opts.failSeverity);
  const failing = problems.some(p => p.severity <= failAt);
  const findings: LintFindings = { problems, ctx: { cwd, files: linted, version, suppressed, baselined, failSeverity: opts.failSeverity, score, texts } };
  // Nothing linted (a folder without an OpenAPI document, only skipped files): not a pass, or a CI gate would let
  // through a document nobody read.
  if (linted.length === 0 && !ioError && !(opts.roots && tasks.length === 0)) {
    log(
      `apiconv: no OpenAPI document was linted${results.length > 0 ? ' (every file was skipped, see above)' : ` in ${opts.stdin ? 'stdin' : opts.targets.join(' ')}`}`,
    );
    return { code: EXIT_ERROR, findings };
  }
  return { code: ioError ? EXIT_ERROR : failing ? EXIT_FINDINGS : EXIT_OK, findings };
}
