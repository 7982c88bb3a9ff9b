/**
 * Following local `$ref`s by JSON path in unresolved data (for fixes that must
 * edit the object a reference points to).
 */
import { encodePointerUriFragment, extractSourceFromRef, isLocalRef } from '@stoplight/json';
import * as path from 'node:path';
import type { JsonPath } from '../types';
import { checkBudget } from './budget';
import { getAt, isObject } from './oas';

/** The JSON path of a local `#/...` pointer, or undefined for other references. */
export function pointerPath(ref: string): JsonPath | undefined {
  if (!ref.startsWith('#/')) return ref === '#' ? [] : undefined;
  return ref
    .slice(2)
    .split('/')
    .map(p => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * The path of the object at `path`, following local `$ref`s (of the value and
 * of every step on the way). Undefined when a step is an external reference or missing.
 */
export function derefPath(data: unknown, path: JsonPath): JsonPath | undefined {
  let cur: JsonPath = [];
  const follow = (p: JsonPath): JsonPath | undefined => {
    for (let i = 0; i < 20; i++) {
      const v = getAt(data, p);
      if (!isObject(v) || typeof v.$ref !== 'string') return p;
      const target = pointerPath(v.$ref);
      if (target === undefined) return undefined;
      p = target;
    }
    return undefined;
  };
  for (const seg of path) {
    const base = follow(cur);
    if (base === undefined) return undefined;
    cur = [...base, seg];
  }
  return follow(cur);
}

/** The value at `path`, local `$ref`s followed. */
export function derefAt(data: unknown, path: JsonPath): unknown {
  const p = derefPath(data, path);
  return p === undefined ? undefined : getAt(data, p);
}

/** The path with array indexes as numbers (finding paths carry them as strings, e.g. `'0'`). */
export function numericIndexes(data: unknown, path: JsonPath): JsonPath {
  const out: JsonPath = [];
  let cur: unknown = data;
  for (const seg of path) {
    const s = Array.isArray(cur) && typeof seg === 'string' && /^\d+$/.test(seg) ? Number(seg) : seg;
    out.push(s);
    cur = cur !== null && typeof cur === 'object' ? (cur as Record<string, unknown>)[s as string] : undefined;
  }
  return out;
}

/** What refCycleTest reads of a rule's `documentInventory` (Spectral's, or the engine's). */
interface RefGraphInventory {
  source?: string | null;
  graph?: { getNodeData(source: string): { refMap: Record<string, string> } } | null;
}

/**
 * Whether a path of the resolved document leads, `$ref` by `$ref` as the document's ref maps say, into a cycle
 * (A -> B -> A, in one file or across files): the resolver leaves such a `$ref` in place, and Spectral, asked where a
 * finding on or below it is written (DocumentInventory.findAssociatedItemForPath), follows the chain for ever.
 * Undefined when the document has no `$ref` to follow: asked once per rule, not per finding of a big document.
 */
export function refCycleTest(inventory: unknown): ((at: JsonPath) => boolean) | undefined {
  const inv = inventory as RefGraphInventory | undefined;
  const root = inv?.source;
  const graph = inv?.graph;
  if (!root || !graph || typeof graph.getNodeData !== 'function') return undefined;
  const refMapOf = (src: string): Record<string, string> | undefined => {
    try {
      return graph.getNodeData(src)?.refMap;
    } catch {
      return undefined; // a file the resolver did not read
    }
  };
  const rootRefMap = refMapOf(root);
  if (rootRefMap === undefined || isEmpty(rootRefMap)) return undefined;
  return at => {
    let source = root;
    let refMap: Record<string, string> | undefined = rootRefMap;
    let key = '';
    for (const segment of ['#', ...at.map(s => String(encodePointerUriFragment(s)))]) {
      if (refMap === undefined) return false;
      key += (key.length > 0 ? '/' : '') + segment;
      const followed = new Set<string>();
      while (refMap !== undefined && key in refMap) {
        checkBudget();
        const site = `${source}\0${key}`;
        if (followed.has(site)) return true;
        followed.add(site);
        const ref: string = refMap[key]!;
        if (isLocalRef(ref)) {
          key = ref;
          continue;
        }
        const file = extractSourceFromRef(ref);
        if (file === null) return false;
        source = path.isAbsolute(file) || /^[a-z][a-z0-9+.-]*:/i.test(file) ? file : path.resolve(path.dirname(source), file);
        refMap = refMapOf(source);
        key = ref.includes('#') ? ref.slice(ref.indexOf('#')) : '#';
      }
    }
    return false;
  };
}

/** Whether a ref map holds no entry, once per map: `for…in` lists a big object's keys before its first (per finding). */
const emptiness = new WeakMap<object, boolean>();
function isEmpty(o: object): boolean {
  let empty = emptiness.get(o);
  if (empty === undefined) {
    empty = true;
    for (const _ in o) {
      empty = false;
      break;
    }
    emptiness.set(o, empty);
  }
  return empty;
}
