/**
 * Units: the pieces of an OpenAPI document that the incremental engine parses,
 * resolves and lints on their own, and caches between edits.
 *
 * - a top-level key is a unit (`info`, `servers`, `tags`, `openapi`, `x-…`), except
 * - the containers `paths`, `webhooks`, `definitions`, `parameters`, `responses`,
 *   `securityDefinitions`: each of their entries is a unit (`paths./pets`), and
 * - `components`: each entry of each kind is a unit (`components.schemas.Pet`).
 * The root and the containers themselves are no unit ("above" the units).
 */
import createOrderedObject, { getOrder } from '@stoplight/ordered-object-literal';
import type { JsonPath } from '../problem';
import { isObject as isRecord } from '../../../../rules/_lib/oas';

export const CONTAINERS = new Set(['paths', 'webhooks', 'definitions', 'parameters', 'responses', 'securityDefinitions']);

/** How many leading segments of `path` name its unit; 0 when `path` is the root or a container. */
export function unitDepth(path: readonly (string | number)[]): number {
  if (path.length === 0) return 0;
  const k = String(path[0]);
  if (k === 'components') return path.length >= 3 ? 3 : 0;
  if (CONTAINERS.has(k)) return path.length >= 2 ? 2 : 0;
  return 1;
}

/** The unit path of `path` (a prefix of it), or undefined above the units. */
export function unitOf(path: readonly (string | number)[]): JsonPath | undefined {
  const d = unitDepth(path);
  return d === 0 ? undefined : (path.slice(0, d) as JsonPath);
}

