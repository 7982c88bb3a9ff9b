/**
 * The schema keywords each OpenAPI version gives a meaning. OpenAPI 3.1 schemas are JSON
 * Schema 2020-12; those of 2.0 and 3.0 are an older subset, in which the newer keywords
 * are not keywords at all: `unevaluatedProperties: false` in a 3.0 document closes
 * nothing, a numeric `exclusiveMinimum` bounds nothing (3.0's is a boolean beside
 * `minimum`), a `type` list types nothing. The diff reads a schema as its own version
 * does, so each side is read in its own dialect (a base in 3.0 and a head in 3.1 too).
 */
import type { OasVersion } from './load';
import { isObj, type Obj } from './model';

/** Keywords of JSON Schema 2020-12 (OpenAPI 3.1) that the 2.0 and 3.0 Schema Objects do not have. */
const NEWER_KEYWORDS = [
  'const',
  'contains',
  'minContains',
  'maxContains',
  'prefixItems',
  'unevaluatedProperties',
  'unevaluatedItems',
  'dependentRequired',
  'dependentSchemas',
  'patternProperties',
  'propertyNames',
  'if',
  'then',
  'else',
];

/** Keywords whose 3.1 form is not the older one: a numeric bound (3.0: a boolean), a list of types (3.0: one type). */
function newerForm(s: Obj, k: string): boolean {
  if (k === 'exclusiveMinimum' || k === 'exclusiveMaximum') return typeof s[k] === 'number';
  if (k === 'type') return Array.isArray(s.type);
  return NEWER_KEYWORDS.includes(k);
}

const hasNewer = (s: Obj, depth = 0): boolean =>
  Object.keys(s).some(k => newerForm(s, k)) || (depth < 8 && Array.isArray(s.allOf) && s.allOf.some(m => isObj(m) && hasNewer(m, depth + 1)));

/**
 * The schema as its OpenAPI version reads it: itself in 3.1, and in 2.0/3.0 without the
 * keywords (and forms) that version does not have, its `allOf` members too (they merge into
 * it). Unchanged objects are returned as they are: a schema written in the older subset, the
 * usual case, is not copied.
 */
export function inDialect(s: Obj, version: OasVersion, depth = 0): Obj {
  if (version === '3.1' || !hasNewer(s, depth)) return s;
  const out: Obj = {};
  for (const [k, v] of Object.entries(s)) {
    if (newerForm(s, k)) continue;
    out[k] = k === 'allOf' && Array.isArray(v) ? v.map(m => (isObj(m) ? inDialect(m, version, depth + 1) : m)) : v;
  }
  return out;
}
