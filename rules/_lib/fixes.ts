/**
 * Shared building blocks for fixes: they return FixOps (see rules/types.ts) on
 * the file the finding is in. Shared components (the Error schema, error
 * responses, the X-API-Key scheme) are reused when the document has them and
 * added once otherwise — only in the root document; a `$ref`'d file gets the
 * object inline, since `#/components/...` would point into the wrong file.
 */
import type { FixContext, FixOp, JsonPath, Spec } from '../types';
import { ERROR_CODE, HTTP_METHODS, getAt, isOas32, isObject, operationsOfPathItem, type Obj } from './oas';

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

export function schemasPath(spec: Spec): JsonPath {
  return spec === 'oas2' ? ['definitions'] : ['components', 'schemas'];
}

function responsesPath(spec: Spec): JsonPath {
  return spec === 'oas2' ? ['responses'] : ['components', 'responses'];
}

export function refTo(path: JsonPath): string {
  return '#/' + path.map(s => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

/** Which error shape a schema has ('A', 'B' or undefined). Local `$ref`s are followed. */
export function errorShapeOf(schema: unknown, data?: unknown): 'A' | 'B' | undefined {
  const fields = objectFields(schema, data);
  if (fields === undefined) return undefined;
  const { properties: props, required } = fields;
  /** The property's type; OpenAPI 3.1 type lists such as ["string", "null"] count as their non-null type. */
  const typeOf = (k: string) => {
    const p = data !== undefined ? follow(data, props[k]) : props[k];
    if (!isObject(p)) return undefined;
    if (Array.isArray(p.type)) {
      const t = p.type.filter(x => x !== 'null');
      return t.length === 1 ? t[0] : undefined;
    }
    return p.type;
  };
  if (
    typeOf('status') === 'string' &&
    typeOf('code') === 'integer' &&
    typeOf('message') === 'string' &&
    ['status', 'code', 'message'].every(k => required.includes(k)) &&
    (props.errors === undefined || typeOf('errors') === 'object')
  )
    return 'A';
  if (typeOf('error') === 'string' && required.includes('error')) return 'B';
  return undefined;
}

/**
 * The properties and required names of an object schema together with those of its `allOf` members: an error
 * body composed as `allOf: [{ $ref: Error }, { properties: … }]` has the fields of every member. A property
 * named twice keeps its first definition. Local `$ref`s are followed in `data` when it is given (unresolved
 * data); undefined when the schema is not an object.
 */
export function objectFields(schema: unknown, data?: unknown): { properties: Obj; required: unknown[] } | undefined {
  const root = data !== undefined ? follow(data, schema) : schema;
  if (!isObject(root)) return undefined;
  const properties: Obj = {};
  const required: unknown[] = [];
  const seen = new Set<unknown>();
  const visit = (v: unknown, depth: number) => {
    const s = data !== undefined ? follow(data, v) : v;
    // A cycle through allOf, or a deep chain: what was gathered so far stands.
    if (!isObject(s) || seen.has(s) || depth > 8) return;
    seen.add(s);
    if (isObject(s.properties)) for (const [k, p] of Object.entries(s.properties)) if (!(k in properties)) properties[k] = p;
    if (Array.isArray(s.required)) required.push(...s.required);
    if (Array.isArray(s.allOf)) for (const member of s.allOf) visit(member, depth + 1);
  };
  visit(root, 0);
  return { properties, required };
}

function follow(data: unknown, v: unknown, depth = 0): unknown {
  if (depth > 20 || !isObject(v) || typeof v.$ref !== 'string' || !v.$ref.startsWith('#/')) return v;
  const parts = v.$ref
    .slice(2)
    .split('/')
    .map(p => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'));
  return follow(data, getAt(data, parts), depth + 1);
}

/** The schema of an error shape. */
export function errorSchemaOfShape(shape: 'A' | 'B'): Obj {
  return shape === 'B' ? ERROR_SCHEMA_B : ERROR_SCHEMA_A;
}

/** The (unresolved) JSON body schemas of the error responses of the document's operations, local `$ref`s to responses followed. */
export function errorBodySchemas(data: unknown, spec: Spec): unknown[] {
  const out: unknown[] = [];
  const paths = isObject(data) ? data.paths : undefined;
  if (!isObject(paths)) return out;
  for (const rawItem of Object.values(paths)) {
    const item = follow(data, rawItem);
    if (!isObject(item)) continue;
    for (const [, , op] of operationsOfPathItem(item, isObject(data) && isOas32(data))) {
      if (!isObject(op) || !isObject(op.responses)) continue;
      for (const [code, raw] of Object.entries(op.responses)) {
        if (!ERROR_CODE.test(code)) continue;
        const r = follow(data, raw);
        if (!isObject(r)) continue;
        if (spec === 'oas2') {
          if (r.schema !== undefined) out.push(r.schema);
        } else if (isObject(r.content)) {
          const json = Object.entries(r.content).find(([mt, media]) => /json/i.test(mt) && isObject(media) && media.schema !== undefined);
          if (json) out.push((json[1] as Obj).schema);
        }
      }
    }
  }
  return out;
}

/**
 * The error shape the document already uses: the majority among the JSON
 * bodies of its operations' error responses (local `$ref`s followed, ties go
 * to A); undefined when no error body has a conventional shape.
 */
export function documentErrorShape(data: unknown, spec: Spec): 'A' | 'B' | undefined {
  // A frozen document (the fix engine's parse, engine/fix/memo.ts) cannot change: its shape is counted once,
  // not once per finding (each error-response fix of a pass walked every operation again).
  if (!isObject(data) || !Object.isFrozen(data)) return countErrorShapes(data, spec);
  let bySpec = shapeMemo.get(data);
  if (!bySpec) shapeMemo.set(data, (bySpec = new Map()));
  if (!bySpec.has(spec)) bySpec.set(spec, countErrorShapes(data, spec));
  return bySpec.get(spec);
}

const shapeMemo = new WeakMap<object, Map<Spec, 'A' | 'B' | undefined>>();

function countErrorShapes(data: unknown, spec: Spec): 'A' | 'B' | undefined {
  const count = { A: 0, B: 0 };
  for (const schema of errorBodySchemas(data, spec)) {
    const shape = errorShapeOf(schema, data);
    if (shape) count[shape]++;
  }
  if (count.A === 0 && count.B === 0) return undefined;
  return count.B > count.A ? 'B' : 'A';
}

/** The name of the shared schema that most error bodies reference (`$ref` into definitions / components.schemas), if any. */
export function referencedErrorSchemaName(data: unknown, spec: Spec): string | undefined {
  const prefix = refTo(schemasPath(spec)) + '/';
  const count = new Map<string, number>();
  for (const schema of errorBodySchemas(data, spec)) {
    if (isObject(schema) && typeof schema.$ref === 'string' && schema.$ref.startsWith(prefix)) {
      const rest = schema.$ref.slice(prefix.length);
      if (!rest.includes('/')) {
        const name = decodeURIComponent(rest).replace(/~1/g, '/').replace(/~0/g, '~');
        count.set(name, (count.get(name) ?? 0) + 1);
      }
    }
  }
  let best: string | undefined;
  for (const [name, n] of count) if (best === undefined || n > count.get(best)!) best = name;
  return best;
}

/**
 * The `$ref` of the document's shared error schema, adding one as `Error` when
 * none exists. An existing named schema of shape A or B is reused (schemas of
 * `shape` first, then names containing "error"); a new one has `shape`
 * (default: the shape the document already uses, else A). Root document only.
 */
export function ensureErrorSchema(ctx: Pick<FixContext, 'data' | 'spec'>, shape?: 'A' | 'B'): { ref: string; ops: FixOp[] } {
  const want = shape ?? documentErrorShape(ctx.data, ctx.spec) ?? 'A';
  const base = schemasPath(ctx.spec);
  const schemas = getAt(ctx.data, base);
  if (isObject(schemas)) {
    const best = bestErrorSchema(schemas, ctx.data, want);
    if (best !== undefined) return { ref: refTo([...base, best]), ops: [] };
  }
  let name = 'Error';
  for (let i = 2; isObject(schemas) && schemas[name] !== undefined; i++) name = `ApiError${i === 2 ? '' : i}`;
  return { ref: refTo([...base, name]), ops: [{ kind: 'set', path: [...base, name], value: errorSchemaOfShape(want) }] };
}

/** The name of the schema ensureErrorSchema reuses (of shape `want` first, then named "error"); memoized on a frozen document (the fix engine's parse), as documentErrorShape is. */
function bestErrorSchema(schemas: Obj, data: unknown, want: 'A' | 'B'): string | undefined {
  const frozen = Object.isFrozen(schemas) && isObject(data) && Object.isFrozen(data);
  const memo = frozen ? bestSchemaMemo.get(schemas)?.get(data as object) : undefined;
  if (memo?.has(want)) return memo.get(want);
  const shaped = Object.keys(schemas)
    .map(name => ({ name, shape: errorShapeOf(schemas[name], data) }))
    .filter(s => s.shape !== undefined);
  const rank = (s: { name: string; shape?: string }) => (s.shape === want ? 0 : 2) + (/error/i.test(s.name) ? 0 : 1);
  shaped.sort((a, b) => rank(a) - rank(b));
  const best = shaped[0]?.name;
  if (frozen) {
    let byData = bestSchemaMemo.get(schemas);
    if (!byData) bestSchemaMemo.set(schemas, (byData = new WeakMap()));
    let byWant = byData.get(data as object);
    if (!byWant) byData.set(data as object, (byWant = new Map()));
    byWant.set(want, best);
  }
  return best;
}

const bestSchemaMemo = new WeakMap<object, WeakMap<object, Map<'A' | 'B', string | undefined>>>();

/** A response object for `status` whose body is the error schema (`schemaRef`, or `body`'s inline: shape A by default). */
export function errorResponseObject(spec: Spec, status: string, schemaRef?: string, body: ErrorBody = SEED_ERROR_BODY): Obj {
  const description = STATUS_DESCRIPTIONS[status] ?? `Error ${status}`;
  const schema = schemaRef ? { $ref: schemaRef } : body.inline;
  return spec === 'oas2' ? { description, schema } : { description, content: { [body.mediaType]: { schema } } };
}

/**
 * The error body an added error response gets: its media type, the schema written inline (in a `$ref`'d file), and
 * the shared schema it references in the root document (found, or added by the ops).
 */
export interface ErrorBody {
  mediaType: string;
  /** RFC 9457 problem details, rather than one of the seed's shapes (A, B). */
  problem: boolean;
  inline: Obj;
  shared(ctx: Pick<FixContext, 'data' | 'spec'>): { ref: string; ops: FixOp[] };
}

/** The seed's error body: application/json, the document's shape (A or B) or A. */
export const SEED_ERROR_BODY: ErrorBody = { mediaType: 'application/json', problem: false, inline: ERROR_SCHEMA_A, shared: ctx => ensureErrorSchema(ctx) };

/**
 * Ops that add a `status` error response to the operation at `opPath`:
 * - root document: reuse the shared response that other operations already use
 *   for that status, or one named by convention (`NotFound`…), else add it once
 *   under components/responses (Swagger 2: responses) referencing the Error schema;
 * - a `$ref`'d file: the response inline.
 */
export function addErrorResponse(ctx: FixContext, opPath: JsonPath, status: string, body: ErrorBody = SEED_ERROR_BODY): FixOp[] {
  const target: JsonPath = [...opPath, 'responses', status];
  if (getAt(ctx.data, target) !== undefined) return [];
  const before = responseAfter(getAt(ctx.data, [...opPath, 'responses']), status);
  if (!ctx.isRoot) {
    return [{ kind: 'set', path: target, value: errorResponseObject(ctx.spec, status, undefined, body), before }];
  }
  const rPath = responsesPath(ctx.spec);
  const shared = getAt(ctx.data, rPath);
  const existing =
    findSharedResponseRef(ctx.data, status, rPath) ??
    (isObject(shared) && STATUS_NAMES[status] && shared[STATUS_NAMES[status]] !== undefined ? refTo([...rPath, STATUS_NAMES[status]]) : undefined);
  if (existing) return [{ kind: 'set', path: target, value: { $ref: existing }, before }];
  const name = STATUS_NAMES[status] ?? `Error${status}`;
  const schema = body.shared(ctx);
  return [
    ...schema.ops,
    { kind: 'set', path: [...rPath, name], value: errorResponseObject(ctx.spec, status, schema.ref, body) },
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
