/**
 * `apiconv diff`: breaking changes between two versions of OpenAPI documents.
 *
 *   apiconv diff <base> <head>             each a file or a git `rev:path`
 *   apiconv diff --base <rev> [files|dirs] every OpenAPI document against that revision
 *
 * Findings go through the lint formatters (plus `markdown`), the baseline and the
 * suppression comments of the head. Exit codes: 0 nothing at or above the fail
 * severity, 1 findings, 2 usage, config, git or I/O error (one line on stderr).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  applyBaseline,
  BaselineError,
  compareProblems,
  createBaseline,
  diffCheck,
  DiffConfigError,
  diffDocuments,
  type DiffProblem,
  findConfig,
  GitError,
  GitRevision,
  type LintProblem,
  loadDocument,
  type LoadedDoc,
  loadPair,
  looksLikeOpenApi,
  NotOpenApiError,
  oneLine,
  readBaseline,
  readDiffConfig,
  SEVERITY_LEVEL,
  SEVERITY_NAMES,
  type SeverityName,
  writeBaseline,
} from '../engine';
import { collectFiles, TargetError } from './files';
import { formatters, reportText } from './formatters/index';
import { diffMarkdown } from './formatters/diffMarkdown';
import { displayPath } from './formatters/util';
import { version } from '../../../package.json';

export const DIFF_HELP = `apiconv diff — breaking changes between two versions of OpenAPI documents

Usage:
  apiconv diff [options] <base> <head>
  apiconv diff [options] --base <rev> [<files|dirs>...]

  <base>, <head>   a file, or a git revision and a path: HEAD~1:api/openapi.yaml
                   (the path is relative to the current directory; its $ref'd
                   files are read at the same revision)
  --base <rev>     compare every OpenAPI document in the files/dirs (default .)
                   with its version at <rev>; documents added or removed in
                   between are reported (document-added, document-removed)

Options:
  -f, --format <name>          stylish (default), json, sarif, junit, github, summary, markdown
  -o, --output <file>          write the report to a file instead of stdout
  -F, --fail-severity <sev>    exit 1 when a finding has this severity or higher: error (default), warn, info, hint
  -q, --quiet                  report errors only
  -c, --config <file>          the config with the diff: section (default: the nearest .apiconv.* / .spectral.*)
      --allow-remote-refs      fetch http(s) $refs (off: no network request is made)
      --baseline <file>        report only findings not in the baseline
      --baseline-write <file>  write the current findings to a baseline file
  -v, --verbose                timings on stderr
  -h, --help                   print this help

Checks: \`apiconv rules\` lists them, \`apiconv rules <id>\` prints one's docs.
Exit codes: 0 no finding at or above the fail severity, 1 findings, 2 usage, config, git or I/O error.
`;

const FORMATS = ['stylish', 'json', 'sarif', 'junit', 'github', 'summary', 'markdown'] as const;
type DiffFormat = (typeof FORMATS)[number];

interface DiffArgs {
  positional: string[];
  base?: string;
  format: DiffFormat;
  output?: string;
  failSeverity: SeverityName;
  quiet: boolean;
  config?: string;
  allowRemoteRefs: boolean;
  baseline?: string;
  baselineWrite?: string;
  verbose: boolean;
  help: boolean;
}

export class DiffUsageError extends Error {}

const VALUES: Record<string, keyof DiffArgs> = {
  '-f': 'format',
  '--format': 'format',
  '-o': 'output',
  '--output': 'output',
  '-F': 'failSeverity',
  '--fail-severity': 'failSeverity',
  '-c': 'config',
  '--config': 'config',
  '-r': 'config',
  '--ruleset': 'config',
  '--base': 'base',
  '--baseline': 'baseline',
  '--baseline-write': 'baselineWrite',
};
const FLAGS: Record<string, keyof DiffArgs> = {
  '-q': 'quiet',
  '--quiet': 'quiet',
  '--allow-remote-refs': 'allowRemoteRefs',
  '-v': 'verbose',
  '--verbose': 'verbose',
  '-h': 'help',
  '--help': 'help',
};

export function parseDiffArgs(argv: readonly string[]): DiffArgs {
  const a: Record<string, unknown> = { positional: [] };
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i];
    if (arg === '--') {
      (a.positional as string[]).push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      (a.positional as string[]).push(arg);
      continue;
    }
    let inline: string | undefined;
    const eq = arg.indexOf('=');
    if (arg.startsWith('--') && eq > 0) [arg, inline] = [arg.slice(0, eq), arg.slice(eq + 1)];
    if (arg in VALUES) {
      const v = inline ?? argv[++i];
      if (v === undefined || (inline === undefined && v.startsWith('-'))) throw new DiffUsageError(`option ${arg} needs a value`);
      a[VALUES[arg]] = v;
    } else if (arg in FLAGS) a[FLAGS[arg]] = true;
    else throw new DiffUsageError(`unknown option ${arg} (see apiconv diff --help)`);
  }
  const format = (a.format ?? 'stylish') as DiffFormat;
  if (!FORMATS.includes(format)) throw new DiffUsageError(`unknown format "${format}" (formats: ${FORMATS.join(', ')})`);
  const failSeverity = (a.failSeverity ?? 'error') as SeverityName;
  if (!SEVERITY_NAMES.includes(failSeverity)) throw new DiffUsageError(`unknown fail severity "${failSeverity}" (one of ${SEVERITY_NAMES.join(', ')})`);
  const args: DiffArgs = {
    positional: a.positional as string[],
    format,
    failSeverity,
    quiet: a.quiet === true,
    allowRemoteRefs: a.allowRemoteRefs === true,
    verbose: a.verbose === true,
    help: a.help === true,
  };
  for (const k of ['base', 'output', 'config', 'baseline', 'baselineWrite'] as const) if (typeof a[k] === 'string') args[k] = a[k] as string;
  if (!args.help && args.base === undefined && args.positional.length !== 2)
    throw new DiffUsageError('apiconv diff needs a base and a head (apiconv diff <base> <head>), or --base <rev> [files|dirs]');
  return args;
}

/** One side: a file of the work tree, or a file at a git revision. */
interface Side {
  label: string;
  file: string;
  text: string;
  rev?: GitRevision;
}

