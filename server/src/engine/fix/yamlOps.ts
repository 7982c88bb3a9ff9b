/**
 * FixOps on YAML text: each op becomes one edit computed on the `yaml`
 * package's syntax tree (source ranges), so comments, key order, indentation,
 * quote style, flow vs block style and line endings outside the edit are kept.
 */
import { Document, isMap, isPair, isScalar, isSeq, parseDocument, visit, type Node, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';
import type { FixOp, JsonPath } from '../../../../rules/types';
import type { OffsetEdit } from './edits';
import { deepEqual, nest } from './util';
import { deepFreeze, memoByText } from './memo';
import { cutYaml } from './pieces';

type Coll = YAMLMap<unknown, unknown> | YAMLSeq<unknown>;

interface Style {
  eol: string;
  unit: number;
  indentSeq: boolean;
  singleQuote: boolean;
  /** `{ a: 1 }` rather than `{a: 1}`. */
  flowPadding: boolean;
  /** Columns from a block sequence's dash to its item (`- a` = 2, `-   a` = 4). */
  seqGap: number;
}

/** The parse of a text (memoized: every fix of a pass parses the same text; the result is only read). */
export const parseYaml = memoByText(parseYamlOnce);

/** The data of a YAML text (as `toJS` gives it, frozen), from its pieces when it has a piece view; undefined when it does not parse. */
export function yamlData(text: string): unknown {
  const view = pieceView(text);
  if (view) return view.data;
  const doc = parseYaml(text);
  if (!doc) return undefined;
  try {
    return deepFreeze(doc.toJS({ maxAliasCount: 1000 }));
  } catch {
    return undefined;
  }
}

/** The style of a YAML text as its edits read it (from its pieces when it has a piece view), and from its whole parse (the tests compare them). */
export function yamlStyle(text: string): { pieces: boolean; style: Style } | undefined {
  const view = pieceView(text);
  if (view) return { pieces: true, style: view.style };
  const doc = parseYaml(text);
  return doc && { pieces: false, style: detectStyle(text, doc) };
}
export function yamlStyleWhole(text: string): Style | undefined {
  const doc = parseYaml(text);
  return doc && detectStyle(text, doc);
}

/** Whether a YAML text parses without errors: its pieces each do (pieceView), else its whole parse. */
export function yamlParses(text: string): boolean {
  return pieceView(text) !== undefined || parseYaml(text) !== undefined;
}

/** A piece (pieces.ts) parsed on its own: one pair, clean. */
interface Leaf {
  doc: Document.Parsed;
  /** Its pair's key as findPair reads it. */
  key: string;
  /** Its pair as toJS writes it: the key and the (frozen) value. */
  jsKey: string;
  jsValue: unknown;
  counts: StyleCounts;
  /** The column of its key. */
  keyCol: number;
}

/**
 * A text seen through its pieces (pieces.ts), each parsed on its own and remembered by its text: after a round of
 * fixes, only the pieces the fixes changed are parsed again (issue 16). The pieces stand for the whole text only
 * when each is one clean pair (no error, no alias) and no top-level key or kind of `components` comes twice;
 * else (undefined) the whole text is parsed. Its data, style and edits are the whole parse's (pieces.test.ts).
 */
interface PieceView {
  data: unknown;
  style: Style;
  /**
   * The edit of `op` (as yamlOpEditWhole gives it) computed on the piece that holds its path below the piece's own
   * pair, or, for a key new to a cut container (`components/schemas/Error`), from the container's pieces; undefined
   * when neither is the case (the whole text is parsed).
   */
  edit(op: FixOp): { edit: OffsetEdit | undefined } | undefined;
}

const pieceView = memoByText(pieceViewOnce);

/** Leaves by piece text (and header or not); null: the piece is not one clean pair. */
const leafMemo = new Map<string, Leaf | null>();
/** At least twice the pieces of the last text cut (github-api: some 9,600), so that a round finds every piece it did not change. */
let leafLimit = 5000;

function leafOf(text: string, header: boolean): Leaf | null {
  const k = (header ? 'h' : 'e') + text;
  const hit = leafMemo.get(k);
  if (hit !== undefined) {
    leafMemo.delete(k);
    leafMemo.set(k, hit);
    return hit;
  }
  const leaf = leafOnce(text, header);
  if (leafMemo.size >= leafLimit) leafMemo.delete(leafMemo.keys().next().value!);
  leafMemo.set(k, leaf);
  return leaf;
}

function leafOnce(text: string, header: boolean): Leaf | null {
  const doc = parseYamlOnce(text);
  if (!doc) return null;
  const root = doc.contents;
  if (!isMap(root) || root.flow || root.items.length !== 1) return null;
  const pair = root.items[0]!;
  if (!isScalar(pair.key) || !pair.key.range) return null;
  if (header && !(pair.value === null || (isScalar(pair.value) && pair.value.value === null))) return null;
  const counts = styleCounts(text, doc);
  if (counts.aliases > 0) return null;
  let js: unknown;
  try {
    js = doc.toJS({ maxAliasCount: 1000 });
  } catch {
    return null;
  }
  if (typeof js !== 'object' || js === null || Array.isArray(js)) return null;
  const keys = Object.keys(js);
  if (keys.length !== 1 || keys[0] === '__proto__') return null;
  const jsValue = deepFreeze((js as Record<string, unknown>)[keys[0]!]);
  return { doc, key: keyOf(pair.key)!, jsKey: keys[0]!, jsValue, counts, keyCol: column(text, pair.key.range[0]) };
}

function pieceViewOnce(text: string): PieceView | undefined {
  const pieces = cutYaml(text);
  if (!pieces || pieces.length === 0) return undefined;
  leafLimit = Math.max(5000, 2 * pieces.length);
  const leaves: Leaf[] = [];
  for (const p of pieces) {
    const leaf = leafOf(text.slice(p.start, p.end), p.header);
    if (!leaf) return undefined;
    leaves.push(leaf);
  }
  // Each piece's mapping, by the keys of the headers above it (as findPair reads keys), and the same as toJS writes them.
  const conts: string[][] = [];
  const stack: string[] = [];
  const jsStack: string[] = [];
  // The data (as toJS builds it: each key set in order) and the style counts (in the order of a walk of the whole
  // text: a container's own indentation step before its entries).
  const root: Record<string, unknown> = {};
  const holders = new Map<string, Record<string, unknown>>([['', root]]);
  const seen = new Set<string>();
  const total: StyleCounts = { units: [], gaps: [], seqIndented: 0, seqFlat: 0, single: 0, double: 0, padded: 0, tight: 0, aliases: 0 };
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i]!;
    const leaf = leaves[i]!;
    const depth = p.container.length;
    stack.length = depth;
    jsStack.length = depth;
    conts.push([...stack]);
    // findPair takes a key's first pair, toJS its last value: a key twice among the pieces is left to the whole parse.
    const id = [...stack, leaf.key].join('\0');
    if (seen.has(id)) return undefined;
    seen.add(id);
    const holder = holders.get(jsStack.join('\0'));
    if (!holder) return undefined;
    const c = leaf.counts;
    for (const u of c.units) if (total.units.length < 50) total.units.push(u);
    if (p.header) {
      const obj: Record<string, unknown> = {};
      holder[leaf.jsKey] = obj;
      stack.push(leaf.key);
      jsStack.push(leaf.jsKey);
      holders.set(jsStack.join('\0'), obj);
      // The container's own step (its pair's value is the block mapping of the entries that follow).
      const next = leaves[i + 1];
      if (!next || pieces[i + 1]!.container.length !== depth + 1) return undefined;
      const d = next.keyCol - leaf.keyCol;
      if (d > 0 && total.units.length < 50) total.units.push(d);
    } else holder[leaf.jsKey] = leaf.jsValue;
    for (const g of c.gaps) if (total.gaps.length < 50) total.gaps.push(g);
    total.seqIndented += c.seqIndented;
    total.seqFlat += c.seqFlat;
    total.single += c.single;
    total.double += c.double;
    total.padded += c.padded;
    total.tight += c.tight;
  }
  const data = deepFreeze(root);
  const style = styleOf(total, text);
  // The items of each mapping that is cut into pieces (the root, the containers), in order: piece indexes.
  const items = new Map<string, number[]>();
  for (let i = 0; i < pieces.length; i++) {
    const where = conts[i]!.join('\0');
    (items.get(where) ?? items.set(where, []).get(where)!).push(i);
  }
  const idOf = (i: number) => [...conts[i]!, leaves[i]!.key].join('\0');
  /** Where the last pair of a cut mapping ends (the end of the last entry of a container that ends it). */
  const endOf = (where: string): number | undefined => {
    const list = items.get(where);
    const i = list?.[list.length - 1];
    if (i === undefined) return undefined;
    const p = pieces[i]!;
    if (p.header) return endOf(idOf(i));
    const pair = (leaves[i]!.doc.contents as YAMLMap<unknown, unknown>).items[0]!;
    const t = text.slice(p.start, p.end);
    return p.start + Math.max(contentEnd(t, pair.value as Node, 0), contentEnd(t, pair.key as Node, 0));
  };
  // Each piece by the keys that lead to its pair (unique: see `seen`).
  const byId = new Map<string, number>();
  for (let i = 0; i < pieces.length; i++) byId.set(idOf(i), i);
  return {
    data,
    style,
    edit(op) {
      const path = op.path;
      // The piece of the path's pair holds the path: within it, the edit is the piece's.
      let id = '';
      for (let n = 0; n < path.length; n++) {
        id = n === 0 ? String(path[0]) : `${id}\0${String(path[n])}`;
        const i = byId.get(id);
        if (i === undefined) break;
        // A container's own pair, or an op on a piece's pair itself (its removal or renaming changes the mapping the pieces cut).
        if (pieces[i]!.header) {
          if (path.length === n + 1) return undefined;
          continue;
        }
        if (path.length === n + 1 && op.kind !== 'set' && op.kind !== 'append') return undefined;
        const p = pieces[i]!;
        const e = opEdit(text.slice(p.start, p.end), leaves[i]!.doc, style, { ...op, path: path.slice(n) } as FixOp);
        return { edit: e && { offset: e.offset + p.start, length: e.length, newText: e.newText } };
      }
      // A key new to a cut mapping: a pair after its last one (insertPair).
      if (op.kind !== 'set' && op.kind !== 'append') return undefined;
      for (let n = path.length - 1; n >= 0; n--) {
        const where = path.slice(0, n).map(String).join('\0');
        const list = items.get(where);
        if (!list) continue;
        if (byId.has(where === '' ? String(path[n]) : `${where}\0${String(path[n])}`)) return undefined;
        const end = endOf(where);
        if (end === undefined) return undefined;
        const value = nest(path.slice(n + 1), op.kind === 'append' ? [op.value] : op.value);
        const siblings = list.map(i => (leaves[i]!.doc.contents as YAMLMap<unknown, unknown>).items[0]!);
        return { edit: blockPairAfter(text, leaves[list[0]!]!.keyCol, end, renderKey(String(path[n]), siblings, style), value, style) };
      }
      return undefined;
    },
  };
}

