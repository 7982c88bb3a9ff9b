/**
 * A small position-aware tree over a YAML or JSON text (offsets of every
 * node and key), for hover, go to definition and symbols. Never throws: a text
 * that does not parse gives the part that did, or undefined.
 */
import { parseTree as parseJson, type Node as JsonNode } from 'jsonc-parser';
import { isAlias, isMap, isPair, isScalar, isSeq, parseDocument, type Node as YamlNode } from 'yaml';

export interface TNode {
  type: 'object' | 'array' | 'scalar';
  /** Offsets of the value. */
  start: number;
  end: number;
  /** The key (object member) or index (array item) under which the node sits. */
  key?: string | number;
  /** Offsets of the key text (object members). */
  keyStart?: number;
  keyEnd?: number;
  value?: unknown;
  children?: TNode[];
  parent?: TNode;
}

export function isJsonLike(text: string, file?: string): boolean {
  if (file && /\.json$/i.test(file)) return true;
  return text.trimStart().startsWith('{') || text.trimStart().startsWith('[');
}

export function parseTree(text: string, file?: string): TNode | undefined {
  try {
    return isJsonLike(text, file) ? fromJson(text) : fromYaml(text);
  } catch {
    return undefined;
  }
}

function fromJson(text: string): TNode | undefined {
  const root = parseJson(text, [], { allowTrailingComma: true, disallowComments: false });
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
  return conv(root, undefined);
}

function fromYaml(text: string): TNode | undefined {
  const doc = parseDocument(text, { uniqueKeys: false, strict: false, prettyErrors: false });
  const contents = doc.contents as YamlNode | null;
  if (!contents) return undefined;
  const conv = (n: unknown, parent: TNode | undefined, key?: string | number, keyNode?: YamlNode): TNode | undefined => {
    const range = (n as { range?: [number, number, number] } | null)?.range;
    const start = range ? range[0] : (keyNode?.range?.[1] ?? 0);
    const end = range ? range[1] : start;
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
      t.keyStart = keyNode.range[0];
      t.keyEnd = keyNode.range[1];
      if (!range) t.start = t.end = keyNode.range[1];
    }
    return t;
  };
  return conv(contents, undefined);
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

export function pathOf(node: TNode): (string | number)[] {
  const out: (string | number)[] = [];
  for (let n: TNode | undefined = node; n && n.key !== undefined; n = n.parent) out.unshift(n.key);
  return out;
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
