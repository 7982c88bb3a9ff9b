/**
 * Ajv's errors for an example that is surely invalid, told without compiling its schema.
 *
 * When quickVerdict (exampleVerdict.ts) says an example is invalid, the example rules still need Ajv's errors: they are
 * the findings, worded by better-ajv-errors. Compiling the schema for them (pruned, examplePrune.ts) was most of the
 * example rules' time on a document with many invalid examples: a compile each and V8's compile of each generated
 * function on its first call. `ajvErrorsOf` walks the schema the way the code Ajv generates walks it (Ajv
 * 8, configured as exampleValidators.ts configures it: allErrors off, strict off, union types, no unicode regular
 * expressions, ajv-formats), for the same subset of JSON Schema quickVerdict reads, and gives the same error objects
 * in the same order:
 *   - in a schema object, a `type` that names several types (or one with `nullable`, or `integer`) is checked
 *     first; then the keywords of any type (`const`, `enum`, `not`, `anyOf`, `oneOf`, `allOf`); then those of the
 *     value's type, in Ajv's order of its rules (a single `type` of that kind fails there, when the value is of
 *     another type); after each group that applies, a failure ends the schema object;
 *   - outside `anyOf`/`oneOf`/`not`, the first error ends the validation: it is the only error;
 *   - inside them, errors gather (a failing `type` does not stop the keywords of any type), an `anyOf`/`oneOf`
 *     that passes drops what its branches gathered, and one that fails adds its own error after theirs.
 * It answers undefined where it is not sure (anything quickVerdict is not sure of, a `false` subschema,
 * `__proto__`, names a value inherits, `patternProperties` where Ajv tracks evaluated properties); the caller then
 * compiles as before. It is held to Ajv's own errors by exampleErrors.test.ts (chosen cases, the order of Ajv's rule
 * groups in each dialect) and exampleVerdict.test.ts (generated cases, and every invalid example of the corpus).
 */
import equal from 'fast-deep-equal';
import { lastDuplicatePair } from './duplicates';
import type { PatternTest } from './boundedRegExp';
import { codePoints, hasType, isObject, isPlainJson, passesFormat, regexpOf, typeList, wellFormedSchema, type Dialect, type Json } from './exampleVerdict';

/** An error object as Ajv makes it (keys in Ajv's order; `messages` on, `verbose` off). */
export interface AjvError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
}

// Thrown to end a walk (not Errors: no stack to capture, on every invalid example).
/** Not sure: the caller compiles. */
class Unsure {}
const UNSURE = new Unsure();
/** The first error outside a composite keyword: validation ends with these errors. */
class Done {
  constructor(readonly errors: AjvError[]) {}
}

type Schema = Record<string, unknown>;
type Group = 'number' | 'string' | 'array' | 'object';

/** Keywords of any type, in Ajv's order (its first rule group; `type` and `nullable` generate no code there). */
export const ANY = ['const', 'enum', 'not', 'anyOf', 'oneOf', 'allOf'] as const;
/** Every keyword Ajv's first rule group holds: a schema with any of them uses the group (`type` alone does). */
export const ANY_RULES: readonly string[] = [
  '$comment',
  'id',
  '$ref',
  'type',
  'nullable',
  ...ANY,
  'if',
  'then',
  'else',
  '$dynamicAnchor',
  '$dynamicRef',
  '$recursiveAnchor',
  '$recursiveRef',
];
/** The typed rule groups, in Ajv's order, with their keywords in Ajv's order (of the subset quickVerdict reads). */
export const GROUPS: Record<Group, readonly string[]> = {
  number: ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf', 'format'],
  string: ['maxLength', 'minLength', 'pattern', 'format'],
  array: ['maxItems', 'minItems', 'additionalItems', 'items', 'uniqueItems'],
  object: ['maxProperties', 'minProperties', 'required', 'additionalProperties', 'properties', 'patternProperties'],
};
const GROUP_ORDER: readonly Group[] = ['number', 'string', 'array', 'object'];
/** Every keyword each typed group holds in Ajv (also those outside the subset): whether a schema uses the group. */
export const GROUP_RULES: Record<Group, readonly string[]> = {
  number: ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf', 'format'],
  string: ['maxLength', 'minLength', 'pattern', 'format', 'formatMaximum', 'formatMinimum', 'formatExclusiveMaximum', 'formatExclusiveMinimum'],
  array: ['maxItems', 'minItems', 'additionalItems', 'prefixItems', 'items', 'contains', 'uniqueItems', 'maxContains', 'minContains', 'unevaluatedItems'],
  object: [
    'maxProperties',
    'minProperties',
    'required',
    'propertyNames',
    'additionalProperties',
    'dependencies',
    'properties',
    'patternProperties',
    'dependentRequired',
    'dependentSchemas',
    'unevaluatedProperties',
  ],
};