function parseYamlOnce(text: string): Document.Parsed | undefined {
  try {
    const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false });
    return doc.errors.length > 0 ? undefined : doc;
  } catch {
    return undefined;
  }
}

function column(text: string, offset: number): number {
  return offset - (text.lastIndexOf('\n', offset - 1) + 1);
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Offset after the newline that ends the line containing `offset` (or the text's end). */
function afterLineEnd(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl < 0 ? text.length : nl + 1;
}

/** The end of a node's own content: its value end with trailing whitespace removed. */
function contentEnd(text: string, node: { range?: [number, number, number] | null } | null | undefined, floor: number): number {
  if (!node || !node.range) return floor;
  let q = node.range[1];
  while (q > floor && /\s/.test(text[q - 1])) q--;
  return Math.max(q, floor);
}

const styles = new WeakMap<Document.Parsed, Style>();

function detectStyle(text: string, doc: Document.Parsed): Style {
  let style = styles.get(doc);
  if (!style) styles.set(doc, (style = detectStyleOnce(text, doc)));
  return style;
}

function detectStyleOnce(text: string, doc: Document.Parsed): Style {
  return styleOf(styleCounts(text, doc), text);
}

/** What the style of a text is read from (detectStyle), in the order of a walk of its nodes: pieces' counts add up (pieceView). */
interface StyleCounts {
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

function styleOf(c: StyleCounts, text: string): Style {
  const { units, gaps, seqIndented, seqFlat, single, double, padded, tight } = c;
  const unit = units.length > 0 ? Math.min(...units) : 2;
  return { eol: text.includes('\r\n') ? '\r\n' : '\n', unit: Math.min(Math.max(unit, 1), 8), indentSeq: seqFlat === 0 || seqIndented >= seqFlat, singleQuote: single > double, flowPadding: padded >= tight, seqGap: gaps.length > 0 ? Math.min(Math.max(mostCommon(gaps), 2), 8) : 2 };
}

function styleCounts(text: string, doc: Document.Parsed): StyleCounts {
  const c: StyleCounts = { units: [], gaps: [], seqIndented: 0, seqFlat: 0, single: 0, double: 0, padded: 0, tight: 0, aliases: 0 };
  const { units, gaps } = c;
  const flowPad = (n: { flow?: boolean; range?: [number, number, number] | null; items: unknown[] }) => {
    if (!n.flow || !n.range || n.items.length === 0) return;
    if (/\s/.test(text[n.range[0] + 1] ?? '')) c.padded++;
    else c.tight++;
  };
  visit(doc, {
    Alias() {
      c.aliases++;
    },
    Map(_k, n) {
      flowPad(n);
    },
    Seq(_k, n) {
      flowPad(n);
    },
    Pair(_k, pair) {
      const p = pair as Pair<Node, Node>;
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
        const lead = /^[ ]*/.exec(text.slice(dash))![0].length;
        if (lead > column(text, key.range[0])) c.seqIndented++;
        else c.seqFlat++;
        const first = v.items[0] as Node | null;
        if (first?.range && lineStart(text, first.range[0]) === dash && gaps.length < 50) gaps.push(column(text, first.range[0]) - lead);
      }
    },
    Scalar(_k, s) {
      if (s.type === 'QUOTE_SINGLE') c.single++;
      else if (s.type === 'QUOTE_DOUBLE') c.double++;
    },
  });
  return c;
}

function mostCommon(xs: number[]): number {
  const counts = new Map<number, number>();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
}

function keyOf(node: unknown): string | undefined {
  if (isScalar(node)) return node.value === null ? '' : String(node.value);
  return undefined;
}

function findPair(map: YAMLMap<unknown, unknown>, seg: string | number): Pair<unknown, unknown> | undefined {
  const k = String(seg);
  return map.items.find(p => keyOf(p.key) === k);
}

function seqIndex(seq: YAMLSeq<unknown>, seg: string | number): number | undefined {
  const i = typeof seg === 'number' ? seg : /^\d+$/.test(seg) ? Number(seg) : NaN;
  return Number.isInteger(i) && i >= 0 && i < seq.items.length ? i : undefined;
}

interface Step {
  /** The node at this step (undefined/null for an empty value). */
  node: unknown;
  /** The collection holding it (undefined for the root). */
  parent?: Coll;
  /** The pair, when the parent is a map. */
  pair?: Pair<unknown, unknown>;
  /** Whether any ancestor (or the parent) is a flow collection. */
  inFlow: boolean;
}

/** Walks `path`; returns the steps found (steps[0] = root) — fewer than path.length + 1 when a segment is missing. */
function walk(doc: Document.Parsed, path: JsonPath): Step[] {
  const steps: Step[] = [{ node: doc.contents, inFlow: false }];
  for (const seg of path) {
    const cur = steps[steps.length - 1];
    const node = cur.node;
    const inFlow = cur.inFlow || ((isMap(node) || isSeq(node)) && node.flow === true);
    if (isMap(node)) {
      const pair = findPair(node, seg);
      if (!pair) break;
      steps.push({ node: pair.value, parent: node, pair, inFlow });
    } else if (isSeq(node)) {
      const i = seqIndex(node, seg);
      if (i === undefined) break;
      steps.push({ node: node.items[i], parent: node, inFlow });
    } else break;
  }
  return steps;
}

function toJs(node: unknown): unknown {
  if (node === null || node === undefined) return null;
  if (isScalar(node) || isMap(node) || isSeq(node)) return (node as { toJSON(): unknown }).toJSON();
  return undefined;
}

function isEmptyValue(v: unknown): boolean {
  return (typeof v === 'object' && v !== null && Object.keys(v).length === 0) || v === undefined;
}

function isCollectionValue(v: unknown): v is object {
  return typeof v === 'object' && v !== null && !(v instanceof Date);
}

function stringifyValue(value: unknown, style: Style, flow: boolean): string {
  const doc = new Document(value);
  if (flow) {
    visit(doc, {
      Map(_k, n) {
        n.flow = true;
      },
      Seq(_k, n) {
        n.flow = true;
      },
    });
  }
  const out = doc.toString({ indent: style.unit, indentSeq: style.indentSeq, lineWidth: 0, minContentWidth: 0, singleQuote: style.singleQuote, flowCollectionPadding: style.flowPadding });
  return out.replace(/\n$/, '');
}

/** A scalar (or empty collection) on one line. */
function inlineValue(value: unknown, style: Style): string {
  // A scalar's text is remembered: a fix-all writes the same descriptions, media types and $refs many times,
  // and `yaml` builds a Document for each (issue 16: a fifth of spotify's fix computations).
  const key = scalarKey(value, style);
  if (key !== undefined) {
    const hit = inlineTexts.get(key);
    if (hit !== undefined) return hit;
  }
  const out = stringifyValue(value, style, true);
  const text = out.includes('\n') ? JSON.stringify(value) : out;
  if (key !== undefined) remember(inlineTexts, key, text);
  return text;
}

const inlineTexts = new Map<string, string>();
const plainKeys = new Map<string, boolean>();
const MEMO_LIMIT = 20_000;

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.size >= MEMO_LIMIT) map.clear();
  map.set(key, value);
}

