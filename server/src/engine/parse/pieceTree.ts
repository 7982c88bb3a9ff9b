/** Building the tree of pieces: from a whole-text parse, or from the last tree reusing the pieces an edit left alone (see parser.ts). */
import type { IDiagnostic } from '@stoplight/types';
import { CONTAINERS, isRecord, orderedObject, unitKey } from './units';
import type { Segment, YamlResult } from './parser';
import { CONTENT, type Lines } from './pieceLines';
import { asAstNode, type YamlAstNode, MAP, SCALAR } from './yamlAst';
import { type Cont, containerSplit, formatDiagnostic, parsePiece, type Piece, type RawDiag, type Tree, type TreeNode } from './pieces';
import { shiftRange } from './parsedDocs';
import type { BrokenSpan, Outer } from './brokenPiece';

// ---------------------------------------------------------------------------
// Building trees

export interface ChangeWindow {
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
export class OldLevel {
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

/**
 * Two broken pieces are proven as one span (brokenPiece.ts) up to this many characters from the first to the last: a
 * span that cannot be proven costs its parse on top of the whole text's.
 */
const MAX_BROKEN_SPAN = 256 * 1024;

export class Builder {
  /** The pieces with syntax errors the tree may hold, as one span of a mapping (brokenPiece.ts decides whether it stands). */
  broken: BrokenSpan | undefined;
  /** Why the pieces could not be built, when nodes() gave undefined. */
  failure: string | undefined;

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
   * `outer`: the header lines of the containers this level is in, and their data keys.
   */
  nodes(
    starts: number[],
    l1: number,
    depth: number,
    prefix: Segment[],
    scope: string,
    old: OldLevel | undefined,
    oldConts: Map<string, { node: Cont; start: number }> | undefined,
    outer: Outer = { headers: '', keys: [] },
  ): { nodes: TreeNode[]; starts: number[] } | undefined {
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
      // A container kept whole would hide its broken piece from this build: it is built again.
      if (node?.t === 1 && node.broken) node = undefined;
      if (node === undefined) {
        const canSplit = depth === 0 || (depth === 1 && scope === '/components');
        const cs = canSplit ? containerSplit(text, lines, l0, le, depth) : undefined;
        if (cs !== undefined) {
          const hEnd = cs.split.starts[0];
          const parsed = parsePiece(text.slice(a, lines.start[hEnd]), true, prefix);
          if (typeof parsed === 'string') return this.fail(parsed);
          const { piece } = parsed;
          if (depth === 0 && piece.key !== 'components' && !CONTAINERS.has(piece.key)) return this.fail('a top-level key cut as a container');
          const childScope = scope === '' ? unitKey([piece.key]) : `${scope}${unitKey([piece.key])}`;
          const oldCont = oldConts?.get(piece.key);
          const oldChildren = oldCont ? new OldLevel(oldCont.node.children, oldCont.node.childStart, oldCont.start) : undefined;
          const oldGrand =
            oldCont && depth === 0 && piece.key === 'components' ? contsOf(oldCont.node.children, oldCont.node.childStart, oldCont.start) : undefined;
          const inner = { headers: outer.headers + text.slice(a, lines.start[hEnd]), keys: [...outer.keys, piece.key] };
          const kids = this.nodes(
            cs.split.starts,
            le,
            depth === 0 && piece.key === 'components' ? 1 : 2,
            [...prefix, piece.rawKey as Segment],
            childScope,
            oldChildren,
            oldGrand,
            inner,
          );
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
            ...(kids.nodes.some(k => (k.t === 1 ? k.broken : k.piece.broken)) ? { broken: true } : {}),
          };
        } else {
          const parsed = parsePiece(text.slice(a, b), false, prefix, true);
          if (typeof parsed === 'string') return this.fail(parsed);
          const { piece, value } = parsed;
          node = { t: 0, key: piece.key, rawKey: piece.rawKey, piece, value, len: b - a, nLines: le - l0 };
        }
      }
      if (keys.has(node.key)) return this.fail('a duplicate key');
      keys.add(node.key);
      const before = this.broken;
      if (before !== undefined && before.nodes[before.nodes.length - 1] === out[out.length - 1]) before.next = { node, end: b };
      if (node.t === 0 && node.piece.broken) {
        if (before !== undefined) {
          // A second break: one span with the first, when both are pieces of this mapping with only pieces between.
          if (before.outer !== outer) return this.fail('broken pieces in two mappings');
          const between = out.slice(out.indexOf(before.nodes[before.nodes.length - 1]) + 1);
          if (!between.every((n): n is TreeNode & { t: 0 } => n.t === 0)) return this.fail('broken pieces with a container between');
          if (b - before.start > MAX_BROKEN_SPAN) return this.fail('broken pieces far apart');
          before.nodes.push(...between, node);
          before.end = b;
          before.next = undefined;
        } else {
          const prev = out.length > 0 ? { node: out[out.length - 1], start: charStarts[charStarts.length - 1] } : undefined;
          this.broken = { nodes: [node], start: a, end: b, outer, prev };
        }
      }
      out.push(node);
      charStarts.push(a);
    }
    return { nodes: out, starts: charStarts };
  }

  private fail(why: string): undefined {
    this.failure = why;
    return undefined;
  }
}

export function contsOf(nodes: TreeNode[], starts: number[], base: number): Map<string, { node: Cont; start: number }> {
  const m = new Map<string, { node: Cont; start: number }>();
  nodes.forEach((n, i) => {
    if (n.t === 1) m.set(n.key, { node: n, start: base + starts[i] });
  });
  return m;
}

export function topStarts(lines: Lines): number[] {
  const starts = [0];
  for (let i = lines.first + 1; i < lines.n; i++) if (lines.type[i] === CONTENT && lines.indent[i] === 0) starts.push(i);
  return starts;
}

/**
 * A tree over a whole-text parse (clean, no anchors), so that the next edit is
 * incremental; undefined when the parse does not match the cut exactly.
 */
export function treeFromFull(text: string, lines: Lines, parse: YamlResult): Tree | undefined {
  const root = asAstNode(parse.ast);
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
  const build = (
    starts: number[],
    l1: number,
    depth: number,
    map: YamlAstNode,
    data: Record<string, unknown>,
  ): { nodes: TreeNode[]; starts: number[] } | undefined => {
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
      const key = asAstNode(m?.key);
      if (!m || key === null || key.kind !== SCALAR || key.value === '<<' || key.startPosition < a || key.startPosition >= b) return undefined;
      const k = keys[s];
      const canSplit = depth === 0 ? k === 'components' || CONTAINERS.has(k) : depth === 1;
      const cs = canSplit ? containerSplit(text, lines, l0, le, depth) : undefined;
      if (cs !== undefined) {
        const v = asAstNode(m.value);
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

export function collectDiags(tree: Tree, source: string | null): IDiagnostic[] {
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
