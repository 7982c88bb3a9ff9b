/**
 * One self-contained HTML page for people: the counts, the score and its opportunities, the findings with the
 * lines they are on, the rules with their docs, and the suppressed and baselined findings, each in a tab. No
 * request leaves the page (inline style and script, no fonts or images), so it opens from a CI artifact offline.
 */
import * as fs from 'node:fs';
import MarkdownIt from 'markdown-it';
import { SEVERITY_NAMES, ruleInfoOrCustom, type LintProblem } from '../../engine';
import { STYLE, SCRIPT } from './htmlPage';
import type { Formatter, ReportContext } from './types';
import { bySource, displayPath, jsonPathString } from './util';

/** Findings shown with their lines; those after are listed without, which keeps a large API's report small. */
export const MAX_SNIPPETS = 1000;
/** Lines of context around a finding, and the most lines of it shown. */
const CONTEXT = 1;
const MAX_LINES = 6;
const MAX_LINE_CHARS = 160;

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`);
}

/** Docs are Markdown; raw HTML in them is shown as text. */
const markdown = new MarkdownIt({ html: false, linkify: false });

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The lines of each source, read once. */
class Sources {
  private readonly lines = new Map<string, string[] | undefined>();
  constructor(private readonly texts: ReadonlyMap<string, string> | undefined) {}

  of(file: string): string[] | undefined {
    if (this.lines.has(file)) return this.lines.get(file);
    let text = this.texts?.get(file);
    if (text === undefined) {
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch {
        text = undefined;
      }
    }
    const lines = text?.split(/\r?\n/);
    this.lines.set(file, lines);
    return lines;
  }
}

function snippet(p: LintProblem, sources: Sources): string {
  const lines = sources.of(p.source);
  if (!lines) return '';
  const first = Math.max(0, p.range.start.line - CONTEXT);
  const last = Math.min(lines.length - 1, p.range.end.line + CONTEXT, first + MAX_LINES - 1);
  const out: string[] = [];
  for (let i = first; i <= last; i++) {
    const text = lines[i]!.length > MAX_LINE_CHARS ? lines[i]!.slice(0, MAX_LINE_CHARS) + '…' : lines[i]!;
    const hit = i >= p.range.start.line && i <= p.range.end.line;
    out.push(`<span${hit ? ' class="hit"' : ''}><em>${i + 1}</em>${escapeHtml(text)}</span>`);
  }
  return `<pre class="snippet">${out.join('')}</pre>`;
}

function findingList(problems: readonly LintProblem[], ctx: ReportContext, sources: Sources, withSnippets: boolean): string {
  if (problems.length === 0) return '<p class="muted">None.</p>';
  const out: string[] = [];
  let shown = 0;
  for (const [source, list] of bySource(problems)) {
    out.push(`<h3>${escapeHtml(displayPath(source, ctx.cwd))} <span class="muted">(${list.length})</span></h3>`);
    for (const p of list) {
      const sev = SEVERITY_NAMES[p.severity] ?? 'error';
      const where = `${p.range.start.line + 1}:${p.range.start.character + 1}`;
      const code = withSnippets && shown++ < MAX_SNIPPETS ? snippet(p, sources) : '';
      out.push(
        `<div class="finding s${p.severity}"><span class="sev">${sev}</span> <a href="#rule-${escapeHtml(p.code)}"><code>${escapeHtml(p.code)}</code></a> ` +
          `line ${where} — ${escapeHtml(p.message)}<div class="path">${escapeHtml(jsonPathString(p.path))}</div>${code}</div>`,
      );
    }
  }
  if (withSnippets && shown > MAX_SNIPPETS) out.push(`<p class="muted">Lines shown for the first ${MAX_SNIPPETS} findings of ${problems.length}.</p>`);
  return out.join('\n');
}

function stripFrontMatter(md: string): string {
  return md.replace(/^---\n[\s\S]*?\n---\n/, '');
}

function ruleList(problems: readonly LintProblem[], ctx: ReportContext): string {
  const counts = new Map<string, number[]>();
  const add = (list: readonly LintProblem[], col: number) => {
    for (const p of list) {
      const c = counts.get(p.code) ?? [0, 0, 0];
      c[col]++;
      counts.set(p.code, c);
    }
  };
  add(problems, 0);
  add(ctx.suppressed, 1);
  add(ctx.baselined, 2);
  if (counts.size === 0) return '<p class="muted">No rule found anything.</p>';
  const ids = [...counts.keys()].sort((a, b) => counts.get(b)![0] - counts.get(a)![0] || a.localeCompare(b));
  return ids
    .map(id => {
      const info = ruleInfoOrCustom(id);
      const [n, s, b] = counts.get(id)!;
      const hidden = [s ? `${s} suppressed` : '', b ? `${b} baselined` : ''].filter(Boolean).join(', ');
      const docs = info.markdown ? markdown.render(stripFrontMatter(info.markdown)) : `<p>${escapeHtml(info.description)}</p>`;
      return (
        `<details class="rule" id="rule-${escapeHtml(id)}"><summary><code>${escapeHtml(id)}</code> — ${plural(n, 'finding')}${hidden ? ` (${hidden})` : ''}` +
        `${info.fixable === 'safe' ? ', fixed by <code>--fix</code>' : ''} <span class="muted">${escapeHtml(info.description)}</span></summary>` +
        `<div class="doc">${docs}<p><a href="${escapeHtml(info.helpUri)}">${escapeHtml(info.helpUri)}</a></p></div></details>`
      );
    })
    .join('\n');
}

function scoreSection(ctx: ReportContext): string {
  const s = ctx.score;
  if (!s) return '';
  const rows = s.categories.map(
    c =>
      `<tr><td>${escapeHtml(c.title)}</td><td class="n">${c.score.toFixed(1)}</td><td><div class="bar"><i style="width:${c.score}%"></i></div></td><td class="n">${c.findings}</td></tr>`,
  );
  const chances = s.opportunities.map(
    o =>
      `<li><a href="#rule-${escapeHtml(o.rule)}"><code>${escapeHtml(o.rule)}</code></a>: +${o.gain.toFixed(1)} points for ${plural(o.findings, 'finding')}${o.fixable ? ` (${o.fixable} fixed by <code>--fix</code>)` : ''}</li>`,
  );
  return (
    `<h2>Score</h2><table><tr><th>category</th><th>score</th><th></th><th>findings</th></tr>${rows.join('')}</table>` +
    (chances.length ? `<h2>Opportunities</h2><ul>${chances.join('')}</ul>` : '') +
    `<p class="muted">Scaled by the size of the API: ${plural(s.operations, 'operation')}.${s.unscored ? ` ${plural(s.unscored, 'finding')} of rules outside the categories not scored.` : ''}</p>`
  );
}

export const html: Formatter = (problems, ctx) => {
  const sources = new Sources(ctx.texts);
  const bySeverity = [0, 0, 0, 0];
  for (const p of problems) bySeverity[p.severity]++;
  const cards = [
    ctx.score ? `<div class="card"><span class="grade grade-${ctx.score.grade}">${ctx.score.grade}</span> score ${ctx.score.score.toFixed(1)} / 100</div>` : '',
    `<div class="card"><b>${ctx.files.length}</b>${ctx.files.length === 1 ? 'document' : 'documents'}</div>`,
    ...SEVERITY_NAMES.map((s, i) => `<div class="card"><b>${bySeverity[i]}</b>${s === 'warn' ? 'warnings' : s === 'info' ? 'info' : s + 's'}</div>`),
    `<div class="card"><b>${ctx.suppressed.length}</b>suppressed</div>`,
    `<div class="card"><b>${ctx.baselined.length}</b>baselined</div>`,
  ];
  const tabs: [string, string, string][] = [
    ['findings', `Findings (${problems.length})`, findingList(problems, ctx, sources, true)],
    ['rules', 'Rules', ruleList(problems, ctx)],
    ['suppressed', `Suppressed (${ctx.suppressed.length})`, findingList(ctx.suppressed, ctx, sources, false)],
    ['baselined', `Baselined (${ctx.baselined.length})`, findingList(ctx.baselined, ctx, sources, false)],
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>apiconv report</title><style>${STYLE}</style></head>
<body><header><h1>apiconv report</h1><p>${plural(ctx.files.length, 'document')} linted — apiconv ${escapeHtml(ctx.version)}</p></header>
<main><div class="cards">${cards.join('')}</div>
${scoreSection(ctx)}
<nav role="tablist">${tabs.map(([id, title]) => `<button role="tab" data-tab="${id}">${escapeHtml(title)}</button>`).join('')}</nav>
${tabs.map(([id, title, body]) => `<section role="tabpanel" id="${id}"><h2>${escapeHtml(title)}</h2>${body}</section>`).join('\n')}
</main><script>${SCRIPT}</script></body></html>
`;
};
