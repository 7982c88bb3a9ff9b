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

const PROBLEM_BODY: ErrorBody = { mediaType: 'application/problem+json', problem: true, inline: PROBLEM_SCHEMA, shared: ensureProblemSchema };

/**
 * The body error-schema's options accept that a fix writes: of the `shapes` (or the ones `chosen` for them), the
 * seed's shapes when both are accepted (the one the document uses), the one of them accepted, else problem details;
 * in the one media type `mediaTypes` names. Undefined when only the team's own schema is accepted, when the media
 * types leave the choice to the team, and under `auto`: the document's majority is counted on the whole document,
 * which a fix of one file does not see (the error-schema finding names what it chose: `chosen`).
 */
export function configuredErrorBody(optionsOf: OptionsOf, chosen?: readonly string[]): ErrorBody | undefined {
  const o = optionsOf('error-schema');
  const list = chosen ?? o.shapes;
  if (!Array.isArray(list)) return undefined;
  const seed = list.filter((s): s is 'A' | 'B' => s === 'A' || s === 'B');
  let body: ErrorBody | undefined;
  if (seed.length === 2) body = SEED_ERROR_BODY;
  else if (seed.length === 1)
    body = { mediaType: 'application/json', problem: false, inline: errorSchemaOfShape(seed[0]), shared: ctx => ensureErrorSchema(ctx, seed[0]) };
  else if (list.includes('problem')) body = PROBLEM_BODY;
  return body && inMediaTypes(body, o.mediaTypes);
}

/** `body` in a media type `mediaTypes` accepts: its own, or the one type listed. */
function inMediaTypes(body: ErrorBody, mediaTypes: unknown): ErrorBody | undefined {
  if (mediaTypes === undefined || mediaTypes === 'json') return body;
  if (!Array.isArray(mediaTypes)) return undefined;
  if (mediaTypes.includes(body.mediaType)) return body;
  return mediaTypes.length === 1 ? { ...body, mediaType: String(mediaTypes[0]) } : undefined;
}
