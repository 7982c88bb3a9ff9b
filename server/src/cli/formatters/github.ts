/** GitHub Actions workflow commands: annotations on the pull request's files. */
import type { Formatter } from './types';
import { displayPath } from './util';

const LEVEL = ['error', 'warning', 'notice', 'notice'];

/** https://github.com/actions/toolkit/blob/main/packages/core/src/command.ts escaping rules. */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export const github: Formatter = (problems, ctx) =>
  problems
    .map(p => {
      const props = [
        `file=${escapeProperty(displayPath(p.source, ctx.cwd))}`,
        `line=${p.range.start.line + 1}`,
        `col=${p.range.start.character + 1}`,
        `endLine=${p.range.end.line + 1}`,
        `endColumn=${p.range.end.character + 1}`,
        `title=${escapeProperty(p.code)}`,
      ];
      return `::${LEVEL[p.severity] ?? 'error'} ${props.join(',')}::${escapeData(p.message)}\n`;
    })
    .join('');
