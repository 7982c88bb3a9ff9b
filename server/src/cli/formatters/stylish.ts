/** Human output, after ESLint's and Spectral's `stylish`. */
import type { Formatter } from './types';
import { bySource, columnWidths, displayPath, jsonPathString, severityName } from './util';

const COLORS: Record<string, string> = { error: '\x1b[31m', warn: '\x1b[33m', info: '\x1b[34m', hint: '\x1b[90m' };
const RESET = '\x1b[0m';
const BOLD = '\x1b[1m';
const DIM = '\x1b[2m';

export const stylish: Formatter = (problems, ctx) => {
  const paint = (code: string, s: string) => (ctx.color ? code + s + RESET : s);
  if (problems.length === 0) {
    const n = ctx.files.length;
    return n === 0 ? 'No OpenAPI documents found.\n' : `${paint('\x1b[32m', '✔')} No problems found in ${n} document${n === 1 ? '' : 's'}.\n`;
  }
  const lines: string[] = [];
  for (const [source, list] of bySource(problems)) {
    lines.push(paint(BOLD, displayPath(source, ctx.cwd)));
    const rows = list.map(p => [
      `${p.range.start.line + 1}:${p.range.start.character + 1}`,
      severityName(p.severity),
      p.code,
      p.message,
      jsonPathString(p.path),
    ]);
    const w = columnWidths(rows, 3);
    for (const r of rows) {
      lines.push(`  ${r[0].padEnd(w[0])}  ${paint(COLORS[r[1]], r[1].padEnd(w[1]))}  ${r[2].padEnd(w[2])}  ${r[3]}  ${paint(DIM, r[4])}`);
    }
    lines.push('');
  }
  const counts = [0, 0, 0, 0];
  for (const p of problems) counts[p.severity]++;
  const plural = (n: number, s: string) => `${n} ${s}${n === 1 ? '' : 's'}`;
  const summary = `✖ ${plural(problems.length, 'problem')} (${plural(counts[0], 'error')}, ${plural(counts[1], 'warning')}, ${plural(counts[2], 'info')}, ${plural(counts[3], 'hint')})`;
  lines.push(paint(counts[0] > 0 ? COLORS.error + BOLD : COLORS.warn + BOLD, summary));
  const fixable = problems.filter(p => p.fixable === 'safe').length;
  if (fixable > 0) lines.push(`  ${fixable} of them can be fixed with --fix.`);
  return lines.join('\n') + '\n';
};
