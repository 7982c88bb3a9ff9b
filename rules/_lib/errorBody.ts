/**
 * The error body a fix writes, as error-schema's options ask for it (FixContext.optionsOf): the seed's shapes A/B
 * as application/json, or RFC 9457 problem details as application/problem+json. A team whose error body is its own
 * schema (error-schema's `required` alone) gets no added error response: its body is the team's to write.
 */
import type { FixContext, FixOp, OptionsOf } from '../types';
import { getAt, isObject, type Obj } from './oas';
import { SEED_ERROR_BODY, ensureErrorSchema, errorSchemaOfShape, objectFields, refTo, schemasPath, type ErrorBody } from './fixes';

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

/** An RFC 9457 problem details object: a title and one more of its members (type, status, detail). */
export function isProblemDetails(schema: unknown, data?: unknown): boolean {
  const props = objectFields(schema, data)?.properties;
  return props !== undefined && props.title !== undefined && (props.type !== undefined || props.status !== undefined || props.detail !== undefined);
}

/** The `$ref` of the document's problem details schema, adding one as `Problem` when none exists. Root document only. */
function ensureProblemSchema(ctx: Pick<FixContext, 'data' | 'spec'>): { ref: string; ops: FixOp[] } {
  const base = schemasPath(ctx.spec);
  const schemas = getAt(ctx.data, base);
  const found = isObject(schemas) ? Object.keys(schemas).find(name => isProblemDetails(schemas[name], ctx.data)) : undefined;
  if (found !== undefined) return { ref: refTo([...base, found]), ops: [] };
  let name = 'Problem';
  for (let i = 2; isObject(schemas) && schemas[name] !== undefined; i++) name = `Problem${i}`;
  return { ref: refTo([...base, name]), ops: [{ kind: 'set', path: [...base, name], value: PROBLEM_SCHEMA }] };
}

const PROBLEM_BODY: ErrorBody = { mediaType: 'application/problem+json', inline: PROBLEM_SCHEMA, shared: ensureProblemSchema };

/**
 * The body error-schema's `shapes` accept that a fix writes: the seed's shapes when both are accepted (the one the
 * document uses), the one of them accepted, else problem details; undefined when only the team's own schema is.
 */
export function configuredErrorBody(optionsOf: OptionsOf): ErrorBody | undefined {
  const shapes = optionsOf('error-schema').shapes;
  const list = Array.isArray(shapes) ? shapes : ['A', 'B'];
  const seed = list.filter((s): s is 'A' | 'B' => s === 'A' || s === 'B');
  if (seed.length === 2) return SEED_ERROR_BODY;
  if (seed.length === 1) return { mediaType: 'application/json', inline: errorSchemaOfShape(seed[0]), shared: ctx => ensureErrorSchema(ctx, seed[0]) };
  return list.includes('problem') ? PROBLEM_BODY : undefined;
}
