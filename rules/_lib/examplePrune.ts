/**
 * What Ajv compiles for an example that is surely invalid and whose errors exampleErrors.ts cannot tell
 * (exampleValidators.ts validateExample): the part of the
 * schema the value meets (prunedFor), without what Ajv generates no code for (compiledForm). Both keep Ajv's first
 * error as the whole schema gives it (exampleVerdict.test.ts holds them to Ajv on generated cases and on every invalid
 * example of the corpus).
 */
import { isObject, isPlainJson, surelyAccepts, wellFormedSchema, withVerdictsKept, type Dialect, type Json } from './exampleVerdict';

/**
 * The part of a schema that a value meets, for Ajv to compile when the value is invalid (quickVerdict false):
 * a property's schema becomes `{}` where the value has no such property (not even an inherited one, which Ajv
 * would see), and where the value is not an object at all; a subschema that surely accepts every value it is
 * applied to (a property's, `items`' for every item, a branch of `allOf`/`anyOf`/`oneOf`, `not`'s) becomes `{}`
 * too; combinators are pruned for the same value; everything else is kept as it is. Ajv (allErrors off) then fails
 * at the same keyword with the same error — its paths run through what is kept, a subschema that passes adds no
 * error (Ajv drops a passing branch's errors), and better-ajv-errors reads the errors, not the schema — and
 * compiles a fraction of a large resolved schema (github-api: an example's schema holds every nested object's
 * properties; pagerduty-rest: a list of incidents with one wrong field). Returns the schema itself when nothing is
 * pruned. Only for a schema Ajv compiles (quickVerdict told true or false): what is pruned is not compiled.
 */
export function prunedFor(schema: unknown, value: unknown, dialect: Dialect): unknown {
  // Subschemas are replaced by `{}` for passing only where the verdicts are sure (a schema of the subset, plain JSON).
  const sure = isObject(schema) && isPlainJson(value) && wellFormedSchema(schema, dialect);
  return withVerdictsKept(() => pruned(schema, [value as Json], sure ? dialect : undefined, 0));
}

/** Whether `schema` surely accepts each of `values` (dialect undefined: never sure). */
function passesAll(schema: unknown, values: Json[], dialect: Dialect | undefined, depth: number): boolean {
  return dialect !== undefined && values.every(v => surelyAccepts(schema, v, dialect, depth));
}

/** prunedFor's work on a subschema applied to each of `values`. */
function pruned(schema: unknown, values: Json[], dialect: Dialect | undefined, depth: number): unknown {
  if (!isObject(schema) || depth > 100) return schema;
  let out: Record<string, unknown> | undefined;
  const put = (key: string, next: unknown) => {
    if (next === schema[key]) return;
    out ??= { ...schema };
    out[key] = next;
  };
  // A subschema applied to these values: `{}` when it surely accepts them all, else pruned for them.
  const sub = (s: unknown, vs: Json[]): unknown => {
    if (vs.length === 0 || (isObject(s) && Object.keys(s).length === 0)) return isObject(s) ? {} : s;
    if (isObject(s) && passesAll(s, vs, dialect, depth + 1)) return {};
    return pruned(s, vs, dialect, depth + 1);
  };
  const objects = values.filter((v): v is { [key: string]: Json } => isObject(v));
  const props = schema.properties;
  if (isObject(props)) {
    let next: Record<string, unknown> | undefined;
    for (const name of Object.keys(props)) {
      const s = props[name];
      let kept: unknown;
      if (objects.some(v => name in v && !Object.prototype.hasOwnProperty.call(v, name)))
        kept = s; // inherited: Ajv sees it
      else
        kept = sub(
          s,
          objects.filter(v => Object.prototype.hasOwnProperty.call(v, name)).map(v => v[name]!),
        );
      if (kept !== s && !(isObject(s) && Object.keys(s).length === 0 && isObject(kept) && Object.keys(kept).length === 0)) {
        next ??= { ...props };
        next[name] = kept;
      }
    }
    if (next) put('properties', next);
  }
  const items = schema.items;
  if (isObject(items)) {
    // One schema for every item (the tuple form is kept): where no value is an array, it applies to nothing.
    const arrays = values.filter((v): v is Json[] => Array.isArray(v));
    put('items', sub(items, arrays.flat(1)));
  }
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    const next = list.map(s => (isObject(s) && passesAll(s, values, dialect, depth + 1) ? {} : pruned(s, values, dialect, depth + 1)));
    if (next.some((s, i) => s !== list[i])) put(key, next);
  }
  if (schema.not !== undefined)
    put('not', isObject(schema.not) && passesAll(schema.not, values, dialect, depth + 1) ? {} : pruned(schema.not, values, dialect, depth + 1));
  return out ?? schema;
}

