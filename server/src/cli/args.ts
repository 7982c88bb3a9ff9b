/** Command-line parsing for `apiconv`. No dependency: the option set is small and fixed. */
import { DEFAULT_FUNCTION_BUDGET_MS, SEVERITY_NAMES, type SeverityName } from '../engine';
import { UsageError } from './usage';
import { reportTargets, type ReportOption, type ReportTarget } from './reportTargets';

export { UsageError } from './usage';
export { FORMATS, type FormatName } from './reportTargets';

export interface LintCliOptions {
  command: 'lint';
  targets: string[];
  ruleset?: string;
  /** The reports to write, each from the same findings (reports.ts). */
  reports: ReportTarget[];
  failSeverity: SeverityName;
  quiet: boolean;
  stdin: boolean;
  stdinFilepath?: string;
  allowRemoteRefs: boolean;
  verbose: boolean;
  fix: boolean;
  fixDryRun: boolean;
  baseline?: string;
  baselineWrite?: string;
  /** Report only findings on what changed since this git revision (since.ts). */
  since?: string;
  /** Worker threads; 1 = serial. Default: automatic. */
  jobs?: number;
  /** Load rulesets as data only: a ruleset that reaches JavaScript is an error (CI on untrusted pull requests). */
  noCustomFunctions: boolean;
  /** Milliseconds a custom function may run per document (and a JS ruleset take to load). */
  functionBudgetMs: number;
  progress?: boolean;
  /** Read `$ref`'d files outside the project root (project.ts). */
  allowRefsOutside: boolean;
  /** Documents (and `$ref`'d files) over this many bytes are not linted. */
  maxFileSize?: number;
  /** Let --fix write through a symlink (off: a symlinked file is not written). */
  fixFollowSymlinks: boolean;
  /** A named file that is not an OpenAPI document is linted through the project's documents that `$ref` it (roots.ts). */
  roots: boolean;
}

export type CliCommand =
  | LintCliOptions
  | { command: 'rules'; id?: string; format: 'text' | 'json'; verbose: boolean }
  | { command: 'init'; dir?: string; ci?: 'github'; infer?: string; force: boolean; verbose: boolean }
  | { command: 'help'; topic?: string; verbose: boolean }
  | { command: 'version'; verbose: boolean };

export const HELP = `apiconv — lint OpenAPI 2.0/3.0/3.1 documents against HTTP API conventions

Usage:
  apiconv lint [options] <files|dirs|globs...>
  apiconv lint --stdin [--stdin-filepath <path>] [options]
  apiconv rules [<rule-id>] [--format json]
  apiconv init [<dir>] [--ci github]
  apiconv init [<dir>] --infer <document|dir> [--force]
  apiconv diff <base> <head> | --base <rev> [files|dirs]   (breaking changes; apiconv diff --help)
  apiconv refs <file>#<pointer>                            (where a component is used; apiconv refs --help)
  apiconv rename <file>#<pointer> <newName>                (rename it everywhere; apiconv rename --help)
  apiconv --version | --help

Lint options:
  -r, --ruleset <file>         ruleset file (default: nearest .apiconv.* / .spectral.* config, else apiconv:recommended)
  -f, --format <name>[:<file>] stylish (default), json, sarif, junit, github, summary, markdown, gitlab, html;
                               repeat for several reports of one lint (-f sarif:out.sarif -f json:out.json)
  -o, --output <file>          write the report of the -f before it to a file instead of stdout
  -F, --fail-severity <sev>    exit 1 when a finding has this severity or higher: error (default), warn, info, hint
  -q, --quiet                  report errors only
      --stdin                  read one document from stdin
      --stdin-filepath <path>  path used for stdin (config discovery, relative $refs, report)
      --allow-remote-refs      fetch http(s) $refs and extended rulesets (off: no network request is made)
      --allow-refs-outside     read $ref'd files outside the project (off: only inside the linted
                               targets' common folder, or the git repository around it)
      --max-file-size <MB>     do not lint documents or read $ref'd files larger than this (default 16)
      --no-custom-functions    load rulesets as data only: a ruleset that reaches JavaScript (a .js ruleset,
                               a package, custom functions) is an error; for CI on untrusted pull requests
      --function-budget <ms>   time a custom function may run per document before it is stopped (default 5000)
      --fix                    apply safe fixes in place, then report what remains
      --fix-dry-run            print the safe fixes as a unified diff; change nothing
      --fix-follow-symlinks    let --fix write a file reached through a symlink (off: not written)
      --roots                  a named file that is not an OpenAPI document (a $ref'd piece of one) is
                               linted through the project's documents that $ref it (the pre-commit hooks)
      --baseline <file>        report only findings not in the baseline; list stale entries
      --baseline-write <file>  write the current findings to a baseline file
      --since <rev>            report only findings on what changed since a git revision (added or changed nodes)
  -j, --jobs <n>               worker threads (default: automatic; 1 = serial)
      --no-progress            never show progress on stderr
  -v, --verbose                more output; stack traces on errors
  -V, --version                print the version
  -h, --help                   print this help

Init: writes a commented .apiconv.yaml that extends apiconv:recommended (in <dir>, default
the current folder), and an existing .spectral.yaml/.yml/.json; --ci github also writes
.github/workflows/apiconv.yml for the repository's default branch. What exists is kept.

Directories are searched for OpenAPI documents (*.yaml, *.yml, *.json; node_modules
and .git are skipped); files that are not OpenAPI documents are skipped silently.
A file named on the command line that is not linted (empty, binary, UTF-16, another
OpenAPI version) is reported on stderr with the reason.

Exit codes: 0 no finding at or above the fail severity, 1 findings, 2 usage, config or I/O error,
or no OpenAPI document linted (with --roots: none named or reached is not an error).
`;

