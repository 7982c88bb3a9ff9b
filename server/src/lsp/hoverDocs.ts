/**
 * What a hover says about the findings under the cursor: for each, its rule and
 * message, one line of why (the convention it enforces, from the `## Why`
 * section of the rule's docs), and the link to the full page. The full page is
 * one click away; a hover over a key with five findings stays a few lines long
 * (it used to be every rule's whole page, 8 K characters, tables as raw `|` text
 * in editors that do not render them).
 */
import type { Diagnostic } from 'vscode-languageserver/node';
import { ruleInfo } from '../engine';

/** At most this many characters of why. */
const WHY_MAX = 280;

const whyCache = new Map<string, string | undefined>();

/** The cells of a markdown table row: `| a | b |` → ['a', 'b']. */
function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map(c => c.trim());
}

const isSeparator = (row: string) => /^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$/.test(row.trim());

/**
 * A table on one line: with a header, its first row as `header value` pairs
 * ("Method DELETE; Usual success status 204"); without one, each row as `a: b`.
 */
function tableLine(rows: string[]): string {
  const sep = rows.findIndex(isSeparator);
  if (sep === 1 && rows.length > 2) {
    const head = cells(rows[0]);
    return rows
      .slice(2)
      .map(r =>
        cells(r)
          .map((c, i) => (head[i] ? `${head[i]}: ${c}` : c))
          .join('; '),
      )
      .join(' · ');
  }
  return rows
    .filter(r => !isSeparator(r))
    .map(r => {
      const [first, ...rest] = cells(r);
      return rest.length ? `${first}: ${rest.join(', ')}` : first;
    })
    .join('; ');
}

function clip(s: string): string {
  const one = s.replace(/\s+/g, ' ').trim();
  if (one.length <= WHY_MAX) return one;
  const cut = one.slice(0, WHY_MAX);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('; '));
  return (end > WHY_MAX / 2 ? cut.slice(0, end + 1) : cut.replace(/\s+\S*$/, '')) + ' …';
}

/** One line of why for a rule: the convention quoted in its docs' `## Why`, else its first sentence there, else its description. */
export function whyLine(id: string): string | undefined {
  if (whyCache.has(id)) return whyCache.get(id);
  const info = ruleInfo(id);
  let why: string | undefined;
  const md = info?.markdown;
  const section = md ? /^## Why[ \t]*\r?\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(md)?.[1] : undefined;
  if (section) {
    const lines = section.split(/\r?\n/);
    const q = lines.findIndex(l => l.startsWith('>'));
    if (q >= 0) {
      const quote: string[] = [];
      for (let i = q; i < lines.length && lines[i].startsWith('>'); i++) quote.push(lines[i].replace(/^>\s?/, ''));
      const body = quote.filter(l => l.trim() !== '');
      why = body.length && body.every(l => l.trim().startsWith('|')) ? tableLine(body) : body.join(' ');
    } else {
      const para: string[] = [];
      for (const l of lines) {
        if (l.trim() === '') {
          if (para.length) break;
          continue;
        }
        para.push(l);
      }
      const text = para.join(' ');
      if (text && !/:\s*$/.test(text)) why = text;
    }
  }
  why = why?.replace(/`/g, '').trim() || info?.description;
  const out = why ? clip(why) : undefined;
  whyCache.set(id, out);
  return out;
}

/** Markdown text in which `*`, `_`, `[`… are literal. */
function escapeMarkdown(s: string): string {
  return s.replace(/([\\`*_[\]<>|])/g, '\\$1');
}

/**
 * The hover text of one finding: rule and message, one line of why, the docs link. `withMessage` false: for an
 * editor that shows the finding's message and docs link in the same hover already (VS Code's marker hover, above
 * ours), the rule and its why alone, so that the hover says each thing once.
 */
export function findingHoverMarkdown(d: Diagnostic, withMessage = true): string {
  const code = String(d.code);
  const why = whyLine(code);
  if (!withMessage) return `**${code}**${why ? `: ${escapeMarkdown(why)}` : ''}`;
  const message = typeof d.message === 'string' ? d.message : String(d.message);
  const link = d.codeDescription?.href ?? ruleInfo(code)?.helpUri;
  const tail = [why ? `Why: ${escapeMarkdown(why)}` : undefined, link ? `[Documentation of ${code}](${link})` : undefined].filter(Boolean).join(' — ');
  return `**${code}**: ${escapeMarkdown(message)}${tail ? `\n\n${tail}` : ''}`;
}