function readSide(arg: string, cwd: string, role: 'base' | 'head'): Side {
  const onDisk = path.resolve(cwd, arg);
  if (fs.existsSync(onDisk)) {
    try {
      return { label: arg, file: onDisk, text: fs.readFileSync(onDisk, 'utf8') };
    } catch (e) {
      throw new DiffUsageError(`cannot read ${arg}: ${(e as NodeJS.ErrnoException).code ?? oneLine(e)}`);
    }
  }
  const m = /^([^:]+):(.+)$/.exec(arg);
  if (!m) throw new DiffUsageError(`${role} not found: ${arg} (a file, or a git revision and path such as HEAD:${arg})`);
  const rev = new GitRevision(m[1], cwd);
  const file = path.resolve(cwd, m[2]);
  rev.prefetch(path.dirname(file));
  const text = rev.read(file);
  if (text === undefined)
    throw new DiffUsageError(`${m[2]} does not exist at ${m[1]}${rev.relative(file) === undefined ? ' (it is outside the repository)' : ''}`);
  return { label: arg, file, text, rev };
}

async function load(side: Side, allowRemoteRefs: boolean): Promise<LoadedDoc> {
  try {
    return await loadDocument(side.text, side.file, { readFile: side.rev?.reader(), allowRemoteRefs });
  } catch (e) {
    if (e instanceof NotOpenApiError) throw new DiffUsageError(`not an OpenAPI document: ${side.label}`);
    throw e;
  }
}

/** The base loaded under the head's name (loadPair), located in its own file. */
function renamedBase([b, h]: [LoadedDoc, LoadedDoc], file: string): [LoadedDoc, LoadedDoc] {
  const base: LoadedDoc = {
    ...b,
    file,
    locate: p => {
      const at = b.locate(p);
      return at.source === h.file ? { ...at, source: file } : at;
    },
    unresolvedAt: (source, p) => b.unresolvedAt(source === file ? h.file : source, p),
  };
  return [base, h];
}

/** A side whose text does not parse is not diffed: what the parser made of it lacks what the author wrote, and every gap would read as a removal. */
export function parsedOrThrow(doc: LoadedDoc, label: string): LoadedDoc {
  if (doc.parseError) throw new DiffUsageError(`${label} does not parse (line ${doc.parseError.line + 1}: ${doc.parseError.message}): not compared`);
  return doc;
}

async function loadSides(base: Side, head: Side, allowRemoteRefs: boolean): Promise<[LoadedDoc, LoadedDoc]> {
  try {
    const [b, h] = await loadPair(base.text, head.text, head.file, { base: base.rev?.reader(), head: head.rev?.reader() }, allowRemoteRefs);
    return [parsedOrThrow(b, base.label), parsedOrThrow(h, head.label)];
  } catch (e) {
    if (e instanceof NotOpenApiError) {
      await load(base, allowRemoteRefs);
      await load(head, allowRemoteRefs);
    }
    throw e;
  }
}

