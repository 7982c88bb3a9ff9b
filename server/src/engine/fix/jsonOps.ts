/**
 * FixOps on JSON text, computed on the `jsonc-parser` syntax tree as minimal
 * insertions and removals: nothing outside the edited member changes. A member
 * added to a one-line object (`{ "a": 1 }`) or array (`["pets"]`) stays on that
 * line; in a multi-line one it goes on a new line with its siblings'
 * indentation. New values are written in the document's own style (indent
 * unit, line endings, spacing after `:` and `,`, padding inside braces, one-line
 * arrays of scalars or not).
 *
 * List indexes in op paths may be numbers or numeric strings ('0'), as in the
 * JSON paths of findings.
 */
import { getNodeValue, parseTree, type Node as JsonNode, type ParseError } from 'jsonc-parser';
import type { FixOp, JsonPath } from '../../../../rules/types';
import type { OffsetEdit } from './edits';
import { deepEqual, nest } from './util';
import { memoByText } from './memo';

/** The parse of a text (memoized like yamlOps' parseYaml; the tree is only read). */
export const parseJsonTree = memoByText(parseJsonTreeOnce);

function parseJsonTreeOnce(text: string): JsonNode | undefined {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: false });
  return errors.length > 0 ? undefined : tree;
}

/** How the document writes JSON. */
export interface JsonStyle {
  eol: string;
  /** One indentation level ('  ', '    ', '\t'). */
  unit: string;
  /** After a colon: ': ' or ':'. */
  colon: string;
  /** After a comma inside a one-line container: ', ' or ','. */
  comma: string;
  /** `{ "a": 1 }` rather than `{"a": 1}`. */
  objectPadding: boolean;
  /** `[ 1 ]` rather than `[1]`. */
  arrayPadding: boolean;
  /** Arrays of scalars on one line (`["a", "b"]`) inside multi-line objects. */
  inlineScalarArrays: boolean;
}

function isScalarValue(v: unknown): boolean {
  return v === null || typeof v !== 'object';
}

function oneLine(text: string, node: JsonNode): boolean {
  const s = text.slice(node.offset, node.offset + node.length);
  return !s.includes('\n');
}

const jsonStyles = new WeakMap<JsonNode, JsonStyle>();

export function detectJsonStyle(text: string, tree: JsonNode): JsonStyle {
  let style = jsonStyles.get(tree);
  if (!style) jsonStyles.set(tree, (style = detectJsonStyleOnce(text, tree)));
  return style;
}

function detectJsonStyleOnce(text: string, tree: JsonNode): JsonStyle {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const m = /\n([ \t]+)\S/.exec(text);
  const unit = m ? (m[1].startsWith('\t') ? '\t' : ' '.repeat(Math.min(Math.max(m[1].length, 1), 8))) : '  ';
  let colonSpace = 0;
  let colonTight = 0;
  let commaSpace = 0;
  let commaTight = 0;
  let objPad = 0;
  let objTight = 0;
  let arrPad = 0;
  let arrTight = 0;
  let scalarArraysInline = 0;
  let scalarArraysBlock = 0;
  let budget = 5000;
  const visit = (n: JsonNode): void => {
    if (budget-- <= 0) return;
    const kids = n.children ?? [];
    if (n.type === 'property' && kids.length === 2) {
      const between = text.slice(kids[0].offset + kids[0].length, kids[1].offset);
      if (/:[ \t]/.test(between)) colonSpace++;
      else if (/:$/.test(between)) colonTight++;
    }
    if ((n.type === 'object' || n.type === 'array') && kids.length > 0 && oneLine(text, n)) {
      const padded = /\s/.test(text[n.offset + 1] ?? '');
      if (n.type === 'object') {
        if (padded) objPad++;
        else objTight++;
      } else if (padded) arrPad++;
      else arrTight++;
      for (let i = 1; i < kids.length; i++) {
        const between = text.slice(kids[i - 1].offset + kids[i - 1].length, kids[i].offset);
        if (/,[ \t]/.test(between)) commaSpace++;
        else if (/,$/.test(between)) commaTight++;
      }
    }
    if (n.type === 'array' && kids.length > 0 && kids.every(k => k.type !== 'object' && k.type !== 'array')) {
      if (oneLine(text, n)) scalarArraysInline++;
      else scalarArraysBlock++;
    }
    for (const k of kids) visit(k);
  };
  visit(tree);
  return {
    eol,
    unit,
    colon: colonTight > colonSpace ? ':' : ': ',
    comma: commaTight > commaSpace ? ',' : ', ',
    objectPadding: objPad > objTight,
    arrayPadding: arrPad > arrTight,
    inlineScalarArrays: scalarArraysInline > 0 && scalarArraysInline >= scalarArraysBlock,
  };
}

