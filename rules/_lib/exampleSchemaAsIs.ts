/**
 * The example rules' schema preparation (exampleFunction.ts `prepare`: a JSON clone, then `id`s deleted under
 * unknown keywords, `required` relaxed for readOnly/writeOnly properties, OAS 2's `x-nullable` rewritten) without
 * the clone (`preparedShared`): where the preparation changes nothing, a subtree of the schema can stand for its
 * prepared copy (the same keys in the same order, the same values), and only what it changes is copied. Whether it
 * changes nothing below an object is told by walks that build nothing, where the clone took two JSON texts of the
 * whole (resolved, often large) schema. Not for anything where the clone could differ from the original: a value
 * that JSON would change (a non-finite number, -0, undefined, a function, an object of another prototype), a key that
 * is an array index (JavaScript lists it first after JSON.parse: the parsers keep document order with an ordered
 * object), a cycle (JSON.stringify throws); nor for a schema with a `$id` or string `id` (such schemas go their own
 * way, see exampleFunction.ts).
 */
import traverse from 'json-schema-traverse';

type Obj = Record<string, unknown>;

const T = traverse as unknown as { keywords: Obj; arrayKeywords: Obj; propsKeywords: Obj; skipKeywords: Obj };
const KNOWN_KEYWORDS = new Set([...Object.keys(T.keywords), ...Object.keys(T.arrayKeywords), ...Object.keys(T.propsKeywords)]);

const isIndex = (k: string): boolean => /^(?:0|[1-9]\d{0,9})$/.test(k) && Number(k) < 4294967295;

/**
 * Answers per object, for objects that cannot change (frozen, as the resolver leaves every object of a resolved
 * document): a schema shared by many others (a resolved `$ref`) is walked once, where the clone copied it each time.
 */
const memos = {
  json: new WeakMap<object, boolean>(),
  ids: new WeakMap<object, boolean>(),
  relax: [new WeakMap<object, boolean>(), new WeakMap<object, boolean>()],
  nullable: new WeakMap<object, boolean>(),
};

function memo(map: WeakMap<object, boolean>, o: object, compute: () => boolean): boolean {
  const known = map.get(o);
  if (known !== undefined) return known;
  const v = compute();
  if (Object.isFrozen(o)) map.set(o, v);
  return v;
}

/** Whether every value below is one JSON keeps as it is (see above); `onPath`: the objects being walked (cycles). */
function jsonSafe(v: unknown, onPath: Set<object>, depth: number): boolean {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0);
  if (typeof v !== 'object' || depth > 500) return false;
  if (onPath.has(v)) return false;
  return memo(memos.json, v, () => {
    onPath.add(v);
    let ok = true;
    if (Array.isArray(v)) {
      if (Object.getPrototypeOf(v) !== Array.prototype) ok = false;
      for (let i = 0; ok && i < v.length; i++) if (!(i in v) || !jsonSafe(v[i], onPath, depth + 1)) ok = false;
    } else if (Object.getPrototypeOf(v) !== Object.prototype) ok = false;
    else {
      for (const k in v) {
        if (!Object.prototype.hasOwnProperty.call(v, k) || isIndex(k) || !jsonSafe((v as Obj)[k], onPath, depth + 1)) {
          ok = false;
          break;
        }
      }
    }
    onPath.delete(v);
    return ok;
  });
}

/**
 * json-schema-traverse's walk below a schema object (the keywords it descends into; with `allKeys` also any other
 * key but its skipped ones): whether `ok(child, keyword)` holds for each schema object it reaches directly.
 */
function children(s: Obj, allKeys: boolean, ok: (child: Obj, parentKeyword: string) => boolean): boolean {
  const isSchema = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
  for (const key in s) {
    const sch = s[key];
    if (Array.isArray(sch)) {
      if (key in T.arrayKeywords) for (const item of sch) if (isSchema(item) && !ok(item, key)) return false;
    } else if (key in T.propsKeywords) {
      if (sch && typeof sch === 'object') for (const prop in sch as Obj) if (isSchema((sch as Obj)[prop]) && !ok((sch as Obj)[prop] as Obj, key)) return false;
    } else if (key in T.keywords || (allKeys && !(key in T.skipKeywords))) {
      if (isSchema(sch) && !ok(sch, key)) return false;
    }
  }
  return true;
}

