/**
 * Hover, go to definition and symbols over OpenAPI texts. Pure functions of
 * texts (through `NavHost`): no connection, so tests and the server share them.
 */
import * as path from 'node:path';
import {
  MarkupKind,
  SymbolKind,
  type Definition,
  type Diagnostic,
  type DocumentSymbol,
  type Hover,
  type Position,
  type Range,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { fileUriTarget, hasBrokenPiece } from '../engine';
import { copyTree, findByPath, isJsonLike, nodeAt, operationNodes, parseTree, pointerToPath, refAt, shiftTree, updateTree, type TNode } from './positionTree';
import { findingHoverMarkdown } from './hoverDocs';

export interface Parsed {
  file: string;
  text: string;
  doc: TextDocument;
  tree: TNode | undefined;
  /** When the tree was last parsed whole (performance.now()). */
  parsedAt?: number;
  /** How long that whole parse took, in ms. */
  parseMs?: number;
  /** The tree is the last whole parse's with its offsets moved (a document that does not parse cleanly). */
  stale?: boolean;
  /**
   * While the tree is a moved one: the last tree that was its text's (a clean one), and that text, kept apart (a copy
   * was moved). The edit that mends the text — most often it puts back what was there — is patched into it
   * (updateTree), rather than the whole text parsed again.
   */
  exact?: { text: string; tree: TNode };
}

/**
 * How long the tree of a document that does not parse cleanly may go without being parsed whole again. Such a
 * tree cannot be patched entry by entry (positionTree.ts updateTree), and a parse of the whole text for every version that gets a request — hover, completion, the outline and
 * the light bulb, several a second while the user types — held the server's main thread, and the diagnostics
 * queued behind the requests (the fuzz suite's server run on a broken document). Between parses,
 * the last tree serves with its offsets moved past the edit; once the user pauses, the next request parses.
 * Where a whole parse takes longer (a loaded machine), the tree serves for STALE_TREE_PARSES of its parse times, so
 * that whole parses take a fifth of the thread at most: with a fixed window shorter than a parse, every request
 * parsed again (the soak on a loaded machine: slow parses, requests left unanswered).
 */
export const STALE_TREE_MS = 500;
export const STALE_TREE_PARSES = 5;

/**
 * A whole parse that took this long (ms) holds every request behind it (a second for stripe, five on a loaded
 * machine): while such a document is open, an edit the tree cannot be patched for (a paste, a block moved, a broken
 * text) moves the last tree past the edit instead, and a request never parses it whole. The scheduler parses it once
 * it rests (no edit, no lint: updateParsed `resting`), and not while its text is broken: a text that the user has left
 * broken is served by the moved tree until an edit mends it. In the soak on stripe, whole parses for the requests
 * between keystrokes were most of the main thread's work and the requests waited seconds behind them; a request that
 * waited behind one found the document rested, and parsed it whole again.
 */
export const SLOW_PARSE_MS = 100;

export interface NavHost {
  /** The parsed current text of a file (open buffer, else disk); undefined when unreadable. */
  parsed(file: string): Parsed | undefined;
  uriOf(file: string): string;
}

const PREVIEW_LINES = 30;

function rangeOf(doc: TextDocument, start: number, end: number): Range {
  return { start: doc.positionAt(start), end: doc.positionAt(end) };
}

function contains(r: Range, p: Position): boolean {
  const before = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.character <= b.character);
  return before(r.start, p) && before(p, r.end);
}

