/** The size of an API, for a score that does not punish a large API for having more findings than a small one. */

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The operations of a resolved document: each method of each path item under `paths` and `webhooks`. */
export function operationCount(resolved: unknown): number {
  if (!isObject(resolved)) return 0;
  let n = 0;
  for (const section of [resolved.paths, resolved.webhooks]) {
    if (!isObject(section)) continue;
    for (const item of Object.values(section)) {
      if (!isObject(item)) continue;
      for (const m of METHODS) if (isObject(item[m])) n++;
      // OpenAPI 3.2: other methods of a path item.
      if (isObject(item.additionalOperations)) n += Object.values(item.additionalOperations).filter(isObject).length;
    }
  }
  return n;
}
