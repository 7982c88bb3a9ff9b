/** Counts per rule and severity, plus the findings hidden by suppressions and the baseline. */
import type { LintProblem } from '../../engine';
import type { Formatter } from './types';
import { columnWidths } from './util';

export const summary: Formatter = (problems, ctx) => {
  const rows = new Map<string, number[]>();
  const count = (list: readonly LintProblem[], col: (p: LintProblem) => number) => {
    for (const p of list) {
      let r = rows.get(p.code);
      if (!r) rows.set(p.code, (r = [0, 0, 0, 0, 0, 0]));
      r[col(p)]++;
    }
  };
  count(problems, p => p.severity);
  count(ctx.suppressed, () => 4);
  count(ctx.baselined, () => 5);
  const header = ['rule', 'error', 'warn', 'info', 'hint', 'suppressed', 'baselined', 'total'];
  const body = [...rows.entries()].sort((a, b) => a[0].localeCompare(b[0])).map(([id, r]) => [id, ...r.map(String), String(r.reduce((a, b) => a + b, 0))]);
  const totals = [0, 1, 2, 3, 4, 5].map(i => body.reduce((n, r) => n + Number(r[i + 1]), 0));
  const table = [header, ...body, ['total', ...totals.map(String), String(totals.reduce((a, b) => a + b, 0))]];
  const w = columnWidths(table, header.length);
  const line = (r: string[]) =>
    r
      .map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i])))
      .join('  ')
      .trimEnd();
  const out = [line(header), w.map(n => '-'.repeat(n)).join('  '), ...body.map(line), w.map(n => '-'.repeat(n)).join('  '), line(table[table.length - 1])];
  const docs = ctx.files.length;
  out.push(
    '',
    `${docs} document${docs === 1 ? '' : 's'} linted, ${problems.length} finding${problems.length === 1 ? '' : 's'} reported, ${ctx.suppressed.length} suppressed, ${ctx.baselined.length} baselined.`,
  );
  return out.join('\n') + '\n';
};
