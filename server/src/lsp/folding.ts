/**
 * Folding ranges from the document's tree (navigation.ts `Parsed`): each mapping, sequence and scalar that spans lines
 * (a block scalar, a long quoted string) folds from the line of its key, and each run of two or more comment lines
 * folds as a comment. With a provider, VS Code stops computing its own indentation folding over the whole text after
 * every edit, which on a document of megabytes was seconds of the window's time per minute of typing.
 *
 * A client caps what it keeps (VS Code: 5,000 ranges, `editor.foldingMaximumRegions`; it says so as the capability's
 * `rangeLimit`). Like VS Code's own cap, the ranges kept are whole nesting levels from the outermost in: a paths entry
 * and a component fold in the biggest document, the inner levels when they fit. The tree is walked level by level and
 * the walk stops at the first level that does not fit, so a 4 MB document costs what its outer levels hold, not the
 * whole tree.
 */
import { FoldingRangeKind, type FoldingRange } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Parsed } from './navigation';
import { isJsonLike, type TNode } from './positionTree';

/** What a client that states no `rangeLimit` gets at most (VS Code's own default cap). */
export const DEFAULT_FOLDING_LIMIT = 5000;

/** The last answer for each parse: VS Code asks again for the same text (a second editor, a view restored). */
const answered = new WeakMap<Parsed, { limit: number; ranges: FoldingRange[] }>();

export function foldingRanges(parsed: Parsed, limit = DEFAULT_FOLDING_LIMIT): FoldingRange[] {
  const hit = answered.get(parsed);
  if (hit?.limit === limit) return hit.ranges;
  const ranges = computeRanges(parsed, limit);
  answered.set(parsed, { limit, ranges });
  return ranges;
}

function computeRanges(parsed: Parsed, limit: number): FoldingRange[] {
  const { tree, doc, text } = parsed;
  if (!tree) return [];
  const json = isJsonLike(text, parsed.file);
  const comments = json ? new Map<number, FoldingRange[]>() : commentRunsByLevel(tree, text, doc);
  const out: FoldingRange[] = [];
  // The root's children are level 0: the root itself would fold the whole document.
  let level: TNode[] = tree.children ?? [];
  for (let depth = 0; level.length > 0 || comments.size > 0; depth++) {
    const ranges = comments.get(depth) ?? [];
    comments.delete(depth);
    const next: TNode[] = [];
    for (const node of level) {
      const range = json ? jsonRange(node, text, doc) : yamlRange(node, text, doc);
      if (!range) continue; // what does not span lines holds nothing that does
      ranges.push(range);
      if (out.length + ranges.length > limit) return sorted(out);
      if (node.children) for (const c of node.children) next.push(c);
    }
    for (const r of ranges) out.push(r);
    level = next;
  }
  return sorted(out);
}

function sorted(ranges: FoldingRange[]): FoldingRange[] {
  return ranges.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
}

/** A YAML node from its key's line to the line of its last character. */
function yamlRange(node: TNode, text: string, doc: TextDocument): FoldingRange | undefined {
  const start = node.keyStart ?? node.start;
  let end = node.end;
  // A block node ends where its next sibling's line starts: back to its last character.
  while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
  // Most nodes are one-line scalars: told apart without a line lookup.
  const lineEnd = text.indexOf('\n', start);
  if (lineEnd < 0 || lineEnd >= end) return undefined;
  return { startLine: doc.positionAt(start).line, endLine: doc.positionAt(end - 1).line };
}

/** A JSON object or array from its key's line to the line before its closing bracket, which stays in view. */
function jsonRange(node: TNode, text: string, doc: TextDocument): FoldingRange | undefined {
  if (node.type === 'scalar') return undefined;
  const start = node.keyStart ?? node.start;
  const lineEnd = text.indexOf('\n', start);
  if (lineEnd < 0 || lineEnd >= node.end) return undefined;
  const startLine = doc.positionAt(start).line;
  const endLine = doc.positionAt(node.end - 1).line - 1;
  return endLine > startLine ? { startLine, endLine } : undefined;
}

/** Space, tab, CR, LF. */
function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 13 || code === 10;
}

/**
 * The comment runs of a YAML text by nesting level: the number of mappings and sequences around them. Lines starting
 * with `#` inside a block scalar (a Markdown heading in a description) are text, not comments.
 */
function commentRunsByLevel(tree: TNode, text: string, doc: TextDocument): Map<number, FoldingRange[]> {
  const byLevel = new Map<number, FoldingRange[]>();
  // From `#` to `#` (indexOf, not a regular expression tried at every line of megabytes): most are in `$ref`s.
  for (let hash = text.indexOf('#'); hash >= 0; hash = text.indexOf('#', hash + 1)) {
    if (!startsLine(text, hash)) continue;
    let last = hash;
    for (let next = nextLineHash(text, last); next >= 0; next = nextLineHash(text, last)) last = next;
    if (last === hash) continue;
    const inside = deepestAround(tree, hash);
    if (inside.type === 'scalar') {
      // Text up to the scalar's end; comment lines right after it are a run of their own.
      hash = inside.end - 1;
      continue;
    }
    const lastLine = text.indexOf('\n', last);
    const runEnd = lastLine < 0 ? text.length : lastLine;
    let depth = 0;
    for (let n = inside; n.parent; n = n.parent) depth++;
    const run = { startLine: doc.positionAt(hash).line, endLine: doc.positionAt(last).line, kind: FoldingRangeKind.Comment };
    byLevel.set(depth, [...(byLevel.get(depth) ?? []), run]);
    hash = runEnd;
  }
  return byLevel;
}

/** The deepest node whose key or value holds `offset` (a block node's end, the next line's start, is not in it). */
function deepestAround(root: TNode, offset: number): TNode {
  let cur = root;
  for (;;) {
    const next = cur.children?.find(c => (c.keyStart ?? c.start) <= offset && offset < c.end);
    if (!next) return cur;
    cur = next;
  }
}

/** Whether only blanks stand before `at` on its line. */
function startsLine(text: string, at: number): boolean {
  for (let i = at - 1; i >= 0; i--) {
    const ch = text[i];
    if (ch === '\n') return true;
    if (ch !== ' ' && ch !== '\t') return false;
  }
  return true;
}

/** The `#` that starts the line after the one of `at` (blanks before it), or -1. */
function nextLineHash(text: string, at: number): number {
  const eol = text.indexOf('\n', at);
  if (eol < 0) return -1;
  let i = eol + 1;
  while (text[i] === ' ' || text[i] === '\t') i++;
  return text[i] === '#' ? i : -1;
}
