/** Markdown for a pull-request comment or a job summary (`apiconv diff -f markdown`): a table of the changes, the base location beside each. */
import type { LintProblem } from '../../engine';
import type { Formatter } from './types';
import { ICON } from './markdown';
import { displayPath, severityName } from './util';

type WithBase = LintProblem & { base?: { source: string; range: { start: { line: number } } } };

function cell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

export const diffMarkdown: Formatter = (problems, ctx) => {
  const list = problems as readonly WithBase[];
  const counts = [0, 1, 2, 3].map(s => list.filter(p => p.severity === s).length);
  const title =
    list.length === 0
      ? '✅ No changes reported'
      : `${counts[0]} error${counts[0] === 1 ? '' : 's'}, ${counts[1]} warning${counts[1] === 1 ? '' : 's'}, ${counts[2] + counts[3]} info`;
  const out = [`### apiconv: ${title}`, ''];
  if (list.length > 0) {
    out.push('| | check | where | change | base |', '|---|---|---|---|---|');
    for (const p of list) {
      const where = `\`${displayPath(p.source, ctx.cwd)}:${p.range.start.line + 1}\``;
      const base = p.base ? `\`${displayPath(p.base.source, ctx.cwd)}:${p.base.range.start.line + 1}\`` : '';
      out.push(`| ${ICON[p.severity] ?? ''} ${severityName(p.severity)} | \`${p.code}\` | ${where} | ${cell(p.message)} | ${base} |`);
    }
    out.push('');
  }
  const hidden = ctx.suppressed.length + ctx.baselined.length;
  out.push(
    `${ctx.files.length} document${ctx.files.length === 1 ? '' : 's'} compared${hidden ? `; ${ctx.suppressed.length} suppressed, ${ctx.baselined.length} baselined` : ''}.`,
  );
  return out.join('\n') + '\n';
};