/** The memo key of a scalar's inline text under `style` (what stringifyValue reads of it); undefined for anything else. */
function scalarKey(value: unknown, style: Style): string | undefined {
  const t = typeof value;
  if (value !== null && t !== 'string' && t !== 'number' && t !== 'boolean') return undefined;
  if (t === 'number' && Object.is(value, -0)) return undefined;
  return `${style.unit}${style.indentSeq ? 1 : 0}${style.singleQuote ? 1 : 0}${style.flowPadding ? 1 : 0}${t[0]}${String(value)}`;
}

function blockKey(key: string, style: Style): string {
  if (plainKeyOk(key)) return key;
  return quoteAs(key, style.singleQuote ? "'" : '"');
}

function isBlockCollection(v: unknown): v is Record<string, unknown> | unknown[] {
  return isCollectionValue(v) && !isEmptyValue(v);
}

/** Block lines for a non-empty mapping whose keys sit at column `col`. */
function emitMap(value: Record<string, unknown>, style: Style, col: number): string[] {
  const pad = ' '.repeat(col);
  const lines: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    const head = pad + blockKey(k, style) + ':';
    if (!isBlockCollection(v)) lines.push(head + ' ' + inlineValue(v, style));
    else if (Array.isArray(v)) lines.push(head, ...emitSeq(v, style, style.indentSeq ? col + style.unit : col));
    else lines.push(head, ...emitMap(v, style, col + style.unit));
  }
  return lines;
}