const escapePointer = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');
const escapeFragment = (s: string | number): string => encodeURIComponent(escapePointer(String(s)));
const own = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** Whether Ajv generates no code for a subschema (`true`, `{}`, or no keyword that is one of its rules). */
function alwaysValid(s: unknown): boolean {
  if (typeof s === 'boolean') return s;
  if (!isObject(s)) return false;
  for (const k in s) if (RULE_KEYWORDS.has(k)) return false;
  return true;
}
const RULE_KEYWORDS = new Set<string>([...ANY_RULES, ...Object.values(GROUP_RULES).flat()]);

function groupUsed(s: Schema, group: Group): boolean {
  return GROUP_RULES[group].some(k => s[k] !== undefined);
}

/** What a schema object's code does before its keywords: the types it checks, whether first, the groups it uses. */
interface Plan {
  types: string[];
  /** The types are checked before any keyword (Ajv's coerceAndCheckDataType). */
  checked: boolean;
  any: boolean;
  groups: Group[];
}
const plans = new WeakMap<object, Plan>();

function planOf(s: Schema): Plan {
  let plan = plans.get(s);
  if (plan === undefined) {
    const declared = s.type === undefined ? [] : (typeList(s.type) ?? []);
    const types = s.nullable === true && !declared.includes('null') ? [...declared, 'null'] : declared;
    const groups = GROUP_ORDER.filter(g => groupUsed(s, g));
    const checked = types.length > 0 && !(types.length === 1 && (groups as string[]).includes(types[0]!));
    plan = { types, checked, any: ANY_RULES.some(k => s[k] !== undefined), groups };
    plans.set(s, plan);
  }
  return plan;
}

function groupOf(value: Json): Group | undefined {
  if (typeof value === 'number') return 'number';
  if (typeof value === 'string') return 'string';
  if (Array.isArray(value)) return 'array';
  if (isObject(value)) return 'object';
  return undefined;
}

class Walk {
  readonly errors: AjvError[] = [];
  constructor(
    readonly dialect: Dialect,
    readonly draft4: boolean,
    readonly unevaluated: boolean,
  ) {}

  /** Ajv's reportError: outside composite keywords the error is the result. */
  report(error: AjvError, composite: boolean): void {
    if (!composite) throw new Done([error]);
    this.errors.push(error);
  }

  /** Ajv's reportExtraError (anyOf/oneOf): after the errors gathered; outside composite keywords, the result. */
  reportExtra(error: AjvError, composite: boolean): void {
    this.errors.push(error);
    if (!composite) throw new Done(this.errors.slice());
  }

  /** A subschema on a value: valid or not (errors gathered, or Done thrown). */
  schema(s: unknown, value: Json, ip: string, sp: string, composite: boolean, depth: number): boolean {
    if (depth > 200) throw UNSURE;
    if (s === true) return true;
    if (!isObject(s)) throw UNSURE; // `false`, or not a schema
    if (alwaysValid(s)) return true;
    const start = this.errors.length;
    const { types, checked, any, groups } = planOf(s);
    if (checked && !types.some(t => hasType(value, t))) this.report(this.typeError(s, ip, sp), composite);
    if (any) {
      for (const k of ANY) if (s[k] !== undefined && !this.anyKeyword(k, s, value, ip, sp, composite, depth)) break;
      if (this.errors.length !== start) return false;
    }
    const valueGroup = groupOf(value);
    for (const group of groups) {
      if (valueGroup === group) {
        for (const k of GROUPS[group]) if (s[k] !== undefined && !this.typedKeyword(k, s, value, ip, sp, composite, depth)) break;
      } else if (types.length === 1 && types[0] === group && !checked) this.report(this.typeError(s, ip, sp), composite);
      if (this.errors.length !== start) return false;
    }
    return this.errors.length === start;
  }

