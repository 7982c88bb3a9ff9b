/**
 * The error body a fix writes, as error-schema's options ask for it (FixContext.optionsOf): the team's own schema
 * when `schemas` names it (a `$ref` to it), else the seed's shapes A/B as application/json, or RFC 9457 problem
 * details as application/problem+json. A team whose error body is only described by `required` gets no added error
 * response: its body is the team's to write.
 */
import type { FixContext, FixOp, FixResult } from '../types';
import { getAt, getModel, isObject, type Obj } from './oas';
import { addErrorResponse, opPathFromFinding, refTo, schemasPath, type ErrorBody } from './fixes';
import { PROBLEM_SCHEMA, errorSchemaOfShape, errorShapeOf, isProblemDetails, type ErrorShape } from './errorShapes';
import { documentErrorShape } from './errorSchemas';

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

const PROBLEM_BODY: ErrorBody = { kind: 'problem', mediaType: 'application/problem+json', inline: PROBLEM_SCHEMA, shared: ensureProblemSchema };

/** The seed's shape a fix writes: the one asked for, else the one the document's error bodies have (errorSchemas.ts), else A. */
const seedShapeFor = (data: unknown, shape?: ErrorShape): ErrorShape => shape ?? documentErrorShape(getModel(data)) ?? 'A';

/**
 * The `$ref` of the document's shared error schema, adding one as `Error` when none exists. An existing named schema
 * of shape A or B is reused (schemas of the shape wanted first, then names containing "error"); a new one has
 * `shape`, by default the document's (seedShapeFor). Root document only.
 */
export function ensureErrorSchema(ctx: Pick<FixContext, 'data' | 'spec'>, shape?: ErrorShape): { ref: string; ops: FixOp[] } {
  const want = seedShapeFor(ctx.data, shape);
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

/** The name of the schema ensureErrorSchema reuses (of shape `want` first, then named "error"); memoized on a frozen document (the fix engine's parse). */
function bestErrorSchema(schemas: Obj, data: unknown, want: ErrorShape): string | undefined {
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

const bestSchemaMemo = new WeakMap<object, WeakMap<object, Map<ErrorShape, string | undefined>>>();

/** A seed shape's body, as application/json. */
const seedErrorBody = (shape: ErrorShape): ErrorBody => ({
  kind: shape,
  mediaType: 'application/json',
  inline: errorSchemaOfShape(shape),
  shared: ctx => ensureErrorSchema(ctx, shape),
});

/**
 * The team's own error schema `name` (error-schema's `schemas`): a `$ref` to it where it is, in the root document —
 * from a `$ref`'d file, through the root document's file name (a copy of the schema would be a second one to keep).
 * Nothing is written when the root document has no such schema.
 */
const namedErrorBody = (name: string): ErrorBody => ({
  kind: 'own',
  schemaName: name,
  mediaType: 'application/json',
  inline: undefined,
  shared: ctx => {
    const path = [...schemasPath(ctx.spec), name];
    const root = ctx.isRoot ? { data: ctx.data, ref: '' } : ctx.root;
    return root !== undefined && isObject(getAt(root.data, path)) ? { ref: root.ref + refTo(path), ops: [] } : undefined;
  },
});

/**
 * The body error-schema's options accept that a fix writes: the first of the team's `schemas`; else of the `shapes`
 * (or the ones `chosen` for them), the seed's shapes when both are accepted (the one the document's error bodies
 * have, errorSchemas.ts), the one of them accepted, else problem details; in the one media type `mediaTypes` names.
 * Undefined when only `required` describes the team's body, when the media types leave the choice to the team, and
 * under `auto`: the document's majority is counted on the whole document, which a fix of one file does not see (the
 * error-schema finding names what it chose: `chosen`).
 */
export function configuredErrorBody(ctx: Pick<FixContext, 'optionsOf' | 'data'>, chosen?: readonly string[]): ErrorBody | undefined {
  const o = ctx.optionsOf('error-schema');
  const list = chosen ?? o.shapes;
  const named = Array.isArray(o.schemas) && typeof o.schemas[0] === 'string' ? o.schemas[0] : undefined;
  let body: ErrorBody | undefined;
  // Under `auto`, the team's schema is the body when the document's majority chose none of the shapes.
  if (named !== undefined && (chosen === undefined ? Array.isArray(o.shapes) : chosen.length === 0)) body = namedErrorBody(named);
  else if (Array.isArray(list)) {
    const seed = list.filter((s): s is ErrorShape => s === 'A' || s === 'B');
    if (seed.length === 2) body = seedErrorBody(seedShapeFor(ctx.data));
    else if (seed.length === 1) body = seedErrorBody(seed[0]);
    else if (list.includes('problem')) body = PROBLEM_BODY;
  }
  return body && inMediaTypes(body, o.mediaTypes);
}

/** `body` in a media type `mediaTypes` accepts: its own, or the one type listed. */
function inMediaTypes(body: ErrorBody, mediaTypes: unknown): ErrorBody | undefined {
  if (mediaTypes === undefined || mediaTypes === 'json') return body;
  if (!Array.isArray(mediaTypes)) return undefined;
  if (mediaTypes.includes(body.mediaType)) return body;
  return mediaTypes.length === 1 ? { ...body, mediaType: String(mediaTypes[0]) } : undefined;
}

/**
 * The fix of a "declare <status>" rule: add the error response to the operation the finding is on (reusing or adding
 * the shared response), with the body error-schema's options accept.
 */
export function addStatusFix(status: string, title = `Add a ${status} error response`) {
  return (ctx: FixContext): FixResult | undefined => {
    const opPath = opPathFromFinding(ctx);
    // An operation, or a `responses`, that is not a mapping is no place to add a response to.
    if (opPath === undefined || !isObject(getAt(ctx.data, opPath))) return undefined;
    const responses = getAt(ctx.data, [...opPath, 'responses']);
    if (responses !== undefined && !isObject(responses)) return undefined;
    const body = configuredErrorBody(ctx);
    const ops = body ? addErrorResponse(ctx, opPath, status, body) : [];
    return ops.length > 0 ? { title, ops } : undefined;
  };
}
