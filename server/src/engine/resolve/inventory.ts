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

  findAssociatedItemForPath(path: JsonPath, resolved: boolean): AssociatedItem | null {
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
      let refMap = this.graph.getNodeData(source).refMap;
      let doc: DocLike = this.document;
      let key = '';
      for (const segment of ['#', ...path.map(s => String(encodePointerUriFragment(s)))]) {
        if (key.length > 0) key += '/';
        key += segment;
        while (key in refMap) {
          const ref = refMap[key]!;
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
          refMap = this.graph.getNodeData(source).refMap;
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

function pointerKeyToPath(key: string): string[] {
  const k = key.startsWith('#/') ? key.slice(2) : key;
  return k.split('/').map(decodePointerFragment);
}
