/**
 * A quick verdict on an example before Ajv compiles its schema.
 *
 * Compiling a schema into a validator (Ajv's code generation) is the largest cost of the example rules on real
 * API descriptions: every distinct example schema is compiled once per process, thousands on the big ones
 * (slack-web, pagerduty, github-api), and almost every example is valid. `quickVerdict` interprets the schema
 * for the one value instead, for a subset of JSON Schema whose meaning in Ajv (configured as
 * exampleValidators.ts configures it: strict off, union types, no unicode regular expressions, ajv-formats) is
 * exact, and answers:
 *   - `true`: Ajv would accept the value (and compile the schema without complaint),
 *   - `false`: Ajv would reject it,
 *   - `undefined`: not sure — any keyword outside the subset, any keyword value Ajv's meta-schema would refuse,
 *     any value that is not plain JSON, a `$ref`, an id, a property name that an object inherits, … .
 * On `true` the caller is done; on `false` it takes Ajv's errors from exampleErrors.ts where that is sure, else it
 * compiles with Ajv, as it does for `undefined`, so the findings and their messages are Ajv's and better-ajv-errors'
 * as before (exampleVerdict.test.ts compares the verdicts with Ajv's, case by case and on every example of the corpus).
 */
import { fullFormats } from 'ajv-formats/dist/formats';
// Ajv's own equality for `enum`, `const` and `uniqueItems`.
import equal from 'fast-deep-equal';
import { lastDuplicatePair } from './duplicates';
import { boundedPattern, type PatternTest } from './boundedRegExp';

export type Dialect = 'auto' | 'draft4' | 'draft2019-09' | 'draft2020-12' | string;
type Verdict = boolean | undefined;
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);
const EMPTY = {};

/** Every keyword of Ajv's instances (each dialect's `RULES.keywords`; exampleErrors.test.ts holds the list to Ajv's). */
export const AJV_KEYWORDS = new Set(
  (
    '$async $comment $defs $dynamicAnchor $dynamicRef $id $recursiveAnchor $recursiveRef $ref $schema $vocabulary additionalItems ' +
    'additionalProperties allOf anyOf const contains contentEncoding contentMediaType contentSchema default definitions dependencies ' +
    'dependentRequired dependentSchemas deprecated description else enum examples exclusiveMaximum exclusiveMinimum format ' +
    'formatExclusiveMaximum formatExclusiveMinimum formatMaximum formatMinimum id if items maxContains maxItems maxLength ' +
    'maxProperties maximum minContains minItems minLength minProperties minimum multipleOf not nullable oneOf pattern ' +
    'patternProperties prefixItems properties propertyNames readOnly required then title type unevaluatedItems ' +
    'unevaluatedProperties uniqueItems writeOnly'
  ).split(' '),
);

/**
 * Keywords Ajv ignores (annotations and OpenAPI/vendor fields) with the shape its meta-schemas ask of them; null: any
 * value; 'scalar': a key no instance of Ajv knows (strict off: ignored, and the meta-schemas allow any), with a value
 * that holds nothing (pagerduty-rest: `order`, `summary`, `data_type` in property schemas). Not a name every object
 * inherits (`constructor`): Ajv's rule tables are objects, and see those.
 */
function annotationShape(key: string, dialect: Dialect): string | null | undefined {
  if (key.startsWith('x-')) return null;
  switch (key) {
    case 'title':
    case 'description':
      return 'string';
    case 'default':
    case 'example':
    case 'externalDocs':
    case 'xml':
    case 'discriminator':
      return null;
    case 'examples':
      return dialect === 'draft4' ? null : 'array';
    case 'readOnly':
    case 'writeOnly':
      return dialect === 'draft4' ? null : 'boolean';
    case 'deprecated':
      return dialect === 'draft2019-09' || dialect === 'draft2020-12' ? 'boolean' : null;
    case '$comment':
      return dialect === 'draft4' ? null : 'string';
    default:
      return AJV_KEYWORDS.has(key) || key in EMPTY ? undefined : 'scalar';
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The type names of a `type` keyword, or undefined when its value is not one Ajv accepts as we read it. */
export function typeList(type: unknown): string[] | undefined {
  if (typeof type === 'string') return TYPES.has(type) ? [type] : undefined;
  if (!Array.isArray(type) || type.length === 0 || new Set(type).size !== type.length) return undefined;
  return type.every(t => typeof t === 'string' && TYPES.has(t)) ? (type as string[]) : undefined;
}

export function hasType(value: Json, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    default:
      return isObject(value);
  }
}

/** Length in code points, as Ajv counts it (ucs2length). */
export function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    n++;
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return n;
}

