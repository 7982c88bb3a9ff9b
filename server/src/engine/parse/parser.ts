/**
 * Incremental parsing of the root document.
 *
 * `IncrementalParser.update(text)` gives what Spectral's
 * `new Document(text, Parsers.Yaml|Parsers.Json, source)` gives (data with its
 * key order, diagnostics, `getRangeForJsonPath`), but on an edit of a YAML
 * document it parses again only the pieces whose text changed, and it keeps
 * the JS identity (===) of the values of the units (units.ts) that did not
 * change.
 *
 * YAML: the text is cut into pieces of whole lines.
 * - Top level: a piece starts at every line with content at column 0, except
 *   a block sequence entry (`- x`, which belongs to the key above it). Comment
 *   and blank lines belong to the piece above; the lines before the first key
 *   (and one bare `---` among them) belong to the first piece.
 * - A container (`paths`, `webhooks`, `definitions`, `parameters`,
 *   `responses`, `securityDefinitions`) whose value is a block mapping
 *   (`paths:` alone on its line, entries below) is cut again: a header piece
 *   (`paths:` and the comments under it) and one piece per entry, starting at
 *   every content line at the indentation of the first entry. `components` is
 *   cut twice (its kinds, then the entries of each kind).
 * - Each piece is parsed on its own with Parsers.Yaml.parse. A piece keeps the
 *   characters of its lines, only its line numbers move.
 * - A piece whose text did not change is reused with its parsed value: found
 *   by its offset outside the window where the old and new text differ (their
 *   common prefix and suffix), by its text inside it.
 * The pieces give what the whole text gives only when each one parses the way
 * it does inside the whole text, and every piece must show it: exactly one
 * mapping with a scalar key (and a `null` value for a header), no parser
 * diagnostic other than the "mapping key must be a string scalar" warnings,
 * no anchor or alias, no `<<` as its key, no duplicate key among the pieces of
 * one mapping. Anything else (a tab in indentation, a document marker or a
 * directive, a first key not at column 0, a byte order mark, broken YAML
 * mid-edit, a parser exception, …) makes the update parse the whole text
 * (`full: true`), which also gives the right diagnostics. A whole-text parse
 * without errors and anchors is cut into pieces too, so that the next edit is
 * incremental again. Identity of unchanged units across a whole-text parse is
 * restored by deep equality (key order included).
 *
 * JSON: an edit inside the value of one unit parses that value alone (see
 * parseJson.ts); anything else parses the whole text, and the identity of
 * unchanged units is restored by deep equality.
 *
 * Ranges (YAML) come from the piece parses (Parsers.Yaml.getLocationForJsonPath
 * on the piece's mapping), moved by the piece's line offset; the root and a
 * container run from where @stoplight/yaml starts them (the first key; after
 * the container's key) to the end of their last piece. Spectral's YAML parser
 * ignores `closest`, and so does this.
 *
 * Parsed values, pieces and returned documents are not changed after update()
 * returns: a document stays valid after later updates.
 */
import * as Parsers from '@stoplight/spectral-parsers';
import { Document } from '@stoplight/spectral-core';
import type { IDiagnostic, IRange } from '@stoplight/types';
import { adoptUnchanged, CONTAINERS, deepEqualOrdered, isRecord, orderedObject, unitKey } from './units';
import { commonPrefix, commonSuffix } from './window';
import { cutFromFull, updateJson, type JsonCut } from './parseJson';
import { withSyntaxChecks } from '../yamlSyntax';
import { parseYamlFast } from './yamlFast';

type Segment = string | number;
type YamlResult = ReturnType<typeof Parsers.parseYaml>;
type JsonResult = ReturnType<typeof Parsers.parseJson>;

export interface ParsedDoc {
  /** the source given to the constructor */
  source: string;
  data: unknown;
  diagnostics: IDiagnostic[];
  getRangeForJsonPath(path: Segment[], closest?: boolean): IRange | undefined;
  text: string;
}

export interface ParseUpdate {
  doc: ParsedDoc;
  /**
   * unit keys (units.ts unitKey) whose value is not === the previous update's
   * (added, removed or changed); 'all' on the first update. A container whose
   * value is not a mapping (`paths: []`, `components: {schemas: []}`) has no
   * units and counts as one itself (`/paths`, `/components/schemas`).
   */
  changedUnits: Set<string> | 'all';
  /** true when this update re-parsed the whole text (fallback) */
  full: boolean;
  /** JSON: the edit was typed inside one string value, and only that string was parsed again (parseJson.ts patchString) */
  stringEdit?: boolean;
}

// ---------------------------------------------------------------------------
// yaml-ast-parser nodes (the parts used here)

const SCALAR = 0;
const MAPPING = 1;
const MAP = 2;
const SEQ = 3;
const ANCHOR_REF = 4;

