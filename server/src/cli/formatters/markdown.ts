/**
 * A Markdown report for a CI job summary (GitHub's `$GITHUB_STEP_SUMMARY`, a pull-request comment):
 * the counts per severity, the rules with the most findings (linked to their docs), then the findings.
 * In GitHub Actions (GITHUB_SERVER_URL, GITHUB_REPOSITORY and GITHUB_SHA set) a finding links to its line.
 */
import { type LintProblem, ruleInfo, SEVERITY_NAMES } from '../../engine';
import type { Formatter } from './types';
import { displayPath, isInside } from './util';

/** Rules listed under "Top rules", and findings listed in the table. */
export const TOP_RULES = 10;
export const MAX_FINDINGS = 50;

/** A severity's mark in the Markdown reports (lint and diff), by severity 0–3. */
export const ICON = ['🔴', '🟠', '🔵', '⚪'];

/** Text for a table cell: one line, no `|` that would end the cell, no HTML. */
export function cell(s: string): string {
  return s
    .replace(/\r?\n/g, ' ')
    .replace(/[|\\`*_[\]<>]/g, c => `\\${c}`)
    .trim();
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function lineUrl(p: LintProblem, cwd: string, env: NodeJS.ProcessEnv): string | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_SHA: sha } = env;
  if (!server || !repo || !sha || !isInside(p.source, cwd)) return undefined;
  const file = displayPath(p.source, cwd).split('/').map(encodeURIComponent).join('/');
  return `${server}/${repo}/blob/${sha}/${file}#L${p.range.start.line + 1}`;
}

export function markdownReport(problems: readonly LintProblem[], ctx: Parameters<Formatter>[1], env: NodeJS.ProcessEnv = process.env): string {
  const bySeverity = [0, 0, 0, 0];
  for (const p of problems) bySeverity[p.severity] = (bySeverity[p.severity] ?? 0) + 1;
  const withFindings = new Set(problems.map(p => p.source)).size;
  const docs = ctx.files.length;
  const out: string[] = [];
  const counts = SEVERITY_NAMES.map((s, i) => `${bySeverity[i]} ${s === 'warn' ? 'warning' : s}${bySeverity[i] === 1 || s === 'info' ? '' : 's'}`);
  if (problems.length === 0) {
    out.push(`## apiconv: no findings`, '', `${plural(docs, 'document')} linted, all conventional.`);
  } else {
    out.push(`## apiconv: ${counts.filter((_, i) => bySeverity[i] > 0).join(', ')}`, '', `${plural(docs, 'document')} linted, ${withFindings} with findings.`);
  }
  out.push('', '| severity | findings |', '|---|---:|', ...SEVERITY_NAMES.map((s, i) => `| ${ICON[i]} ${s} | ${bySeverity[i]} |`));
  const hidden = [
    ctx.suppressed.length ? plural(ctx.suppressed.length, 'suppressed finding') : '',
    ctx.baselined.length ? plural(ctx.baselined.length, 'baselined finding') : '',
  ].filter(Boolean);
  if (hidden.length) out.push('', `Not counted: ${hidden.join(', ')}.`);
  if (problems.length === 0) return out.join('\n') + '\n';

  const rules = new Map<string, { count: number; worst: number }>();
  for (const p of problems) {
    const r = rules.get(p.code);
    if (r) {
      r.count++;
      r.worst = Math.min(r.worst, p.severity);
    } else rules.set(p.code, { count: 1, worst: p.severity });
  }
  const top = [...rules.entries()].sort((a, b) => b[1].count - a[1].count || a[1].worst - b[1].worst || a[0].localeCompare(b[0]));
  out.push(
    '',
    `### Top rules${top.length > TOP_RULES ? ` (${TOP_RULES} of ${top.length})` : ''}`,
    '',
    '| rule | severity | findings | what it checks |',
    '|---|---|---:|---|',
  );
  for (const [id, r] of top.slice(0, TOP_RULES)) {
    const info = ruleInfo(id);
    const name = info?.helpUri ? `[\`${id}\`](${info.helpUri})` : `\`${id}\``;
    out.push(`| ${name} | ${SEVERITY_NAMES[r.worst]} | ${r.count} | ${cell(info?.description ?? '')} |`);
  }

  out.push(
    '',
    `### Findings${problems.length > MAX_FINDINGS ? ` (first ${MAX_FINDINGS} of ${problems.length})` : ''}`,
    '',
    '| | file | line | rule | message |',
    '|---|---|---:|---|---|',
  );
  for (const p of problems.slice(0, MAX_FINDINGS)) {
    const line = p.range.start.line + 1;
    const url = lineUrl(p, ctx.cwd, env);
    const where = url ? `[${line}](${url})` : String(line);
    out.push(`| ${ICON[p.severity] ?? ICON[0]} | ${cell(displayPath(p.source, ctx.cwd))} | ${where} | \`${p.code}\` | ${cell(p.message)} |`);
  }
  out.push('', `<sub>apiconv ${cell(ctx.version)}</sub>`);
  return out.join('\n') + '\n';
}

export const markdown: Formatter = (problems, ctx) => markdownReport(problems, ctx);