  typeError(s: Schema, ip: string, sp: string): AjvError {
    const t = s.type;
    return { instancePath: ip, schemaPath: `${sp}/type`, keyword: 'type', params: { type: t }, message: `must be ${String(t)}` };
  }

  error(keyword: string, ip: string, sp: string, params: Record<string, unknown>, message: string): AjvError {
    return { instancePath: ip, schemaPath: `${sp}/${keyword}`, keyword, params, message };
  }

  /** A keyword of any type: passes (true) or fails (errors reported). */
  anyKeyword(k: (typeof ANY)[number], s: Schema, value: Json, ip: string, sp: string, composite: boolean, depth: number): boolean {
    const kw = s[k];
    switch (k) {
      case 'const':
        if (equal(kw, value)) return true;
        this.report(this.error('const', ip, sp, { allowedValue: kw }, 'must be equal to constant'), composite);
        return false;
      case 'enum':
        if ((kw as Json[]).some(e => equal(e, value))) return true;
        this.report(this.error('enum', ip, sp, { allowedValues: kw }, 'must be equal to one of the allowed values'), composite);
        return false;
      case 'not': {
        // Ajv makes no errors under `not`: only whether it passes.
        const inner = new Walk(this.dialect, this.draft4, this.unevaluated);
        if (!alwaysValid(kw) && !inner.schema(kw, value, ip, `${sp}/not`, true, depth + 1)) return true;
        this.report(this.error('not', ip, sp, {}, 'must NOT be valid'), composite);
        return false;
      }
      case 'allOf': {
        const list = kw as unknown[];
        for (let i = 0; i < list.length; i++) {
          if (alwaysValid(list[i])) continue;
          if (!this.schema(list[i], value, ip, `${sp}/allOf/${i}`, composite, depth + 1)) return false;
        }
        return true;
      }
      case 'anyOf': {
        const list = kw as unknown[];
        if (list.some(alwaysValid) && !this.unevaluated) return true;
        const start = this.errors.length;
        let valid = false;
        for (let i = 0; i < list.length && (!valid || this.unevaluated); i++) {
          if (this.schema(list[i], value, ip, `${sp}/anyOf/${i}`, true, depth + 1)) valid = true;
        }
        if (valid) {
          this.errors.length = start;
          return true;
        }
        this.reportExtra(this.error('anyOf', ip, sp, {}, 'must match a schema in anyOf'), composite);
        return false;
      }
      case 'oneOf': {
        const list = kw as unknown[];
        const start = this.errors.length;
        let valid = false;
        let passing: number | number[] | null = null;
        for (let i = 0; i < list.length; i++) {
          const ok = alwaysValid(list[i]) || this.schema(list[i], value, ip, `${sp}/oneOf/${i}`, true, depth + 1);
          if (i > 0 && ok && valid) {
            // Two pass: Ajv evaluates no further branch.
            valid = false;
            passing = [passing as number, i];
            break;
          }
          if (ok) {
            valid = true;
            passing = i;
          }
        }
        if (valid) {
          this.errors.length = start;
          return true;
        }
        this.reportExtra(this.error('oneOf', ip, sp, { passingSchemas: passing }, 'must match exactly one schema in oneOf'), composite);
        return false;
      }
    }
  }