interface AstNode {
  kind: number;
  startPosition: number;
  endPosition: number;
  parent: AstNode | null;
  anchorId?: string;
  mappings?: AstNode[];
  items?: (AstNode | null)[];
  key?: AstNode;
  value?: unknown;
}

function asNode(v: unknown): AstNode | null {
  return typeof v === 'object' && v !== null ? (v as AstNode) : null;
}

/** True when an anchor (`&a`) or an alias (`*a`) occurs in the tree under `root`. */
function hasAnchors(root: AstNode): boolean {
  const stack: AstNode[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.anchorId !== undefined || n.kind === ANCHOR_REF) return true;
    switch (n.kind) {
      case MAP:
        for (const m of n.mappings ?? []) if (m) stack.push(m);
        break;
      case MAPPING: {
        if (n.key) stack.push(n.key);
        const v = asNode(n.value);
        if (v) stack.push(v);
        break;
      }
      case SEQ:
        for (const it of n.items ?? []) if (it) stack.push(it);
        break;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------
// Lines

const SPACE = 32;
const TAB = 9;
const CR = 13;
const HASH = 35;
const PERCENT = 37;
const DASH = 45;
const BLANK = 0;
const COMMENT = 1;
const CONTENT = 2;
/** a block sequence entry (`- x`): never starts a piece; at the indentation of the key above it, it belongs to that key's value */
const ITEM = 3;

interface Lines {
  n: number;
  /** start offset of each line; start[n] = text.length */
  start: Int32Array;
  indent: Int32Array;
  type: Uint8Array;
  /** index of the first content line */
  first: number;
}

/**
 * Scans the lines that start at `from` (a line start) up to `to` (a line start
 * or text.length) into `out` from index `at`; false when a line cannot be cut
 * into pieces: a tab in its leading whitespace, or at column 0 a directive or
 * a document marker (a bare `---` is allowed when `markerOk(at)` is true).
 */
function scanRange(text: string, from: number, to: number, out: { start: number[]; indent: number[]; type: number[] }, markerOk: (line: number) => boolean): boolean {
  let pos = from;
  while (pos < to) {
    const line = out.start.length;
    out.start.push(pos);
    let j = pos;
    while (text.charCodeAt(j) === SPACE) j++;
    let eol = text.indexOf('\n', j);
    if (eol === -1) eol = text.length;
    out.indent.push(j - pos);
    const c = text.charCodeAt(j);
    let type = CONTENT;
    if (c === TAB) return false;
    if (j === eol || (c === CR && j + 1 === eol)) type = BLANK;
    else if (c === HASH) type = COMMENT;
    else if (j === pos && (c === PERCENT || text.startsWith('---', j) || text.startsWith('...', j))) {
      // one bare `---` before the first key: part of the first piece
      if (c === PERCENT || !markerOk(line) || !/^---[ \r]*$/.test(text.slice(j, eol))) return false;
      type = COMMENT;
    }
    if (type === CONTENT && c === DASH) {
      const d = text.charCodeAt(j + 1);
      if (j + 1 === eol || d === SPACE || d === CR) type = ITEM;
    }
    out.type.push(type);
    pos = eol + 1;
  }
  return true;
}

function toLines(text: string, parts: { start: number[]; indent: number[]; type: number[] }): Lines | undefined {
  const n = parts.start.length;
  const start = new Int32Array(n + 1);
  start.set(parts.start);
  start[n] = text.length;
  const lines: Lines = { n, start, indent: Int32Array.from(parts.indent), type: Uint8Array.from(parts.type), first: 0 };
  return withFirst(lines);
}

/** Sets `first`; undefined when there is no content or the first content line is indented. */
function withFirst(lines: Lines): Lines | undefined {
  let i = 0;
  while (i < lines.n && lines.type[i] !== CONTENT) i++;
  if (i === lines.n || lines.indent[i] !== 0) return undefined;
  lines.first = i;
  return lines;
}

/**
 * The lines of `text` with their indentation and type, or undefined when the
 * text cannot be cut into pieces (see scanRange; also: no content at all, an
 * indented first content line, a byte order mark). A text ending with a line break has an
 * empty last line.
 */
function scanLines(text: string): Lines | undefined {
  // the YAML parser drops a byte order mark, and every position after it is one character off
  if (text.charCodeAt(0) === 0xfeff) return undefined;
  const parts = { start: [] as number[], indent: [] as number[], type: [] as number[] };
  if (!scanRange(text, 0, text.length, parts, () => !parts.type.includes(CONTENT))) return undefined;
  if (text.length === 0 || text.charCodeAt(text.length - 1) === 10) {
    parts.start.push(text.length);
    parts.indent.push(0);
    parts.type.push(BLANK);
  }
  return toLines(text, parts);
}

/**
 * The lines of `text` from those of `oldText` (`old`), when the texts differ
 * only in [from, to) (new offsets; old offset = new offset - delta after it):
 * the lines around the change are scanned again, the others copied (moved).
 */
function patchLines(old: Lines, text: string, from: number, to: number, delta: number): Lines | undefined {
  // the line holding `from`, and the line holding the first unchanged character after the change
  const i0 = lineAt(old, from);
  if (i0 <= old.first) return scanLines(text);
  const i1 = lineAt(old, to - delta);
  const midFrom = old.start[i0];
  const tail = i1 + 1 < old.n; // lines after i1 exist (they start after a line break of the unchanged suffix)
  const midTo = tail ? old.start[i1 + 1] + delta : text.length;
  const mid = { start: [] as number[], indent: [] as number[], type: [] as number[] };
  if (!scanRange(text, midFrom, midTo, mid, () => false)) return undefined;
  if (!tail && text.charCodeAt(text.length - 1) === 10) {
    mid.start.push(text.length);
    mid.indent.push(0);
    mid.type.push(BLANK);
  }
  const restN = tail ? old.n - (i1 + 1) : 0;
  const n = i0 + mid.start.length + restN;
  const start = new Int32Array(n + 1);
  const indent = new Int32Array(n);
  const type = new Uint8Array(n);
  start.set(old.start.subarray(0, i0));
  indent.set(old.indent.subarray(0, i0));
  type.set(old.type.subarray(0, i0));
  start.set(mid.start, i0);
  indent.set(mid.indent, i0);
  type.set(mid.type, i0);
  const at = i0 + mid.start.length;
  if (restN > 0) {
    const s = old.start.subarray(i1 + 1, old.n);
    for (let k = 0; k < restN; k++) start[at + k] = s[k] + delta;
    indent.set(old.indent.subarray(i1 + 1, old.n), at);
    type.set(old.type.subarray(i1 + 1, old.n), at);
  }
  start[n] = text.length;
  return { n, start, indent, type, first: old.first };
}

/** The line of `lines` that holds offset `pos` (the last line starting at or before it). */
function lineAt(lines: Lines, pos: number): number {
  let lo = 0;
  let hi = lines.n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lines.start[mid] <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

// ---------------------------------------------------------------------------
// Pieces and the tree

interface RawDiag extends IDiagnostic {
  path?: Segment[];
}

interface Piece {
  /** data key and AST key (`key.value`, what getLocationForJsonPath matches) */
  key: string;
  rawKey: unknown;
  /** the parse the piece's mapping lives in (its own, or a whole-text parse) */
  parse: YamlResult;
  mapping: AstNode;
  /** line of `parse` where the piece's text starts */
  parseLine: number;
  /** parser diagnostics of the piece: full paths, ranges in `parse` lines */
  diags: RawDiag[];
  wrapped?: YamlResult;
}

interface Leaf {
  t: 0;
  key: string;
  rawKey: unknown;
  piece: Piece;
  value: unknown;
  len: number;
  nLines: number;
}

interface Cont {
  t: 1;
  key: string;
  rawKey: unknown;
  header: Piece;
  children: TreeNode[];
  /** char and line offsets of the children, relative to the container's start */
  childStart: number[];
  childLine: number[];
  value: Record<string, unknown>;
  len: number;
  nLines: number;
  index?: Map<unknown, number>;
}

type TreeNode = Leaf | Cont;

interface Tree {
  tops: TreeNode[];
  topStart: number[];
  topLine: number[];
  index?: Map<unknown, number>;
}

const TOP_CONTAINER = /^(?:paths|webhooks|definitions|parameters|responses|securityDefinitions|components) *:(?: +#.*)? *\r?\n?$/;
const KIND_HEADER = /^ +[^\s#'"?:,[\]{}&*!|>%@`-][^#:]*:(?: +#.*)? *\r?\n?$/;
/** first characters of a line that cannot start a block mapping entry cut as a piece */
const NOT_A_KEY = new Set(['-', '?', '[', ']', '{', '}', ',', '&', '*', '!', '|', '>', '%', '@', '`', ':']);

interface Split {
  /** first line of each child */
  starts: number[];
}

/**
 * The children of a container whose header key is on line `keyLine` and whose
 * span ends before line `l1`: undefined when they are not a block mapping that
 * can be cut at the indentation of its first entry.
 */
function splitChildren(text: string, lines: Lines, keyLine: number, l1: number): Split | undefined {
  let f = keyLine + 1;
  while (f < l1 && lines.type[f] !== CONTENT && lines.type[f] !== ITEM) f++;
  if (f >= l1 || lines.type[f] === ITEM) return undefined;
  const c = lines.indent[f];
  if (c <= lines.indent[keyLine]) return undefined;
  const starts: number[] = [];
  for (let i = f; i < l1; i++) {
    const type = lines.type[i];
    if (type !== CONTENT && type !== ITEM) continue;
    const ind = lines.indent[i];
    if (ind < c) return undefined;
    if (ind === c && type === CONTENT) {
      if (NOT_A_KEY.has(text[lines.start[i] + c])) return undefined;
      starts.push(i);
    }
  }
  return { starts };
}

function firstContentLine(lines: Lines, l0: number, l1: number): number {
  let i = l0;
  while (i < l1 && lines.type[i] !== CONTENT && lines.type[i] !== ITEM) i++;
  return i;
}

function lineText(text: string, lines: Lines, i: number): string {
  return text.slice(lines.start[i], lines.start[i + 1]);
}

/** Whether the span [l0, l1) is a container cut into pieces at `depth` (0 top level, 1 kinds of components). */
function containerSplit(text: string, lines: Lines, l0: number, l1: number, depth: number): { keyLine: number; split: Split } | undefined {
  const keyLine = depth === 0 ? firstContentLine(lines, l0, l1) : l0;
  if (keyLine >= l1) return undefined;
  const re = depth === 0 ? TOP_CONTAINER : KIND_HEADER;
  if (!re.test(lineText(text, lines, keyLine))) return undefined;
  const split = splitChildren(text, lines, keyLine, l1);
  return split ? { keyLine, split } : undefined;
}

/** Parses a piece on its own; undefined when it does not prove to parse as inside the whole text. */
function parsePiece(text: string, header: boolean, prefix: Segment[]): { piece: Piece; value: unknown } | undefined {
  const parse = withSyntaxChecks(text, parseYamlFast(text)); // [i12] Parsers.Yaml.parse's result, built with less (yamlFast.ts); [i15e] plus the syntax errors it misses
  const ast = asNode(parse.ast);
  if (ast === null || ast.kind !== MAP || ast.mappings?.length !== 1) return undefined;
  const mapping = ast.mappings[0];
  const key = asNode(mapping?.key);
  if (!mapping || key === null || key.kind !== SCALAR || key.value === '<<') return undefined;
  if (header && mapping.value !== null) return undefined;
  const data = parse.data;
  if (!isRecord(data)) return undefined;
  const keys = Object.keys(data);
  if (keys.length !== 1) return undefined;
  for (const d of parse.diagnostics) if (d.code !== 'YAMLIncompatibleValue') return undefined;
  if (hasAnchors(ast)) return undefined;
  const diags = (parse.diagnostics as RawDiag[]).map(d => (d.path === undefined || prefix.length === 0 ? d : { ...d, path: [...prefix, ...d.path] }));
  return { piece: { key: keys[0], rawKey: key.value, parse, mapping, parseLine: 0, diags }, value: data[keys[0]] };
}

/** A fresh empty object with ordered keys, from the same ordered-object module the YAML parser uses. */
// ---------------------------------------------------------------------------
// Diagnostics the way Spectral's Document formats them (formatParserDiagnostics)

function formatDiagnostic(d: RawDiag, source: string | null): IDiagnostic {
  const path = d.path;
  let message = d.message.replace(/^[a-z]/, w => w.toUpperCase());
  if (d.code !== 'YAMLException') message = message.replace(/([a-z])([A-Z])/g, (_m, a: string, b: string) => `${a} ${b.toLowerCase()}`);
  if (path !== undefined && path.length > 0) message = message.replace(/(Duplicate key)/, `$1: ${String(path[path.length - 1])}`);
  return { ...d, code: 'parser', message, path: path ?? [], ...(source !== null ? { source } : null) } as IDiagnostic;
}

// ---------------------------------------------------------------------------
// Units and identity

/** Units (units.ts) and, for a container that is not a mapping, the container itself: [key, holder, property]. */
function* unitSlots(data: unknown): Generator<[string, Record<string, unknown>, string]> {
  if (!isRecord(data)) return;
  for (const k of Object.keys(data)) {
    const v = data[k];
    if (k === 'components') {
      if (!isRecord(v)) {
        yield [unitKey([k]), data, k];
        continue;
      }
      for (const kind of Object.keys(v)) {
        const c = v[kind];
        if (!isRecord(c)) {
          yield [unitKey([k, kind]), v, kind];
          continue;
        }
        for (const name of Object.keys(c)) yield [unitKey([k, kind, name]), c, name];
      }
    } else if (CONTAINERS.has(k)) {
      if (!isRecord(v)) {
        yield [unitKey([k]), data, k];
        continue;
      }
      for (const name of Object.keys(v)) yield [unitKey([k, name]), v, name];
    } else {
      yield [unitKey([k]), data, k];
    }
  }
}

function unitMap(data: unknown): Map<string, unknown> {
  const m = new Map<string, unknown>();
  for (const [k, holder, prop] of unitSlots(data)) m.set(k, holder[prop]);
  return m;
}

function diffUnits(prev: Map<string, unknown>, next: Map<string, unknown>): Set<string> {
  const changed = new Set<string>();
  for (const [k, v] of next) if (!prev.has(k) || prev.get(k) !== v) changed.add(k);
  for (const k of prev.keys()) if (!next.has(k)) changed.add(k);
  return changed;
}

// ---------------------------------------------------------------------------
// Documents

class FullDoc implements ParsedDoc {
  constructor(
    readonly source: string,
    readonly text: string,
    readonly data: unknown,
    readonly diagnostics: IDiagnostic[],
    private readonly parser: typeof Parsers.Yaml | typeof Parsers.Json,
    private readonly result: YamlResult | JsonResult,
  ) {}

  getRangeForJsonPath(path: Segment[], closest?: boolean): IRange | undefined {
    return (this.parser.getLocationForJsonPath as (r: unknown, p: Segment[], c?: boolean) => { range: IRange } | undefined)(this.result, path, closest)?.range;
  }
}

function wrapped(piece: Piece): YamlResult {
  if (piece.wrapped === undefined) {
    // a root holding just this piece's mapping (its own parent links stay)
    const ast = { kind: MAP, mappings: [piece.mapping], parent: null, startPosition: piece.mapping.startPosition, endPosition: piece.mapping.endPosition, errors: [] };
    piece.wrapped = { ...piece.parse, ast } as unknown as YamlResult;
  }
  return piece.wrapped;
}

function shiftRange(r: IRange, by: number): IRange {
  return { start: { line: r.start.line + by, character: r.start.character }, end: { line: r.end.line + by, character: r.end.character } };
}

function pieceRange(piece: Piece, docLine: number, rel: Segment[]): IRange | undefined {
  const loc = Parsers.Yaml.getLocationForJsonPath(wrapped(piece), rel);
  return loc === undefined ? undefined : shiftRange(loc.range, docLine - piece.parseLine);
}

function childIndex(c: Cont | Tree): Map<unknown, number> {
  if (c.index === undefined) {
    const nodes = 'tops' in c ? c.tops : c.children;
    const m = new Map<unknown, number>();
    nodes.forEach((n, i) => m.set(n.rawKey, i)); // the last of equal keys wins, as in getLocationForJsonPath
    c.index = m;
  }
  return c.index;
}

function nodeEnd(node: TreeNode, line: number): IRange['end'] | undefined {
  for (;;) {
    if (node.t === 0) return pieceRange(node.piece, line, [node.rawKey as string])?.end;
    const last = node.children.length - 1;
    line += node.childLine[last];
    node = node.children[last];
  }
}

class ChunkedDoc implements ParsedDoc {
  constructor(
    readonly source: string,
    readonly text: string,
    readonly data: unknown,
    readonly diagnostics: IDiagnostic[],
    private readonly tree: Tree,
    /** end of the first content line (with its line break) */
    private readonly firstLineEnd: number,
  ) {}

  getRangeForJsonPath(path: Segment[]): IRange | undefined {
    const tree = this.tree;
    if (path.length === 0) {
      // the root starts at the first key (line 0 when that is where line 1 starts): from the first
      // piece's parse when it is that parse's first key at line 0, else from a parse of the text up
      // to the end of the first key's line
      const first = tree.tops[0];
      const piece = first.t === 0 ? first.piece : first.header;
      const own = piece.parseLine === 0 && asNode(piece.parse.ast)?.mappings?.[0] === piece.mapping;
      const loc = Parsers.Yaml.getLocationForJsonPath(own ? piece.parse : Parsers.Yaml.parse(this.text.slice(0, this.firstLineEnd)), []);
      const last = tree.tops.length - 1;
      const end = nodeEnd(tree.tops[last], tree.topLine[last]);
      if (loc === undefined || end === undefined) return undefined;
      return { start: loc.range.start, end };
    }
    const i = childIndex(tree).get(path[0]);
    if (i === undefined) return undefined;
    let node = tree.tops[i];
    let line = tree.topLine[i];
    for (let d = 1; ; d++) {
      if (node.t === 0) return pieceRange(node.piece, line, [node.rawKey as string, ...path.slice(d)]);
      if (d === path.length) {
        const start = pieceRange(node.header, line, [node.rawKey as string]);
        const end = nodeEnd(node, line);
        return start === undefined || end === undefined ? undefined : { start: start.start, end };
      }
      const j = childIndex(node).get(path[d]);
      if (j === undefined) return undefined;
      line += node.childLine[j];
      node = node.children[j];
    }
  }
}

// ---------------------------------------------------------------------------
// Building trees

interface ChangeWindow {
  /** the new text differs from the old one only in [from, to) (new offsets); old offset = new offset - delta after it */
  from: number;
  to: number;
  delta: number;
}

/**
 * The old nodes of one container (or of the top level), to find the node of
 * an unchanged span: by offset outside the changed window, by text (same
 * length, then equal text) among the old nodes that touch the window (an
 * insertion can make the common prefix and suffix eat into unchanged nodes,
 * and several edits at once make one wide window).
 */
class OldLevel {
  private readonly byStart = new Map<number, TreeNode>();
  private byLen: Map<number, { node: TreeNode; start: number }[]> | undefined;
  private readonly used = new Set<TreeNode>();

  constructor(
    private readonly nodes: TreeNode[],
    private readonly starts: number[],
    private readonly base: number,
  ) {
    for (let i = 0; i < nodes.length; i++) this.byStart.set(base + starts[i], nodes[i]);
  }

  find(a: number, b: number, text: string, oldText: string, win: ChangeWindow): TreeNode | undefined {
    const { from, to, delta } = win;
    let node: TreeNode | undefined;
    if (b <= from) node = this.byStart.get(a);
    else if (a >= to) node = this.byStart.get(a - delta);
    else {
      if (this.byLen === undefined) {
        this.byLen = new Map();
        const oldTo = to - delta;
        for (let i = 0; i < this.nodes.length; i++) {
          const n = this.nodes[i];
          const start = this.base + this.starts[i];
          if (start + n.len < from || start > oldTo) continue;
          const list = this.byLen.get(n.len);
          if (list === undefined) this.byLen.set(n.len, [{ node: n, start }]);
          else list.push({ node: n, start });
        }
      }
      const span = text.slice(a, b);
      for (const c of this.byLen.get(b - a) ?? []) {
        if (!this.used.has(c.node) && oldText.slice(c.start, c.start + c.node.len) === span) {
          node = c.node;
          break;
        }
      }
    }
    if (node === undefined || node.len !== b - a || this.used.has(node)) return undefined;
    this.used.add(node);
    return node;
  }
}

class Builder {
  constructor(
    private readonly text: string,
    private readonly oldText: string,
    private readonly lines: Lines,
    private readonly win: ChangeWindow,
  ) {}

  /**
   * Nodes for the spans starting at `starts` (lines) up to `l1`, at `depth`
   * (0 top level, 1 components kinds, 2 entries of a container), reusing
   * unchanged nodes of `old` (the old container's children, by old offset).
   */
  nodes(starts: number[], l1: number, depth: number, prefix: Segment[], scope: string, old: OldLevel | undefined, oldConts: Map<string, { node: Cont; start: number }> | undefined): { nodes: TreeNode[]; starts: number[] } | undefined {
    const { text, lines } = this;
    const out: TreeNode[] = [];
    const charStarts: number[] = [];
    const keys = new Set<string>();
    for (let s = 0; s < starts.length; s++) {
      const l0 = starts[s];
      const le = s + 1 < starts.length ? starts[s + 1] : l1;
      const a = lines.start[l0];
      const b = lines.start[le];
      let node = old?.find(a, b, text, this.oldText, this.win);
      if (node === undefined) {
        const canSplit = depth === 0 || (depth === 1 && scope === '/components');
        const cs = canSplit ? containerSplit(text, lines, l0, le, depth) : undefined;
        if (cs !== undefined) {
          const hEnd = cs.split.starts[0];
          const parsed = parsePiece(text.slice(a, lines.start[hEnd]), true, prefix);
          if (parsed === undefined) return undefined;
          const { piece } = parsed;
          if (depth === 0 && piece.key !== 'components' && !CONTAINERS.has(piece.key)) return undefined;
          const childScope = scope === '' ? unitKey([piece.key]) : `${scope}${unitKey([piece.key])}`;
          const oldCont = oldConts?.get(piece.key);
          const oldChildren = oldCont ? new OldLevel(oldCont.node.children, oldCont.node.childStart, oldCont.start) : undefined;
          const oldGrand = oldCont && depth === 0 && piece.key === 'components' ? contsOf(oldCont.node.children, oldCont.node.childStart, oldCont.start) : undefined;
          const kids = this.nodes(cs.split.starts, le, depth === 0 && piece.key === 'components' ? 1 : 2, [...prefix, piece.rawKey as Segment], childScope, oldChildren, oldGrand);
          if (kids === undefined) return undefined;
          const value = orderedObject();
          for (const k of kids.nodes) value[k.key] = k.value;
          node = {
            t: 1,
            key: piece.key,
            rawKey: piece.rawKey,
            header: piece,
            children: kids.nodes,
            childStart: kids.starts.map(x => x - a),
            childLine: cs.split.starts.map(x => x - l0),
            value,
            len: b - a,
            nLines: le - l0,
          };
        } else {
          const parsed = parsePiece(text.slice(a, b), false, prefix);
          if (parsed === undefined) return undefined;
          const { piece, value } = parsed;
          node = { t: 0, key: piece.key, rawKey: piece.rawKey, piece, value, len: b - a, nLines: le - l0 };
        }
      }
      if (keys.has(node.key)) return undefined;
      keys.add(node.key);
      out.push(node);
      charStarts.push(a);
    }
    return { nodes: out, starts: charStarts };
  }
}

function contsOf(nodes: TreeNode[], starts: number[], base: number): Map<string, { node: Cont; start: number }> {
  const m = new Map<string, { node: Cont; start: number }>();
  nodes.forEach((n, i) => {
    if (n.t === 1) m.set(n.key, { node: n, start: base + starts[i] });
  });
  return m;
}

function topStarts(lines: Lines): number[] {
  const starts = [0];
  for (let i = lines.first + 1; i < lines.n; i++) if (lines.type[i] === CONTENT && lines.indent[i] === 0) starts.push(i);
  return starts;
}

/**
 * A tree over a whole-text parse (clean, no anchors), so that the next edit is
 * incremental; undefined when the parse does not match the cut exactly.
 */
function treeFromFull(text: string, lines: Lines, parse: YamlResult): Tree | undefined {
  const root = asNode(parse.ast);
  if (root === null || root.kind !== MAP || !isRecord(parse.data)) return undefined;
  const diags = parse.diagnostics as RawDiag[];
  let di = 0;
  const takeDiags = (l0: number, l1: number): RawDiag[] => {
    const out: RawDiag[] = [];
    while (di < diags.length && diags[di].range.start.line < l1) {
      if (diags[di].range.start.line < l0) return [];
      out.push(diags[di++]);
    }
    return out;
  };
  const build = (starts: number[], l1: number, depth: number, map: AstNode, data: Record<string, unknown>): { nodes: TreeNode[]; starts: number[] } | undefined => {
    const mappings = map.mappings ?? [];
    const keys = Object.keys(data);
    if (mappings.length !== starts.length || keys.length !== starts.length) return undefined;
    const nodes: TreeNode[] = [];
    const charStarts: number[] = [];
    for (let s = 0; s < starts.length; s++) {
      const l0 = starts[s];
      const le = s + 1 < starts.length ? starts[s + 1] : l1;
      const a = lines.start[l0];
      const b = lines.start[le];
      const m = mappings[s];
      const key = asNode(m?.key);
      if (!m || key === null || key.kind !== SCALAR || key.value === '<<' || key.startPosition < a || key.startPosition >= b) return undefined;
      const k = keys[s];
      const canSplit = depth === 0 ? k === 'components' || CONTAINERS.has(k) : depth === 1;
      const cs = canSplit ? containerSplit(text, lines, l0, le, depth) : undefined;
      if (cs !== undefined) {
        const v = asNode(m.value);
        const dv = data[k];
        if (v === null || v.kind !== MAP || !isRecord(dv)) return undefined;
        const hEnd = cs.split.starts[0];
        const header: Piece = { key: k, rawKey: key.value, parse, mapping: m, parseLine: l0, diags: takeDiags(l0, hEnd) };
        const kids = build(cs.split.starts, le, depth === 0 && k === 'components' ? 1 : 2, v, dv);
        if (kids === undefined) return undefined;
        nodes.push({
          t: 1,
          key: k,
          rawKey: key.value,
          header,
          children: kids.nodes,
          childStart: kids.starts.map(x => x - a),
          childLine: cs.split.starts.map(x => x - l0),
          value: dv,
          len: b - a,
          nLines: le - l0,
        });
      } else {
        const piece: Piece = { key: k, rawKey: key.value, parse, mapping: m, parseLine: l0, diags: takeDiags(l0, le) };
        nodes.push({ t: 0, key: k, rawKey: key.value, piece, value: data[k], len: b - a, nLines: le - l0 });
      }
      charStarts.push(a);
    }
    return { nodes, starts: charStarts };
  };
  const starts = topStarts(lines);
  const top = build(starts, lines.n, 0, root, parse.data);
  if (top === undefined || top.nodes.length === 0 || di !== diags.length) return undefined;
  return { tops: top.nodes, topStart: top.starts, topLine: starts };
}

function collectDiags(tree: Tree, source: string | null): IDiagnostic[] {
  const out: IDiagnostic[] = [];
  const push = (piece: Piece, line: number) => {
    const by = line - piece.parseLine;
    for (const d of piece.diags) out.push(formatDiagnostic(by === 0 ? d : { ...d, range: shiftRange(d.range, by) }, source));
  };
  const walk = (node: TreeNode, line: number) => {
    if (node.t === 0) return push(node.piece, line);
    push(node.header, line);
    node.children.forEach((c, i) => walk(c, line + node.childLine[i]));
  };
  tree.tops.forEach((n, i) => walk(n, tree.topLine[i]));
  return out;
}

// ---------------------------------------------------------------------------

/** What the next incremental update starts from: the pieces and the lines of the text. */
interface Cut {
  tree: Tree;
  lines: Lines;
}

export class IncrementalParser {
  private readonly normSource: string | null;
  private prev: { text: string; doc: ParsedDoc; units: Map<string, unknown>; cut: Cut | undefined; jsonCut?: JsonCut } | undefined;

  constructor(
    readonly source: string,
    readonly kind: 'yaml' | 'json',
  ) {
    this.normSource = new Document('', Parsers.Json, source).source;
  }

  update(text: string): ParseUpdate {
    const prev = this.prev;
    if (prev !== undefined && prev.text === text) return { doc: prev.doc, changedUnits: new Set(), full: false };
    if (prev !== undefined) {
      let r: { doc: ParsedDoc; cut?: Cut; jsonCut?: JsonCut; stringEdit?: boolean } | undefined;
      try {
        if (this.kind === 'yaml' && prev.cut !== undefined) r = this.incremental(text, prev.text, prev.cut);
        else if (this.kind === 'json' && prev.jsonCut !== undefined) {
          const j = updateJson(prev.jsonCut, text, this.source);
          r = j && { doc: j.doc, jsonCut: j.cut, stringEdit: j.stringEdit };
        }
      } catch {
        r = undefined; // a piece the parser throws on (`!!binary` …): the whole-text parse decides
      }
      if (r !== undefined) {
        // A YAML unit parsed again holds new objects throughout: it takes the old ones where they are equal.
        if (this.kind === 'yaml') {
          for (const [k, holder, prop] of unitSlots(r.doc.data)) {
            const before = prev.units.get(k);
            if (before !== undefined && holder[prop] !== before) adoptUnchanged(before, holder[prop]);
          }
        }
        const units = unitMap(r.doc.data);
        const changedUnits = diffUnits(prev.units, units);
        this.prev = { text, doc: r.doc, units, cut: r.cut, jsonCut: r.jsonCut };
        return { doc: r.doc, changedUnits, full: false, ...(r.stringEdit ? { stringEdit: true } : {}) };
      }
    }
    return this.full(text);
  }

  private incremental(text: string, oldText: string, oldCut: Cut): { doc: ChunkedDoc; cut: Cut } | undefined {
    const old = oldCut.tree;
    const from = commonPrefix(oldText, text);
    const suffix = commonSuffix(oldText, text, Math.min(oldText.length, text.length) - from);
    const win: ChangeWindow = { from, to: text.length - suffix, delta: text.length - oldText.length };
    const lines = patchLines(oldCut.lines, text, win.from, win.to, win.delta);
    if (lines === undefined) return undefined;
    const starts = topStarts(lines);
    const builder = new Builder(text, oldText, lines, win);
    const top = builder.nodes(starts, lines.n, 0, [], '', new OldLevel(old.tops, old.topStart, 0), contsOf(old.tops, old.topStart, 0));
    if (top === undefined || top.nodes.length === 0) return undefined;
    const tree: Tree = { tops: top.nodes, topStart: top.starts, topLine: starts };
    const data = orderedObject();
    for (const n of tree.tops) data[n.key] = n.value;
    return { doc: new ChunkedDoc(this.source, text, data, collectDiags(tree, this.normSource), tree, lines.start[Math.min(lines.first + 1, lines.n)]), cut: { tree, lines } };
  }

  private full(text: string): ParseUpdate {
    const prev = this.prev;
    const yaml = this.kind === 'yaml';
    const parser = yaml ? Parsers.Yaml : Parsers.Json;
    const result = (yaml ? withSyntaxChecks(text, parseYamlFast(text)) : parser.parse(text)) as YamlResult | JsonResult; // [i12] yamlFast.ts, [i15e] yamlSyntax.ts
    const data = result.data;
    // restore the identity of units whose value did not change
    if (prev !== undefined) {
      for (const [k, holder, prop] of unitSlots(data)) {
        if (!prev.units.has(k)) continue;
        const before = prev.units.get(k);
        if (holder[prop] !== before && deepEqualOrdered(before, holder[prop])) holder[prop] = before;
      }
    }
    const units = unitMap(data);
    const diagnostics = (result.diagnostics as RawDiag[]).map(d => formatDiagnostic(d, this.normSource));
    const doc = new FullDoc(this.source, text, data, diagnostics, parser, result);
    let cut: Cut | undefined;
    if (yaml) {
      const clean = result.diagnostics.every(d => d.code === 'YAMLIncompatibleValue');
      const ast = asNode(result.ast);
      if (clean && ast !== null && !hasAnchors(ast)) {
        const lines = scanLines(text);
        const tree = lines === undefined ? undefined : treeFromFull(text, lines, result as YamlResult);
        if (tree !== undefined) cut = { tree, lines: lines! };
      }
    }
    const jsonCut = yaml ? undefined : cutFromFull(text, result);
    const changedUnits = prev === undefined ? 'all' : diffUnits(prev.units, units);
    this.prev = { text, doc, units, cut, jsonCut };
    return { doc, changedUnits, full: true };
  }
}
