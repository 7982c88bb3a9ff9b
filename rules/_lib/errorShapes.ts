/**
 * The error bodies apiconv knows by their shape: the seed's shapes A and B, and RFC 9457 problem details. What
 * a schema is (`bodyKindOf`) is decided here once, for the rules that judge error bodies, the count of them
 * (errorSchemas.ts) and the fixes that write one.
 */
import { isObject, resolveLocal, type Obj } from './oas';

/** The seed's two error body shapes. */
export type ErrorShape = 'A' | 'B';

/** What an error body is: one of the seed's shapes, RFC 9457 problem details, or the team's own (`own`). */
export type ErrorBodyKind = ErrorShape | 'problem' | 'own';

/** Shape A of the conventions' error body. */
export const ERROR_SCHEMA_A: Obj = {
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
export const ERROR_SCHEMA_B: Obj = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' } },
};

/** An RFC 9457 problem details object, as a fix writes it. */
export const PROBLEM_SCHEMA: Obj = {
  type: 'object',
  properties: {
    type: { type: 'string', format: 'uri-reference' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    instance: { type: 'string', format: 'uri-reference' },
  },
  required: ['title', 'status'],
};

/** The schema of an error shape. */
export function errorSchemaOfShape(shape: ErrorShape): Obj {
  return shape === 'B' ? ERROR_SCHEMA_B : ERROR_SCHEMA_A;
}

/** Which error shape a schema has ('A', 'B' or undefined). Local `$ref`s are followed in `data` when it is given. */
export function errorShapeOf(schema: unknown, data?: unknown): ErrorShape | undefined {
  const fields = objectFields(schema, data);
  if (fields === undefined) return undefined;
  const { properties: props, required } = fields;
  /** The property's type; OpenAPI 3.1 type lists such as ["string", "null"] count as their non-null type. */
  const typeOf = (k: string) => {
    const p = data !== undefined ? resolveLocal(data, props[k]) : props[k];
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

/** An RFC 9457 problem details object: a title and one more of its members (type, status, detail). */
export function isProblemDetails(schema: unknown, data?: unknown): boolean {
  const props = objectFields(schema, data)?.properties;
  return props !== undefined && props.title !== undefined && (props.type !== undefined || props.status !== undefined || props.detail !== undefined);
}

/** What an error body's schema is; a schema of a seed shape is that shape, even when it also has a title. */
export function bodyKindOf(schema: unknown, data?: unknown): ErrorBodyKind {
  return errorShapeOf(schema, data) ?? (isProblemDetails(schema, data) ? 'problem' : 'own');
}

/**
 * The properties and required names of an object schema together with those of its `allOf` members: an error
 * body composed as `allOf: [{ $ref: Error }, { properties: … }]` has the fields of every member. A property
 * named twice keeps its first definition. Local `$ref`s are followed in `data` when it is given (unresolved
 * data); undefined when the schema is not an object.
 */
export function objectFields(schema: unknown, data?: unknown): { properties: Obj; required: unknown[] } | undefined {
  const root = data !== undefined ? resolveLocal(data, schema) : schema;
  if (!isObject(root)) return undefined;
  const properties: Obj = {};
  const required: unknown[] = [];
  const seen = new Set<unknown>();
  const visit = (v: unknown, depth: number) => {
    const s = data !== undefined ? resolveLocal(data, v) : v;
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
