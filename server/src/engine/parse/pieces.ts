/** Pieces (a path item, a component… parsed on its own), the tree they form, and the units' identity across parses (see parser.ts). */
import type { IDiagnostic, IRange } from '@stoplight/types';
import { CONTAINERS, isRecord, unitKey } from './units';
import { withSyntaxChecks } from '../yamlSyntax';
import { parseYamlDocument } from './yamlDocument';
import type { Segment, YamlResult } from './parser';
import { CONTENT, ITEM, type Lines } from './pieceLines';
import { asAstNode, type YamlAstNode, hasAnchors, MAP, SCALAR } from './yamlAst';

// ---------------------------------------------------------------------------
// Pieces and the tree

export interface RawDiag extends IDiagnostic {
  path?: Segment[];
}

export interface Piece {
  /** data key and AST key (`key.value`, what getLocationForJsonPath matches) */
  key: string;
  rawKey: unknown;
  /** the parse the piece's mapping lives in (its own, or a whole-text parse) */
  parse: YamlResult;
  mapping: YamlAstNode;
  /** line of `parse` where the piece's text starts */
  parseLine: number;
  /** parser diagnostics of the piece: full paths, ranges in `parse` lines */
  diags: RawDiag[];
  wrapped?: YamlResult;
  /** ranges of paths in the piece, in `parse` lines, by pathKey (parsedDocs.ts pieceRange): a relint asks for the same ones */
  ranges?: Map<string, IRange | undefined>;
  /** The piece has syntax errors (a keystroke mid-edit): its parse stands for the whole text's only once brokenPiece.ts shows it. */
  broken?: boolean;
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

export interface Cont {
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
  /** One of its pieces is broken (Piece.broken): the container is not reused as a whole by the next edit. */
  broken?: boolean;
}

export type TreeNode = Leaf | Cont;

export interface Tree {
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
export function containerSplit(text: string, lines: Lines, l0: number, l1: number, depth: number): { keyLine: number; split: Split } | undefined {
  const keyLine = depth === 0 ? firstContentLine(lines, l0, l1) : l0;
  if (keyLine >= l1) return undefined;
  const re = depth === 0 ? TOP_CONTAINER : KIND_HEADER;
  if (!re.test(lineText(text, lines, keyLine))) return undefined;
  const split = splitChildren(text, lines, keyLine, l1);
  return split ? { keyLine, split } : undefined;
}

/**
 * Parses a piece on its own; a string saying why not when it does not prove to parse as inside the whole text.
 * `mayBreak`: a piece with syntax errors is given too (Piece.broken), for brokenPiece.ts to prove.
 */
export function parsePiece(text: string, header: boolean, prefix: Segment[], mayBreak = false): { piece: Piece; value: unknown } | string {
  const parse = withSyntaxChecks(text, parseYamlDocument(text)); // Parsers.Yaml.parse's result, built with less (yamlDocument.ts), plus the syntax errors it misses
  const ast = asAstNode(parse.ast);
  if (ast === null || ast.kind !== MAP || ast.mappings?.length !== 1) return 'a piece that is not one mapping entry';
  const mapping = ast.mappings[0];
  const key = asAstNode(mapping?.key);
  if (!mapping || key === null || key.kind !== SCALAR || key.value === '<<') return 'a piece whose key is not a scalar';
  if (header && mapping.value !== null) return 'a container header with a value';
  const data = parse.data;
  if (!isRecord(data) || Object.keys(data).length !== 1) return 'a piece that is not one mapping entry';
  const keys = Object.keys(data);
  const broken = parse.diagnostics.some(d => d.code !== 'YAMLIncompatibleValue');
  if (broken && header) return 'a broken container header';
  if (broken && !mayBreak) return 'a broken piece';
  if (hasAnchors(ast)) return 'an anchor or an alias';
  const diags = (parse.diagnostics as RawDiag[]).map(d => (d.path === undefined || prefix.length === 0 ? d : { ...d, path: [...prefix, ...d.path] }));
  return { piece: { key: keys[0], rawKey: key.value, parse, mapping, parseLine: 0, diags, ...(broken ? { broken } : {}) }, value: data[keys[0]] };
}

/** A fresh empty object with ordered keys, from the same ordered-object module the YAML parser uses. */
// ---------------------------------------------------------------------------
// Diagnostics the way Spectral's Document formats them (formatParserDiagnostics)

export function formatDiagnostic(d: RawDiag, source: string | null): IDiagnostic {
  const path = d.path;
  let message = d.message.replace(/^[a-z]/, w => w.toUpperCase());
  if (d.code !== 'YAMLException') message = message.replace(/([a-z])([A-Z])/g, (_m, a: string, b: string) => `${a} ${b.toLowerCase()}`);
  if (path !== undefined && path.length > 0) message = message.replace(/(Duplicate key)/, `$1: ${String(path[path.length - 1])}`);
  return { ...d, code: 'parser', message, path: path ?? [], ...(source !== null ? { source } : null) } as IDiagnostic;
}

// ---------------------------------------------------------------------------
// Units and identity

/** Units (units.ts) and, for a container that is not a mapping, the container itself: [key, holder, property]. */
export function* unitSlots(data: unknown): Generator<[string, Record<string, unknown>, string]> {
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

export function unitMap(data: unknown): Map<string, unknown> {
  const m = new Map<string, unknown>();
  for (const [k, holder, prop] of unitSlots(data)) m.set(k, holder[prop]);
  return m;
}

export function diffUnits(prev: Map<string, unknown>, next: Map<string, unknown>): Set<string> {
  const changed = new Set<string>();
  for (const [k, v] of next) if (!prev.has(k) || prev.get(k) !== v) changed.add(k);
  for (const k of prev.keys()) if (!next.has(k)) changed.add(k);
  return changed;
}