/** Whether a value is plain JSON (what Ajv sees the same way we do): no Dates, no non-finite numbers, no odd prototypes. */
export function isPlainJson(value: unknown, depth = 0): value is Json {
  if (depth > 200) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(v => isPlainJson(v, depth + 1));
  if (typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const k in value) if (!isPlainJson((value as Record<string, unknown>)[k], depth + 1)) return false;
  return true;
}

const regexps = new Map<string, PatternTest | null>();
/**
 * A pattern compiled as Ajv compiles it (no `u` flag: unicodeRegExp is off), tested under the deadline where its
 * matches could run away (boundedRegExp.ts); null when it does not compile.
 */
export function regexpOf(source: string): PatternTest | null {
  let re = regexps.get(source);
  if (re === undefined) {
    try {
      re = boundedPattern(new RegExp(source));
    } catch {
      re = null;
    }
    if (regexps.size > 10_000) regexps.clear();
    regexps.set(source, re);
  }
  return re;
}

type FormatDef = RegExp | ((s: string) => boolean) | boolean | { type?: string; validate: RegExp | ((v: never) => boolean) };

/** Whether a value passes a known format; `true` for a format Ajv does not know (strict off: ignored). */
export function passesFormat(name: string, value: Json): Verdict {
  const def = (fullFormats as Record<string, FormatDef | undefined>)[name];
  if (def === undefined) return true;
  if (typeof def === 'boolean') return true;
  const type = typeof def === 'object' && !(def instanceof RegExp) ? (def.type ?? 'string') : 'string';
  if (typeof value !== type) return true;
  const check = typeof def === 'object' && !(def instanceof RegExp) ? def.validate : def;
  if (check instanceof RegExp) return check.test(value as string);
  try {
    return (check as (v: Json) => boolean)(value) === true;
  } catch {
    return undefined;
  }
}

const SUBSCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf']);

/** Whether a subschema is one Ajv takes here: an object, or (past draft 4) a boolean. */
function isSubschema(s: unknown, dialect: Dialect): boolean {
  return isObject(s) || (typeof s === 'boolean' && dialect !== 'draft4');
}

/** Each schema object's answer, per dialect: is every keyword in it and below one we read exactly, with a value Ajv accepts? */
const checked = new WeakMap<object, Map<string, boolean | number>>();

/**
 * While `contradictions` asks: the `nullable`/`type` contradictions met (1: `nullable` without `type`, 2: `type` with
 * null and `nullable: false`), taken as well formed; answers kept apart (a number: the kinds below; false).
 */
let lenient: { flags: number } | undefined;

/** While `wellFormedButRefs` asks: an object that is only a `$ref` for this test is taken as well formed. */
let refOnly: ((schema: Record<string, unknown>) => boolean) | undefined;

/**
 * Whether Ajv would compile `schema` without complaint and every keyword, here and in every subschema (applied to
 * the value or not: Ajv checks the whole schema against its meta-schema), is one `verdict` reads exactly.
 */
function wellFormed(schema: unknown, dialect: Dialect, depth: number): boolean {
  if (typeof schema === 'boolean') return dialect !== 'draft4';
  if (!isObject(schema) || depth > 100) return false;
  if (refOnly?.(schema) === true) return true;
  const key = lenient === undefined && refOnly === undefined ? dialect : `${dialect}${lenient ? ' lenient' : ''}${refOnly ? ' refs' : ''}`;
  let byDialect = checked.get(schema);
  const known = byDialect?.get(key);
  if (known !== undefined) {
    if (lenient && known !== false) lenient.flags |= known as number;
    return known !== false;
  }
  if (!byDialect) checked.set(schema, (byDialect = new Map()));
  byDialect.set(key, false); // a cycle is not well formed
  const outer = lenient?.flags ?? 0;
  if (lenient) lenient.flags = 0;
  // A keyword whose value is undefined is not there for Ajv (`required` left undefined by the readOnly/writeOnly
  // relaxation, exampleFunction.ts), nor for its meta-schema: skipped, here and in `verdict`.
  const ok = Object.keys(schema).every(key => schema[key] === undefined || keywordWellFormed(key, schema[key], schema, dialect, depth));
  if (lenient) {
    byDialect.set(key, ok ? lenient.flags : false);
    lenient.flags |= outer;
  } else byDialect.set(key, ok);
  return ok;
}