/** prepare's first walk (allKeys) finds no id and deletes no `id` here or below. */
function noIds(s: Obj, parentKeyword: string | undefined, depth: number): boolean {
  if ('$id' in s || typeof s.id === 'string' || depth > 500) return false;
  if (parentKeyword !== undefined && !KNOWN_KEYWORDS.has(parentKeyword) && 'id' in s) return false;
  return memo(memos.ids, s, () => children(s, true, (child, keyword) => noIds(child, keyword, depth + 1)));
}

/** The relaxation of `required` acts nowhere below `s` (`inside`: `s` is or is in a `not`, where it does not act). */
function noRelax(s: Obj, inside: boolean, r: boolean, w: boolean): boolean {
  return memo(memos.relax[inside ? 1 : 0]!, s, () =>
    children(s, false, (child, keyword) => {
      const childInside = inside || keyword === 'not';
      if (
        !childInside &&
        ((child.readOnly === true && r) || (child.writeOnly === true && w)) &&
        keyword === 'properties' &&
        (s.required === undefined || Array.isArray(s.required))
      )
        return false;
      return noRelax(child, childInside, r, w);
    }),
  );
}

function noXNullable(s: Obj): boolean {
  return s['x-nullable'] !== true && memo(memos.nullable, s, () => children(s, false, noXNullable));
}

const relaxMemos: WeakMap<object, boolean>[][] = [];

/** noRelax's memos for a pair of flags. */
function useRelaxMemos(r: boolean, w: boolean): void {
  const key = r && w ? 2 : r ? 0 : 1;
  let maps = relaxMemos[key];
  if (!maps) relaxMemos[key] = maps = [new WeakMap(), new WeakMap()];
  memos.relax = maps;
}

const isSchemaObject = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A prepared copy of a frozen schema object: whether an id was met below it, and how deep below it the walk went. */
interface Made {
  out: Obj;
  ids: boolean;
  height: number;
}
/**
 * preparedShared's copies per frozen object, by context (the preparation's flags, where the object is reached, what
 * kind of keyword holds it): pagerduty-rest's request and response schemas hold the same resolved schemas with
 * readOnly properties many times, each copied again for each of them. Shared between prepared schemas, which nothing
 * changes (the rules read them; the pruning for Ajv copies what it changes).
 */
const made: (WeakMap<object, Made> | undefined)[] = [];

/**
 * prepare's result for a schema JSON keeps as it is (jsonSafe) and that has no id, built without the JSON clone:
 * every subtree the preparation leaves as it is (the checks above, answers kept per frozen object) is the source's own
 * object, and only the objects it changes, and those above them, are copies. The steps are prepare's, in its order
 * for each object (an `id` deleted under an unknown keyword, `required` relaxed for readOnly/writeOnly properties
 * outside `not`, OAS 2's `x-nullable`), over the same walks (json-schema-traverse's, with and without `allKeys`).
 * The JSON clone of large request and response schemas was a visible part of a lint. undefined: a schema
 * JSON would change, or one with an id, which prepare handles (exampleSchemaAsIs.test.ts compares the two).
 */
