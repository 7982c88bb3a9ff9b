/**
 * The document inventory rule functions see (`context.documentInventory`): the
 * root document, its resolved form, the `$ref`'d documents and the ref maps.
 * `findAssociatedItemForPath` maps a path in the resolved document to the
 * document and path it comes from, the way Spectral's DocumentInventory does
 * (results reached through a `$ref` are reported where the target is written).
 */
import { decodePointerFragment, encodePointerUriFragment, extractSourceFromRef, isLocalRef } from '@stoplight/json';
import { resolve as resolvePath } from '@stoplight/path';
import { getClosestJsonPath, isAbsoluteRef, traverseObjUntilRef } from '@stoplight/spectral-runtime';
import type { AssociatedItem, DocLike, InventoryLike } from '../run/types';

type JsonPath = (string | number)[];

export interface RefGraph {
  getNodeData(source: string): { refMap: Record<string, string> };
  refIndex?(source: string): ReadonlyMap<string, string> | undefined;
}

/** What associatedItem asks of a refMap. */
interface RefLookup {
  has(key: string): boolean;
  get(key: string): string | undefined;
}

/** A refMap object (json-ref-resolver's graph nodes) read as a RefLookup. */
class ObjectRefs implements RefLookup {
  constructor(private readonly o: Record<string, string>) {}
  has(key: string): boolean {
    return key in this.o;
  }
  get(key: string): string | undefined {
    return this.o[key];
  }
}

export class Inventory implements InventoryLike {
  constructor(
    readonly document: DocLike,
    readonly resolved: unknown,
    readonly graph: RefGraph | null,
    readonly referencedDocuments: Record<string, DocLike>,
  ) {}

  get unresolved(): unknown {
    return this.document.data;
  }

  get source(): string | null {
    return this.document.source;
  }

  get formats(): Set<unknown> | null {
    return this.document.formats ?? null;
  }

  /**
   * The items the full algorithm found for paths through a `$ref`, by the path's array, with a copy of its segments
   * (an array changed since is looked up again). A model rule's finding is looked up twice with one array: by
   * rules/_lib/ruleFunction.ts onePerLocation, then by the runner (run/lintNode.ts processResults).
   */
  private readonly found = new WeakMap<JsonPath, { segments: JsonPath; item: AssociatedItem | null }>();

  findAssociatedItemForPath(path: JsonPath, resolved: boolean): AssociatedItem | null {
    if (!resolved) return this.associatedItem(path, false);
    const local = localItemPath(this.resolved, this.unresolved, path);
    if (local !== undefined) return { document: this.document, path: local, missingPropertyPath: path };
    const hit = this.found.get(path);
    if (hit !== undefined && sameSegments(hit.segments, path)) return hit.item;
    const item = this.associatedItem(path, true);
    this.found.set(path, { segments: path.slice(), item });
    return item;
  }

  /** Spectral's DocumentInventory.findAssociatedItemForPath, step by step. */
  associatedItem(path: JsonPath, resolved: boolean): AssociatedItem | null {
    if (!resolved) {
      return { document: this.document, path: getClosestJsonPath(this.unresolved, path) as JsonPath, missingPropertyPath: path };
    }
    try {
      const closest = getClosestJsonPath(this.resolved, path) as JsonPath;
      if (traverseObjUntilRef(this.unresolved, [...closest]) === null) {
        return { document: this.document, path: getClosestJsonPath(this.unresolved, path) as JsonPath, missingPropertyPath: path };
      }
      const missing = closest.length === 0 ? [] : path.slice(path.lastIndexOf(closest[closest.length - 1]!) + 1);
      let source = this.source;
      if (source === null || this.graph === null) return null;
      const graph = this.graph;
      const refsOf = (src: string): RefLookup => graph.refIndex?.(src) ?? new ObjectRefs(graph.getNodeData(src).refMap);
      let refMap = refsOf(source);
      let doc: DocLike = this.document;
      let key = '';
      for (const segment of ['#', ...path.map(s => String(encodePointerUriFragment(s)))]) {
        if (key.length > 0) key += '/';
        key += segment;
        // A `$ref` cycle (A -> B -> A, in one file or across files) has no target: the item is where it is met.
        // Spectral's own loop follows such a chain forever.
        let followed: Set<string> | undefined;
        while (refMap.has(key)) {
          followed ??= new Set();
          const site = `${source}\0${key}`;
          if (followed.has(site)) break;
          followed.add(site);
          const ref = refMap.get(key)!;
          if (isLocalRef(ref)) {
            key = ref;
            continue;
          }
          const extracted = extractSourceFromRef(ref);
          if (extracted === null) return { document: doc, path: getClosestJsonPath(doc.data, path) as JsonPath, missingPropertyPath: path };
          source = isAbsoluteRef(extracted) ? extracted : resolvePath(source!, '..', extracted);
          const next = source === this.document.source ? this.document : this.referencedDocuments[source];
          if (next === null || next === undefined) return { document: doc, path: getClosestJsonPath(doc.data, path) as JsonPath, missingPropertyPath: path };
          doc = next;
          refMap = refsOf(source);
          key = ref.indexOf('#') >= 0 ? ref.slice(ref.indexOf('#')) : '#';
        }
      }
      const target = getClosestJsonPath(doc.data, pointerKeyToPath(key)) as JsonPath;
      return { document: doc, path: target, missingPropertyPath: [...target, ...missing] };
    } catch {
      return null;
    }
  }
}

function sameSegments(a: JsonPath, b: JsonPath): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** lodash isObject. */
function isObjectLike(v: unknown): v is Record<string | number, unknown> {
  return (typeof v === 'object' && v !== null) || typeof v === 'function';
}

/**
 * The common case of findAssociatedItemForPath(path, true) in one walk, without the copies of the path: when no
 * `$ref` object of the unresolved document lies on the way (the longest prefix of `path` the resolved document
 * has, followed in the unresolved one), the item is the root document's and its path is the longest prefix of
 * `path` the unresolved document has. Undefined whenever the walk meets anything else (a `$ref` key, a prefix the
 * unresolved document lacks): the full algorithm decides then.
 */
export function localItemPath(resolved: unknown, unresolved: unknown, path: JsonPath): JsonPath | undefined {
  if (!isObjectLike(resolved)) return undefined;
  let r: unknown = resolved;
  let u: unknown = unresolved;
  let i = 0;
  // The prefix the resolved document has (getClosestJsonPath), walked in the unresolved one as traverseObjUntilRef does.
  for (; i < path.length; i++) {
    const seg = path[i]!;
    if (!isObjectLike(r) || !(seg in r)) break;
    if (!isObjectLike(u) || '$ref' in u || !(seg in u)) return undefined;
    r = r[seg];
    u = u[seg];
  }
  // traverseObjUntilRef's last check (a plain object with `$ref`): any `$ref` key takes the full algorithm.
  if (isObjectLike(u) && '$ref' in u) return undefined;
  // getClosestJsonPath(unresolved, path): on from there.
  for (; i < path.length; i++) {
    const seg = path[i]!;
    if (!isObjectLike(u) || !(seg in u)) break;
    u = u[seg];
  }
  return path.slice(0, i);
}

function pointerKeyToPath(key: string): string[] {
  const k = key.startsWith('#/') ? key.slice(2) : key;
  return k.split('/').map(decodePointerFragment);
}
