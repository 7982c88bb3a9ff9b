/**
 * The shared schemas an API's error bodies are (`$ref`s into `components.schemas`, Swagger 2 `definitions`): how
 * error-schema's `schemas` option recognises the API's own error body (GitHub's `basic-error`, Plaid's `PlaidError`,
 * which require no property, so no list of required names can describe them), and the count whose majority
 * `apiconv init --infer` writes as that option.
 */
import { getAt, isObject, type Model } from './oas';
import { objectFields, refTo, schemasPath } from './fixes';
import { errorResponses } from './errors';
import { bump, perModel, type Tally } from './majority';

/** The name of each shared schema by the object it is: a resolved document inlines every `$ref` as its target object. */
const namesByObject = perModel(model => {
  const names = new Map<unknown, string>();
  const schemas = getAt(model.root, schemasPath(model.spec));
  if (isObject(schemas)) for (const [name, schema] of Object.entries(schemas)) if (isObject(schema) && !names.has(schema)) names.set(schema, name);
  return names;
});

/** The name of the shared schema a schema is: that object itself, or (in a document not resolved) a `$ref` to it. */
export function sharedSchemaName(model: Model, schema: unknown): string | undefined {
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

/** The error responses with a JSON body, counted by the shared schema their body is ("basic-error in 741 of 979 …"). */
export const errorSchemaTally = perModel((model): Tally => {
  const counts = new Map<string, number>();
  let total = 0;
  for (const r of errorResponses(model)) {
    if (r.json === undefined) continue;
    total++;
    const name = sharedSchemaName(model, r.json.schema);
    if (name !== undefined) bump(counts, name);
  }
  return { counts, total, what: 'error responses with a JSON body' };
});