const VALUE_OPTIONS: Record<string, string> = {
  '-r': 'ruleset',
  '--ruleset': 'ruleset',
  '-f': 'format',
  '--format': 'format',
  '-o': 'output',
  '--output': 'output',
  '-F': 'failSeverity',
  '--fail-severity': 'failSeverity',
  '--stdin-filepath': 'stdinFilepath',
  '--baseline': 'baseline',
  '--baseline-write': 'baselineWrite',
  '--since': 'since',
  '-j': 'jobs',
  '--jobs': 'jobs',
  '--function-budget': 'functionBudget',
  '--ci': 'ci',
  '--infer': 'infer',
  '--max-file-size': 'maxFileSize',
};
const FLAG_OPTIONS: Record<string, string> = {
  '-q': 'quiet',
  '--quiet': 'quiet',
  '--stdin': 'stdin',
  '--allow-remote-refs': 'allowRemoteRefs',
  '--allow-refs-outside': 'allowRefsOutside',
  '--fix-follow-symlinks': 'fixFollowSymlinks',
  '--roots': 'roots',
  '--fix': 'fix',
  '--force': 'force',
  '--fix-dry-run': 'fixDryRun',
  '-v': 'verbose',
  '--verbose': 'verbose',
  '--no-progress': 'noProgress',
  '--no-custom-functions': 'noCustomFunctions',
  '-V': 'version',
  '--version': 'version',
  '-h': 'help',
  '--help': 'help',
};

