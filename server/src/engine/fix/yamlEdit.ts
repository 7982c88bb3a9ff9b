/**
 * One FixOp (set, remove, rename, append) as one edit of a YAML text, computed on the `yaml` package's syntax tree
 * (source ranges) of that text, so that comments, key order, indentation, quote style, flow vs block style and line
 * endings outside the edit are kept.
 */
import { Document, isMap, isPair, isScalar, isSeq, type Node, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';
import type { FixOp, JsonPath } from '../../../../rules/types';
import type { OffsetEdit } from './edits';
import { deepEqual, nest } from './util';
import { type Style, column, lineStart, afterLineEnd, contentEnd } from './yamlStyle';
import { stringifyValue, renderAfterColon, renderSeqItem, quoteAs, plainKeyOk, renderKey } from './yamlRender';

type Coll = YAMLMap<unknown, unknown> | YAMLSeq<unknown>;

export function keyOf(node: unknown): string | undefined {
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

function insertPair(
  text: string,
  map: YAMLMap<unknown, unknown>,
  inFlow: boolean,
  key: string,
  value: unknown,
  style: Style,
  before?: string,
): OffsetEdit | undefined {
  if (!map.range) return undefined;
  const keyText = renderKey(key, map.items, style);
  const next = before === undefined ? undefined : map.items.find(p => isScalar(p.key) && keyOf(p.key) === before);
  const nextKey = next && isScalar(next.key) ? next.key.range?.[0] : undefined;
  if (map.flow || inFlow) {
    const entry = `${keyText}: ${stringifyValue(value, style, true)}`;
    const close = map.range[1] - 1;
    if (!map.flow || text[close] !== '}') return undefined;
    if (map.items.length === 0) {
      return { offset: map.range[0], length: map.range[1] - map.range[0], newText: `{ ${entry} }` };
    }
    if (nextKey !== undefined) return { offset: nextKey, length: 0, newText: `${entry}, ` };
    const last = map.items[map.items.length - 1];
    const lastEnd = Math.max(contentEnd(text, last.value as Node, 0), contentEnd(text, last.key as Node, 0));
    return { offset: lastEnd, length: 0, newText: `, ${entry}` };
  }
  const first = map.items[0];
  if (!first || !isScalar(first.key) || !first.key.range) return undefined;
  const col = column(text, first.key.range[0]);
  if (nextKey !== undefined && /^ *$/.test(text.slice(lineStart(text, nextKey), nextKey))) return blockPairBefore(text, col, nextKey, keyText, value, style);
  const last = map.items[map.items.length - 1];
  const lastEnd = Math.max(contentEnd(text, last.value as Node, 0), contentEnd(text, last.key as Node, 0));
  return blockPairAfter(text, col, lastEnd, keyText, value, style);
}

/** A new pair of a block mapping whose keys sit at column `col`, on the lines after the one where its last pair ends (`lastEnd`). */
export function blockPairAfter(text: string, col: number, lastEnd: number, keyText: string, value: unknown, style: Style): OffsetEdit {
  const at = afterLineEnd(text, lastEnd);
  let newText = ' '.repeat(col) + keyText + ':' + renderAfterColon(value, style, col) + '\n';
  newText = newText.replace(/\n/g, style.eol);
  if (at === text.length && !text.endsWith('\n')) newText = style.eol + newText.slice(0, -style.eol.length);
  return { offset: at, length: 0, newText };
}

/**
 * A new pair of a block mapping whose keys sit at column `col`, on the lines before the key that starts at `keyStart`
 * and the comment lines right above it (they stay with their key).
 */
export function blockPairBefore(text: string, col: number, keyStart: number, keyText: string, value: unknown, style: Style): OffsetEdit {
  let at = lineStart(text, keyStart);
  while (at > 0) {
    const prev = lineStart(text, at - 1);
    if (!/^[ \t]*#/.test(text.slice(prev, at))) break;
    at = prev;
  }
  const newText = (' '.repeat(col) + keyText + ':' + renderAfterColon(value, style, col) + '\n').replace(/\n/g, style.eol);
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

function opSet(text: string, doc: Document.Parsed, style: Style, path: JsonPath, value: unknown, before?: string): OffsetEdit | undefined {
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
    return insertPair(text, node, inFlow, String(rest[0]), nest(rest.slice(1), value), style, rest.length === 1 ? before : undefined);
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
  else
    keyText = plainKeyOk(to)
      ? to
      : renderKey(
          to,
          step.parent.items.filter(p => p !== step.pair),
          style,
        );
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

export function opEdit(text: string, doc: Document.Parsed, style: Style, op: FixOp): OffsetEdit | undefined {
  switch (op.kind) {
    case 'set':
      return opSet(text, doc, style, op.path, op.value, op.before);
    case 'remove':
      return opRemove(text, doc, style, op.path);
    case 'rename':
      return opRename(doc, style, op.path, op.to);
    case 'append':
      return opAppend(text, doc, style, op.path, op.value);
  }
  return undefined;
}