/** Where a `$ref` points: the file and the node, when it resolves. */
export function resolveRef(host: NavHost, fromFile: string, ref: string): { target: Parsed; node: TNode } | undefined {
  // A `file:` URI names a file (read under the same policy as any $ref: host.parsed reads through refFiles.ts).
  const named = fileUriTarget(ref, fromFile);
  if (!named && /^[a-z][a-z0-9+.-]*:\/\//i.test(ref)) return undefined; // remote: never fetched here
  const hash = ref.indexOf('#');
  const filePart = hash >= 0 ? ref.slice(0, hash) : ref;
  const fragment = hash >= 0 ? ref.slice(hash) : '';
  let file = named ?? fromFile;
  if (filePart && !named) {
    let decoded = filePart;
    try {
      decoded = decodeURIComponent(filePart);
    } catch {
      /* as is */
    }
    file = path.resolve(path.dirname(fromFile), decoded);
  }
  const target = host.parsed(file);
  if (!target?.tree) return undefined;
  const p = pointerToPath(fragment);
  if (!p) return undefined;
  const node = findByPath(target.tree, p);
  return node ? { target, node } : undefined;
}

export function definition(host: NavHost, file: string, position: Position): Definition | undefined {
  const src = host.parsed(file);
  if (!src?.tree) return undefined;
  const r = refAt(src.tree, src.doc.offsetAt(position));
  if (!r) return undefined;
  const hit = resolveRef(host, file, r.ref);
  if (!hit) return undefined;
  const { target, node } = hit;
  const start = node.keyStart ?? node.start;
  return { uri: host.uriOf(target.file), range: rangeOf(target.doc, start, node.keyEnd ?? node.end) };
}

/**
 * The hover at `position`: a `$ref`'s target, and each finding there. `showsMessages`: the editor's own hover lists
 * the findings' messages (VS Code): each finding is then its rule's why, once per rule.
 */
export function hover(host: NavHost, file: string, position: Position, diagnostics: readonly Diagnostic[], showsMessages = false): Hover | undefined {
  const parts: string[] = [];
  const seen = new Set<string>();
  for (const d of diagnostics) {
    // Each finding here: its message, one line of why, the docs link (hoverDocs.ts).
    const key = showsMessages ? String(d.code) : `${String(d.code)}\u0000${typeof d.message === 'string' ? d.message : ''}`;
    if ((d.source !== 'apiconv' && d.source !== 'apiconv-diff') || typeof d.code !== 'string' || seen.has(key) || !contains(d.range, position)) continue;
    seen.add(key);
    parts.push(findingHoverMarkdown(d, !showsMessages));
  }
  const src = host.parsed(file);
  if (src?.tree) {
    const r = refAt(src.tree, src.doc.offsetAt(position));
    if (r) parts.unshift(refPreview(host, file, r.ref));
  }
  if (parts.length === 0) return undefined;
  return { contents: { kind: MarkupKind.Markdown, value: parts.join('\n\n---\n\n') } };
}

function refPreview(host: NavHost, file: string, ref: string): string {
  const hit = resolveRef(host, file, ref);
  if (!hit) return `\`$ref: ${ref}\`: the target was not found${/^https?:/i.test(ref) ? ' (remote $refs are not fetched for previews)' : ''}.`;
  const { target, node } = hit;
  const startOffset = node.keyStart ?? node.start;
  const startPos = target.doc.positionAt(startOffset);
  // A block node's end is the start of the line after it (where its next sibling's key is): its last line is the one before.
  const endPos = target.doc.positionAt(lastCharEnd(target.text, startOffset, node.end));
  // Only the lines shown are cut out of the text: splitting a 4 MB document into lines took most of a hover's time.
  const shown = Math.min(endPos.line + 1, startPos.line + PREVIEW_LINES) - startPos.line;
  const from = target.doc.offsetAt({ line: startPos.line, character: 0 });
  const to = target.doc.offsetAt({ line: startPos.line + shown, character: 0 });
  const lines = target.text
    .slice(from, to)
    .split(/\r\n|\r|\n/)
    .slice(0, shown);
  const more = endPos.line + 1 - startPos.line > PREVIEW_LINES;
  const indent = Math.min(...lines.filter(l => l.trim()).map(l => l.length - l.trimStart().length), startPos.character);
  const body = lines.map(l => l.slice(Math.max(0, indent))).join('\n');
  const where = target.file === file ? `line ${startPos.line + 1}` : `${path.basename(target.file)}, line ${startPos.line + 1}`;
  const lang = /\.json$/i.test(target.file) || target.text.trimStart().startsWith('{') ? 'json' : 'yaml';
  return `**$ref** \`${ref}\` (${where})\n\n\`\`\`${lang}\n${body}${more ? '\n…' : ''}\n\`\`\``;
}

/** The offset just past the last character of `text[start, end)` that is not a blank or a line break. */
function lastCharEnd(text: string, start: number, end: number): number {
  let e = end;
  while (e > start + 1 && /\s/.test(text[e - 1]!)) e--;
  return e;
}

function sym(doc: TextDocument, n: TNode, name: string, kind: SymbolKind, detail?: string, children?: DocumentSymbol[]): DocumentSymbol {
  const start = n.keyStart ?? n.start;
  const range = rangeOf(doc, start, Math.max(n.end, start));
  const selectionRange = rangeOf(doc, start, n.keyEnd ?? n.end);
  return { name: name || '""', kind, detail, range, selectionRange, children };
}

export const COMPONENT_KINDS: Record<string, SymbolKind> = {
  schemas: SymbolKind.Class,
  definitions: SymbolKind.Class,
  responses: SymbolKind.Interface,
  parameters: SymbolKind.Field,
  requestBodies: SymbolKind.Struct,
  headers: SymbolKind.Property,
  securitySchemes: SymbolKind.Key,
  securityDefinitions: SymbolKind.Key,
  examples: SymbolKind.Constant,
  links: SymbolKind.Event,
  callbacks: SymbolKind.Function,
  pathItems: SymbolKind.Module,
};

/** The outline: paths → operations, webhooks, components by kind (Swagger 2: definitions, parameters, …). */
export function documentSymbols(parsed: Parsed): DocumentSymbol[] {
  const root = parsed.tree;
  if (!root || root.type !== 'object') return [];
  const out: DocumentSymbol[] = [];
  const doc = parsed.doc;
  const pathItems = (container: TNode, kind: SymbolKind) =>
    (container.children ?? []).map(p => {
      const ops = operationNodes(p).map(({ method, node: o }) => {
        const opId = findByPath(o, ['operationId'])?.value;
        return sym(doc, o, `${method} ${String(p.key)}`, SymbolKind.Method, typeof opId === 'string' ? opId : undefined);
      });
      return sym(doc, p, String(p.key), kind, undefined, ops);
    });
  for (const top of root.children ?? []) {
    if (top.key === 'paths' || top.key === 'webhooks') {
      out.push(sym(doc, top, String(top.key), SymbolKind.Namespace, undefined, pathItems(top, top.key === 'paths' ? SymbolKind.Module : SymbolKind.Event)));
    } else if (top.key === 'components') {
      const kinds = (top.children ?? []).map(k =>
        sym(
          doc,
          k,
          String(k.key),
          SymbolKind.Namespace,
          undefined,
          (k.children ?? []).map(c => sym(doc, c, String(c.key), COMPONENT_KINDS[String(k.key)] ?? SymbolKind.Object)),
        ),
      );
      out.push(sym(doc, top, 'components', SymbolKind.Namespace, undefined, kinds));
    } else if (typeof top.key === 'string' && top.key in COMPONENT_KINDS && top.type === 'object') {
      // Swagger 2.0 top-level definitions/parameters/responses/securityDefinitions.
      out.push(
        sym(
          doc,
          top,
          top.key,
          SymbolKind.Namespace,
          undefined,
          (top.children ?? []).map(c => sym(doc, c, String(c.key), COMPONENT_KINDS[String(top.key)])),
        ),
      );
    } else if (top.key === 'info' || top.key === 'servers' || top.key === 'tags' || top.key === 'security' || top.key === 'openapi' || top.key === 'swagger') {
      out.push(sym(doc, top, String(top.key), top.type === 'scalar' ? SymbolKind.String : SymbolKind.Object));
    }
  }
  return out;
}

/** `doc`: the open document of this text, if any (its line offsets are kept up to date as it is edited). */
export function makeParsed(file: string, text: string, languageId = 'yaml', doc?: TextDocument, now = performance.now()): Parsed {
  const t0 = performance.now();
  const tree = parseTree(text, file);
  return { file, text, doc: doc ?? TextDocument.create('file://' + file, languageId, 0, text), tree, parsedAt: now, parseMs: performance.now() - t0 };
}

/**
 * `last` (of the same file) after an edit to `text`: its tree patched in place where it can be (updateTree), or the
 * last exact tree patched for the edits since (a mended text); else moved past the edit — for a document that does
 * not parse cleanly, while its last whole parse is under STALE_TREE_MS old; for one whose whole parse is slow, unless
 * it rests with a text that is not broken (`resting`: the scheduler's parse, once the document has had no edit and no
 * lint for a while) —; else parsed again.
 */
export function updateParsed(last: Parsed, text: string, doc?: TextDocument, now = performance.now(), resting = true): Parsed {
  const docOf = () => doc ?? TextDocument.create('file://' + last.file, 'yaml', 0, text);
  const tree =
    (last.tree && updateTree(last.tree, last.text, text, last.file)) || (last.exact && updateTree(last.exact.tree, last.exact.text, text, last.file));
  if (tree) return { file: last.file, text, doc: docOf(), tree, parsedAt: last.parsedAt, parseMs: last.parseMs };
  const brokenRecently =
    last.tree && !last.tree.clean && last.parsedAt !== undefined && now - last.parsedAt < Math.max(STALE_TREE_MS, STALE_TREE_PARSES * (last.parseMs ?? 0));
  const slow = (last.parseMs ?? 0) >= SLOW_PARSE_MS && (!resting || (!isJsonLike(text, last.file) && hasBrokenPiece(text)));
  if (last.tree && (brokenRecently || slow)) {
    // The first move of an exact clean tree keeps it (for the edit that mends the text), and moves a copy.
    const exact = last.stale ? last.exact : last.tree.clean ? { text: last.text, tree: last.tree } : undefined;
    const moved = shiftTree(last.stale || !exact ? last.tree : copyTree(last.tree), last.text, text);
    // Not the tree of this text: updateTree must not patch it.
    moved.clean = false;
    return { file: last.file, text, doc: docOf(), tree: moved, parsedAt: last.parsedAt, parseMs: last.parseMs, stale: true, ...(exact ? { exact } : {}) };
  }
  return makeParsed(last.file, text, undefined, doc, now);
}

export function matchesQuery(name: string, query: string): boolean {
  if (!query) return true;
  // Fuzzy: the query's characters in order (case-insensitive).
  const n = name.toLowerCase();
  let i = 0;
  for (const ch of query.toLowerCase()) {
    i = n.indexOf(ch, i);
    if (i < 0) return false;
    i++;
  }
  return true;
}

export { nodeAt };
