/**
 * Shared building blocks for fixes: they return FixOps (see rules/types.ts) on
 * the file the finding is in. Shared components (the Error schema, error
 * responses, the X-API-Key scheme) are reused when the document has them and
 * added once otherwise — only in the root document; a `$ref`'d file gets the
 * object inline, since `#/components/...` would point into the wrong file.
 */
import type { FixContext, FixOp, JsonPath, Spec } from '../types';
import type { ErrorBodyKind } from './errorShapes';
import { HTTP_METHODS, getAt, isOas32, isObject, operationsOfPathItem, resolveLocal, type Obj } from './oas';

/** The JSON path (inside the finding's file) of the operation a finding belongs to. */
export function opPathFromFinding(ctx: FixContext): JsonPath | undefined {
  const p = ctx.path;
  // OpenAPI 3.2 adds `query`; a 3.0/3.1 path item has no such key, so it can only be the QUERY operation.
  const isMethod = (s: unknown) => typeof s === 'string' && ((HTTP_METHODS as readonly string[]).includes(s) || s === 'query');
  // OpenAPI 3.2 additionalOperations: ['paths', key, 'additionalOperations', 'COPY', ...]
  if (p[0] === 'paths' && p.length >= 4 && p[2] === 'additionalOperations') return p.slice(0, 4);
  if (p[0] === 'paths' && p.length >= 3 && isMethod(p[2])) return p.slice(0, 3);
  // A path item in its own file: [method, ...]
  if (p[0] === 'additionalOperations' && p.length >= 2) return p.slice(0, 2);
  if (isMethod(p[0])) return p.slice(0, 1);
  // An operation in its own file.
  if (isObject(ctx.data) && (ctx.data.responses !== undefined || ctx.data.operationId !== undefined)) return [];
  // Callbacks / webhooks: find the last method segment.
  for (let i = p.length - 1; i >= 0; i--) if (isMethod(p[i]) || (i > 0 && p[i - 1] === 'additionalOperations')) return p.slice(0, i + 1);
  return undefined;
}

export const STATUS_NAMES: Record<string, string> = {
  '400': 'BadRequest',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'NotFound',
  '409': 'Conflict',
  '422': 'UnprocessableEntity',
  '429': 'TooManyRequests',
  '500': 'InternalServerError',
  '503': 'ServiceUnavailable',
};

export const STATUS_DESCRIPTIONS: Record<string, string> = {
  '400': 'Bad request: the request is invalid or asks for an unsupported version',
  '401': 'Unauthorized: the API key is missing or invalid',
  '403': 'Forbidden: the API key lacks permission for this resource',
  '404': 'Not found: the resource does not exist',
  '409': 'Conflict',
  '422': 'Validation failed',
  '429': 'Too many requests',
  '500': 'Internal server error',
  '503': 'Service unavailable',
};

export function schemasPath(spec: Spec): JsonPath {
  return spec === 'oas2' ? ['definitions'] : ['components', 'schemas'];
}

function responsesPath(spec: Spec): JsonPath {
  return spec === 'oas2' ? ['responses'] : ['components', 'responses'];
}