  /** A keyword of the value's type group. */
  typedKeyword(k: string, s: Schema, value: Json, ip: string, sp: string, composite: boolean, depth: number): boolean {
    const kw = s[k];
    const fail = (params: Record<string, unknown>, message: string): false => {
      this.report(this.error(k, ip, sp, params, message), composite);
      return false;
    };
    switch (k) {
      case 'maximum':
      case 'minimum':
      case 'exclusiveMaximum':
      case 'exclusiveMinimum': {
        const n = value as number;
        const limit = kw as number;
        let op: '<=' | '>=' | '<' | '>';
        if (this.draft4) {
          if (k === 'exclusiveMaximum' || k === 'exclusiveMinimum') return true; // a modifier in draft 4
          const exclusive = Boolean(s[k === 'maximum' ? 'exclusiveMaximum' : 'exclusiveMinimum']);
          op = k === 'maximum' ? (exclusive ? '<' : '<=') : exclusive ? '>' : '>=';
        } else op = k === 'maximum' ? '<=' : k === 'minimum' ? '>=' : k === 'exclusiveMaximum' ? '<' : '>';
        const ok = op === '<=' ? n <= limit : op === '>=' ? n >= limit : op === '<' ? n < limit : n > limit;
        return ok || fail({ comparison: op, limit }, `must be ${op} ${limit}`);
      }
      case 'multipleOf': {
        const q = (value as number) / (kw as number);
        return (kw !== 0 && q === parseInt(q as unknown as string)) || fail({ multipleOf: kw }, `must be multiple of ${kw as number}`);
      }
      case 'format': {
        const v = passesFormat(kw as string, value);
        if (v === undefined) throw UNSURE;
        return v || fail({ format: kw }, `must match format "${kw as string}"`);
      }
      case 'maxLength':
        return codePoints(value as string) <= (kw as number) || fail({ limit: kw }, `must NOT have more than ${kw as number} characters`);
      case 'minLength':
        return codePoints(value as string) >= (kw as number) || fail({ limit: kw }, `must NOT have fewer than ${kw as number} characters`);
      case 'pattern':
        return (regexpOf(kw as string) as PatternTest).test(value as string) || fail({ pattern: kw }, `must match pattern "${kw as string}"`);
      case 'maxItems':
        return (value as Json[]).length <= (kw as number) || fail({ limit: kw }, `must NOT have more than ${kw as number} items`);
      case 'minItems':
        return (value as Json[]).length >= (kw as number) || fail({ limit: kw }, `must NOT have fewer than ${kw as number} items`);
      case 'additionalItems':
        return this.additionalItems(s, value as Json[], ip, sp, composite, depth);
      case 'items':
        return this.items(kw, value as Json[], ip, sp, composite, depth);
      case 'uniqueItems':
        return kw !== true || this.uniqueItems(s, value as Json[], ip, sp, composite);
      case 'maxProperties':
        return Object.keys(value as object).length <= (kw as number) || fail({ limit: kw }, `must NOT have more than ${kw as number} properties`);
      case 'minProperties':
        return Object.keys(value as object).length >= (kw as number) || fail({ limit: kw }, `must NOT have fewer than ${kw as number} properties`);
      case 'required': {
        const o = value as Record<string, Json>;
        for (const name of kw as string[]) {
          if (own(o, name)) continue;
          if (name in o) throw UNSURE; // inherited: Ajv sees `o[name] !== undefined`
          return fail({ missingProperty: name }, `must have required property '${name}'`);
        }
        return true;
      }
      case 'additionalProperties':
        return this.additionalProperties(s, value as Record<string, Json>, ip, sp, composite, depth);
      case 'properties': {
        const o = value as Record<string, Json>;
        const props = kw as Record<string, unknown>;
        for (const name of Object.keys(props)) {
          if (name === '__proto__') throw UNSURE;
          if (alwaysValid(props[name])) continue;
          if (!own(o, name)) {
            if (name in o) throw UNSURE;
            continue;
          }
          if (!this.schema(props[name], o[name]!, `${ip}/${escapePointer(name)}`, `${sp}/properties/${escapeFragment(name)}`, composite, depth + 1))
            return false;
        }
        return true;
      }
      case 'patternProperties': {
        if (this.unevaluated) throw UNSURE;
        const o = value as Record<string, Json>;
        const pats = kw as Record<string, unknown>;
        for (const p of Object.keys(pats)) {
          if (p === '__proto__') throw UNSURE;
          if (alwaysValid(pats[p])) continue;
          const re = regexpOf(p) as PatternTest;
          for (const key of Object.keys(o)) {
            if (key === '__proto__') throw UNSURE;
            if (!re.test(key)) continue;
            if (!this.schema(pats[p], o[key]!, `${ip}/${escapePointer(key)}`, `${sp}/patternProperties/${escapeFragment(p)}`, composite, depth + 1))
              return false;
          }
        }
        return true;
      }
      default:
        throw UNSURE;
    }
  }

  items(kw: unknown, list: Json[], ip: string, sp: string, composite: boolean, depth: number): boolean {
    if (Array.isArray(kw)) {
      for (let i = 0; i < kw.length; i++) {
        if (alwaysValid(kw[i]) || list.length <= i) continue;
        if (!this.schema(kw[i], list[i]!, `${ip}/${i}`, `${sp}/items/${i}`, composite, depth + 1)) return false;
      }
      return true;
    }
    if (alwaysValid(kw)) return true;
    for (let i = 0; i < list.length; i++) if (!this.schema(kw, list[i]!, `${ip}/${i}`, `${sp}/items`, composite, depth + 1)) return false;
    return true;
  }

