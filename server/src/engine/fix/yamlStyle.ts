/**
 * The style of a YAML text as fixes write it (yamlOps.ts): line ends, indentation step, sequence indentation,
 * quotes and flow padding, read from the `yaml` package's syntax tree; and the offsets a fix's edit is computed
 * from (columns, line starts and ends, where a node's content ends).
 */
import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type Node, type Pair } from 'yaml';

export interface Style {
  eol: string;
  unit: number;
  indentSeq: boolean;
  singleQuote: boolean;
  /** `{ a: 1 }` rather than `{a: 1}`. */
  flowPadding: boolean;
  /** Columns from a block sequence's dash to its item (`- a` = 2, `-   a` = 4). */
  seqGap: number;
}

export function column(text: string, offset: number): number {
  return offset - (text.lastIndexOf('\n', offset - 1) + 1);
}

export function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Offset after the newline that ends the line containing `offset` (or the text's end). */
export function afterLineEnd(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl < 0 ? text.length : nl + 1;
}

/** The end of a node's own content: its value end with trailing whitespace removed. */
export function contentEnd(text: string, node: { range?: [number, number, number] | null } | null | undefined, floor: number): number {
  if (!node || !node.range) return floor;
  let q = node.range[1];
  while (q > floor && /\s/.test(text[q - 1])) q--;
  return Math.max(q, floor);
}

const styles = new WeakMap<Document.Parsed, Style>();

export function detectStyle(text: string, doc: Document.Parsed): Style {
  let style = styles.get(doc);
  if (!style) styles.set(doc, (style = detectStyleOnce(text, doc)));
  return style;
}

function detectStyleOnce(text: string, doc: Document.Parsed): Style {
  return styleOf(styleCounts(text, doc), text);
}

/** What the style of a text is read from (detectStyle), in the order of a walk of its nodes: pieces' counts add up (pieceView). */
export interface StyleCounts {
  /** The first 50 indentation steps of block mappings. */
  units: number[];
  /** The first 50 gaps between a block sequence's dash and its item. */
  gaps: number[];
  seqIndented: number;
  seqFlat: number;
  single: number;
  double: number;
  padded: number;
  tight: number;
  aliases: number;
}

export function styleOf(c: StyleCounts, text: string): Style {
  const { units, gaps, seqIndented, seqFlat, single, double, padded, tight } = c;
  const unit = units.length > 0 ? Math.min(...units) : 2;
  return {
    eol: text.includes('\r\n') ? '\r\n' : '\n',
    unit: Math.min(Math.max(unit, 1), 8),
    indentSeq: seqFlat === 0 || seqIndented >= seqFlat,
    singleQuote: single > double,
    flowPadding: padded >= tight,
    seqGap: gaps.length > 0 ? Math.min(Math.max(mostCommon(gaps), 2), 8) : 2,
  };
}

/**
 * The counts, from a walk of the nodes in the order `yaml`'s `visit` takes them (a node, then a collection's items in
 * order, a pair's key then its value), by a stack: `visit` freezes a new path array at every node, which was most of
 * the cost of the counts of a big document's thousand pieces. fixWalk.test.ts compares it with a walk by `visit`.
 */
export function styleCounts(text: string, doc: Document.Parsed): StyleCounts {
  const c: StyleCounts = { units: [], gaps: [], seqIndented: 0, seqFlat: 0, single: 0, double: 0, padded: 0, tight: 0, aliases: 0 };
  const { units, gaps } = c;
  const flowPad = (n: { flow?: boolean; range?: [number, number, number] | null; items: unknown[] }) => {
    if (!n.flow || !n.range || n.items.length === 0) return;
    if (/\s/.test(text[n.range[0] + 1] ?? '')) c.padded++;
    else c.tight++;
  };
  const pair = (p: Pair<Node, Node>) => {
    const key = p.key;
    if (!isScalar(key) || !key.range) return;
    const v = p.value;
    if (isMap(v) && !v.flow && v.items.length > 0) {
      const first = v.items[0] as Pair<Node, unknown>;
      if (isScalar(first.key) && first.key.range && units.length < 50) {
        const d = column(text, first.key.range[0]) - column(text, key.range[0]);
        if (d > 0) units.push(d);
      }
    } else if (isSeq(v) && !v.flow && v.range) {
      const dash = lineStart(text, v.range[0]);
      let lead = 0;
      while (text.charCodeAt(dash + lead) === 32) lead++;
      if (lead > column(text, key.range[0])) c.seqIndented++;
      else c.seqFlat++;
      const first = v.items[0] as Node | null;
      if (first?.range && lineStart(text, first.range[0]) === dash && gaps.length < 50) gaps.push(column(text, first.range[0]) - lead);
    }
  };
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || node === undefined) continue;
    if (isScalar(node)) {
      if (node.type === 'QUOTE_SINGLE') c.single++;
      else if (node.type === 'QUOTE_DOUBLE') c.double++;
    } else if (isMap(node) || isSeq(node)) {
      flowPad(node);
      const items = node.items as unknown[];
      for (let i = items.length - 1; i >= 0; i--) stack.push(items[i]);
    } else if (isPair(node)) {
      pair(node as Pair<Node, Node>);
      stack.push(node.value, node.key);
    } else if (isAlias(node)) c.aliases++;
  }
  return c;
}

function mostCommon(xs: number[]): number {
  const counts = new Map<number, number>();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
}