/** A JSON pointer segment: `~` → `~0`, `/` → `~1` (json-ref-resolver's addToJSONPointer encoding). */
export function encodeSegment(s: string): string {
  return s.indexOf('~') < 0 && s.indexOf('/') < 0 ? s : s.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A unit's key: its JSON pointer (`/paths/~1pets`). */
export function unitKey(unitPath: readonly (string | number)[]): string {
  let s = '';
  for (const seg of unitPath) s += '/' + encodeSegment(String(seg));
  return s;
}

/** Every unit of a parsed document, in document order: [key, path, value]. */
export function* unitsOf(data: unknown): Generator<[string, JsonPath, unknown]> {
  if (!isRecord(data)) return;
  for (const k of Object.keys(data)) {
    const v = data[k];
    if (k === 'components') {
      if (!isRecord(v)) continue;
      for (const kind of Object.keys(v)) {
        const c = v[kind];
        if (!isRecord(c)) continue;
        for (const name of Object.keys(c)) yield [unitKey([k, kind, name]), [k, kind, name], c[name]];
      }
    } else if (CONTAINERS.has(k)) {
      if (!isRecord(v)) continue;
      for (const name of Object.keys(v)) yield [unitKey([k, name]), [k, name], v[name]];
    } else {
      yield [unitKey([k]), [k], v];
    }
  }
}

/** Deep equality that also compares the order of keys: how the identity of an unchanged unit is told after a re-parse. */
export function deepEqualOrdered(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqualOrdered(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  for (let i = 0; i < ka.length; i++) {
    if (ka[i] !== kb[i]) return false;
    if (!deepEqualOrdered(ra[ka[i]], rb[ka[i]])) return false;
  }
  return true;
}

/**
 * Gives `next` (a value just parsed, not yet shared) the objects of `prev` wherever they are deep-equal, keys in
 * the same order: each member of `next` that equals its counterpart in `prev` becomes that very object. Returns
 * whether the whole of `next` equals `prev`. A unit parsed again after a character typed into it then holds new
 * objects only down to what changed, as a JSON string edit does (parseJson.ts): what the resolver and the rules
 * keep per object holds for the rest. `prev` is never written to; a frozen `next` is left as it is.
 */
export function adoptUnchanged(prev: unknown, next: unknown): boolean {
  if (Object.is(prev, next)) return true;
  if (typeof prev !== 'object' || typeof next !== 'object' || prev === null || next === null) return false;
  if (Array.isArray(prev) !== Array.isArray(next)) return false;
  const writable = !Object.isFrozen(next);
  const p = prev as Record<string, unknown>;
  const n = next as Record<string, unknown>;
  let equal = true;
  if (Array.isArray(next)) {
    const a = prev as unknown[];
    if (a.length !== next.length) equal = false;
    for (let i = 0; i < next.length && i < a.length; i++) {
      if (adoptUnchanged(a[i], next[i])) {
        if (next[i] !== a[i] && writable) next[i] = a[i];
      } else equal = false;
    }
    return equal;
  }
  const kp = Object.keys(p);
  const kn = Object.keys(n);
  if (kp.length !== kn.length) equal = false;
  for (let i = 0; i < kn.length; i++) {
    const k = kn[i]!;
    if (kp[i] !== k) equal = false;
    if (!Object.prototype.hasOwnProperty.call(p, k)) {
      equal = false;
      continue;
    }
    if (adoptUnchanged(p[k], n[k])) {
      if (n[k] !== p[k] && writable) n[k] = p[k];
    } else equal = false;
  }
  return equal;
}

/** A new ordered object: what Spectral's parsers make for every mapping (its keys keep their order), from the same module they use. */
export function orderedObject(): Record<string, unknown> {
  return createOrderedObject(sparseIndexTarget()) as Record<string, unknown>;
}

/**
 * An empty object whose array-index keys will be kept in a dictionary. An ordered object has one because a key such
 * as `"404"` (a response code) is an array index: V8 stores index keys in a flat array at least as long as the
 * largest index, with room to grow (`{ "200": …, "404": … }` held 620 slots, 5 KB), about 10 MB of every big
 * document's tree. An index past 2^29 makes V8 keep the object's indexed keys in a dictionary for good; it is
 * deleted at once, so the object's keys and their order are the same.
 */
export function sparseIndexTarget(): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  o[SLOW_INDEX] = undefined;
  delete o[SLOW_INDEX];
  return o;
}

const SLOW_INDEX = 2 ** 30;

/** More keys than this: a mapping's copy is made in dictionary mode (manyKeysCopy). */
export const MANY_KEYS = 128;

/**
 * A copy of a plain object of many keys (Object's prototype, more than MANY_KEYS keys, all of them enumerable strings,
 * none `__proto__`), made in dictionary mode at once: the same keys in the same order, the same values, each a plain
 * data property, as `{ ...base }` gives them; undefined for any other object (the resolver's copies spread it).
 *
 * The parses leave such an object in dictionary mode (V8 turns an object given more than 128 properties one by one
 * into a dictionary). Its spread copy is a fast object of as many fields; in a lint V8 often made that copy through
 * a new chain of hidden classes, one per key (each with its own descriptors): copying digitalocean's 523 gen-ai
 * schemas took 0.4–3 MB, 80 times over. A dictionary copy is a table of the keys (about 30 KB here), whatever state
 * V8's hidden classes are in.
 */
export function manyKeysCopy(base: object): Record<string, unknown> | undefined {
  if (Object.getPrototypeOf(base) !== Object.prototype) return undefined;
  let n = 0;
  for (const _ in base) if (++n > MANY_KEYS) break; // (counted without a keys array: most objects have a few)
  if (n <= MANY_KEYS) return undefined;
  const keys = Object.keys(base);
  if (Reflect.ownKeys(base).length !== keys.length || Object.prototype.hasOwnProperty.call(base, '__proto__')) return undefined;
  const o = sparseIndexTarget(); // array-index keys in a dictionary too (sparseIndexTarget)
  // Deleting a property that is not the last one added puts an object's properties in a dictionary.
  o[DICT_A] = undefined;
  o[DICT_B] = undefined;
  delete o[DICT_A];
  delete o[DICT_B];
  for (const k of keys) o[k] = (base as Record<string, unknown>)[k];
  return o;
}

const DICT_A = '\u0000a';
const DICT_B = '\u0000b';

const INDEX = /^(?:0|[1-9]\d{0,9})$/;

/**
 * A key that a plain object enumerates before the others (an array index): an object with one is made an ordered
 * object (orderedObjectOf) by the parses, so that its keys keep the order they are written in.
 */
export function isArrayIndex(key: string): boolean {
  const c = key.charCodeAt(0);
  return c >= 48 && c <= 57 && INDEX.test(key) && Number(key) < 4294967295;
}

/**
 * An ordered object with these keys, in this order, and their values: the same as orderedObject() given them one
 * by one, without a trap per key (a `__proto__` key is given the parser's way: it sets the prototype).
 */
export function orderedObjectOf(keys: string[], valueOf: (key: string) => unknown): Record<string, unknown> {
  if (keys.includes('__proto__')) {
    const o = orderedObject();
    for (const k of keys) o[k] = valueOf(k);
    return o;
  }
  const target = sparseIndexTarget();
  for (const k of keys) target[k] = valueOf(k);
  // The order array as the parser leaves it: the order key itself first (added by the proxy), then the keys.
  const o = createOrderedObject(target, []) as Record<string, unknown>;
  (getOrder(o) as string[]).push(...keys);
  return o;
}

/**
 * Whether a plain object given these keys one by one enumerates them in this order: it lists its array-index keys
 * first, in ascending order, whatever order they were given in.
 */
export function enumeratesAsWritten(keys: readonly string[]): boolean {
  let last = -1;
  let named = false;
  for (const k of keys) {
    if (!isArrayIndex(k)) named = true;
    else if (named || Number(k) < last) return false;
    else last = Number(k);
  }
  return true;
}

/**
 * An object with these keys, in this order, and their values, as Spectral's parsers give it: an ordered object
 * (orderedObjectOf) where a plain one would enumerate the keys in another order (`default` or `404` before `200`),
 * else a plain one, its array-index keys in a dictionary (sparseIndexTarget). Most `responses` objects list their
 * codes in ascending order: a Proxy for each, its traps run by every walk and `in` over the document and its order
 * array, was a large share of a big document's heap and of the time spent reading it.
 */
export function writtenOrderObject(keys: string[], valueOf: (key: string) => unknown): Record<string, unknown> {
  if (keys.includes('__proto__') || !enumeratesAsWritten(keys)) return orderedObjectOf(keys, valueOf);
  const o = sparseIndexTarget();
  for (const k of keys) o[k] = valueOf(k);
  return o;
}

/**
 * The one path where `next` differs from `prev`, compared by identity, when it ends in two values that are not
 * objects (a string typed into, a number changed) and no object on the way gained or lost a key; undefined
 * otherwise (or when nothing differs). The incremental parsers copy only the objects down to what changed
 * (parseJson.ts) and the resolver keeps its other copies (resolve/), so this walks one path.
 */
export function onlyChangedLeaf(prev: unknown, next: unknown): string[] | undefined {
  const path: string[] = [];
  for (;;) {
    if (prev === next) return undefined;
    const po = typeof prev === 'object' && prev !== null;
    const no = typeof next === 'object' && next !== null;
    if (!po || !no) return !po && !no ? path : undefined;
    if (Array.isArray(prev) !== Array.isArray(next)) return undefined;
    const p = prev as Record<string, unknown>;
    const n = next as Record<string, unknown>;
    let changed: string | undefined;
    let count = 0;
    for (const key in p) {
      if (!Object.prototype.hasOwnProperty.call(p, key)) continue;
      count++;
      if (!Object.prototype.hasOwnProperty.call(n, key)) return undefined;
      if (p[key] !== n[key]) {
        if (changed !== undefined) return undefined;
        changed = key;
      }
    }
    for (const key in n) if (Object.prototype.hasOwnProperty.call(n, key) && --count < 0) return undefined;
    if (count !== 0 || changed === undefined) return undefined;
    path.push(changed);
    prev = p[changed];
    next = n[changed];
  }
}

/**
 * The paths of the strings, numbers, booleans and nulls where `next` differs from `prev` when nothing else does
 * (the same keys everywhere, in objects and arrays alike): onlyChangedLeaf for several leaves, e.g. a shared
 * schema's description edited where a unit holds it twice. Undefined when something else changed, when more than
 * `max` leaves did, when more than `maxNodes` objects differ on the way, or on a cycle (an object met again on the
 * way down to it). One object at two places gives its leaves at both.
 */
export function changedLeaves(prev: unknown, next: unknown, max = 16, maxNodes = 2000): string[][] | undefined {
  const out: string[][] = [];
  /** The objects on the way down (a cycle meets one again). */
  const onPath = new Set<unknown>();
  let nodes = 0;
  const walk = (a: unknown, b: unknown, path: string[]): boolean => {
    if (a === b) return true;
    const ao = typeof a === 'object' && a !== null;
    const bo = typeof b === 'object' && b !== null;
    if (!ao || !bo) {
      if (ao || bo) return false;
      out.push(path);
      return out.length <= max;
    }
    if (Array.isArray(a) !== Array.isArray(b) || onPath.has(a) || onPath.has(b) || ++nodes > maxNodes) return false;
    onPath.add(a);
    onPath.add(b);
    const ok = walkObject(a as Record<string, unknown>, b as Record<string, unknown>, path);
    onPath.delete(a);
    onPath.delete(b);
    return ok;
  };
  const walkObject = (p: Record<string, unknown>, n: Record<string, unknown>, path: string[]): boolean => {
    let count = 0;
    for (const key in p) {
      if (!Object.prototype.hasOwnProperty.call(p, key)) continue;
      count++;
      if (!Object.prototype.hasOwnProperty.call(n, key)) return false;
    }
    for (const key in n) if (Object.prototype.hasOwnProperty.call(n, key) && --count < 0) return false;
    if (count !== 0) return false;
    for (const key in p) {
      if (!Object.prototype.hasOwnProperty.call(p, key) || p[key] === n[key]) continue;
      if (!walk(p[key], n[key], [...path, key])) return false;
    }
    return true;
  };
  return walk(prev, next, []) && out.length > 0 ? out : undefined;
}

export { isRecord };
