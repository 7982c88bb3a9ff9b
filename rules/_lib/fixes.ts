/**
 * Shared building blocks for fixes: they return FixOps (see rules/types.ts) on
 * the file the finding is in. Shared components (the Error schema, error
 * responses, the X-API-Key scheme) are reused when the document has them and
 * added once otherwise — only in the root document; a `$ref`'d file gets the
 * object inline, since `#/components/...` would point into the wrong file.
 */
import type { FixContext, FixOp, JsonPath, Spec } from '../types';
import { HTTP_METHODS, getAt, isObject, type Obj } from './oas';

/** The JSON path (inside the finding's file) of the operation a finding belongs to. */
export function opPathFromFinding(ctx: FixContext): JsonPath | undefined {
  const p = ctx.path;
  const isMethod = (s: unknown) => typeof s === 'string' && (HTTP_METHODS as readonly string[]).includes(s);
  if (p[0] === 'paths' && p.length >= 3 && isMethod(p[2])) return p.slice(0, 3);
  // A path item in its own file: [method, ...]
  if (isMethod(p[0])) return p.slice(0, 1);
  // An operation in its own file.
  if (isObject(ctx.data) && (ctx.data.responses !== undefined || ctx.data.operationId !== undefined)) return [];
  // Callbacks / webhooks: find the last method segment.
  for (let i = p.length - 1; i >= 0; i--) if (isMethod(p[i])) return p.slice(0, i + 1);
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

/** Shape A of the conventions' error body. */
export const ERROR_SCHEMA_A = {
  type: 'object',
  required: ['status', 'code', 'message'],
  properties: {
    status: { type: 'string', example: 'error' },
    code: { type: 'integer', example: 404 },
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

/** Shape B of the conventions' error body. */
export const ERROR_SCHEMA_B = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' } },
};

function schemasPath(spec: Spec): JsonPath {
  return spec === 'oas2' ? ['definitions'] : ['components', 'schemas'];
}

function responsesPath(spec: Spec): JsonPath {
  return spec === 'oas2' ? ['responses'] : ['components', 'responses'];
}

function refTo(path: JsonPath): string {
  return '#/' + path.map(s => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

/** Which error shape a schema has ('A', 'B' or undefined). Local `$ref`s are followed. */
export function errorShapeOf(schema: unknown, data?: unknown): 'A' | 'B' | undefined {
  const s = data !== undefined ? follow(data, schema) : schema;
  if (!isObject(s)) return undefined;
  const props = isObject(s.properties) ? s.properties : {};
  const required = Array.isArray(s.required) ? s.required : [];
  const typeOf = (k: string) => {
    const p = data !== undefined ? follow(data, props[k]) : props[k];
    return isObject(p) ? p.type : undefined;
  };
  if (typeOf('status') === 'string' && typeOf('code') === 'integer' && typeOf('message') === 'string' &&
      ['status', 'code', 'message'].every(k => required.includes(k)) &&
      (props.errors === undefined || typeOf('errors') === 'object')) return 'A';
  if (typeOf('error') === 'string' && required.includes('error')) return 'B';
  return undefined;
}

function follow(data: unknown, v: unknown, depth = 0): unknown {
  if (depth > 20 || !isObject(v) || typeof v.$ref !== 'string' || !v.$ref.startsWith('#/')) return v;
  const parts = v.$ref.slice(2).split('/').map(p => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'));
  return follow(data, getAt(data, parts), depth + 1);
}

/**
 * The `$ref` of the document's shared error schema, adding shape A as `Error`
 * when none exists. The document's existing shape wins (an `Error`-like schema
 * of shape A or B). Root document only.
 */
export function ensureErrorSchema(ctx: FixContext): { ref: string; ops: FixOp[] } {
  const base = schemasPath(ctx.spec);
  const schemas = getAt(ctx.data, base);
  if (isObject(schemas)) {
    const names = Object.keys(schemas);
    const preferred = [...names.filter(n => /error/i.test(n)), ...names.filter(n => !/error/i.test(n))];
    for (const name of preferred) {
      if (errorShapeOf(schemas[name], ctx.data)) return { ref: refTo([...base, name]), ops: [] };
    }
  }
  let name = 'Error';
  for (let i = 2; isObject(schemas) && schemas[name] !== undefined; i++) name = `ApiError${i === 2 ? '' : i}`;
  return { ref: refTo([...base, name]), ops: [{ kind: 'set', path: [...base, name], value: ERROR_SCHEMA_A }] };
}

/** A response object for `status` whose body is the error schema (`schemaRef`, or shape A inline). */
export function errorResponseObject(spec: Spec, status: string, schemaRef?: string): Obj {
  const description = STATUS_DESCRIPTIONS[status] ?? `Error ${status}`;
  const schema = schemaRef ? { $ref: schemaRef } : ERROR_SCHEMA_A;
  return spec === 'oas2' ? { description, schema } : { description, content: { 'application/json': { schema } } };
}

/**
 * Ops that add a `status` error response to the operation at `opPath`:
 * - root document: reuse the shared response that other operations already use
 *   for that status, or one named by convention (`NotFound`…), else add it once
 *   under components/responses (Swagger 2: responses) referencing the Error schema;
 * - a `$ref`'d file: the response inline.
 */
export function addErrorResponse(ctx: FixContext, opPath: JsonPath, status: string): FixOp[] {
  const target: JsonPath = [...opPath, 'responses', status];
  if (getAt(ctx.data, target) !== undefined) return [];
  if (!ctx.isRoot) {
    return [{ kind: 'set', path: target, value: errorResponseObject(ctx.spec, status) }];
  }
  const rPath = responsesPath(ctx.spec);
  const shared = getAt(ctx.data, rPath);
  const existing = findSharedResponseRef(ctx.data, status, rPath) ??
    (isObject(shared) && STATUS_NAMES[status] && shared[STATUS_NAMES[status]] !== undefined ? refTo([...rPath, STATUS_NAMES[status]]) : undefined);
  if (existing) return [{ kind: 'set', path: target, value: { $ref: existing } }];
  const name = STATUS_NAMES[status] ?? `Error${status}`;
  const schema = ensureErrorSchema(ctx);
  return [
    ...schema.ops,
    { kind: 'set', path: [...rPath, name], value: errorResponseObject(ctx.spec, status, schema.ref) },
    { kind: 'set', path: target, value: { $ref: refTo([...rPath, name]) } },
  ];
}

/** A `$ref` to a shared response that some operation of the document already uses for `status`. */
function findSharedResponseRef(data: unknown, status: string, rPath: JsonPath): string | undefined {
  const prefix = refTo(rPath) + '/';
  const paths = isObject(data) ? data.paths : undefined;
  if (!isObject(paths)) return undefined;
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const m of HTTP_METHODS) {
      const op = item[m];
      const r = isObject(op) && isObject(op.responses) ? op.responses[status] : undefined;
      if (isObject(r) && typeof r.$ref === 'string' && r.$ref.startsWith(prefix)) return r.$ref;
    }
  }
  return undefined;
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
      const s = follow(ctx.data, schemes[n]);
      return isObject(s) && s.type === 'apiKey' && typeof s.name === 'string' && s.name.toLowerCase() === 'x-api-key';
    });
    if (xApiKey ?? names[0]) return { name: (xApiKey ?? names[0])!, ops: [] };
  }
  return {
    name: 'ApiKeyAuth',
    ops: [{ kind: 'set', path: [...base, 'ApiKeyAuth'], value: { type: 'apiKey', in: 'header', name: 'X-API-Key' } }],
  };
}