/** Keywords Ajv generates no code for (as the example rules configure it): what a compiled form leaves out. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'example',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'externalDocs',
  'xml',
  '$comment',
]);
/** Keywords whose value is a schema, an array of schemas, or an object of schemas: where a compiled form goes down. */
const ONE_SCHEMA = [
  'additionalProperties',
  'additionalItems',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas'];

/**
 * What validateExample compiles for an invalid example: the pruned schema (prunedFor above) without what
 * Ajv generates no code for, so that the pruned schemas of many examples are one text and one compile (twilio: 109
 * examples fail the same `format: uri` in 60-odd list schemas that differ only in their titles, descriptions and
 * the names of the properties pruned to `{}`). Left out: annotations (ANNOTATIONS, `x-` keys) at every schema
 * position, and in draft 4 and 6/7 a property whose schema is `{}` where no `additionalProperties` or
 * `patternProperties` sits beside it (Ajv skips a property whose schema accepts everything; the names matter only
 * to those two). Ajv fails at the same keyword with the same error: the paths of what is kept do not change (no
 * list loses an item), and the error objects carry no annotation. A schema with a `$ref` is compiled as it is (a
 * pointer may lead into what would be left out). Returns the schema itself when nothing is left out.
 */
export function compiledForm(schema: object, dialect: Dialect): object {
  if (JSON.stringify(schema).includes('"$ref"')) return schema;
  const dropEmpty = dialect === 'draft4' || dialect === 'auto';
  const form = (s: unknown): unknown => {
    if (!isObject(s)) return s;
    const o = s;
    let out: Record<string, unknown> | undefined;
    const put = (k: string, v: unknown) => {
      if (v === o[k]) return;
      out ??= { ...o };
      if (v === undefined) delete out[k];
      else out[k] = v;
    };
    for (const k of Object.keys(o)) if (ANNOTATIONS.has(k) || k.startsWith('x-')) put(k, undefined);
    for (const k of ONE_SCHEMA) if (k in o) put(k, form(o[k]));
    if (Array.isArray(o.items)) {
      const list = o.items.map(form);
      if (list.some((v, i) => v !== (o.items as unknown[])[i])) put('items', list);
    } else if ('items' in o) put('items', form(o.items));
    for (const k of SCHEMA_LISTS) {
      const list = o[k];
      if (!Array.isArray(list)) continue;
      const next = list.map(form);
      if (next.some((v, i) => v !== list[i])) put(k, next);
    }
    for (const k of SCHEMA_MAPS) {
      const map = o[k];
      if (!isObject(map)) continue;
      const drop = k === 'properties' && dropEmpty && !('additionalProperties' in o) && !('patternProperties' in o);
      let next: Record<string, unknown> | undefined;
      for (const name of Object.keys(map)) {
        const v = map[name];
        const f = drop && isObject(v) && Object.keys(v).length === 0 ? undefined : form(v);
        if (f === v) continue;
        next ??= { ...map };
        if (f === undefined) delete next[name];
        else next[name] = f;
      }
      if (next !== undefined) put(k, next);
    }
    return out ?? o;
  };
  return form(schema) as object;
}