function severitiesFor(file: string, args: DiffArgs, cwd: string) {
  const config = args.config !== undefined ? path.resolve(cwd, args.config) : findConfig(file);
  if (args.config !== undefined && !fs.existsSync(config!)) throw new DiffUsageError(`config not found: ${args.config}`);
  return readDiffConfig(config).severities;
}

function isOpenApiRoot(text: string | undefined): text is string {
  return text !== undefined && !text.includes('\u0000') && looksLikeOpenApi(text);
}

function documentFinding(
  code: 'document-added' | 'document-removed',
  file: string,
  cwd: string,
  severities: Record<string, number | 'off'>,
): DiffProblem | undefined {
  const s = severities[code];
  if (s === 'off') return undefined;
  const shown = displayPath(file, cwd);
  return {
    code,
    message:
      code === 'document-added'
        ? `A new OpenAPI document: ${shown}.`
        : `The OpenAPI document ${shown} was removed: every operation of it is gone for its clients.`,
    severity: (s ?? SEVERITY_LEVEL[diffCheck(code)!.severity]) as DiffProblem['severity'],
    path: [],
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    source: file,
  };
}

/** Runs `apiconv diff`; returns the exit code. */
export async function diffMain(argv: readonly string[], log: (line: string) => void): Promise<number> {
  const cwd = process.cwd();
  try {
    const args = parseDiffArgs(argv);
    if (args.help) {
      process.stdout.write(DIFF_HELP);
      return 0;
    }
    const started = performance.now();
    const problems: DiffProblem[] = [];
    const suppressed: DiffProblem[] = [];
    const compared: string[] = [];
    const readFiles = new Set<string>();
    if (args.base === undefined) {
      const base = readSide(args.positional[0], cwd, 'base');
      const head = readSide(args.positional[1], cwd, 'head');
      // One file at two revisions: one loader, so the head is parsed and resolved only where it differs.
      // Two files of one folder ($refs resolve alike): the same, the base then named as its own file.
      const [b, h] =
        base.file === head.file
          ? await loadSides(base, head, args.allowRemoteRefs)
          : path.dirname(base.file) === path.dirname(head.file) && !base.rev && !head.rev
            ? renamedBase(await loadSides(base, head, args.allowRemoteRefs), base.file)
            : [await load(base, args.allowRemoteRefs), await load(head, args.allowRemoteRefs)];
      if (args.verbose) log(`apiconv: parsed and resolved both sides in ${Math.round(performance.now() - started)} ms`);
      const r = diffDocuments(b, h, { severities: severitiesFor(head.file, args, cwd) });
      problems.push(...r.problems);
      suppressed.push(...r.suppressed);
      compared.push(head.file);
      for (const f of h.files) readFiles.add(f);
      if (args.verbose && r.bumped) log(`apiconv: breaking changes allowed: ${r.bumped}`);
    } else {
      const rev = new GitRevision(args.base, cwd);
      const targets = args.positional.length ? args.positional : ['.'];
      for (const t of targets)
        rev.prefetch(
          fs.existsSync(path.resolve(cwd, t)) && fs.statSync(path.resolve(cwd, t)).isFile() ? path.dirname(path.resolve(cwd, t)) : path.resolve(cwd, t),
        );
      let heads: string[];
      try {
        heads = collectFiles(targets, cwd);
      } catch (e) {
        if (e instanceof TargetError) throw new DiffUsageError(e.message);
        throw e;
      }
      const headSet = new Set(heads);
      const baseFiles = new Set<string>();
      for (const t of targets) {
        const abs = path.resolve(cwd, t);
        for (const f of rev.filesUnder(abs)) if (/\.(ya?ml|json)$/i.test(f) && !/(^|[\\/])node_modules[\\/]/.test(f)) baseFiles.add(f);
      }
      for (const file of heads) {
        const headText = fs.readFileSync(file, 'utf8');
        if (!isOpenApiRoot(headText)) continue;
        const severities = severitiesFor(file, args, cwd);
        const baseText = rev.read(file);
        let h: LoadedDoc;
        let b: LoadedDoc | undefined;
        try {
          if (isOpenApiRoot(baseText))
            [b, h] = await loadPair(baseText, headText, file, { base: rev.reader() }, args.allowRemoteRefs).catch(async e => {
              if (!(e instanceof NotOpenApiError)) throw e;
              return [undefined, await loadDocument(headText, file, { allowRemoteRefs: args.allowRemoteRefs })] as const;
            });
          else h = await loadDocument(headText, file, { allowRemoteRefs: args.allowRemoteRefs });
        } catch (e) {
          if (e instanceof NotOpenApiError) continue;
          throw e;
        }
        parsedOrThrow(h, displayPath(file, cwd));
        if (b) parsedOrThrow(b, `${displayPath(file, cwd)} at ${args.base}`);
        compared.push(file);
        for (const f of h.files) readFiles.add(f);
        if (!b) {
          const f = documentFinding('document-added', file, cwd, severities);
          if (f) problems.push(f);
          continue;
        }
        const r = diffDocuments(b, h, { severities });
        problems.push(...r.problems);
        suppressed.push(...r.suppressed);
        if (args.verbose) log(`apiconv: ${displayPath(file, cwd)}: ${r.problems.length} finding(s)${r.bumped ? ` (breaks allowed: ${r.bumped})` : ''}`);
      }
      for (const file of [...baseFiles].sort()) {
        if (headSet.has(file) || fs.existsSync(file)) continue;
        if (!isOpenApiRoot(rev.read(file))) continue;
        const f = documentFinding('document-removed', file, cwd, severitiesFor(file, args, cwd));
        if (f) problems.push(f);
      }
    }
    if (args.verbose) log(`apiconv: compared in ${Math.round(performance.now() - started)} ms`);
    let shown = dedupe(problems);
    let baselined: LintProblem[] = [];
    if (args.baselineWrite !== undefined) {
      const file = path.resolve(cwd, args.baselineWrite);
      writeBaseline(file, createBaseline(shown, path.dirname(file)));
      log(`apiconv: wrote ${shown.length} finding${shown.length === 1 ? '' : 's'} to the baseline ${displayPath(file, cwd)}`);
      if (args.baseline === undefined) [baselined, shown] = [shown, []];
    }
    if (args.baseline !== undefined) {
      const file = path.resolve(cwd, args.baseline);
      // A baseline that cannot be read is a BaselineError, reported below as a usage error is.
      const baseline = readBaseline(file);
      const applied = applyBaseline(baseline, shown, path.dirname(file), [...readFiles]);
      shown = applied.problems as DiffProblem[];
      baselined = applied.baselined;
    }
    if (args.quiet) shown = shown.filter(p => p.severity === 0);
    const ctx = {
      cwd,
      files: compared,
      version,
      color: args.output === undefined && process.stdout.isTTY === true && !process.env.NO_COLOR,
      suppressed: dedupe(suppressed),
      baselined,
    };
    const report = reportText(
      args.format === 'markdown' ? diffMarkdown(shown, ctx) : args.format === 'json' ? jsonWithBase(shown) : formatters[args.format](shown, ctx),
    );
    if (args.output === undefined) process.stdout.write(report);
    else {
      try {
        fs.mkdirSync(path.dirname(path.resolve(cwd, args.output)), { recursive: true });
        fs.writeFileSync(path.resolve(cwd, args.output), report);
      } catch (e) {
        throw new DiffUsageError(`cannot write ${args.output}: ${(e as NodeJS.ErrnoException).code ?? oneLine(e)}`);
      }
    }
    const failAt = SEVERITY_NAMES.indexOf(args.failSeverity);
    return shown.some(p => p.severity <= failAt) ? 1 : 0;
  } catch (e) {
    if (e instanceof DiffUsageError || e instanceof GitError || e instanceof DiffConfigError || e instanceof BaselineError) {
      log(`apiconv: ${e.message}`);
      return 2;
    }
    log(`apiconv: internal error: ${oneLine(e)}`);
    if (argv.includes('--verbose') || argv.includes('-v')) log((e as Error).stack ?? '');
    return 2;
  }
}

function dedupe(list: DiffProblem[]): DiffProblem[] {
  const seen = new Set<string>();
  const out: DiffProblem[] = [];
  for (const p of list) {
    const k = `${p.source}\0${p.code}\0${JSON.stringify(p.path)}\0${p.message}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push(p);
    }
  }
  return out.sort(compareProblems);
}

/** The lint JSON shape (spectral's), with the base location of each change. */
function jsonWithBase(problems: readonly DiffProblem[]): string {
  return (
    JSON.stringify(
      problems.map(p => ({
        code: p.code,
        path: p.path,
        message: p.message,
        severity: p.severity,
        range: p.range,
        source: p.source,
        ...(p.base ? { base: p.base } : {}),
      })),
      null,
      2,
    ) + '\n'
  );
}