function keywordWellFormed(key: string, kw: unknown, schema: Record<string, unknown>, dialect: Dialect, depth: number): boolean {
  const shape = annotationShape(key, dialect);
  if (shape === 'scalar') return kw === null || typeof kw === 'string' || typeof kw === 'boolean' || isFiniteNumber(kw);
  if (shape !== undefined) return shape === null || (shape === 'array' ? Array.isArray(kw) : typeof kw === shape);
  const sub = (s: unknown): boolean => isSubschema(s, dialect) && wellFormed(s, dialect, depth + 1);
  switch (key) {
    case 'type': {
      const types = typeList(kw);
      if (types === undefined) return false;
      if (schema.nullable === false && types.includes('null')) return lenient !== undefined && (lenient.flags |= 2) > 0;
      return true;
    }
    case 'nullable':
      if (typeof kw !== 'boolean') return false;
      return schema.type !== undefined || (lenient !== undefined && (lenient.flags |= 1) > 0);
    case 'enum':
      if (!Array.isArray(kw) || !isPlainJson(kw)) return false;
      return kw.length > 0 && !hasDuplicates(kw); // as the meta-schemas Ajv uses ask
    case 'const':
      return dialect !== 'draft4' && isPlainJson(kw);
    case 'format':
      return typeof kw === 'string';
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
    case 'minProperties':
    case 'maxProperties':
      return isCount(kw);
    case 'pattern':
      return typeof kw === 'string' && regexpOf(kw) !== null;
    case 'minimum':
    case 'maximum': {
      if (!isFiniteNumber(kw)) return false;
      const exclusive = schema[key === 'minimum' ? 'exclusiveMinimum' : 'exclusiveMaximum'];
      return dialect !== 'draft4' || exclusive === undefined || typeof exclusive === 'boolean';
    }
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      // In draft 4 a modifier of minimum/maximum, which the meta-schema requires next to it.
      if (dialect === 'draft4') return typeof kw === 'boolean' && isFiniteNumber(schema[key === 'exclusiveMinimum' ? 'minimum' : 'maximum']);
      return isFiniteNumber(kw);
    case 'uniqueItems':
      return typeof kw === 'boolean';
    case 'multipleOf':
      return isFiniteNumber(kw) && kw > 0;
    case 'items':
      // The tuple form (an array of schemas) exists up to draft 2019-09.
      if (Array.isArray(kw)) return dialect !== 'draft2020-12' && kw.length > 0 && kw.every(sub);
      return sub(kw);
    case 'additionalItems':
      // Without a tuple `items` Ajv ignores it, a contradiction in it too: not for knownRefusal.
      if (lenient && !Array.isArray(schema.items)) return false;
      return dialect !== 'draft2020-12' && (typeof kw === 'boolean' || (isObject(kw) && wellFormed(kw, dialect, depth + 1)));
    case 'required':
      if (!Array.isArray(kw) || !kw.every(k => typeof k === 'string') || new Set(kw).size !== kw.length) return false;
      return dialect !== 'draft4' || kw.length > 0;
    case 'properties':
      return isObject(kw) && Object.values(kw).every(sub);
    case 'patternProperties':
      return isObject(kw) && Object.keys(kw).every(p => regexpOf(p) !== null && sub(kw[p]));
    case 'additionalProperties':
      return typeof kw === 'boolean' || (isObject(kw) && wellFormed(kw, dialect, depth + 1));
    case 'not':
      return sub(kw);
    default:
      return SUBSCHEMA_LISTS.has(key) && Array.isArray(kw) && kw.length > 0 && kw.every(sub);
  }
}

/**
 * Whether two items of a list of plain JSON values are equal (Ajv's equality). Values that are no objects are equal
 * exactly when they are the same (finite numbers, strings, booleans, null): a Set tells, where comparing every pair
 * took seconds over the example schemas of pagerduty-rest (an enum of 500 time zones in each of them).
 */
/**
 * Per list: a schema's `enum` is asked again at each validation against the schema (its well-formedness) and by
 * duplicated-entry-in-enum, and one of 1,000,000 values took a tenth of a second each time.
 */
const duplicatesOf = new WeakMap<unknown[], boolean>();
function hasDuplicates(list: unknown[]): boolean {
  let has = duplicatesOf.get(list);
  if (has === undefined) {
    has = list.every(v => v === null || typeof v !== 'object') ? new Set(list).size !== list.length : lastDuplicatePair(list) !== undefined;
    duplicatesOf.set(list, has);
  }
  return has;
}

