/**
 * Incremental parsing of a JSON root document (see parser.ts for YAML).
 *
 * While a JSON document is typed into, nearly every edit lies inside the value
 * of one unit (units.ts): a character typed into an operation's summary, a
 * schema's property, the API title. Such an edit is parsed again on its own:
 * the new text of that value (from where the old value started to where it
 * ended, moved by the edit) is given to Spectral's own JSON parser
 * (Parsers.Json.parse). When that parse is clean (no diagnostic at all), the
 * whole text parses the same way: the text before the value is unchanged, a
 * JSON value is read from its first character on regardless of what follows it,
 * and the text after it is unchanged too. Every other unit keeps its value
 * (===) and its syntax tree.
 *
 * Anything else — an edit across units, between entries of a container, in a
 * key, a document with any parser diagnostic before or after the edit, a root
 * that is not an object — falls back to the whole-text parse (parser.ts).
 *
 * The document is a tree of slots: the root and the containers (`paths`,
 * `components`, `components.schemas`, …) whose value is an object are
 * "composites", rebuilt on each edit (a few objects per container); every unit
 * is a "leaf" that holds a syntax tree from some earlier parse and `base`, the
 * offset in the current text of offset 0 of that parse. Ranges are computed
 * from offsets (node offset + base) with the line starts of the current text,
 * counted the way jsonc-parser's scanner counts lines (`\n`, `\r\n`, `\r`;
 * LineIndex 'jsonc'), so they equal those of a fresh parse.
 */
import * as Parsers from '@stoplight/spectral-parsers';
import type { IRange } from '@stoplight/types';
import { CONTAINERS, deepEqualOrdered, orderedObjectOf } from './units';
import { commonPrefix, commonSuffix } from './window';
import { LineIndex } from '../lineIndex';

type Segment = string | number;

/** A jsonc-parser node as @stoplight/json builds it (the parts used here). */
interface JNode {
  type: 'object' | 'array' | 'property' | 'string' | 'number' | 'boolean' | 'null';
  offset: number;
  length: number;
  value?: unknown;
  children?: JNode[];
  /** properties: where the colon is */
  colonOffset?: number;
}

interface Leaf {
  kind: 'leaf';
  node: JNode;
  /** offset in the current text of the parse that made `node` */
  base: number;
}

interface Composite {
  kind: 'composite';
  /** absolute offset and length of the object */
  offset: number;
  length: number;
  /** the object's value (an ordered object, as Spectral's parser makes it) */
  data: Record<string, unknown>;
  slots: Slot[];
}

interface Slot {
  key: string;
  child: Leaf | Composite;
}

/** What the next incremental update of a JSON document starts from. */
export interface JsonCut {
  root: Composite;
  text: string;
}

export interface JsonUpdate {
  cut: JsonCut;
  doc: JsonChunkedDoc;
  /** The edit was typed inside one string value, and only that string was parsed again (patchString); else one unit's value was. */
  stringEdit: boolean;
}

// ---------------------------------------------------------------------------
// Building the slot tree from a whole-text parse

/** Does the key at this depth (path of keys above) hold a composite when its value is an object? */
function isContainerPath(above: string[], key: string): boolean {
  if (above.length === 0) return key === 'components' || CONTAINERS.has(key);
  return above.length === 1 && above[0] === 'components';
}

function build(node: JNode, data: Record<string, unknown>, above: string[]): Composite {
  const slots: Slot[] = [];
  for (const prop of node.children ?? []) {
    const [k, v] = prop.children ?? [];
    const key = String(k?.value);
    if (!v) continue;
    const value = data[key];
    slots.push({
      key,
      child:
        isContainerPath(above, key) && v.type === 'object' && isPlain(value)
          ? build(v, value as Record<string, unknown>, [...above, key])
          : { kind: 'leaf', node: v, base: 0 },
    });
  }
  return { kind: 'composite', offset: node.offset, length: node.length, data, slots };
}

