/**
 * A small position-aware tree over a YAML or JSON text (offsets of every
 * node and key), for hover, go to definition and symbols. Never throws: a text
 * that does not parse gives the part that did, or undefined.
 */
import { parseTree as parseJson, type Node as JsonNode, type ParseError } from 'jsonc-parser';
import { isAlias, isMap, isPair, isScalar, isSeq, parseDocument, type Node as YamlNode } from 'yaml';
import { commonPrefix, commonSuffix, ownCopy, type PosNode } from '../engine';

/** A node with its offsets (the engine's PosNode, which the reference index reads), its parent and children. */
export interface TNode extends PosNode {
  children?: TNode[];
  parent?: TNode;
  /** The root of a text that parsed without errors (updateTree may then patch it). */
  clean?: boolean;
}

export function isJsonLike(text: string, file?: string): boolean {
  if (file && /\.json$/i.test(file)) return true;
  return /^\s*[{[]/.test(text); // not trimStart(): a copy of the whole text
}

export function parseTree(text: string, file?: string): TNode | undefined {
  try {
    return isJsonLike(text, file) ? fromJson(text) : fromYaml(text);
  } catch {
    return undefined;
  }
}

function fromJson(text: string): TNode | undefined {
  const errors: ParseError[] = [];
  const root = parseJson(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (!root) return undefined;
  const conv = (n: JsonNode, parent: TNode | undefined, key?: string | number, keyNode?: JsonNode): TNode => {
    const t: TNode = { type: n.type === 'object' ? 'object' : n.type === 'array' ? 'array' : 'scalar', start: n.offset, end: n.offset + n.length, parent, key };
    if (keyNode) {
      t.keyStart = keyNode.offset;
      t.keyEnd = keyNode.offset + keyNode.length;
    }
    if (n.type === 'object') {
      t.children = [];
      for (const prop of n.children ?? []) {
        const [k, v] = prop.children ?? [];
        if (!k || !v) continue;
        t.children.push(conv(v, t, String(k.value), k));
      }
    } else if (n.type === 'array') {
      t.children = (n.children ?? []).map((c, i) => conv(c, t, i));
    } else {
      t.value = n.value;
    }
    return t;
  };
  const tree = conv(root, undefined);
  tree.clean = errors.length === 0;
  return tree;
}

function fromYaml(text: string): TNode | undefined {
  const doc = parseDocument(text, { uniqueKeys: false, strict: false, prettyErrors: false });
  const contents = doc.contents as YamlNode | null;
  if (!contents) return undefined;
  const tree = convYaml(contents, undefined, undefined, undefined, 0);
  if (tree) tree.clean = doc.errors.length === 0;
  return tree;
}

/** The TNode of a `yaml` node; `off` is added to every offset (a part of a text parsed alone). */
function convYaml(n: unknown, parent: TNode | undefined, key: string | number | undefined, keyNode: YamlNode | undefined, off: number): TNode | undefined {
  const conv = (n: unknown, parent: TNode | undefined, key?: string | number, keyNode?: YamlNode): TNode | undefined => {
    const range = (n as { range?: [number, number, number] } | null)?.range;
    const start = off + (range ? range[0] : (keyNode?.range?.[1] ?? 0));
    const end = range ? off + range[1] : start;
    let t: TNode;
    if (isMap(n)) {
      t = { type: 'object', start, end, parent, key, children: [] };
      for (const item of n.items) {
        if (!isPair(item)) continue;
        const k = item.key as YamlNode | null;
        const kv = isScalar(k) ? k.value : k === null ? '' : String(k);
        const child = conv(item.value, t, kv === null || kv === undefined ? '' : String(kv), k ?? undefined);
        if (child) t.children!.push(child);
      }
    } else if (isSeq(n)) {
      t = { type: 'array', start, end, parent, key, children: [] };
      n.items.forEach((item, i) => {
        const child = conv(item, t, i);
        if (child) t.children!.push(child);
      });
    } else if (isScalar(n)) {
      t = { type: 'scalar', start, end, parent, key, value: n.value };
    } else if (isAlias(n)) {
      t = { type: 'scalar', start, end, parent, key, value: `*${n.source}` };
    } else {
      t = { type: 'scalar', start, end, parent, key, value: null };
    }
    if (keyNode?.range) {
      t.keyStart = off + keyNode.range[0];
      t.keyEnd = off + keyNode.range[1];
      if (!range) t.start = t.end = off + keyNode.range[1];
    }
    return t;
  };
  return conv(n, parent, key, keyNode);
}

/** The deepest node whose value or key contains `offset`. */
export function nodeAt(root: TNode, offset: number): TNode | undefined {
  const inside = (n: TNode) => (offset >= n.start && offset <= n.end) || (n.keyStart !== undefined && offset >= n.keyStart && offset <= n.keyEnd!);
  if (!inside(root)) return undefined;
  let cur = root;
  for (;;) {
    const next = cur.children?.find(inside);
    if (!next) return cur;
    cur = next;
  }
}

export function child(node: TNode | undefined, key: string | number): TNode | undefined {
  if (!node?.children) return undefined;
  if (node.type === 'array') return node.children[Number(key)];
  return node.children.find(c => c.key === String(key));
}

export function findByPath(root: TNode, path: readonly (string | number)[]): TNode | undefined {
  let cur: TNode | undefined = root;
  for (const seg of path) {
    cur = child(cur, seg);
    if (!cur) return undefined;
  }
  return cur;
}

/** `#/a/b~1c` → ['a', 'b/c']. Undefined for a pointer that is not a JSON pointer. */
export function pointerToPath(fragment: string): string[] | undefined {
  let f = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  try {
    f = decodeURIComponent(f);
  } catch {
    /* keep as is */
  }
  if (f === '' || f === '/') return f === '' ? [] : [''];
  if (!f.startsWith('/')) return undefined;
  return f
    .slice(1)
    .split('/')
    .map(s => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The `$ref` string node at `offset` (the cursor on the `$ref` key or its value), if any. */
export function refAt(root: TNode, offset: number): { node: TNode; ref: string } | undefined {
  const n = nodeAt(root, offset);
  if (!n || n.key !== '$ref' || typeof n.value !== 'string') return undefined;
  return { node: n, ref: n.value };
}

/** Fixed operation keys of a path item; `query` is OpenAPI 3.2's QUERY. */
const OPERATION_KEYS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];

/**
 * The operations of a path item node, in document order: its method keys and the
 * entries of OpenAPI 3.2 `additionalOperations` (`COPY`, `LINK`), each with its
 * method in upper case as an outline shows it.
 */
export function operationNodes(pathItem: TNode): { method: string; node: TNode }[] {
  const out: { method: string; node: TNode }[] = [];
  for (const c of pathItem.children ?? []) {
    if (typeof c.key !== 'string') continue;
    if (OPERATION_KEYS.includes(c.key.toLowerCase())) out.push({ method: c.key.toUpperCase(), node: c });
    else if (c.key === 'additionalOperations' && c.type === 'object') {
      for (const o of c.children ?? []) if (typeof o.key === 'string' && o.type === 'object') out.push({ method: o.key.toUpperCase(), node: o });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// Incremental update (the outline after each keystroke without parsing the whole text again)

/**
 * The tree of `newText`, made from `root` (the tree of `oldText`, which it changes in place) when the edit between
 * the two texts stays inside one scalar string (JSON) or one block-mapping entry (YAML): only that entry is parsed
 * again and the nodes after it are moved. undefined when that cannot be done: the caller parses the whole text.
 * The result is the tree parseTree(newText) gives (the tests compare them on random edits).
 */
export function updateTree(root: TNode, oldText: string, newText: string, file?: string): TNode | undefined {
  if (!root.clean) return undefined;
  const json = isJsonLike(oldText, file);
  if (json !== isJsonLike(newText, file)) return undefined;
  if (oldText === newText) return root;
  const edit = editBetween(oldText, newText);
  try {
    return json ? updateJson(root, oldText, newText, edit) : updateYaml(root, oldText, newText, edit);
  } catch {
    return undefined;
  }
}

/**
 * `root` (the tree of `oldText`) with every offset after the edit between the two texts moved, in place, without
 * parsing anything: nodes after the edit are where they are in `newText`, the nodes inside it keep what they had.
 * For a document that does not parse cleanly, between two full parses (navigation.ts updateParsed).
 */
export function shiftTree(root: TNode, oldText: string, newText: string): TNode {
  const edit = editBetween(oldText, newText);
  if (edit.delta !== 0) shiftAfter(root, edit, NO_NODE);
  return root;
}

const NO_NODE: TNode = { type: 'scalar', start: -1, end: -1, parent: undefined };

/** A copy of the tree below `root` (the nodes' own fields; keys and values shared), for shiftTree to move while `root` is kept. */
export function copyTree(root: TNode): TNode {
  const copy = (n: TNode, parent: TNode | undefined): TNode => {
    const c: TNode = { ...n, parent };
    if (n.children) c.children = n.children.map(k => copy(k, c));
    return c;
  };
  return copy(root, root.parent);
}

/** The one edit that turns `oldText` into `newText`: their common prefix and suffix kept. */
function editBetween(oldText: string, newText: string): Edit {
  // By strides (engine/parse/window.ts): a character at a time, a big document cost a scan of its text on every keystroke.
  const n = Math.min(oldText.length, newText.length);
  const a = commonPrefix(oldText, newText);
  const e = commonSuffix(oldText, newText, n - a);
  return { a, b: oldText.length - e, bNew: newText.length - e, delta: newText.length - oldText.length };
}

/** old text [a, b) became new text [a, bNew); delta = bNew - b. */
interface Edit {
  a: number;
  b: number;
  bNew: number;
  delta: number;
}

/** Moves every offset at or after the edit's old end by delta, outside `except` (a subtree already in new offsets). */
function shiftAfter(node: TNode, edit: Edit, except: TNode): void {
  if (node === except) return;
  if (node.end < edit.a && (node.keyEnd === undefined || node.keyEnd < edit.a)) return;
  // A start at the edit moves with it; an end there stays (an insertion after a node is not in it).
  if (node.start >= edit.b) node.start += edit.delta;
  if (node.end >= edit.b && node.end > edit.a) node.end += edit.delta;
  if (node.keyStart !== undefined && node.keyStart >= edit.b) node.keyStart += edit.delta;
  if (node.keyEnd !== undefined && node.keyEnd >= edit.b && node.keyEnd > edit.a) node.keyEnd += edit.delta;
  if (node.children) for (const c of node.children) shiftAfter(c, edit, except);
}

/** Puts `fresh` in the place of `old` (same parent and key), moves the rest of the tree, and widens the ancestors. */
function replaceNode(root: TNode, old: TNode, fresh: TNode, edit: Edit, ends = { old: old.end, fresh: fresh.end }): TNode {
  const parent = old.parent;
  // Ancestors that ended where `old` ended (a YAML block collection ends with its last entry) end where `fresh` does.
  const tied: TNode[] = [];
  for (let p = parent; p && p.end === ends.old; p = p.parent) tied.push(p);
  // Those that began where it began (a block collection begins with its first key) begin where `fresh` does.
  const oldStart = old.keyStart ?? old.start;
  const tiedStart: TNode[] = [];
  for (let p = parent; p && p.start === oldStart; p = p.parent) tiedStart.push(p);
  if (parent) {
    parent.children![parent.children!.indexOf(old)] = fresh;
    fresh.parent = parent;
  }
  const top = parent ? root : fresh;
  top.clean = true;
  shiftAfter(top, edit, fresh);
  for (const p of tied) p.end = ends.fresh;
  for (const p of tiedStart) p.start = fresh.keyStart ?? fresh.start;
  for (let p = fresh.parent; p; p = p.parent) if (p.end < fresh.end) p.end = fresh.end;
  return top;
}

function deepest(root: TNode, accept: (n: TNode) => boolean, inside: (n: TNode) => boolean): TNode | undefined {
  let found: TNode | undefined;
  let cur: TNode | undefined = root;
  while (cur) {
    if (accept(cur)) found = cur;
    cur = cur.children?.find(inside);
  }
  return found;
}

function updateJson(root: TNode, oldText: string, newText: string, edit: Edit): TNode | undefined {
  const { a, b, bNew } = edit;
  // The edit must be inside one string value, and neither remove nor add a quote, an escape or a control character.
  const n = deepest(
    root,
    x => x.type === 'scalar' && typeof x.value === 'string' && x.start < a && b < x.end,
    x => x.start < a && b < x.end,
  );
  if (!n) return undefined;
  const unsafe = /["\\\u0000-\u001f]/;
  if (unsafe.test(oldText.slice(a, b)) || unsafe.test(newText.slice(a, bNew)) || newText.charCodeAt(a - 1) === 0x5c) return undefined;
  const fresh: TNode = { ...n, end: n.end + edit.delta, children: undefined };
  fresh.value = JSON.parse(newText.slice(fresh.start, fresh.end)) as unknown;
  return replaceNode(root, n, fresh, edit);
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Leading spaces of the line at `offset` (a line start); -1 for a blank line, -3 for a comment line, -2 for a tab in the indentation. */
function indentAt(text: string, offset: number): number {
  let i = offset;
  while (text.charCodeAt(i) === 0x20) i++;
  const c = text.charCodeAt(i);
  if (c === 0x09) return -2;
  if (Number.isNaN(c) || c === 0x0a || c === 0x0d) return -1;
  if (c === 0x23 /* # */) return -3;
  return i - offset;
}

function updateYaml(root: TNode, oldText: string, newText: string, edit: Edit): TNode | undefined {
  const { a, b, delta } = edit;
  if (oldText.startsWith('%') || newText.startsWith('%')) return undefined; // directives change how scalars resolve
  /** The old text's [line start of the key, end of the entry's last line] of a block mapping entry. */
  const region = (x: TNode): [number, number] | undefined => {
    if (x.keyStart === undefined || x.parent?.type !== 'object' || oldText.charCodeAt(x.parent.start) === 0x7b /* { flow */) return undefined;
    const L = lineStart(oldText, x.keyStart);
    if (oldText.slice(L, x.keyStart).trim() !== '') return undefined; // not at the start of its line (flow, `- key:`)
    const end = Math.max(x.end, x.keyEnd ?? x.keyStart);
    const nl = oldText.charCodeAt(end - 1) === 0x0a ? end - 1 : oldText.indexOf('\n', end);
    return [L, nl < 0 ? oldText.length : nl];
  };
  const covers = (x: TNode) => {
    const r = region(x);
    return !!r && x.keyStart! <= a && b <= r[1];
  };
  /** The node's text (key included) to the end of its last line contains the edit: the entry may be below it. */
  const within = (x: TNode) => {
    const end = Math.max(x.end, x.keyEnd ?? x.start);
    const nl = oldText.charCodeAt(end - 1) === 0x0a ? end - 1 : oldText.indexOf('\n', end);
    return (x.keyStart ?? x.start) <= a && b <= (nl < 0 ? oldText.length : nl);
  };
  const E = deepest(root, covers, within);
  if (!E) return undefined;
  const [L, R] = region(E)!;
  // An entry that is a good part of the document (a top-level key): parsing it (twice) costs more than the whole.
  if (R - L > oldText.length / 4 && oldText.length > 65536) return undefined;
  const k = E.keyStart! - L;
  const newR = R + delta;
  // Every line after the key's is blank or indented deeper than the key. Comment lines (which `yaml` counts in
  // the ranges of the collections around them, depending on what follows) are parsed again with the whole text.
  for (let i = newText.indexOf('\n', L); i >= 0 && i < newR; i = newText.indexOf('\n', i + 1)) {
    const ind = indentAt(newText, i + 1);
    if (ind === -2 || ind === -3 || (ind >= 0 && ind <= k)) return undefined;
  }
  // What follows the entry is a sibling or less indented, as before.
  for (let i = newR; i >= 0 && i < newText.length; i = newText.indexOf('\n', i + 1)) {
    const ind = indentAt(newText, i + 1);
    if (ind === -1) continue;
    if (ind === -2 || ind === -3 || ind > k || (ind === k && newText.charCodeAt(i + 1 + k) === 0x2d) /* - */) return undefined;
    break;
  }
  // With the line's end: a block scalar's value ends with it. A block scalar followed by blank lines could take
  // them (keep chomping): those are parsed again with the whole text.
  const slice = newText.slice(L, newR + 1);
  if (/[|>]/.test(slice) && indentAt(newText, newR + 1) === -1 && newR + 1 < newText.length) return undefined;
  const entry = (text: string) => {
    const doc = parseDocument(text, { uniqueKeys: false, strict: false, prettyErrors: false });
    if (doc.errors.length > 0 || !isMap(doc.contents) || doc.contents.items.length !== 1 || !doc.contents.range) return undefined;
    const pair = doc.contents.items[0];
    const key = pair.key as YamlNode | null;
    if (!isScalar(key) || key.range?.[0] !== k || !(key.range[1] > k)) return undefined; // an empty key's range depends on what is around it
    // Where a mapping whose last entry this is ends (parsed alone, the entry is such a mapping).
    return { pair, key, mapEnd: L + doc.contents.range[1] };
  };
  // A comment at the end of the entry may count in the ranges around it (after an empty value): parsed again too.
  const lastLine = (t: string, end: number) => t.slice(t.lastIndexOf('\n', end - 1) + 1, end);
  if (/(^|\s)#/.test(lastLine(newText, newR)) || /(^|\s)#/.test(lastLine(oldText, R))) return undefined;
  const now = entry(slice);
  const before = now && entry(oldText.slice(L, R + 1));
  if (!now || !before) return undefined;
  const kv = now.key.value;
  const fresh = convYaml(now.pair.value, E.parent, kv === null || kv === undefined ? '' : String(kv), now.key, L);
  if (!fresh) return undefined;
  ownNodeStrings(fresh);
  return replaceNode(root, E, fresh, edit, { old: before.mapEnd, fresh: now.mapEnd });
}

/**
 * Gives the keys and values of a patched entry their own copies: cut from the text of the version it was parsed
 * from, they would keep that whole text alive for as long as the entry stays in the tree (engine/ownCopy.ts), and a
 * tree patched at many places over a session kept a text per place.
 */
function ownNodeStrings(root: TNode): void {
  const stack = [root];
  for (let n = stack.pop(); n; n = stack.pop()) {
    if (typeof n.key === 'string') n.key = ownCopy(n.key);
    if (typeof n.value === 'string') n.value = ownCopy(n.value);
    if (n.children) stack.push(...n.children);
  }
}

/** The plain data of a tree (objects, arrays, scalar values; an alias is its `*name`), as a YAML/JSON parse gives it. */
export function treeData(n: TNode): unknown {
  if (n.type === 'scalar') return n.value;
  if (n.type === 'array') return n.children!.map(treeData);
  const out: Record<string, unknown> = {};
  for (const c of n.children!) out[String(c.key)] = treeData(c);
  return out;
}