/** Block lines for a non-empty sequence whose dashes sit at column `dashCol`. */
function emitSeq(value: unknown[], style: Style, dashCol: number): string[] {
  const lines: string[] = [];
  const dash = ' '.repeat(dashCol) + '-' + ' '.repeat(style.seqGap - 1);
  for (const item of value) {
    if (!isBlockCollection(item)) {
      lines.push(dash + inlineValue(item ?? null, style));
      continue;
    }
    const inner = emitItemBody(item, style, dashCol + style.seqGap);
    lines.push(dash + inner[0].slice(dashCol + style.seqGap), ...inner.slice(1));
  }
  return lines;
}

function emitItemBody(item: Record<string, unknown> | unknown[], style: Style, col: number): string[] {
  return Array.isArray(item) ? emitSeq(item, style, col) : emitMap(item, style, col);
}

/** The text after `key:` for `value` placed in a block mapping whose keys sit at column `col`. */
function renderAfterColon(value: unknown, style: Style, col: number): string {
  if (!isBlockCollection(value)) return ' ' + inlineValue(value, style);
  if (Array.isArray(value)) return '\n' + emitSeq(value, style, style.indentSeq ? col + style.unit : col).join('\n');
  return '\n' + emitMap(value, style, col + style.unit).join('\n');
}

