/**
 * What `doc.toJS()` gives for a parsed YAML document of plain data, by a direct walk, for the pieces of a text
 * (yamlOps.ts leafOnce: about a thousand small documents on spotify, each converted once): `yaml`'s toJS goes through
 * a context, anchors and `toJSON` dispatch at every node, where --fix on a big document spent much of its time.
 * It gives exactly what `yaml`'s would (fixWalk.test.ts compares them on the corpus); anything it does not know to
 * be plain data answers NOT_PLAIN, and the caller takes `doc.toJS()` then.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, YAMLMap, YAMLSeq, type Document, type Pair } from 'yaml';

export const NOT_PLAIN: unique symbol = Symbol('not plain');

class NotPlain extends Error {}

/**
 * What `doc.toJS()` gives (with its defaults: `keep`, plain objects), for a document of plain mappings, sequences
 * and scalars: no alias, no anchor, no tag on a collection, every key a scalar of a primitive value other than the
 * merge key; frozen as it is built (what memo.ts deepFreeze would make of it). NOT_PLAIN for anything else (and when
 * the walk runs out of stack: the caller's toJS decides then).
 */
export function plainToJS(doc: Document.Parsed): unknown {
  try {
    return plainValue(doc.contents);
  } catch (e) {
    if (e instanceof NotPlain || e instanceof RangeError) return NOT_PLAIN;
    throw e;
  }
}

function plainValue(node: unknown): unknown {
  // toJS(null): a pair without a value.
  if (node === null) return null;
  if (isScalar(node)) {
    if (node.anchor) throw new NotPlain();
    // With `keep` (toJS's default), a scalar is its value as it is.
    const v = node.value;
    if (v !== null && (typeof v === 'object' || typeof v === 'function')) throw new NotPlain();
    return v;
  }
  if (isMap(node)) {
    // YAMLMap itself (not a YAMLSet or another class a tag gives), untagged: toJSON builds a plain object.
    if (node.constructor !== YAMLMap || node.tag || node.anchor) throw new NotPlain();
    const map: Record<string, unknown> = {};
    for (const item of node.items as unknown[]) {
      if (!isPair(item)) throw new NotPlain();
      const { key, value } = item as Pair<unknown, unknown>;
      // addPairToJSMap: a scalar key of a primitive value is String(value) ('' for null); the merge key takes another way.
      if (!isScalar(key) || key.anchor || (key as { addToJSMap?: unknown }).addToJSMap !== undefined) throw new NotPlain();
      const k = key.value;
      if (k === '<<' || typeof k === 'symbol' || (k !== null && (typeof k === 'object' || typeof k === 'function'))) throw new NotPlain();
      const stringKey = k === null ? '' : String(k);
      const jsValue = plainValue(value);
      // As addPairToJSMap sets it: an own property even for a key the object has already (a duplicate, `__proto__`).
      if (stringKey in map) Object.defineProperty(map, stringKey, { value: jsValue, writable: true, enumerable: true, configurable: true });
      else map[stringKey] = jsValue;
    }
    return Object.freeze(map);
  }
  if (isSeq(node)) {
    if (node.constructor !== YAMLSeq || node.tag || node.anchor) throw new NotPlain();
    const seq: unknown[] = [];
    for (const item of node.items as unknown[]) {
      if (isPair(item) || isAlias(item)) throw new NotPlain();
      seq.push(plainValue(item));
    }
    return Object.freeze(seq);
  }
  throw new NotPlain();
}