/** `value` as JSON text in the document's style; `indent` is the indentation of the line it starts on. */
export function renderJson(value: unknown, style: JsonStyle, indent: string, inline: boolean): string {
  if (value === undefined) value = null;
  if (isScalarValue(value) || value instanceof Date) return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (inline || (style.inlineScalarArrays && value.every(isScalarValue))) {
      const pad = style.arrayPadding ? ' ' : '';
      return `[${pad}${value.map(v => renderJson(v, style, indent, true)).join(style.comma)}${pad}]`;
    }
    const inner = indent + style.unit;
    return `[${style.eol}${value.map(v => inner + renderJson(v, style, inner, false)).join(',' + style.eol)}${style.eol}${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  if (inline) {
    const pad = style.objectPadding ? ' ' : '';
    return `{${pad}${entries.map(([k, v]) => JSON.stringify(k) + style.colon + renderJson(v, style, indent, true)).join(style.comma)}${pad}}`;
  }
  const inner = indent + style.unit;
  return `{${style.eol}${entries.map(([k, v]) => inner + JSON.stringify(k) + style.colon + renderJson(v, style, inner, false)).join(',' + style.eol)}${style.eol}${indent}}`;
}

/** The leading whitespace of the line that contains `offset`. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))![0];
}

/** Whether only whitespace precedes `offset` on its line. */
function startsLine(text: string, offset: number): boolean {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*$/.test(text.slice(start, offset));
}

function isContainer(n: JsonNode | undefined): n is JsonNode {
  return n !== undefined && (n.type === 'object' || n.type === 'array');
}

/** The object/array that holds `node` (skipping the property node), if any. */
function containerOf(node: JsonNode): JsonNode | undefined {
  const p = node.parent;
  if (!p) return undefined;
  return p.type === 'property' ? p.parent : p;
}

/** New values placed inside `container` are written on one line when it is on one line. */
function inlineIn(text: string, container: JsonNode): boolean {
  return oneLine(text, container);
}

/** The child of `node` at `seg` (array indexes as numbers or numeric strings). */
function child(node: JsonNode, seg: string | number): JsonNode | undefined {
  if (node.type === 'object') {
    const key = String(seg);
    // The last duplicate wins, as in the parsed data.
    const props = (node.children ?? []).filter(p => p.children?.[0]?.value === key);
    return props[props.length - 1]?.children?.[1];
  }
  if (node.type === 'array') {
    const i = typeof seg === 'number' ? seg : /^\d+$/.test(seg) ? Number(seg) : NaN;
    if (!Number.isInteger(i) || i < 0) return undefined;
    return node.children?.[i];
  }
  return undefined;
}

/** Walks `path`; the nodes found (nodes[0] = root), fewer than path.length + 1 when a segment is missing. */
function walk(tree: JsonNode, path: JsonPath): JsonNode[] {
  const nodes = [tree];
  for (const seg of path) {
    const next = child(nodes[nodes.length - 1], seg);
    if (!next) break;
    nodes.push(next);
  }
  return nodes;
}

/** The indentation for a new member of a multi-line container, from its siblings (or the container's line + one unit). */
function memberIndent(text: string, container: JsonNode, style: JsonStyle): string {
  const kids = container.children ?? [];
  for (let i = kids.length - 1; i >= 0; i--) if (startsLine(text, kids[i].offset)) return lineIndent(text, kids[i].offset);
  return lineIndent(text, container.offset) + style.unit;
}

/** Replaces `node` (a value) with `value`. */
function replaceNode(text: string, node: JsonNode, value: unknown, style: JsonStyle): OffsetEdit {
  const holder = containerOf(node);
  const inline = holder
    ? inlineIn(text, holder)
    : oneLine(text, node) &&
      !text.slice(0, node.offset).includes('\n') &&
      !text
        .slice(node.offset + node.length)
        .trim()
        .includes('\n');
  const indent = lineIndent(text, node.parent?.type === 'property' ? node.parent.offset : node.offset);
  return { offset: node.offset, length: node.length, newText: renderJson(value, style, indent, inline) };
}

/** Inserts a member (`"key": value` in an object, `value` in an array) at the end of `container`. */
function insertMember(text: string, container: JsonNode, member: (indent: string, inline: boolean) => string, style: JsonStyle): OffsetEdit | undefined {
  const kids = container.children ?? [];
  const close = container.offset + container.length - 1;
  if (text[close] !== (container.type === 'object' ? '}' : ']')) return undefined;
  if (kids.length === 0) {
    // `{}` / `[]`: one line when the container around it is on one line (or the whole document is).
    const holder = containerOf(container);
    const inline = holder ? inlineIn(text, holder) : oneLine(text, container) && !text.trim().includes('\n');
    const pad = container.type === 'object' ? style.objectPadding : style.arrayPadding;
    const open = container.offset;
    if (inline) return { offset: open + 1, length: close - open - 1, newText: (pad ? ' ' : '') + member('', true) + (pad ? ' ' : '') };
    const outer = lineIndent(text, container.parent?.type === 'property' ? container.parent.offset : container.offset);
    const inner = outer + style.unit;
    return { offset: open + 1, length: close - open - 1, newText: style.eol + inner + member(inner, false) + style.eol + outer };
  }
  const last = kids[kids.length - 1];
  const lastEnd = last.offset + last.length;
  if (inlineIn(text, container)) return { offset: lastEnd, length: 0, newText: ',' + style.comma.slice(1) + member('', true) };
  const indent = memberIndent(text, container, style);
  return { offset: lastEnd, length: 0, newText: ',' + style.eol + indent + member(indent, false) };
}

function insertProperty(text: string, obj: JsonNode, key: string, value: unknown, style: JsonStyle, before?: string): OffsetEdit | undefined {
  const member = (indent: string, inline: boolean) => JSON.stringify(key) + style.colon + renderJson(value, style, indent, inline);
  // Before a sibling (a response in status order): the new member, then the separator that stood before that one.
  const next = before === undefined ? undefined : obj.children?.find(p => p.children?.[0]?.value === before);
  if (next) {
    if (inlineIn(text, obj)) return { offset: next.offset, length: 0, newText: member('', true) + ',' + style.comma.slice(1) };
    const indent = memberIndent(text, obj, style);
    return { offset: next.offset, length: 0, newText: member(indent, false) + ',' + style.eol + indent };
  }
  return insertMember(text, obj, member, style);
}

function appendItem(text: string, arr: JsonNode, value: unknown, style: JsonStyle): OffsetEdit | undefined {
  return insertMember(text, arr, (indent, inline) => renderJson(value, style, indent, inline), style);
}

/** Removes the member that holds `node` (its property, or the array item) with one separating comma. */
function removeMember(node: JsonNode): OffsetEdit | undefined {
  const member = node.parent?.type === 'property' ? node.parent : node;
  const container = member.parent;
  if (!isContainer(container)) return undefined;
  const kids = container.children ?? [];
  const idx = kids.indexOf(member);
  if (idx < 0) return undefined;
  if (kids.length === 1) {
    // The container becomes `{}` / `[]`.
    const open = container.offset;
    const close = container.offset + container.length - 1;
    return { offset: open + 1, length: close - open - 1, newText: '' };
  }
  if (idx > 0) {
    const prevEnd = kids[idx - 1].offset + kids[idx - 1].length;
    return { offset: prevEnd, length: member.offset + member.length - prevEnd, newText: '' };
  }
  return { offset: member.offset, length: kids[1].offset - member.offset, newText: '' };
}

function opSet(text: string, tree: JsonNode, style: JsonStyle, path: JsonPath, value: unknown, before?: string): OffsetEdit | undefined {
  if (path.length === 0) return undefined;
  const nodes = walk(tree, path);
  const last = nodes[nodes.length - 1];
  if (nodes.length === path.length + 1) {
    if (deepEqual(getNodeValue(last), value)) return undefined;
    return replaceNode(text, last, value, style);
  }
  const rest = path.slice(nodes.length - 1);
  if (last.type === 'object') return insertProperty(text, last, String(rest[0]), nest(rest.slice(1), value), style, rest.length === 1 ? before : undefined);
  if (last.type === 'array') {
    const idx = typeof rest[0] === 'number' ? rest[0] : /^\d+$/.test(rest[0]) ? Number(rest[0]) : NaN;
    if (idx !== (last.children?.length ?? 0)) return undefined;
    return appendItem(text, last, nest(rest.slice(1), value), style);
  }
  if (last.type === 'null' && nodes.length > 1) return replaceNode(text, last, nest(rest, value), style);
  return undefined;
}

function opAppend(text: string, tree: JsonNode, style: JsonStyle, path: JsonPath, value: unknown): OffsetEdit | undefined {
  const nodes = walk(tree, path);
  if (nodes.length !== path.length + 1) return opSet(text, tree, style, path, [value]);
  const node = nodes[nodes.length - 1];
  if (node.type === 'null' && path.length > 0) return replaceNode(text, node, [value], style);
  if (node.type !== 'array') return undefined;
  const items = getNodeValue(node) as unknown[];
  if (items.some(v => deepEqual(v, value))) return undefined;
  return appendItem(text, node, value, style);
}

function opRemove(tree: JsonNode, path: JsonPath): OffsetEdit | undefined {
  if (path.length === 0) return undefined;
  const nodes = walk(tree, path);
  if (nodes.length !== path.length + 1) return undefined;
  return removeMember(nodes[nodes.length - 1]);
}

function opRename(tree: JsonNode, path: JsonPath, to: string): OffsetEdit | undefined {
  if (path.length === 0) return undefined;
  const nodes = walk(tree, path);
  if (nodes.length !== path.length + 1) return undefined;
  const node = nodes[nodes.length - 1];
  if (!node.parent || node.parent.type !== 'property') return undefined;
  const keyNode = node.parent.children?.[0];
  const obj = node.parent.parent;
  if (!keyNode || !obj || keyNode.value === to) return undefined;
  if (obj.children?.some(p => p.children?.[0]?.value === to)) return undefined;
  return { offset: keyNode.offset, length: keyNode.length, newText: JSON.stringify(to) };
}

/** The edits (on `text`) for one op; empty when the result already holds or the op cannot apply. */
export function jsonOpEdits(text: string, op: FixOp): OffsetEdit[] {
  const tree = parseJsonTree(text);
  if (!tree) return [];
  const style = detectJsonStyle(text, tree);
  let edit: OffsetEdit | undefined;
  try {
    switch (op.kind) {
      case 'set':
        edit = opSet(text, tree, style, op.path, op.value, op.before);
        break;
      case 'remove':
        edit = opRemove(tree, op.path);
        break;
      case 'rename':
        edit = opRename(tree, op.path, op.to);
        break;
      case 'append':
        edit = opAppend(text, tree, style, op.path, op.value);
        break;
    }
  } catch {
    return [];
  }
  return edit ? [edit] : [];
}