/** The text after the dash for an item whose content starts at column `contentCol`. */
function renderSeqItem(value: unknown, style: Style, contentCol: number): string {
  if (!isBlockCollection(value)) return inlineValue(value, style);
  const lines = emitItemBody(value, style, contentCol);
  return [lines[0].slice(contentCol), ...lines.slice(1)].join('\n');
}

function quoteAs(key: string, q: "'" | '"'): string {
  return q === '"' ? JSON.stringify(key) : `'${key.replace(/'/g, "''")}'`;
}

function plainKeyOk(key: string): boolean {
  if (key === '') return false;
  const hit = plainKeys.get(key);
  if (hit !== undefined) return hit;
  const ok = new Document(key).toString({ lineWidth: 0 }).replace(/\n$/, '') === key;
  remember(plainKeys, key, ok);
  return ok;
}

/** A key written the way sibling keys are (quoted when they all are; plain numbers when they are). */
function renderKey(key: string, siblings: readonly Pair<unknown, unknown>[], style: Style): string {
  const types = siblings.map(p => (isScalar(p.key) ? p.key.type : undefined));
  const allSingle = types.length > 0 && types.every(t => t === 'QUOTE_SINGLE');
  const allDouble = types.length > 0 && types.every(t => t === 'QUOTE_DOUBLE');
  if (allSingle) return quoteAs(key, "'");
  if (allDouble) return quoteAs(key, '"');
  if (plainKeyOk(key)) return key;
  if (/^\d+$/.test(key) && siblings.some(p => isScalar(p.key) && p.key.type === 'PLAIN' && typeof p.key.value === 'number')) return key;
  const single = types.filter(t => t === 'QUOTE_SINGLE').length;
  const double = types.filter(t => t === 'QUOTE_DOUBLE').length;
  if (double > single || (double === single && !style.singleQuote && double > 0)) return quoteAs(key, '"');
  return quoteAs(key, "'");
}

