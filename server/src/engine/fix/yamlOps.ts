/**
 * FixOps on YAML text: each op becomes one edit computed on the `yaml`
 * package's syntax tree (source ranges), so comments, key order, indentation,
 * quote style, flow vs block style and line endings outside the edit are kept.
 */
import { Document, isMap, isPair, isScalar, isSeq, parseDocument, visit, type Node, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';
import type { FixOp, JsonPath } from '../../../../rules/types';
import type { OffsetEdit } from './edits';
import { deepEqual, nest } from './util';
import { memoByText } from './memo';

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
  const units: number[] = [];
  let seqIndented = 0;
  const gaps: number[] = [];
  let seqFlat = 0;
  let single = 0;
  let double = 0;
  let padded = 0;
  let tight = 0;
  const flowPad = (n: { flow?: boolean; range?: [number, number, number] | null; items: unknown[] }) => {
    if (!n.flow || !n.range || n.items.length === 0) return;
    if (/\s/.test(text[n.range[0] + 1] ?? '')) padded++;
    else tight++;
  };
  visit(doc, {
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
        if (lead > column(text, key.range[0])) seqIndented++;
        else seqFlat++;
        const first = v.items[0] as Node | null;
        if (first?.range && lineStart(text, first.range[0]) === dash && gaps.length < 50) gaps.push(column(text, first.range[0]) - lead);
      }
    },
    Scalar(_k, s) {
      if (s.type === 'QUOTE_SINGLE') single++;
      else if (s.type === 'QUOTE_DOUBLE') double++;
    },
  });
  const unit = units.length > 0 ? Math.min(...units) : 2;
  return { eol: text.includes('\r\n') ? '\r\n' : '\n', unit: Math.min(Math.max(unit, 1), 8), indentSeq: seqFlat === 0 || seqIndented >= seqFlat, singleQuote: single > double, flowPadding: padded >= tight, seqGap: gaps.length > 0 ? Math.min(Math.max(mostCommon(gaps), 2), 8) : 2 };
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
  const doc = parseYaml(text);
  if (!doc) return undefined;
  const style = detectStyle(text, doc);
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