/** Combines verdicts that must all pass. */
function all(verdicts: Iterable<Verdict>): Verdict {
  let unknown = false;
  for (const v of verdicts) {
    if (v === undefined) unknown = true;
    else if (!v) return false;
  }
  return unknown ? undefined : true;
}

/** Verdicts already told, by schema object and value, while prunedFor asks the same ones level after level. */
let told: WeakMap<object, Map<unknown, Verdict>> | undefined;

/** `fn` with the verdicts it asks for kept (examplePrune.ts prunedFor asks the same ones level after level). */
export function withVerdictsKept<T>(fn: () => T): T {
  told = new WeakMap();
  try {
    return fn();
  } finally {
    told = undefined;
  }
}

/** Whether a well-formed schema surely accepts a plain JSON value (at a depth of subschemas). */
export function surelyAccepts(schema: unknown, value: Json, dialect: Dialect, depth: number): boolean {
  return verdict(schema, value, dialect, depth) === true;
}

/** The verdict of a well-formed schema (see wellFormed) on a plain JSON value. */
function verdict(schema: unknown, value: Json, dialect: Dialect, depth: number): Verdict {
  if (typeof schema === 'boolean') return schema;
  const s = schema as Record<string, unknown>;
  if (depth > 200) return undefined;
  if (told === undefined) return verdictOf(s, value, dialect, depth);
  let byValue = told.get(s);
  if (!byValue) told.set(s, (byValue = new Map()));
  if (byValue.has(value)) return byValue.get(value);
  const v = verdictOf(s, value, dialect, depth);
  byValue.set(value, v);
  return v;
}

function verdictOf(s: Record<string, unknown>, value: Json, dialect: Dialect, depth: number): Verdict {
  let unknown = false;
  for (const key of Object.keys(s)) {
    if (s[key] === undefined || annotationShape(key, dialect) !== undefined) continue;
    const v = keyword(key, s[key], s, value, dialect, depth);
    if (v === false) return false;
    if (v === undefined) unknown = true;
  }
  return unknown ? undefined : true;
}

