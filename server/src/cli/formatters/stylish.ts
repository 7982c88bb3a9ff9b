/** Human output, after ESLint's and Spectral's `stylish`, written a line at a time. */
import type { LintProblem } from '../../engine';
import type { Formatter } from './types';
import { bySource, displayPath, jsonPathString, severityName } from './util';

const COLORS: Record<string, string> = { error: '\x1b[31m', warn: '\x1b[33m', info: '\x1b[34m', hint: '\x1b[90m' };
const RESET = '\x1b[0m';
const BOLD = '\x1b[1m';
const DIM = '\x1b[2m';

const position = (p: LintProblem): string => `${p.range.start.line + 1}:${p.range.start.character + 1}`;

/** How many digits `n` (a whole number, 0 or more) has. */
function digits(n: number): number {
  let d = 1;
  while (n >= 10) {
    n = Math.floor(n / 10);
    d++;
  }
  return d;
}

export const stylish: Formatter = function* (problems, ctx) {
  const paint = (code: string, s: string) => (ctx.color ? code + s + RESET : s);
  if (problems.length === 0) {
    const n = ctx.files.length;
    yield n === 0 ? 'No OpenAPI documents found.\n' : `${paint('\x1b[32m', '✔')} No problems found in ${n} document${n === 1 ? '' : 's'}.\n`;
    return;
  }
  for (const [source, list] of bySource(problems)) {
    yield paint(BOLD, displayPath(source, ctx.cwd)) + '\n';
    // The widths of the first three columns, read off the findings: no row of cells kept for each.
    let wPos = 0;
    let wSeverity = 0;
    let wCode = 0;
    for (const p of list) {
      wPos = Math.max(wPos, digits(p.range.start.line + 1) + 1 + digits(p.range.start.character + 1));
      wSeverity = Math.max(wSeverity, severityName(p.severity).length);
      wCode = Math.max(wCode, p.code.length);
    }
    for (const p of list) {
      const severity = severityName(p.severity);
      yield `  ${position(p).padEnd(wPos)}  ${paint(COLORS[severity]!, severity.padEnd(wSeverity))}  ${p.code.padEnd(wCode)}  ${p.message}  ${paint(DIM, jsonPathString(p.path))}\n`;
    }
    yield '\n';
  }
  const counts = [0, 0, 0, 0];
  for (const p of problems) counts[p.severity]++;
  const plural = (n: number, s: string) => `${n} ${s}${n === 1 ? '' : 's'}`;
  const summary = `✖ ${plural(problems.length, 'problem')} (${plural(counts[0]!, 'error')}, ${plural(counts[1]!, 'warning')}, ${plural(counts[2]!, 'info')}, ${plural(counts[3]!, 'hint')})`;
  yield paint(counts[0]! > 0 ? COLORS.error + BOLD : COLORS.warn + BOLD, summary) + '\n';
  const fixable = problems.filter(p => p.fixable === 'safe').length;
  if (fixable > 0) yield `  ${fixable} of them can be fixed with --fix.\n`;
};
