/**
 * When the example rules' schema preparation (exampleFunction.ts `prepare`: a JSON clone, then `id`s deleted under
 * unknown keywords, `required` relaxed for readOnly/writeOnly properties, OAS 2's `x-nullable` rewritten) would
 * change nothing, the schema itself can stand for its prepared copy: the same keys in the same order, the same
 * values. `asIs` tells, in one walk over the schema that builds nothing, where the clone took two JSON texts of
 * the whole (resolved, often large) schema. It says no for anything where the clone could differ from the original
 * or the preparation could act: a value that JSON would change (a non-finite number, -0, undefined, a function, an
 * object of another prototype), a key that is an array index (JavaScript lists it first after JSON.parse: the
 * parsers keep document order with an ordered object), a cycle (JSON.stringify throws), any `$id` or string `id`
 * (such schemas go their own way, see exampleFunction.ts), any of the preparation's conditions.
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
const memos = { json: new WeakMap<object, boolean>(), ids: new WeakMap<object, boolean>(), relax: [new WeakMap<object, boolean>(), new WeakMap<object, boolean>()], nullable: new WeakMap<object, boolean>() };

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
      if (!childInside && ((child.readOnly === true && r) || (child.writeOnly === true && w)) && keyword === 'properties' && (s.required === undefined || Array.isArray(s.required))) return false;
      return noRelax(child, childInside, r, w);
    }),
  );
}

function noXNullable(s: Obj): boolean {
  return s['x-nullable'] !== true && memo(memos.nullable, s, () => children(s, false, noXNullable));
}

/** Whether `prepare(source, oas2Doc, relaxReadOnly, relaxWriteOnly)` would give a copy equal to `source` without ids. */
export function asIs(source: Obj, oas2Doc: boolean, relaxReadOnly: boolean, relaxWriteOnly: boolean): boolean {
  if (oas2Doc && typeof source.required === 'boolean') return false;
  // The ids first: an `id` in an example (deleted by the preparation) is the common reason to say no.
  if (!noIds(source, undefined, 0) || !jsonSafe(source, new Set(), 0)) return false;
  if ((relaxReadOnly || relaxWriteOnly) && !noRelaxFor(source, relaxReadOnly, relaxWriteOnly)) return false;
  return !oas2Doc || noXNullable(source);
}

/** noRelax from the root, whose memo holds for one pair of flags: kept per pair. */
function noRelaxFor(source: Obj, r: boolean, w: boolean): boolean {
  const key = r && w ? 2 : r ? 0 : 1;
  let maps = relaxMemos[key];
  if (!maps) relaxMemos[key] = maps = [new WeakMap(), new WeakMap()];
  memos.relax = maps;
  return noRelax(source, false, r, w);
}
const relaxMemos: WeakMap<object, boolean>[][] = [];
