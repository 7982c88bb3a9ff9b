/**
 * The one count of a document's error bodies: per error response with a JSON body (errors.ts), what the body is
 * (shape A, shape B, problem details or the team's own), the shared schema it is, and its media type. Every reader
 * of "the API's error body" takes it from here — error-schema's `auto`, error-schema-consistent, the fixes that
 * write an error body, and `apiconv init --infer` — so that they agree on which body is the document's.
 *
 * A shared schema is how error-schema's `schemas` option recognises the API's own error body (GitHub's
 * `basic-error`, Plaid's `PlaidError`, which require no property, so no list of required names can describe them).
 */
import { getAt, isObject, mediaTypeName, type Model } from './oas';
import { refTo, schemasPath } from './fixes';
import { errorResponses } from './errors';
import { objectFields, type ErrorShape } from './errorShapes';
import { bump, perModel, ranked, type Tally } from './majority';

/** The name of each shared schema by the object it is: a resolved document inlines every `$ref` as its target object. */
const namesByObject = perModel(model => {
  const names = new Map<unknown, string>();
  const schemas = getAt(model.root, schemasPath(model.spec));
  if (isObject(schemas)) for (const [name, schema] of Object.entries(schemas)) if (isObject(schema) && !names.has(schema)) names.set(schema, name);
  return names;
});

/** The name of the shared schema a schema is: that object itself, or (in a document not resolved) a `$ref` to it. */
function sharedSchemaName(model: Model, schema: unknown): string | undefined {
  const byObject = namesByObject(model).get(schema);
  if (byObject !== undefined || !isObject(schema) || typeof schema.$ref !== 'string') return byObject;
  const prefix = refTo(schemasPath(model.spec)) + '/';
  const rest = schema.$ref.startsWith(prefix) ? schema.$ref.slice(prefix.length) : '';
  return rest === '' || rest.includes('/') ? undefined : decodeURIComponent(rest).replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * Whether a body schema is the shared schema `name`: that schema, or one with every property it has (a copy of its
 * shape, or an `allOf` that extends it). A named schema that is missing, or has no properties, matches only itself.
 */
export function isSchemaNamed(model: Model, schema: unknown, name: string): boolean {
  if (sharedSchemaName(model, schema) === name) return true;
  const want = Object.keys(objectFields(getAt(model.root, [...schemasPath(model.spec), name]), model.root)?.properties ?? {});
  const has = objectFields(schema, model.root)?.properties;
  return want.length > 0 && has !== undefined && want.every(k => has[k] !== undefined);
}

/** The document's error bodies counted three ways; the units of each are the error responses with a JSON body. */
export interface ErrorBodyTally {
  /** By what the body is: A, B, problem, own. */
  kinds: Tally;
  /** By the shared schema the body is ("basic-error in 741 of 979 …"); a body written inline counts in none. */
  schemas: Tally;
  /** By media type, parameters left out. */
  mediaTypes: Tally;
}

export const errorBodyTally = perModel((model: Model): ErrorBodyTally => {
  const what = 'error responses with a JSON body';
  const kinds = new Map<string, number>();
  const schemas = new Map<string, number>();
  const mediaTypes = new Map<string, number>();
  let total = 0;
  for (const r of errorResponses(model)) {
    if (r.json === undefined) continue;
    total++;
    bump(kinds, r.kind!);
    bump(mediaTypes, mediaTypeName(r.json.mediaType));
    const name = sharedSchemaName(model, r.json.schema);
    if (name !== undefined) bump(schemas, name);
  }
  return { kinds: { counts: kinds, total, what }, schemas: { counts: schemas, total, what }, mediaTypes: { counts: mediaTypes, total, what } };
});

/**
 * The seed's shape the document's error bodies have: the one more of them have (a tie goes to A); undefined when none
 * has either. What error-schema-consistent holds the others to, and the shape an error-schema fix writes when the
 * options accept both.
 */
export function documentErrorShape(model: Model): ErrorShape | undefined {
  const { counts } = errorBodyTally(model).kinds;
  const a = counts.get('A') ?? 0;
  const b = counts.get('B') ?? 0;
  return a === 0 && b === 0 ? undefined : b > a ? 'B' : 'A';
}

/** The shared schema most error bodies are (ties by name); undefined when none is shared. */
export function mostSharedErrorSchema(model: Model): string | undefined {
  return ranked(errorBodyTally(model).schemas.counts)[0]?.[0];
}
