/** The parsed documents: the whole text's (FullDoc) and the pieces' (ChunkedDoc), with ranges for JSON paths (see parser.ts). */
import * as Parsers from '@stoplight/spectral-parsers';
import type { IDiagnostic, IRange } from '@stoplight/types';
import type { JsonResult, ParsedDoc, Segment, YamlResult } from './parser';
import { asAstNode, MAP } from './yamlAst';
import type { Cont, Piece, Tree, TreeNode } from './pieces';
import { positionsOf, rangeOf } from './jsonDocument';
import type { JsonTreeNode } from './jsonTree';
import { yamlRangeForPath } from './yamlRanges';
import { yamlOffsetsOf } from './yamlOffsetsRanges';

// ---------------------------------------------------------------------------
// Documents

export class FullDoc implements ParsedDoc {
  constructor(
    readonly source: string,
    readonly text: string,
    readonly data: unknown,
    readonly diagnostics: IDiagnostic[],
    private readonly parser: typeof Parsers.Yaml | typeof Parsers.Json,
    private readonly result: YamlResult | JsonResult,
  ) {}

  /** JSON has no aliases; the YAML offsets parse reads no text with an anchor or an alias (yamlOffsets.ts). */
  get noAliases(): boolean {
    return this.parser === Parsers.Json || yamlOffsetsOf(this.result) !== undefined;
  }

  getRangeForJsonPath(path: Segment[], closest?: boolean): IRange | undefined {
    if (this.parser === Parsers.Json) {
      const positions = positionsOf(this.result);
      if (positions !== undefined) return positions.rangeAt(path, closest === true);
      const node = jsonNodeAt((this.result as { ast: JsonNode }).ast, path, closest === true);
      return node === undefined ? undefined : rangeOf(this.result, node as JsonTreeNode);
    }
    return yamlRangeForPath(this.result as YamlResult, path); // Parsers.Yaml.getLocationForJsonPath (no `closest`), mappings looked up by key
  }
}

/** A node of @stoplight/json's syntax tree of a JSON text (the parts read here). */
interface JsonNode {
  type: string;
  value?: unknown;
  children?: JsonNode[];
  range?: IRange;
}

/** An object node's properties by key, the first of equal keys (as @stoplight/json's findNodeAtPath takes them). */
const jsonKeys = new WeakMap<JsonNode, Map<unknown, JsonNode>>();
function jsonKeysOf(node: JsonNode, children: JsonNode[]): Map<unknown, JsonNode> {
  let keys = jsonKeys.get(node);
  if (keys === undefined) {
    keys = new Map();
    for (const p of children) {
      if (Array.isArray(p.children) && p.children.length === 2 && !keys.has(p.children[0]!.value)) keys.set(p.children[0]!.value, p.children[1]!);
    }
    jsonKeys.set(node, keys);
  }
  return keys;
}

/**
 * @stoplight/json's getLocationForJsonPath (what Spectral's JSON parser answers), the same node for every path, with
 * an object's properties looked up by key rather than one by one: a finding under `paths` of kubernetes (1,000 path
 * items) scanned them all, for each of 8,580 findings.
 */
function jsonNodeAt(root: JsonNode, path: Segment[], closest: boolean): JsonNode | undefined {
  let node = root;
  for (const segment of path) {
    const n = Number(segment);
    const seg = Number.isInteger(n) ? n : segment;
    if (typeof seg === 'string' || node.type !== 'array') {
      if (node.type !== 'object' || !Array.isArray(node.children)) return closest ? node : undefined;
      // Small objects are scanned, as the original does; the index pays from a few properties on.
      const key = String(seg);
      let next: JsonNode | undefined;
      if (node.children.length > 8) next = jsonKeysOf(node, node.children).get(key);
      else {
        for (const p of node.children) {
          if (Array.isArray(p.children) && p.children[0]!.value === key && p.children.length === 2) {
            next = p.children[1];
            break;
          }
        }
      }
      if (next === undefined) return closest ? node : undefined;
      node = next;
      continue;
    }
    if (seg < 0 || !Array.isArray(node.children) || seg >= node.children.length) return closest ? node : undefined;
    node = node.children[seg]!;
  }
  return node;
}

function wrapped(piece: Piece): YamlResult {
  if (piece.wrapped === undefined) {
    // a root holding just this piece's mapping (its own parent links stay)
    const ast = {
      kind: MAP,
      mappings: [piece.mapping],
      parent: null,
      startPosition: piece.mapping.startPosition,
      endPosition: piece.mapping.endPosition,
      errors: [],
    };
    piece.wrapped = { ...piece.parse, ast } as unknown as YamlResult;
  }
  return piece.wrapped;
}

export function shiftRange(r: IRange, by: number): IRange {
  return { start: { line: r.start.line + by, character: r.start.character }, end: { line: r.end.line + by, character: r.end.character } };
}

function pieceRange(piece: Piece, docLine: number, rel: Segment[]): IRange | undefined {
  // A piece is never changed once parsed, and an unchanged piece is kept across edits: the range of a path in it is
  // looked up once (every relint asks for the ranges of all the findings, most of them in pieces the edit left alone).
  const key = pathKey(rel);
  let ranges = piece.ranges;
  if (!ranges) piece.ranges = ranges = new Map();
  let range = ranges.get(key);
  if (range === undefined && !ranges.has(key)) {
    range = yamlRangeForPath(wrapped(piece), rel);
    ranges.set(key, range);
  }
  return range === undefined ? undefined : shiftRange(range, docLine - piece.parseLine);
}

/** A path as a map key: each segment with its kind and a string's length (no two paths give one key). */
function pathKey(path: Segment[]): string {
  let k = '';
  for (const s of path) k += typeof s === 'number' ? `#${s};` : `${s.length}:${s}`;
  return k;
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

export class ChunkedDoc implements ParsedDoc {
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
      const own = piece.parseLine === 0 && asAstNode(piece.parse.ast)?.mappings?.[0] === piece.mapping;
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
