/** `apiconv rules [id]`: list the rules, or print one rule's docs. */
import { UsageError } from './args';
import { listRules, ruleInfo } from '../engine';
import { DIFF_CHECKS } from '../engine';

/** The checks of `apiconv diff`, after the rules. */
function diffChecksTable(): string {
  const rows = DIFF_CHECKS.map(c => [c.id, c.severity, c.breaking === true ? 'yes' : c.breaking === false ? 'no' : c.breaking, c.description]);
  const header = ['diff check', 'severity', 'breaking', 'description'];
  const w = [0, 1, 2].map(i => Math.max(header[i].length, ...rows.map(r => r[i].length)));
  const line = (r: string[]) => `${r[0].padEnd(w[0])}  ${r[1].padEnd(w[1])}  ${r[2].padEnd(w[2])}  ${r[3]}`;
  return ['', line(header), ...rows.map(line), '', `${DIFF_CHECKS.length} checks of \`apiconv diff <base> <head>\`.`].join('\n') + '\n';
}

export function rulesCommand(id: string | undefined, format: 'text' | 'json'): string {
  if (id === undefined) {
    const list = listRules();
    if (format === 'json') {
      // The rules, then the checks of `apiconv diff` (origin "diff", as `apiconv rules <check> --format json` says).
      const checks = DIFF_CHECKS.map(c => ruleInfo(c.id)).filter(r => r !== undefined);
      return (
        JSON.stringify(
          [...list, ...checks].map(({ markdown: _m, ...r }) => r),
          null,
          2,
        ) + '\n'
      );
    }
    const rows = list.map(r => [
      r.id,
      r.severity ?? '',
      r.fixable ? `fix:${r.fixable}` : '-',
      r.origin === 'spectral' ? `${r.description} (Spectral's spectral:oas rule)` : r.recommended ? r.description : `${r.description} (apiconv:all only)`,
    ]);
    const header = ['rule', 'severity', 'fixable', 'description'];
    const w = [0, 1, 2].map(i => Math.max(header[i].length, ...rows.map(r => r[i].length)));
    const line = (r: string[]) => `${r[0].padEnd(w[0])}  ${r[1].padEnd(w[1])}  ${r[2].padEnd(w[2])}  ${r[3]}`;
    return (
      [
        line(header),
        ...rows.map(line),
        '',
        `${list.filter(r => r.recommended).length} rules in apiconv:recommended. \`apiconv rules <id>\` prints a rule's docs.`,
      ].join('\n') +
      '\n' +
      diffChecksTable()
    );
  }
  const info = ruleInfo(id);
  if (!info) throw new UsageError(`unknown rule "${id}" (\`apiconv rules\` lists them)`);
  if (format === 'json') return JSON.stringify(info, null, 2) + '\n';
  if (info.markdown) return info.markdown.replace(/^---\n[\s\S]*?\n---\n/, '') + (info.markdown.endsWith('\n') ? '' : '\n') + `\nDocs: ${info.helpUri}\n`;
  const origin =
    info.origin === 'spectral'
      ? `This is Spectral's rule "${id}" from spectral:oas, ${info.recommended ? 'reused by apiconv:recommended' : 'enabled by apiconv:all'} with Spectral's severity (${info.severity}).`
      : `Reported by the apiconv engine itself (always on).`;
  return `# ${id}\n\n${info.description}\n\n${origin}\nDocs: ${info.helpUri}\n`;
}