/** Text edit replacing the value of the step (existing key or item) with `value`. */
function replaceValue(text: string, step: Step, value: unknown, style: Style): OffsetEdit | undefined {
  const { node, parent, pair } = step;
  const n = node as { range?: [number, number, number] } | null | undefined;
  if (!parent) return undefined;
  if (step.inFlow) {
    const flowText = stringifyValue(value, style, true);
    if (n && n.range) return { offset: n.range[0], length: n.range[1] - n.range[0], newText: flowText };
    if (pair && isScalar(pair.key) && pair.key.range) {
      const colon = text.indexOf(':', pair.key.range[1]);
      if (colon < 0) return undefined;
      return { offset: colon + 1, length: 0, newText: ' ' + flowText };
    }
    return undefined;
  }
  if (pair) {
    if (!isScalar(pair.key) || !pair.key.range) return undefined;
    const colon = text.indexOf(':', pair.key.range[1]);
    if (colon < 0) return undefined;
    const col = column(text, pair.key.range[0]);
    const after = renderAfterColon(value, style, col).replace(/\n/g, style.eol);
    const blockValue = (isMap(n) || isSeq(n)) && !(n as Coll).flow;
    if (n && n.range && !blockValue && !after.startsWith(style.eol)) {
      // Inline old and new: keep what sits between the colon and the value (a tag, a comment is impossible there).
      return { offset: n.range[0], length: n.range[1] - n.range[0], newText: after.slice(1) };
    }
    const end = n && n.range ? contentEnd(text, n, colon + 1) : colon + 1;
    // Keep a comment right after the colon when the old value starts on a later line.
    let start = colon + 1;
    const between = text.slice(colon + 1, n && n.range ? n.range[0] : colon + 1);
    const comment = /^[ \t]*#[^\r\n]*/.exec(between);
    if (comment && after.startsWith(style.eol)) start = colon + 1 + comment[0].length;
    return { offset: start, length: end - start, newText: after };
  }
  // A block sequence item.
  if (!n || !n.range) return undefined;
  const itemText = renderSeqItem(value, style, column(text, n.range[0])).replace(/\n/g, style.eol);
  return { offset: n.range[0], length: contentEnd(text, n, n.range[0]) - n.range[0], newText: itemText };
}

function insertPair(text: string, map: YAMLMap<unknown, unknown>, inFlow: boolean, key: string, value: unknown, style: Style): OffsetEdit | undefined {
  if (!map.range) return undefined;
  const keyText = renderKey(key, map.items, style);
  if (map.flow || inFlow) {
    const entry = `${keyText}: ${stringifyValue(value, style, true)}`;
    const close = map.range[1] - 1;
    if (!map.flow || text[close] !== '}') return undefined;
    if (map.items.length === 0) {
      return { offset: map.range[0], length: map.range[1] - map.range[0], newText: `{ ${entry} }` };
    }
    const last = map.items[map.items.length - 1];
    const lastEnd = Math.max(contentEnd(text, last.value as Node, 0), contentEnd(text, last.key as Node, 0));
    return { offset: lastEnd, length: 0, newText: `, ${entry}` };
  }
  const first = map.items[0];
  if (!first || !isScalar(first.key) || !first.key.range) return undefined;
  const col = column(text, first.key.range[0]);
  const last = map.items[map.items.length - 1];
  const lastEnd = Math.max(contentEnd(text, last.value as Node, 0), contentEnd(text, last.key as Node, 0));
  return blockPairAfter(text, col, lastEnd, keyText, value, style);
}

/** A new pair of a block mapping whose keys sit at column `col`, on the lines after the one where its last pair ends (`lastEnd`). */
function blockPairAfter(text: string, col: number, lastEnd: number, keyText: string, value: unknown, style: Style): OffsetEdit {
  const at = afterLineEnd(text, lastEnd);
  let newText = ' '.repeat(col) + keyText + ':' + renderAfterColon(value, style, col) + '\n';
  newText = newText.replace(/\n/g, style.eol);
  if (at === text.length && !text.endsWith('\n')) newText = style.eol + newText.slice(0, -style.eol.length);
  return { offset: at, length: 0, newText };
}