export function refTo(path: JsonPath): string {
  return '#/' + path.map(s => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

/** A response object for `status` whose body is the error schema: `schemaRef`, or `inline`. */
export function errorResponseObject(spec: Spec, status: string, mediaType: string, schema: { ref: string } | { inline: Obj }): Obj {
  const description = STATUS_DESCRIPTIONS[status] ?? `Error ${status}`;
  const value = 'ref' in schema ? { $ref: schema.ref } : schema.inline;
  return spec === 'oas2' ? { description, schema: value } : { description, content: { [mediaType]: { schema: value } } };
}

/**
 * The error body a fix writes (errorBody.ts): its media type, the shared schema it references in the root document
 * (found, or added by the ops), and the schema written out in a `$ref`'d file, where `#/components/...` would point
 * into the wrong file.
 */
export interface ErrorBody {
  /** What the body is (errorShapes.ts): one of the seed's shapes, problem details, or the team's own schema. */
  kind: ErrorBodyKind;
  /** The team's own schema, by name (error-schema's `schemas`). */
  schemaName?: string;
  mediaType: string;
  /** The schema written out in a `$ref`'d file; undefined when it is only referenced (the team's own schema, by name). */
  inline: Obj | undefined;
  /**
   * The `$ref` of the shared schema in the root document, and the ops that add it there; undefined when it is missing
   * and cannot be added (the team's, by name). Asked in a `$ref`'d file only for a body without `inline`.
   */
  shared(ctx: Pick<FixContext, 'data' | 'spec' | 'isRoot' | 'root'>): { ref: string; ops: FixOp[] } | undefined;
}

/**
 * Ops that add a `status` error response to the operation at `opPath`:
 * - root document: reuse the shared response that other operations already use
 *   for that status, or one named by convention (`NotFound`…), else add it once
 *   under components/responses (Swagger 2: responses) referencing the Error schema;
 * - a `$ref`'d file: the response inline.
 */
export function addErrorResponse(ctx: FixContext, opPath: JsonPath, status: string, body: ErrorBody): FixOp[] {
  const target: JsonPath = [...opPath, 'responses', status];
  if (getAt(ctx.data, target) !== undefined) return [];
  const before = responseAfter(getAt(ctx.data, [...opPath, 'responses']), status);
  if (!ctx.isRoot) {
    const schema = body.inline !== undefined ? { inline: body.inline } : body.shared(ctx);
    return schema ? [{ kind: 'set', path: target, value: errorResponseObject(ctx.spec, status, body.mediaType, schema), before }] : [];
  }
  const rPath = responsesPath(ctx.spec);
  const shared = getAt(ctx.data, rPath);
  const existing =
    findSharedResponseRef(ctx.data, status, rPath) ??
    (isObject(shared) && STATUS_NAMES[status] && shared[STATUS_NAMES[status]] !== undefined ? refTo([...rPath, STATUS_NAMES[status]]) : undefined);
  if (existing) return [{ kind: 'set', path: target, value: { $ref: existing }, before }];
  const name = STATUS_NAMES[status] ?? `Error${status}`;
  const schema = body.shared(ctx);
  if (schema === undefined) return [];
  return [
    ...schema.ops,
    { kind: 'set', path: [...rPath, name], value: errorResponseObject(ctx.spec, status, body.mediaType, { ref: schema.ref }) },
    { kind: 'set', path: target, value: { $ref: refTo([...rPath, name]) }, before },
  ];
}

/**
 * The response a new `status` goes before, so that responses in status order stay so: the first status code above
 * it, else `default` (which comes last); undefined: after the last response.
 */
function responseAfter(responses: unknown, status: string): string | undefined {
  if (!isObject(responses)) return undefined;
  const codes = Object.keys(responses);
  return codes.find(k => /^\d{3}$/.test(k) && Number(k) > Number(status)) ?? (codes.includes('default') ? 'default' : undefined);
}

/** A `$ref` to a shared response that some operation of the document already uses for `status`. */
function findSharedResponseRef(data: unknown, status: string, rPath: JsonPath): string | undefined {
  const prefix = refTo(rPath) + '/';
  // A frozen document (the fix engine's parse) cannot change: every status's first shared response is found in one walk.
  if (isObject(data) && Object.isFrozen(data)) {
    let byPrefix = sharedRefMemo.get(data);
    if (!byPrefix) sharedRefMemo.set(data, (byPrefix = new Map()));
    let refs = byPrefix.get(prefix);
    if (!refs) byPrefix.set(prefix, (refs = sharedResponseRefs(data, prefix)));
    return refs.get(status);
  }
  return sharedResponseRefs(data, prefix, status).get(status);
}

const sharedRefMemo = new WeakMap<object, Map<string, Map<string, string>>>();

/** The first `$ref` under `prefix` of each status (or of `only`) among the operations' responses, in document order. */
function sharedResponseRefs(data: unknown, prefix: string, only?: string): Map<string, string> {
  const out = new Map<string, string>();
  const paths = isObject(data) ? data.paths : undefined;
  if (!isObject(paths)) return out;
  const oas32 = isObject(data) && isOas32(data);
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const [, , op] of operationsOfPathItem(item, oas32)) {
      if (!isObject(op) || !isObject(op.responses)) continue;
      for (const status of only !== undefined ? [only] : Object.keys(op.responses)) {
        const r = op.responses[status];
        if (!out.has(status) && isObject(r) && typeof r.$ref === 'string' && r.$ref.startsWith(prefix)) out.set(status, r.$ref);
      }
      if (only !== undefined && out.has(only)) return out;
    }
  }
  return out;
}

/**
 * The name of the document's X-API-Key scheme, adding one (`ApiKeyAuth`, apiKey
 * in header X-API-Key) when the document has no security scheme at all.
 * Returns the first existing scheme otherwise.
 */
export function ensureApiKeyScheme(ctx: FixContext): { name: string; ops: FixOp[] } {
  const base: JsonPath = ctx.spec === 'oas2' ? ['securityDefinitions'] : ['components', 'securitySchemes'];
  const schemes = getAt(ctx.data, base);
  if (isObject(schemes)) {
    const names = Object.keys(schemes);
    const xApiKey = names.find(n => {
      const s = resolveLocal(ctx.data, schemes[n]);
      return isObject(s) && s.type === 'apiKey' && typeof s.name === 'string' && s.name.toLowerCase() === 'x-api-key';
    });
    if (xApiKey ?? names[0]) return { name: (xApiKey ?? names[0])!, ops: [] };
  }
  return {
    name: 'ApiKeyAuth',
    ops: [{ kind: 'set', path: [...base, 'ApiKeyAuth'], value: { type: 'apiKey', in: 'header', name: 'X-API-Key' } }],
  };
}

/**
 * The finding's path with sequence indexes as numbers: Spectral reports every
 * segment as a string (`['servers', '0', 'url']`), while FixOps address
 * sequence items by number.
 */
export function normalizePath(data: unknown, path: JsonPath): JsonPath {
  const out: JsonPath = [];
  let cur: unknown = data;
  for (const seg of path) {
    if (Array.isArray(cur) && typeof seg === 'string' && /^\d+$/.test(seg)) {
      out.push(Number(seg));
      cur = cur[Number(seg)];
    } else {
      out.push(seg);
      cur = isObject(cur) || Array.isArray(cur) ? (cur as Obj)[seg as string] : undefined;
    }
  }
  return out;
}