/** One keyword's verdict on the value (the schema is well formed); undefined when it cannot be told for sure. */
function keyword(key: string, kw: unknown, schema: Record<string, unknown>, value: Json, dialect: Dialect, depth: number): Verdict {
  switch (key) {
    case 'type':
      if (schema.nullable === true && value === null) return true;
      return (typeList(kw) as string[]).some(t => hasType(value, t));
    case 'enum':
      return (kw as Json[]).some(e => equal(e, value));
    case 'const':
      return equal(kw as Json, value);
    case 'format':
      return passesFormat(kw as string, value);
    case 'minLength':
      return typeof value !== 'string' || codePoints(value) >= (kw as number);
    case 'maxLength':
      return typeof value !== 'string' || codePoints(value) <= (kw as number);
    case 'pattern':
      return typeof value !== 'string' || (regexpOf(kw as string) as PatternTest).test(value);
    case 'minimum':
    case 'maximum': {
      if (typeof value !== 'number') return true;
      const strict = dialect === 'draft4' && schema[key === 'minimum' ? 'exclusiveMinimum' : 'exclusiveMaximum'] === true;
      const limit = kw as number;
      if (key === 'minimum') return strict ? value > limit : value >= limit;
      return strict ? value < limit : value <= limit;
    }
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      if (dialect === 'draft4' || typeof value !== 'number') return true;
      return key === 'exclusiveMinimum' ? value > (kw as number) : value < (kw as number);
    case 'multipleOf': {
      if (typeof value !== 'number') return true;
      // Ajv's own test (no multipleOfPrecision): the quotient is what parseInt makes of it.
      const q = value / (kw as number);
      return q === parseInt(q as unknown as string);
    }
    case 'minItems':
      return !Array.isArray(value) || value.length >= (kw as number);
    case 'maxItems':
      return !Array.isArray(value) || value.length <= (kw as number);
    case 'uniqueItems':
      return kw !== true || !Array.isArray(value) || !hasDuplicates(value);
    case 'items':
      if (!Array.isArray(value)) return true;
      if (!Array.isArray(kw)) return all(value.map(v => verdict(kw, v, dialect, depth + 1)));
      return all(value.slice(0, kw.length).map((v, i) => verdict(kw[i], v, dialect, depth + 1)));
    case 'additionalItems': {
      // Read only next to a tuple `items`: the items past the tuple.
      if (!Array.isArray(value) || !Array.isArray(schema.items) || kw === true) return true;
      const rest = value.slice(schema.items.length);
      if (kw === false) return rest.length === 0;
      return all(rest.map(v => verdict(kw, v, dialect, depth + 1)));
    }
    case 'minProperties':
      return !isObject(value) || Object.keys(value).length >= (kw as number);
    case 'maxProperties':
      return !isObject(value) || Object.keys(value).length <= (kw as number);
    case 'required': {
      if (!isObject(value)) return true;
      const names = kw as string[];
      // Ajv tests `data[name] !== undefined`: an inherited name (`constructor`) counts as present there.
      if (names.some(k => !Object.prototype.hasOwnProperty.call(value, k) && k in value)) return undefined;
      return names.every(k => Object.prototype.hasOwnProperty.call(value, k));
    }
    case 'properties': {
      if (!isObject(value)) return true;
      const props = kw as Record<string, unknown>;
      const verdicts: Verdict[] = [];
      for (const name of Object.keys(props)) {
        if (Object.prototype.hasOwnProperty.call(value, name)) verdicts.push(verdict(props[name], value[name], dialect, depth + 1));
        else if (name in value) return undefined; // inherited: Ajv would validate Object.prototype's member
      }
      return all(verdicts);
    }
    case 'patternProperties': {
      if (!isObject(value)) return true;
      const pats = kw as Record<string, unknown>;
      const verdicts: Verdict[] = [];
      for (const k of Object.keys(value))
        for (const p of Object.keys(pats)) if ((regexpOf(p) as PatternTest).test(k)) verdicts.push(verdict(pats[p], value[k], dialect, depth + 1));
      return all(verdicts);
    }
    case 'additionalProperties': {
      if (!isObject(value) || kw === true) return true;
      const props = isObject(schema.properties) ? schema.properties : {};
      const pats = Object.keys(isObject(schema.patternProperties) ? schema.patternProperties : {}).map(p => regexpOf(p) as PatternTest);
      const extra = Object.keys(value).filter(k => !Object.prototype.hasOwnProperty.call(props, k) && !pats.some(re => re.test(k)));
      if (kw === false) return extra.length === 0;
      return all(extra.map(k => verdict(kw, value[k], dialect, depth + 1)));
    }
    case 'allOf':
      return all((kw as unknown[]).map(s => verdict(s, value, dialect, depth + 1)));
    case 'anyOf':
    case 'oneOf': {
      const verdicts = (kw as unknown[]).map(s => verdict(s, value, dialect, depth + 1));
      const passing = verdicts.filter(v => v === true).length;
      if (key === 'anyOf' && passing > 0) return true;
      if (verdicts.includes(undefined)) return key === 'oneOf' && passing > 1 ? false : undefined;
      return key === 'anyOf' ? false : passing === 1;
    }
    case 'not': {
      const v = verdict(kw, value, dialect, depth + 1);
      return v === undefined ? undefined : !v;
    }
    default:
      return true; // nullable: read with type
  }
}

/** Whether Ajv compiles `schema` without complaint, its meta-schema accepting it (wellFormed), for exampleValidators.ts. */
export function wellFormedSchema(schema: object, dialect: Dialect): boolean {
  return isObject(schema) && wellFormed(schema, dialect, 0);
}

/** wellFormed, `nullable`/`type` contradictions taken as well formed: the kinds met (see lenient), or false. */
export function contradictions(schema: object, dialect: Dialect): number | false {
  lenient = { flags: 0 };
  try {
    return isObject(schema) && wellFormed(schema, dialect, 0) ? lenient.flags : false;
  } finally {
    lenient = undefined;
  }
}

/**
 * contradictions (the kinds met, or false), with every object that `isRef` tells is a `$ref` taken as well formed:
 * for exampleValidators.ts surelyMissingRef.
 */
export function contradictionsButRefs(schema: object, dialect: Dialect, isRef: (schema: Record<string, unknown>) => boolean): number | false {
  refOnly = isRef;
  try {
    return contradictions(schema, dialect);
  } finally {
    refOnly = undefined;
  }
}

/**
 * Ajv's verdict on `value` against `schema` (a prepared example schema: no `$id`, see exampleValidators.ts), when
 * it can be told without compiling the schema; undefined otherwise.
 */
export function quickVerdict(schema: object, value: unknown, dialect: Dialect): Verdict {
  if (!isObject(schema) || !isPlainJson(value) || !wellFormed(schema, dialect, 0)) return undefined;
  return verdict(schema, value, dialect, 0);
}