function appendItem(text: string, seq: YAMLSeq<unknown>, inFlow: boolean, value: unknown, style: Style): OffsetEdit | undefined {
  if (!seq.range) return undefined;
  if (seq.flow || inFlow) {
    if (!seq.flow || text[seq.range[1] - 1] !== ']') return undefined;
    const item = stringifyValue(value, style, true);
    if (seq.items.length === 0) return { offset: seq.range[0], length: seq.range[1] - seq.range[0], newText: `[ ${item} ]` };
    const lastEnd = contentEnd(text, seq.items[seq.items.length - 1] as Node, 0);
    return { offset: lastEnd, length: 0, newText: `, ${item}` };
  }
  const firstLine = text.slice(lineStart(text, seq.range[0]));
  const m = /^([ ]*)- /.exec(firstLine) ?? /^([ ]*)-$/m.exec(firstLine);
  if (!m) return undefined;
  const dashCol = m[1].length;
  // Keep the gap after the dash that the first item uses (`- a` or `-   a`).
  const firstStart = (seq.items[0] as Node | null)?.range?.[0];
  const sameLine = firstStart !== undefined && lineStart(text, firstStart) === lineStart(text, seq.range[0]);
  const gap = sameLine ? Math.min(Math.max(column(text, firstStart) - dashCol, 2), 8) : 2;
  const lastEnd = contentEnd(text, seq.items[seq.items.length - 1] as Node, seq.range[0]);
  const at = afterLineEnd(text, lastEnd);
  let newText = ' '.repeat(dashCol) + '-' + ' '.repeat(gap - 1) + renderSeqItem(value, style, dashCol + gap) + '\n';
  newText = newText.replace(/\n/g, style.eol);
  if (at === text.length && !text.endsWith('\n')) newText = style.eol + newText.slice(0, -style.eol.length);
  return { offset: at, length: 0, newText };
}

function opSet(text: string, doc: Document.Parsed, style: Style, path: JsonPath, value: unknown): OffsetEdit | undefined {
  const steps = walk(doc, path);
  const last = steps[steps.length - 1];
  if (steps.length === path.length + 1) {
    if (deepEqual(toJs(last.node), value)) return undefined;
    return replaceValue(text, last, value, style);
  }
  const i = steps.length - 1;
  const rest = path.slice(i);
  const node = last.node;
  if (isMap(node)) {
    const inFlow = last.inFlow || node.flow === true;
    return insertPair(text, node, inFlow, String(rest[0]), nest(rest.slice(1), value), style);
  }
  if (isSeq(node)) {
    const idx = typeof rest[0] === 'number' ? rest[0] : Number(rest[0]);
    if (idx !== node.items.length) return undefined;
    return appendItem(text, node, last.inFlow || node.flow === true, nest(rest.slice(1), value), style);
  }
  if (node === null || node === undefined || (isScalar(node) && (node.value === null || node.value === ''))) {
    if (i === 0) return undefined;
    return replaceValue(text, last, nest(rest, value), style);
  }
  return undefined;
}