export function parseArgs(argv: readonly string[]): CliCommand {
  const values: Record<string, string> = {};
  const flags = new Set<string>();
  const positional: string[] = [];
  const reportOptions: ReportOption[] = [];
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i];
    if (arg === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positional.push(arg);
      continue;
    }
    let inline: string | undefined;
    const eq = arg.indexOf('=');
    if (arg.startsWith('--') && eq > 0) {
      inline = arg.slice(eq + 1);
      arg = arg.slice(0, eq);
    }
    if (arg in VALUE_OPTIONS) {
      const value = inline ?? argv[++i];
      if (value === undefined || (inline === undefined && value.startsWith('-') && value !== '-')) throw new UsageError(`option ${arg} needs a value`);
      const name = VALUE_OPTIONS[arg];
      values[name] = value;
      if (name === 'format' || name === 'output') reportOptions.push({ option: name, value });
    } else if (arg in FLAG_OPTIONS) {
      if (inline !== undefined) throw new UsageError(`option ${arg} takes no value`);
      flags.add(FLAG_OPTIONS[arg]);
    } else {
      throw new UsageError(`unknown option ${arg} (see apiconv --help)`);
    }
  }
  const verbose = flags.has('verbose');
  if (flags.has('help')) return { command: 'help', topic: positional[0], verbose };
  if (flags.has('version')) return { command: 'version', verbose };
  const [command, ...rest] = positional;
  if (command === undefined) throw new UsageError('missing command: apiconv lint <files…> or apiconv rules (see apiconv --help)');
  if (command === 'help') return { command: 'help', topic: rest[0], verbose };
  if (command === 'version') return { command: 'version', verbose };
  if (command === 'init') {
    if (rest.length > 1) throw new UsageError('apiconv init takes at most one folder');
    const ci = values.ci;
    if (ci !== undefined && ci !== 'github') throw new UsageError(`apiconv init: --ci must be github, not "${ci}"`);
    if (values.infer !== undefined && ci !== undefined) throw new UsageError('apiconv init: --infer and --ci are separate runs');
    if (flags.has('force') && values.infer === undefined) throw new UsageError('apiconv init: --force goes with --infer');
    return { command: 'init', dir: rest[0], ci, infer: values.infer, force: flags.has('force'), verbose };
  }
  if (values.ci !== undefined) throw new UsageError('--ci is an option of apiconv init');
  if (values.infer !== undefined || flags.has('force')) throw new UsageError('--infer and --force are options of apiconv init');
  if (command === 'rules') {
    const format = values.format ?? 'text';
    if (format !== 'text' && format !== 'json') throw new UsageError(`apiconv rules: --format must be text or json, not "${format}"`);
    if (rest.length > 1) throw new UsageError('apiconv rules takes at most one rule id');
    return { command: 'rules', id: rest[0], format, verbose };
  }
  if (command !== 'lint') throw new UsageError(`unknown command "${command}" (commands: lint, rules, init; see apiconv --help)`);

  const reports = reportTargets(reportOptions);
  const failSeverity = (values.failSeverity ?? 'error') as SeverityName;
  if (!SEVERITY_NAMES.includes(failSeverity)) throw new UsageError(`unknown fail severity "${failSeverity}" (one of ${SEVERITY_NAMES.join(', ')})`);
  let jobs: number | undefined;
  if (values.jobs !== undefined) {
    jobs = Number(values.jobs);
    if (!Number.isInteger(jobs) || jobs < 1) throw new UsageError(`--jobs must be a positive integer, not "${values.jobs}"`);
  }
  let functionBudgetMs = DEFAULT_FUNCTION_BUDGET_MS;
  if (values.functionBudget !== undefined) {
    functionBudgetMs = Number(values.functionBudget);
    if (!Number.isInteger(functionBudgetMs) || functionBudgetMs < 1)
      throw new UsageError(`--function-budget must be a positive number of milliseconds, not "${values.functionBudget}"`);
  }
  let maxFileSize: number | undefined;
  if (values.maxFileSize !== undefined) {
    const mb = Number(values.maxFileSize);
    if (!Number.isFinite(mb) || mb <= 0) throw new UsageError(`--max-file-size must be a positive number of MB, not "${values.maxFileSize}"`);
    maxFileSize = Math.round(mb * 1024 * 1024);
  }
  const stdin = flags.has('stdin');
  if (stdin && rest.length > 0) throw new UsageError('--stdin takes no file arguments');
  if (!stdin && rest.length === 0) throw new UsageError('apiconv lint needs at least one file, directory or glob (or --stdin)');
  if (values.stdinFilepath !== undefined && !stdin) throw new UsageError('--stdin-filepath needs --stdin');
  const fix = flags.has('fix');
  const fixDryRun = flags.has('fixDryRun');
  if (fix && fixDryRun) throw new UsageError('--fix and --fix-dry-run cannot be used together');
  if (fix && stdin) throw new UsageError('--fix cannot write to stdin; use --fix-dry-run');
  return {
    command: 'lint',
    targets: rest,
    ruleset: values.ruleset,
    reports,
    failSeverity,
    quiet: flags.has('quiet'),
    stdin,
    stdinFilepath: values.stdinFilepath,
    allowRemoteRefs: flags.has('allowRemoteRefs'),
    verbose,
    fix,
    fixDryRun,
    baseline: values.baseline,
    baselineWrite: values.baselineWrite,
    since: values.since,
    jobs,
    progress: flags.has('noProgress') ? false : undefined,
    noCustomFunctions: flags.has('noCustomFunctions'),
    functionBudgetMs,
    allowRefsOutside: flags.has('allowRefsOutside'),
    maxFileSize,
    fixFollowSymlinks: flags.has('fixFollowSymlinks'),
    roots: flags.has('roots'),
  };
}
