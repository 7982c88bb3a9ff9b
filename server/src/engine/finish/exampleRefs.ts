/**
 * A `$ref` inside an example value is data, not a reference: an example may show a JSON Schema, a SCIM
 * resource or any document that has a `$ref` member of its own (OpenAPI 3: "value — Any: embedded literal
 * example"). Spectral's resolver follows it all the same and reports `invalid-ref` when it leads nowhere
 * (stoplightio/spectral#1310, #2830); the finish stage drops those findings.
 */

/** Keys whose values name their children (a property, a schema, a response): `example` below them is a name, not an example. */
const NAMING = new Set([
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'schemas',
  'parameters',
  'responses',
  'headers',
  'examples',
  'requestBodies',
  'callbacks',
  'links',
  'securitySchemes',
  'pathItems',
  'paths',
  'webhooks',
  'dependentSchemas',
  'encoding',
  'content',
]);

/**
 * True when `path` (a `$ref`'s path in its file) lies inside an example value: below a schema's, media type's,
 * parameter's or header's `example` (or a Swagger 2 `x-example`), an Example Object's `value`, an OpenAPI 3.1
 * schema's `examples` list, or a Swagger 2 response's `examples` map.
 */
export function inExampleValue(path: readonly (string | number)[]): boolean {
  // The last segment is the `$ref` key itself: a member of the example's data.
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i];
    if (i > 0 && NAMING.has(String(path[i - 1]))) continue;
    if (key === 'example' || key === 'x-example') return true;
    if (key !== 'examples') continue;
    // An Example Object's value (`examples/<name>/value/…`); Swagger 2's map below a response (`examples/<mime>/…`);
    // a deeper member of an item of a 3.1 schema's list (`examples/0/…/$ref`: an item that is just a `$ref` may be one).
    if (path[i + 2] === 'value') return true;
    if (i >= 2 && path[i - 2] === 'responses') return true;
    if (/^\d+$/.test(String(path[i + 1])) && i + 2 < path.length - 1) return true;
  }
  return false;
}

/** An `invalid-ref` finding about a `$ref` that is example data. */
export function isExampleRefFinding(r: { code: string | number; path: readonly (string | number)[] }): boolean {
  return r.code === 'invalid-ref' && inExampleValue(r.path);
}