export function preparedShared(source: Obj, oas2Doc: boolean, r: boolean, w: boolean): Obj | undefined {
  if (!jsonSafe(source, new Set(), 0)) return undefined;
  const relaxing = r || w;
  if (relaxing) useRelaxMemos(r, w);
  let ids = false;
  // The deepest `node` call so far (its depth): how deep a copy's making went below it (Made.height).
  let deepest = 0;
  const flags = (r ? 1 : 0) | (w ? 2 : 0) | (oas2Doc ? 4 : 0);
  // `schemaPos`: reached by the walk without `allKeys` (where `required` is relaxed and `x-nullable` read)
  const node = (s: Obj, parentKeyword: string | undefined, schemaPos: boolean, inNot: boolean, depth: number): Obj => {
    if (depth > 500) throw new RangeError('too deep');
    if (depth > deepest) deepest = depth;
    if (noIds(s, parentKeyword, depth) && (!schemaPos || ((inNot || !relaxing || noRelax(s, false, r, w)) && (!oas2Doc || noXNullable(s))))) return s;
    // The copy made for this object in this context before (another source schema reaching it: a resolved `$ref`),
    // unless the walk that made it would now go past the depth limit.
    const context = flags | (schemaPos ? 8 : 0) | (inNot ? 16 : 0) | (parentKeyword === undefined ? 0 : KNOWN_KEYWORDS.has(parentKeyword) ? 32 : 64);
    const frozen = Object.isFrozen(s);
    const hit = frozen ? made[context]?.get(s) : undefined;
    if (hit !== undefined && depth + hit.height <= 500) {
      if (hit.ids) ids = true;
      if (depth + hit.height > deepest) deepest = depth + hit.height;
      return hit.out;
    }
    const outerIds = ids;
    const outerDeepest = deepest;
    ids = false;
    deepest = depth;
    const c = copyOf(s, parentKeyword, schemaPos, inNot, depth);
    if (frozen) (made[context] ??= new WeakMap()).set(s, { out: c, ids, height: deepest - depth });
    ids = ids || outerIds;
    if (outerDeepest > deepest) deepest = outerDeepest;
    return c;
  };
  /** `s` prepared (a copy: something below it changes). */
  const copyOf = (s: Obj, parentKeyword: string | undefined, schemaPos: boolean, inNot: boolean, depth: number): Obj => {
    const c: Obj = { ...s };
    if (parentKeyword !== undefined && !KNOWN_KEYWORDS.has(parentKeyword) && ('id' in c || '$id' in c)) delete c.id;
    if ('$id' in c || typeof c.id === 'string') ids = true;
    for (const key in c) {
      const v = c[key];
      if (Array.isArray(v)) {
        if (!(key in T.arrayKeywords)) continue;
        let list: unknown[] | undefined;
        v.forEach((item, i) => {
          if (!isSchemaObject(item)) return;
          const next = node(item, key, schemaPos, inNot, depth + 1);
          if (next !== item) (list ??= [...v])[i] = next;
        });
        if (list) c[key] = list;
      } else if (key in T.propsKeywords) {
        if (!v || typeof v !== 'object') continue;
        let map: Obj | undefined;
        for (const prop in v as Obj) {
          const child = (v as Obj)[prop];
          if (!isSchemaObject(child)) continue;
          const next = node(child, key, schemaPos, inNot, depth + 1);
          if (next !== child) (map ??= { ...(v as Obj) })[prop] = next;
        }
        if (map) c[key] = map;
      } else if (key in T.keywords || !(key in T.skipKeywords)) {
        if (!isSchemaObject(v)) continue;
        const next = node(v, key, schemaPos && key in T.keywords, inNot || (schemaPos && key === 'not'), depth + 1);
        if (next !== v) c[key] = next;
      }
    }
    if (schemaPos && relaxing && !inNot && isSchemaObject(c.properties)) {
      const props = c.properties;
      for (const prop in props) {
        const child = props[prop];
        if (!isSchemaObject(child) || !((child.readOnly === true && r) || (child.writeOnly === true && w))) continue;
        if (c.required !== undefined && !Array.isArray(c.required)) continue;
        c.required = (c.required as string[] | undefined)?.filter(p => p !== prop);
        if ((c.required as string[] | undefined)?.length === 0) delete c.required;
      }
    }
    if (schemaPos && oas2Doc && c['x-nullable'] === true) {
      c.nullable = true;
      delete c['x-nullable'];
    }
    return c;
  };
  let root = source;
  if (oas2Doc && typeof source.required === 'boolean') {
    root = { ...source };
    delete root.required;
  }
  const schema = node(root, undefined, true, false, 0);
  return ids ? undefined : schema;
}