  additionalItems(s: Schema, list: Json[], ip: string, sp: string, composite: boolean, depth: number): boolean {
    const kw = s.additionalItems;
    if (!Array.isArray(s.items)) return true; // ignored without a tuple
    const n = s.items.length;
    if (kw === false) {
      if (list.length <= n) return true;
      this.report(this.error('additionalItems', ip, sp, { limit: n }, `must NOT have more than ${n} items`), composite);
      return false;
    }
    if (alwaysValid(kw) || list.length <= n) return true;
    for (let i = n; i < list.length; i++) if (!this.schema(kw, list[i]!, `${ip}/${i}`, `${sp}/additionalItems`, composite, depth + 1)) return false;
    return true;
  }

  additionalProperties(s: Schema, o: Record<string, Json>, ip: string, sp: string, composite: boolean, depth: number): boolean {
    const kw = s.additionalProperties;
    if (alwaysValid(kw)) return true;
    const props = isObject(s.properties) ? Object.keys(s.properties).filter(p => p !== '__proto__') : [];
    const pats = isObject(s.patternProperties)
      ? Object.keys(s.patternProperties)
          .filter(p => p !== '__proto__')
          .map(p => regexpOf(p) as PatternTest)
      : [];
    for (const key of Object.keys(o)) {
      if (key === '__proto__') throw UNSURE;
      if (props.includes(key) || pats.some(re => re.test(key))) continue;
      if (kw === false) {
        this.report(this.error('additionalProperties', ip, sp, { additionalProperty: key }, 'must NOT have additional properties'), composite);
        return false;
      }
      if (!this.schema(kw, o[key]!, `${ip}/${escapePointer(key)}`, `${sp}/additionalProperties`, composite, depth + 1)) return false;
    }
    return true;
  }

  /** Ajv's two loops: by an index of items when the items' schema names only scalar types, else pair by pair. */
  uniqueItems(s: Schema, list: Json[], ip: string, sp: string, composite: boolean): boolean {
    if (list.length <= 1) return true;
    // Ajv's getSchemaTypes of the items' schema (none for a tuple)
    const itemTypes = isObject(s.items) ? planOf(s.items).types : [];
    const fail = (i: number, j: number): false => {
      this.report(this.error('uniqueItems', ip, sp, { i, j }, `must NOT have duplicate items (items ## ${j} and ${i} are identical)`), composite);
      return false;
    };
    if (itemTypes.length > 0 && !itemTypes.some(t => t === 'object' || t === 'array')) {
      const indices: Record<string, number> = {};
      for (let i = list.length - 1; i >= 0; i--) {
        const item = list[i]!;
        if (!itemTypes.some(t => hasType(item, t))) continue;
        const key = itemTypes.length > 1 && typeof item === 'string' ? `${item}_` : String(item);
        if (key === '__proto__' || (key in indices && !own(indices, key))) throw UNSURE;
        if (own(indices, key)) return fail(i, indices[key]!);
        indices[key] = i;
      }
      return true;
    }
    // Ajv's pair by pair loop (the last item equal to an earlier one, and the last of those), in one pass.
    const pair = lastDuplicatePair(list);
    return pair === undefined || fail(pair[1], pair[0]);
  }
}

/**
 * The errors Ajv gives when `value` fails `schema` (a prepared example schema, see exampleValidators.ts), told
 * without compiling it; undefined when that is not sure, or when the value passes.
 */
export function ajvErrorsOf(schema: object, value: unknown, dialect: Dialect): AjvError[] | undefined {
  if (!isObject(schema) || !isPlainJson(value) || !wellFormedSchema(schema, dialect)) return undefined;
  const walk = new Walk(dialect, dialect === 'draft4', dialect === 'draft2019-09' || dialect === 'draft2020-12');
  try {
    walk.schema(schema, value, '', '#', false, 0);
    return undefined; // valid
  } catch (e) {
    if (e instanceof Done) return e.errors;
    if (e instanceof Unsure) return undefined;
    throw e;
  }
}
