/**
 * `apiconv score`: the 0–100 score and A–F grade of the linted APIs (engine/score.ts), per category, with the
 * fixes that would raise it most; `--min-score`/`--min-grade` make it a CI gate. It is one lint, with the lint's
 * options (ruleset, baseline, $ref policy…), and the score of the findings.
 *
 * Exit codes: 0 the gates pass (findings alone do not fail a score), 1 below a gate, 2 usage, config or I/O error.
 */
import { GRADES, meetsGrade, type ApiScore, type Grade } from '../engine';
import { parseArgs, UsageError } from './args';
import { EXIT_ERROR, EXIT_FINDINGS, EXIT_OK } from './exitCodes';
import { lintCommand } from './lintCommand';

export const SCORE_HELP = `apiconv score — a 0–100 score and an A–F grade of OpenAPI documents

Usage:
  apiconv score [options] <files|dirs|globs...>

Options:
      --min-score <0-100>      exit 1 when the score is below this
      --min-grade <A-F>        exit 1 when the grade is worse than this
  -f, --format <name>          text (default) or json
  and the lint options that choose what is linted and how: -r, --stdin, --stdin-filepath, --baseline,
  --allow-remote-refs, --allow-refs-outside, --no-custom-functions, --function-budget, --max-file-size, -j

Each category (naming and paths, methods and statuses, errors, security, versioning and lifecycle, caching,
lists) scores 100 without findings and loses points by the weight of its findings (error 1, warn 0.5, info 0.2,
hint 0.05) per operation of the API: 50 at half a point per operation. The score is the categories' mean; grades:
A 90+, B 80+, C 70+, D 60+, E 50+, F below. Suppressed findings do not count; baselined ones do.
Exit codes: 0 the gates pass, 1 below a gate, 2 usage, config or I/O error.
`;

export interface ScoreArgs {
  minScore?: number;
  minGrade?: Grade;
  format: 'text' | 'json';
  /** The rest: the lint's options and targets. */
  lintArgv: string[];
}

export function parseScoreArgs(argv: readonly string[]): ScoreArgs | 'help' {
  const lintArgv: string[] = [];
  const out: ScoreArgs = { format: 'text', lintArgv };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const isOwn = ['--min-score', '--min-grade', '-f', '--format'].includes(name);
    if (!isOwn) {
      if (arg === '-h' || arg === '--help') return 'help';
      if (['-o', '--output', '--fix', '--fix-dry-run', '--baseline-write', '-q', '--quiet'].includes(name))
        throw new UsageError(`${name} is an option of apiconv lint, not of apiconv score`);
      lintArgv.push(arg);
      continue;
    }
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) throw new UsageError(`option ${name} needs a value`);
    if (name === '--min-score') {
      const n = Number(value);
      if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 100) throw new UsageError(`--min-score must be a number from 0 to 100, not "${value}"`);
      out.minScore = n;
    } else if (name === '--min-grade') {
      const g = value.toUpperCase();
      if (!(GRADES as readonly string[]).includes(g)) throw new UsageError(`--min-grade must be one of ${GRADES.join(', ')}, not "${value}"`);
      out.minGrade = g as Grade;
    } else {
      if (value !== 'text' && value !== 'json') throw new UsageError(`apiconv score: --format must be text or json, not "${value}"`);
      out.format = value;
    }
  }
  return out;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function scoreText(s: ApiScore, documents: number): string {
  const out = [`apiconv score: ${s.grade} (${s.score.toFixed(1)} / 100), ${plural(s.operations, 'operation')} in ${plural(documents, 'document')}`, ''];
  const w = Math.max(...s.categories.map(c => c.title.length));
  out.push(`${'category'.padEnd(w)}  score  findings`);
  for (const c of s.categories) out.push(`${c.title.padEnd(w)}  ${c.score.toFixed(1).padStart(5)}  ${String(c.findings).padStart(8)}`);
  if (s.opportunities.length > 0) {
    out.push('', 'Opportunities (what raises the score most):');
    for (const o of s.opportunities)
      out.push(
        `  +${o.gain.toFixed(1).padStart(4)}  ${o.rule}: ${plural(o.findings, 'finding')}${o.fixable ? `, ${o.fixable} fixed by apiconv lint --fix` : ''}`,
      );
  }
  if (s.unscored > 0) out.push('', `${plural(s.unscored, 'finding')} of rules outside the categories (not scored).`);
  return out.join('\n') + '\n';
}

/** Why the score fails its gates, or undefined. */
export function gateFailure(s: ApiScore, args: Pick<ScoreArgs, 'minScore' | 'minGrade'>): string | undefined {
  if (args.minScore !== undefined && s.score < args.minScore) return `the score ${s.score.toFixed(1)} is below --min-score ${args.minScore}`;
  if (args.minGrade !== undefined && !meetsGrade(s.grade, args.minGrade)) return `the grade ${s.grade} is worse than --min-grade ${args.minGrade}`;
  return undefined;
}

export async function scoreMain(argv: readonly string[], log: (line: string) => void): Promise<number> {
  const args = parseScoreArgs(argv);
  if (args === 'help') {
    process.stdout.write(SCORE_HELP);
    return EXIT_OK;
  }
  const cmd = parseArgs(['lint', ...args.lintArgv]);
  if (cmd.command !== 'lint') throw new UsageError('apiconv score needs at least one file, directory or glob (or --stdin)');
  const { code, findings } = await lintCommand(cmd, log);
  if (code === EXIT_ERROR || !findings?.ctx.score) return EXIT_ERROR;
  if (findings.ctx.files.length === 0) {
    log('apiconv: no OpenAPI document was linted: nothing to score');
    return EXIT_ERROR;
  }
  const score = findings.ctx.score;
  process.stdout.write(
    args.format === 'json' ? JSON.stringify({ ...score, documents: findings.ctx.files.length }, null, 2) + '\n' : scoreText(score, findings.ctx.files.length),
  );
  const failure = gateFailure(score, args);
  if (failure) log(`apiconv: ${failure}`);
  return failure ? EXIT_FINDINGS : EXIT_OK;
}