function opRemove(text: string, doc: Document.Parsed, style: Style, path: JsonPath): OffsetEdit | undefined {
  if (path.length === 0) return undefined;
  const steps = walk(doc, path);
  if (steps.length !== path.length + 1) return undefined;
  const step = steps[steps.length - 1];
  const parent = step.parent!;
  const parentStep = steps[steps.length - 2];
  const items = parent.items as unknown[];
  const idx = step.pair ? items.indexOf(step.pair) : items.indexOf(step.node);
  if (idx < 0) return undefined;
  const startOf = (it: unknown): number | undefined => {
    const n = (isPair(it) ? it.key : it) as { range?: [number, number, number] } | null;
    return n?.range?.[0];
  };
  const endOf = (it: unknown): number => {
    if (isPair(it)) return Math.max(contentEnd(text, it.value as Node, 0), contentEnd(text, it.key as Node, 0));
    return contentEnd(text, it as Node, 0);
  };
  const s = startOf(items[idx]);
  if (s === undefined) return undefined;
  if (parent.flow) {
    if (items.length === 1 && parent.range) {
      // The only entry: `{ a: 1 }` becomes `{}` (not `{  }`).
      const end = contentEnd(text, parent, parent.range[0]);
      const close = isMap(parent) ? '}' : ']';
      if (text[end - 1] === close) return { offset: parent.range[0], length: end - parent.range[0], newText: isMap(parent) ? '{}' : '[]' };
    }
    if (idx > 0) {
      const prevEnd = endOf(items[idx - 1]);
      return { offset: prevEnd, length: endOf(items[idx]) - prevEnd, newText: '' };
    }
    if (items.length > 1) {
      const next = startOf(items[1]);
      if (next === undefined) return undefined;
      return { offset: s, length: next - s, newText: '' };
    }
    return { offset: s, length: endOf(items[idx]) - s, newText: '' };
  }
  if (items.length === 1) {
    // The collection becomes empty: write it in flow style.
    if (parentStep.parent === undefined) return undefined;
    return replaceValue(text, parentStep, isMap(parent) ? {} : [], style);
  }
  const from = lineStart(text, s);
  const prefix = text.slice(from, s);
  if (!step.pair) {
    // Sequence item: the dash is on this line.
    if (!/^[ ]*-[ ]*$/.test(prefix)) return undefined;
  } else if (!/^[ ]*$/.test(prefix)) {
    // First key of a map inside a `- ` item: pull the next key up onto the dash line.
    const next = startOf(items[idx + 1]);
    if (next === undefined || idx !== 0) return undefined;
    return { offset: s, length: next - s, newText: '' };
  }
  const to = afterLineEnd(text, endOf(items[idx]));
  return { offset: from, length: to - from, newText: '' };
}

function opRename(doc: Document.Parsed, style: Style, path: JsonPath, to: string): OffsetEdit | undefined {
  const steps = walk(doc, path);
  if (steps.length !== path.length + 1) return undefined;
  const step = steps[steps.length - 1];
  if (!step.pair || !isMap(step.parent) || !isScalar(step.pair.key) || !step.pair.key.range) return undefined;
  if (keyOf(step.pair.key) === to) return undefined;
  if (findPair(step.parent, to)) return undefined;
  const key = step.pair.key;
  const range = key.range!;
  let keyText: string;
  if (key.type === 'QUOTE_SINGLE') keyText = quoteAs(to, "'");
  else if (key.type === 'QUOTE_DOUBLE') keyText = quoteAs(to, '"');
  else keyText = plainKeyOk(to) ? to : renderKey(to, step.parent.items.filter(p => p !== step.pair), style);
  return { offset: range[0], length: range[1] - range[0], newText: keyText };
}

function opAppend(text: string, doc: Document.Parsed, style: Style, path: JsonPath, value: unknown): OffsetEdit | undefined {
  const steps = walk(doc, path);
  if (steps.length === path.length + 1) {
    const step = steps[steps.length - 1];
    const node = step.node;
    if (isSeq(node)) {
      if ((toJs(node) as unknown[]).some(v => deepEqual(v, value))) return undefined;
      if (node.items.length === 0) return replaceValue(text, step, [value], style);
      return appendItem(text, node, step.inFlow || node.flow === true, value, style);
    }
    if (node === null || node === undefined || (isScalar(node) && node.value === null)) return replaceValue(text, step, [value], style);
    return undefined;
  }
  return opSet(text, doc, style, path, [value]);
}

/** One op on the current text: the edit (on that text), or undefined when nothing changes or it cannot apply. */
export function yamlOpEdit(text: string, op: FixOp): OffsetEdit | undefined {
  // On the piece that holds the op's path when the text is cut into pieces (pieceView): its parse, not the whole text's.
  const view = pieceView(text);
  const done = view?.edit(op);
  if (done) return done.edit;
  return yamlOpEditWhole(text, op);
}

/** yamlOpEdit on the parse of the whole text (and what the tests compare the pieces' edits with). */
export function yamlOpEditWhole(text: string, op: FixOp): OffsetEdit | undefined {
  const doc = parseYaml(text);
  if (!doc) return undefined;
  return opEdit(text, doc, detectStyle(text, doc), op);
}

function opEdit(text: string, doc: Document.Parsed, style: Style, op: FixOp): OffsetEdit | undefined {
  switch (op.kind) {
    case 'set':
      return opSet(text, doc, style, op.path, op.value);
    case 'remove':
      return opRemove(text, doc, style, op.path);
    case 'rename':
      return opRename(doc, style, op.path, op.to);
    case 'append':
      return opAppend(text, doc, style, op.path, op.value);
  }
  return undefined;
}
