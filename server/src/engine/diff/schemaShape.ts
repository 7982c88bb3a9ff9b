/**
 * What the schema diff reads of a schema, without comparing anything: its properties with allOf merged,
 * its types, whether it admits null, the values it is limited to, and equality for renames.
 */
import type { JsonPath } from '../problem';
import { isObj, type Obj } from './model';

export type Direction = 'request' | 'response';

/** A schema with its allOf members merged: the properties and required names a client sees. */
export interface Flat {
  props: Map<string, { schema: Obj; path: JsonPath }>;
  required: Set<string>;
  /** Path of the schema's own `properties` object, when it has one. */
  propsPath: JsonPath | undefined;
}

export function flatten(s: Obj, p: JsonPath, depth = 0, out: Flat = { props: new Map(), required: new Set(), propsPath: undefined }): Flat {
  if (isObj(s.properties)) {
    if (depth === 0) out.propsPath = [...p, 'properties'];
    for (const [k, v] of Object.entries(s.properties)) if (isObj(v) && !out.props.has(k)) out.props.set(k, { schema: v, path: [...p, 'properties', k] });
  }
  if (Array.isArray(s.required)) for (const r of s.required) if (typeof r === 'string') out.required.add(r);
  if (Array.isArray(s.allOf) && depth < 8) s.allOf.forEach((m, i) => isObj(m) && flatten(m, [...p, 'allOf', i], depth + 1, out));
  return out;
}

/**
 * Where the schema refuses the properties it does not list (`additionalProperties: false`,
 * or 3.1's `unevaluatedProperties: false`), itself or in an `allOf` member; undefined when open.
 */
export function closedAt(s: Obj, p: JsonPath, depth = 0): JsonPath | undefined {
  for (const k of ['additionalProperties', 'unevaluatedProperties']) if (s[k] === false) return [...p, k];
  if (!Array.isArray(s.allOf) || depth >= 8) return undefined;
  for (const [i, m] of s.allOf.entries()) {
    const at = isObj(m) ? closedAt(m, [...p, 'allOf', i], depth + 1) : undefined;
    if (at) return at;
  }
  return undefined;
}

/**
 * The same default on both sides: equal, or written once as another JSON scalar with the same text where the
 * schema is a string (`make_latest: {type: string, enum: ["true", …], default: true}` fixed to `default: "true"`):
 * a server reading the string gives clients that leave the field out the same value.
 */
export function sameDefault(base: Obj, head: Obj): boolean {
  if (deepEqual(base.default, head.default)) return true;
  const scalar = (v: unknown) => typeof v === 'boolean' || typeof v === 'number';
  const asText = (a: unknown, b: unknown) => scalar(a) && typeof b === 'string' && String(a) === b;
  const strings = (s: Obj) => typesOf(s)?.includes('string') === true;
  return strings(base) && strings(head) && (asText(base.default, head.default) || asText(head.default, base.default));
}

export function typesOf(s: Obj): string[] | undefined {
  if (typeof s.type === 'string') return [s.type];
  if (Array.isArray(s.type)) return s.type.filter((t): t is string => typeof t === 'string');
  return undefined;
}

/** The schema says it admits null: `nullable: true` (3.0), `null` among its types (3.1). */
export function nullable(s: Obj): boolean {
  return s.nullable === true || (typeof s.type === 'string' ? s.type === 'null' : Array.isArray(s.type) && s.type.includes('null'));
}

/** The schema without what admits null (`nullable`, `null` among its types). */
export function withoutNull(s: Obj): Obj {
  const { nullable: _nullable, ...rest } = s;
  if (Array.isArray(s.type)) rest.type = s.type.filter(t => t !== 'null');
  return rest;
}

/** What a client never sends (readOnly, in a request) or never receives (writeOnly, in a response). */
export function ignoredIn(dir: Direction, s: Obj): boolean {
  return dir === 'request' ? s.readOnly === true : s.writeOnly === true;
}

/**
 * The values a schema is limited to: its `enum`, or `const` as a single value; in a request also
 * `x-extensible-enum` (the values a server promises to take; in a response, clients expect more).
 */
export function valuesOf(s: Obj, dir: Direction): unknown[] | undefined {
  if (Array.isArray(s.enum)) return s.enum;
  if (s.const !== undefined) return [s.const];
  if (dir === 'request' && Array.isArray(s['x-extensible-enum'])) return s['x-extensible-enum'];
  return undefined;
}

/** `a` ⊆ `b` for JSON types, integer ⊆ number. */
export function typeMissing(a: string[], b: string[]): string[] {
  return a.filter(t => t !== 'null' && !b.includes(t) && !(t === 'integer' && b.includes('number')));
}

export function typeText(s: Obj): string {
  const t =
    typesOf(s)
      ?.filter(x => x !== 'null')
      .join('|') ?? 'any';
  return typeof s.format === 'string' ? `${t} (${s.format})` : t;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((v, i) => deepEqual(v, (b as unknown[])[i]));
  const ka = Object.keys(a as Obj);
  const kb = Object.keys(b as Obj);
  return ka.length === kb.length && ka.every(k => Object.prototype.hasOwnProperty.call(b, k) && deepEqual((a as Obj)[k], (b as Obj)[k]));
}

const EQUAL_KEYS = [
  'type',
  'format',
  'enum',
  'const',
  'nullable',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'multipleOf',
];

/** Equal schemas for a rename: same type, format, enum and constraints, recursively (descriptions and examples aside). */
export function schemaEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (!isObj(a) || !isObj(b)) return deepEqual(a, b);
  if (depth > 6) return true;
  for (const k of EQUAL_KEYS) if (!deepEqual(a[k], b[k])) return false;
  const fa = flatten(a, []);
  const fb = flatten(b, []);
  if (fa.props.size !== fb.props.size || fa.required.size !== fb.required.size) return false;
  for (const r of fa.required) if (!fb.required.has(r)) return false;
  for (const [k, v] of fa.props) {
    const w = fb.props.get(k);
    if (!w || !schemaEqual(v.schema, w.schema, depth + 1)) return false;
  }
  for (const k of ['items', 'additionalProperties'] as const) if (!schemaEqual(a[k], b[k], depth + 1)) return false;
  for (const k of ['oneOf', 'anyOf'] as const) {
    const x = a[k];
    const y = b[k];
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    if (Array.isArray(x) && Array.isArray(y) && (x.length !== y.length || x.some((v, i) => !schemaEqual(v, y[i], depth + 1)))) return false;
  }
  return true;
}

export function walk(v: unknown, rel: JsonPath): unknown {
  for (const seg of rel) v = typeof v === 'object' && v !== null ? (v as Record<string | number, unknown>)[seg] : undefined;
  return v;
}

export function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