function isPlain(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The slot tree of a whole-text parse, or undefined when it cannot be the start of an incremental update:
 * any diagnostic, a root that is no object, or a duplicate key among the slots of a composite.
 */
export function cutFromFull(text: string, result: { data: unknown; diagnostics: unknown[]; ast?: unknown }): JsonCut | undefined {
  if (result.diagnostics.length > 0) return undefined;
  const ast = result.ast as JNode | undefined;
  if (!ast || ast.type !== 'object' || !isPlain(result.data)) return undefined;
  return { root: build(ast, result.data as Record<string, unknown>, []), text };
}

// ---------------------------------------------------------------------------
// The incremental update

function extent(child: Leaf | Composite): [number, number] {
  return child.kind === 'leaf'
    ? [child.base + child.node.offset, child.base + child.node.offset + child.node.length]
    : [child.offset, child.offset + child.length];
}

/** A copy of `child` moved by `delta` characters. */
function shifted(child: Leaf | Composite, delta: number): Leaf | Composite {
  if (child.kind === 'leaf') return { kind: 'leaf', node: child.node, base: child.base + delta };
  return { ...child, offset: child.offset + delta, slots: child.slots.map(s => ({ key: s.key, child: shifted(s.child, delta) })) };
}

/**
 * The update for `text` when the edit lies inside one unit's value and that value's new text parses
 * cleanly on its own; undefined otherwise (the caller parses the whole text).
 */
export function updateJson(cut: JsonCut, text: string, source: string): JsonUpdate | undefined {
  const oldText = cut.text;
  const from = commonPrefix(oldText, text);
  const suffix = commonSuffix(oldText, text, Math.min(oldText.length, text.length) - from);
  const oldTo = oldText.length - suffix;
  const delta = text.length - oldText.length;

  // Down the composites to the leaf whose value holds the edit.
  const trail: { comp: Composite; index: number }[] = [];
  let comp = cut.root;
  let leaf: Leaf | undefined;
  const path: string[] = [];
  for (;;) {
    let found = -1;
    for (let i = 0; i < comp.slots.length; i++) {
      const [a, b] = extent(comp.slots[i].child);
      if (a <= from && oldTo <= b) {
        found = i;
        break;
      }
      if (a > from) break;
    }
    if (found < 0) return undefined; // between slots, in a key, across slots
    trail.push({ comp, index: found });
    const slot = comp.slots[found];
    path.push(slot.key);
    if (slot.child.kind === 'leaf') {
      leaf = slot.child;
      break;
    }
    comp = slot.child;
  }

  const depth = trail.length;
  const holder = trail[depth - 1].comp.data;
  const oldValue = holder[path[depth - 1]];
  let newValue: unknown;
  let newLeaf: Leaf;
  const patched = patchString(leaf, oldValue, from, oldTo, delta, text);
  if (patched) {
    ({ node: newLeaf, value: newValue } = patched);
  } else {
    const [start, end] = extent(leaf);
    const sub = text.slice(start, end + delta);
    let parsed: ReturnType<typeof Parsers.parseJson>;
    try {
      parsed = Parsers.Json.parse(sub);
    } catch {
      return undefined;
    }
    const node = parsed.ast as JNode | undefined;
    if (parsed.diagnostics.length > 0 || !node) return undefined;
    // A leaf that holds a container key's object would have been a composite: such a change of shape
    // (e.g. `"paths": []` edited into `"paths": {...}`) takes the whole-text parse.
    const above = path.slice(0, -1);
    if (isContainerPath(above, path[depth - 1]) && node.type === 'object') return undefined;
    // The new value; its old one when they are deep-equal (whitespace typed inside it).
    newValue = deepEqualOrdered(oldValue, parsed.data) ? oldValue : parsed.data;
    newLeaf = { kind: 'leaf', node, base: start };
  }

  // Rebuild the composites on the trail, from the bottom up; slots after the edit move by delta.
  let child: Leaf | Composite = newLeaf;
  let value: unknown = newValue;
  for (let d = depth - 1; d >= 0; d--) {
    const { comp: c, index } = trail[d];
    const slots = c.slots.slice(0, index);
    slots.push({ key: c.slots[index].key, child });
    for (let i = index + 1; i < c.slots.length; i++)
      slots.push({ key: c.slots[i].key, child: delta === 0 ? c.slots[i].child : shifted(c.slots[i].child, delta) });
    // A new object even when the value is unchanged (whitespace typed): a new text gives a new root, as in parser.ts.
    const data = orderedObjectOf(Object.keys(c.data), k => (k === path[d] ? value : c.data[k]));
    child = { kind: 'composite', offset: c.offset, length: c.length + delta, data, slots };
    value = data;
  }
  const root = child as Composite;
  const next: JsonCut = { root, text };
  return { cut: next, doc: new JsonChunkedDoc(source, root, text), stringEdit: patched !== undefined };
}

// ---------------------------------------------------------------------------
// Typing inside a string

/**
 * The leaf after an edit that lies inside the quotes of one string value (not a key) and leaves a valid JSON
 * string there: what typing into a description, a summary or a title does. Nothing is parsed again but that
 * string (JSON.parse, as strict as jsonc-parser's scanner about escapes and control characters, so the whole text
 * still parses cleanly). The new value is a copy of the old one along the way down to the string only: every
 * other object under the unit stays the same (===), so what the resolver and the rules kept for them still
 * holds. The syntax tree is copied the same way, nodes after the edit moved by `delta`. Undefined when the edit
 * is anything else.
 */
function patchString(leaf: Leaf, value: unknown, from: number, oldTo: number, delta: number, text: string): { node: Leaf; value: unknown } | undefined {
  const a = from - leaf.base;
  const b = oldTo - leaf.base;
  // Down the syntax tree to the string value whose quotes enclose [a, b).
  const keys: (string | number)[] = [];
  let n = leaf.node;
  while (n.type !== 'string') {
    const children = n.children;
    if (!children) return undefined;
    if (n.type === 'object') {
      const prop = children.find(p => p.offset < a && b < p.offset + p.length);
      const k = prop?.children?.[0];
      const v = prop?.children?.[1];
      if (!k || !v || !(v.offset < a && b < v.offset + v.length)) return undefined; // in a key, between entries
      keys.push(String(k.value));
      n = v;
    } else if (n.type === 'array') {
      const i = children.findIndex(c => c.offset < a && b < c.offset + c.length);
      if (i < 0) return undefined;
      keys.push(i);
      n = children[i];
    } else return undefined;
  }
  if (!(n.offset < a && b < n.offset + n.length)) return undefined; // a quote itself was edited
  let str: unknown;
  try {
    str = JSON.parse(text.slice(leaf.base + n.offset, leaf.base + n.offset + n.length + delta));
  } catch {
    return undefined; // a quote or a backslash typed: no longer one string
  }
  if (typeof str !== 'string') return undefined;
  const newValue = str === n.value ? value : withValueAt(value, keys, 0, str);
  if (newValue === undefined) return undefined;
  return { node: { kind: 'leaf', node: patchNode(leaf.node, a, delta, str), base: leaf.base }, value: newValue };
}

/** `v` with the value at `keys[i..]` replaced: new containers down the way, the rest shared. */
function withValueAt(v: unknown, keys: (string | number)[], i: number, str: string): unknown {
  if (i === keys.length) return str;
  const k = keys[i];
  if (Array.isArray(v)) {
    if (typeof k !== 'number') return undefined;
    const inner = withValueAt(v[k], keys, i + 1, str);
    if (inner === undefined) return undefined;
    const copy = v.slice();
    copy[k] = inner;
    return copy;
  }
  // An object as Spectral's parser makes it (a `__proto__` key would have set the prototype: not copied here).
  if (typeof v !== 'object' || v === null || typeof k !== 'string' || Object.getPrototypeOf(v) !== Object.prototype) return undefined;
  const o = v as Record<string, unknown>;
  if (!Object.prototype.hasOwnProperty.call(o, k)) return undefined;
  const inner = withValueAt(o[k], keys, i + 1, str);
  if (inner === undefined) return undefined;
  return orderedObjectOf(Object.keys(o), key => (key === k ? inner : o[key]));
}

/** The syntax tree after an edit at `a` inside one string node: that string and its ancestors grow by `delta`, what follows moves. */
function patchNode(node: JNode, a: number, delta: number, str: string): JNode {
  if (node.type === 'string') return { type: 'string', offset: node.offset, length: node.length + delta, value: str };
  const out = withoutParent(node);
  out.length += delta;
  out.children = node.children!.map(c => (c.offset + c.length <= a ? c : c.offset < a ? patchNode(c, a, delta, str) : shiftNode(c, delta)));
  return out;
}

/** A copy of a subtree `delta` characters further on. */
function shiftNode(node: JNode, delta: number): JNode {
  const out = withoutParent(node);
  out.offset += delta;
  if (out.colonOffset !== undefined) out.colonOffset += delta;
  if (node.children) out.children = node.children.map(c => shiftNode(c, delta));
  return out;
}

/** A node's own fields (no `parent`, no stale `range`: ranges come from offsets here). */
function withoutParent(node: JNode): JNode {
  const out: JNode = { type: node.type, offset: node.offset, length: node.length };
  if ('value' in node) out.value = node.value;
  if (node.colonOffset !== undefined) out.colonOffset = node.colonOffset;
  if (node.children) out.children = node.children;
  return out;
}

// ---------------------------------------------------------------------------
// The document

export class JsonChunkedDoc {
  readonly diagnostics = [];
  readonly data: Record<string, unknown>;
  private lines: LineIndex | undefined;

  constructor(
    readonly source: string,
    private readonly root: Composite,
    readonly text: string,
  ) {
    this.data = root.data;
  }

  /** As @stoplight/json's getLocationForJsonPath on a whole-text parse. */
  getRangeForJsonPath(path: Segment[], closest = false): IRange | undefined {
    // Composites first: a composite is always an object, looked up by key.
    let comp: Composite = this.root;
    let i = 0;
    let leaf: Leaf | undefined;
    while (i < path.length) {
      const key = String(keyOf(path[i]));
      const slot = comp.slots.find(s => s.key === key);
      if (!slot) return closest ? this.rangeOf(comp.offset, comp.length) : undefined;
      i++;
      if (slot.child.kind === 'leaf') {
        leaf = slot.child;
        break;
      }
      comp = slot.child;
    }
    if (!leaf) return this.rangeOf(comp.offset, comp.length);
    const node = findNodeAtPath(leaf.node, path, i, closest);
    return node ? this.rangeOf(leaf.base + node.offset, node.length) : undefined;
  }

  private rangeOf(offset: number, length: number): IRange {
    return (this.lines ??= new LineIndex(this.text, 'jsonc')).range(offset, offset + length);
  }
}

function keyOf(seg: Segment): Segment {
  return Number.isInteger(Number(seg)) ? Number(seg) : seg;
}

/** @stoplight/json's node lookup (objects by key, arrays by index), from `path[i]` on. */
function findNodeAtPath(start: JNode, path: Segment[], i: number, closest: boolean): JNode | undefined {
  let node = start;
  outer: for (; i < path.length; i++) {
    const seg = keyOf(path[i]);
    if (typeof seg === 'string' || (typeof seg === 'number' && node.type !== 'array')) {
      if (node.type !== 'object' || !Array.isArray(node.children)) return closest ? node : undefined;
      for (const prop of node.children) {
        if (Array.isArray(prop.children) && prop.children[0].value === String(seg) && prop.children.length === 2) {
          node = prop.children[1];
          continue outer;
        }
      }
      return closest ? node : undefined;
    }
    if (node.type !== 'array' || seg < 0 || !Array.isArray(node.children) || seg >= node.children.length) return closest ? node : undefined;
    node = node.children[seg];
  }
  return node;
}
