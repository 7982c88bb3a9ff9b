import { defineRule, type FixContext, type FixOp, type FixResult } from './types';
import { modelRule, type Finding } from './_lib/ruleFunction';
import { getAt, getModel, isObject, mediaTypeName, type Model } from './_lib/oas';
import { refTo, schemasPath, type ErrorBody } from './_lib/fixes';
import { answersOnlyHtml, errorResponses, firstSeen, opLabel, sharedNote, type ErrorResponse } from './_lib/errors';
import { defineOptions, names } from './_lib/options';
import { majorityOf } from './_lib/majority';
import { configuredErrorBody } from './_lib/errorBody';
import { errorSchemaOfShape, isProblemDetails, objectFields, type ErrorBodyKind } from './_lib/errorShapes';
import { errorBodyTally, isSchemaNamed, mostSharedErrorSchema } from './_lib/errorSchemas';

/** The bodies `shapes` names: every kind of error body but the team's own, which `required` and `schemas` describe. */
type Shape = Exclude<ErrorBodyKind, 'own'>;
type Options = { shapes: Shape[] | 'auto'; required: string[] | null; schemas: string[]; mediaTypes: 'json' | string[] | 'auto'; pages: boolean };

export const options = defineOptions<Options>('error-schema', {
  shapes: {
    schema: { anyOf: [{ type: 'array', items: { enum: ['A', 'B', 'problem'] }, uniqueItems: true }, { const: 'auto' }] },
    default: ['A', 'B'],
    description:
      "The error bodies accepted: 'A' and 'B' (the seed's shapes), 'problem' (RFC 9457 problem details: title with type, status or detail); or 'auto': the one most of the document's error bodies have. An empty list with `required` accepts the team's own schema only.",
    example: ['problem'],
  },
  required: {
    schema: { anyOf: [{ ...names, minItems: 1 }, { type: 'null' }] },
    default: null,
    description:
      "The team's own error schema: the properties an error body must have and require (a body with them is accepted besides the shapes); null: none.",
    example: ['code', 'message', 'request_id'],
  },
  schemas: {
    schema: names,
    default: [],
    description:
      "The team's own error schemas, by name (under components.schemas; Swagger 2 definitions): a body that is one of them, or has every property it has, is accepted besides the shapes; a fix writes a $ref to the first.",
    example: ['basic-error'],
  },
  mediaTypes: {
    schema: { anyOf: [{ const: 'json' }, { ...names, minItems: 1 }, { const: 'auto' }] },
    default: 'json',
    description:
      "The media types an error body may be written in (parameters such as charset left out): 'json' (application/json or any +json type), a list such as [application/problem+json], or 'auto': the one most of the document's error bodies are written in.",
    example: ['application/problem+json'],
  },
  pages: {
    schema: { type: 'boolean' },
    default: false,
    description:
      "Whether an operation that answers only text/html (success and errors alike: a page for a browser, such as OAuth 2.0's /authorize, where a person signs in) is left out: a browser shows its errors as pages, not JSON.",
    example: true,
  },
});

const SHAPE_NAMES: Record<Shape, string> = { A: 'shape A', B: 'shape B', problem: 'RFC 9457 problem details (title with type, status or detail)' };

/**
 * The options a check runs with, `auto` settled by the document's majority (with the counts a message gives); an
 * `auto` without a majority (or whose majority is the team's own body) accepts any body, any JSON type.
 */
interface Settled {
  shapes: Shape[] | 'any';
  required: string[] | null;
  schemas: string[];
  mediaTypes: 'json' | string[];
  /** Who has the shape `auto` chose: "40 of the document's 43 error responses with a JSON body have". */
  shapesWhy?: string;
  /** Who writes the media type `auto` chose: "40 of the document's 43 error responses with a JSON body are application/problem+json". */
  mediaTypesWhy?: string;
}

function settle(model: Model, o: Options): Settled {
  const out: Settled = {
    shapes: o.shapes === 'auto' ? 'any' : o.shapes,
    required: o.required,
    schemas: o.schemas,
    mediaTypes: o.mediaTypes === 'auto' ? 'json' : o.mediaTypes,
  };
  if (o.shapes === 'auto') {
    const t = errorBodyTally(model).kinds;
    const top = majorityOf(t);
    if (top !== undefined && top.value !== 'own') {
      out.shapes = [top.value as Shape];
      out.shapesWhy = `${top.count} of the document's ${t.total} ${t.what} have`;
    }
  }
  if (o.mediaTypes === 'auto') {
    const t = errorBodyTally(model).mediaTypes;
    const top = majorityOf(t);
    if (top !== undefined) {
      out.mediaTypes = [top.value];
      out.mediaTypesWhy = `${top.count} of the document's ${t.total} ${t.what} are ${top.value}`;
    }
  }
  return out;
}

/** Whether the schema has and requires every one of `required`. */
function hasRequired(schema: unknown, required: string[]): boolean {
  const fields = objectFields(schema);
  if (fields === undefined) return false;
  const { properties: props, required: req } = fields;
  return required.every(k => props[k] !== undefined && req.includes(k));
}

/** Whether the error body's schema is one the options accept. */
function accepted(r: ErrorResponse, o: Settled, model: Model): boolean {
  const schema = r.json?.schema;
  if (o.shapes === 'any') return true;
  return (
    (r.kind !== undefined && r.kind !== 'own' && o.shapes.includes(r.kind)) ||
    (o.shapes.includes('problem') && isProblemDetails(schema, model.root)) ||
    (o.required !== null && hasRequired(schema, o.required)) ||
    o.schemas.some(name => isSchemaNamed(model, schema, name))
  );
}

/** The accepted bodies, as a message says them. */
function acceptedNames(o: Settled): string {
  if (o.shapes === 'any') return 'a JSON body';
  const list = o.shapes.map(s => SHAPE_NAMES[s]);
  if (o.required !== null) list.push(`an object requiring ${o.required.join(', ')}`);
  for (const name of o.schemas) list.push(`the schema "${name}"`);
  return list.join(', or ');
}

const SHAPE_A = 'shape A (status string, code integer, message string, errors object of strings; status, code, message required)';
const SHAPE_B = 'shape B (error string, required)';

/** What keeps a schema from the error shape it is closest to. */
function shapeGaps(schema: unknown): string {
  const fields = objectFields(schema);
  if (fields === undefined) return 'it is not an object schema';
  const { properties: props, required } = fields;
  const typeIs = (k: string, t: string) => {
    const p = props[k];
    return isObject(p) && (p.type === t || (Array.isArray(p.type) && p.type.includes(t)));
  };
  const gaps: string[] = [];
  if (props.error !== undefined && props.status === undefined) {
    if (!typeIs('error', 'string')) gaps.push('"error" is not a string');
    if (!required.includes('error')) gaps.push('"error" is not required');
    return `${gaps.join(', ')} (${SHAPE_B})`;
  }
  for (const [k, t] of [
    ['status', 'string'],
    ['code', 'integer'],
    ['message', 'string'],
  ] as const) {
    if (props[k] === undefined) gaps.push(`"${k}" is missing`);
    else {
      if (!typeIs(k, t)) gaps.push(`"${k}" is not ${t === 'integer' ? 'an' : 'a'} ${t}`);
      if (!required.includes(k)) gaps.push(`"${k}" is not required`);
    }
  }
  if (props.errors !== undefined && !typeIs('errors', 'object')) gaps.push('"errors" is not an object');
  return `${gaps.join(', ')} (${SHAPE_A}, or ${SHAPE_B})`;
}

export default defineRule({
  id: 'error-schema',
  meta: {
    description: 'Every error response has an application/json body of one of the conventional error shapes (A or B).',
    severity: 'warn',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: modelRule(
    'apiconvErrorSchema',
    (model, set) => {
      const o = settle(model, set);
      const seed =
        o.required === null &&
        o.schemas.length === 0 &&
        o.mediaTypes === 'json' &&
        o.shapes !== 'any' &&
        o.shapes.length === 2 &&
        o.shapes.includes('A') &&
        o.shapes.includes('B');
      const out: Finding[] = [];
      const newResponse = firstSeen();
      const newSchema = firstSeen();
      const all = errorResponses(model);
      for (const r of all) {
        if (set.pages && answersOnlyHtml(r.op, model.spec, model.root)) continue;
        if (!newResponse(r.response)) continue;
        if (r.json === undefined) {
          out.push({
            message: seed
              ? `${opLabel(r.op)}: the ${r.code} response${sharedNote(all, r, 'response')} has no JSON error body: give it application/json content that references the shared Error schema.`
              : `${opLabel(r.op)}: the ${r.code} response${sharedNote(all, r, 'response')} has no JSON error body: give it ${acceptedNames(o)}${o.shapesWhy ? `, which ${o.shapesWhy}` : ''}.`,
            path: r.path,
          });
          continue;
        }
        if (o.mediaTypes !== 'json' && !o.mediaTypes.map(mediaTypeName).includes(mediaTypeName(r.json.mediaType))) {
          const want = o.mediaTypes.length === 1 ? `send it as "${o.mediaTypes[0]}"` : `send it as one of ${o.mediaTypes.map(t => `"${t}"`).join(', ')}`;
          out.push({
            message: o.mediaTypesWhy
              ? `${opLabel(r.op)}: the ${r.code} response${sharedNote(all, r, 'response')} writes its error body as ${r.json.mediaType}, but ${o.mediaTypesWhy}: ${want}.`
              : `${opLabel(r.op)}: the ${r.code} response${sharedNote(all, r, 'response')} writes its error body as ${r.json.mediaType}, not as the API's error bodies are: ${want}.`,
            path: model.spec === 'oas3' ? r.json.path.slice(0, -1) : r.path,
          });
        }
        if (!accepted(r, o, model) && newSchema(r.json.schema)) {
          out.push({
            message: seed
              ? `${opLabel(r.op)}: the ${r.code} response body${sharedNote(all, r, 'schema')} is not a conventional error: ${shapeGaps(r.json.schema)}.`
              : o.shapesWhy
                ? `${opLabel(r.op)}: the ${r.code} response body${sharedNote(all, r, 'schema')} is not ${acceptedNames(o)}, which ${o.shapesWhy}.`
                : `${opLabel(r.op)}: the ${r.code} response body${sharedNote(all, r, 'schema')} is none of the API's error bodies: ${acceptedNames(o)}.`,
            path: r.json.path,
          });
        }
      }
      return out;
    },
    options,
  ),
  fix(ctx) {
    if (ctx.message.includes('writes its error body as')) return mediaTypeFix(ctx);
    // The body error-schema's options accept that a fix can write: none for a team's body that only `required`
    // describes (it is theirs to write). Under `auto` the finding names the shape the document's majority chose.
    const chosen =
      ctx.options.shapes === 'auto' ? (Object.keys(SHAPE_NAMES) as Shape[]).filter(k => ctx.message.includes(`${SHAPE_NAMES[k]}, which `)) : undefined;
    const body = configuredErrorBody(ctx, chosen);
    if (body === undefined) return undefined;
    const last = ctx.path[ctx.path.length - 1];
    const base = schemasPath(ctx.spec);
    const shared = ctx.isRoot || body.inline === undefined ? body.shared(ctx) : undefined;
    if (ctx.path.length === base.length + 1 && base.every((s, i) => ctx.path[i] === s)) {
      // The finding is on a shared schema used as an error body: give it the accepted body (the team's schema: a `$ref` to it).
      const value = body.inline ?? (shared && { $ref: shared.ref });
      return value && { title: `Give schema "${String(last)}" ${BODY_TITLES[body.kind].give(body)}`, ops: [{ kind: 'set', path: ctx.path, value }] };
    }
    let schemaValue: unknown;
    const ops: FixOp[] = [];
    const seedShape = body.kind === 'A' || body.kind === 'B' ? body.kind : undefined;
    const referenced = ctx.isRoot && seedShape && shared && shared.ops.length > 0 ? mostSharedErrorSchema(getModel(ctx.data)) : undefined;
    if (seedShape && referenced !== undefined && isObject(getAt(ctx.data, [...base, referenced]))) {
      // No conventional schema yet, but error bodies already share one: make that one conventional and use it
      // (the same edit as the fix of the finding on that schema).
      ops.push({ kind: 'set', path: [...base, referenced], value: errorSchemaOfShape(seedShape) });
      schemaValue = { $ref: refTo([...base, referenced]) };
    } else if (shared !== undefined) {
      ops.push(...shared.ops);
      schemaValue = { $ref: shared.ref };
    } else if (!ctx.isRoot && body.inline !== undefined) schemaValue = body.inline;
    else return undefined;
    if (last === 'schema') ops.push({ kind: 'set', path: ctx.path, value: schemaValue });
    else if (ctx.spec === 'oas2') ops.push({ kind: 'set', path: [...ctx.path, 'schema'], value: schemaValue });
    else ops.push({ kind: 'set', path: [...ctx.path, 'content', body.mediaType, 'schema'], value: schemaValue });
    return { title: `Use ${BODY_TITLES[body.kind].use(body)} as the error body`, ops };
  },
});

/** How a fix's title names the body it writes: as the shape it gives a schema, and as the schema it uses. */
const BODY_TITLES: Record<ErrorBody['kind'], { give: (b: ErrorBody) => string; use: (b: ErrorBody) => string }> = {
  A: { give: () => 'the conventional error shape A', use: () => 'the shared Error schema' },
  B: { give: () => 'the conventional error shape B', use: () => 'the shared Error schema' },
  problem: { give: () => 'the shape of RFC 9457 problem details', use: () => 'the shared problem details schema' },
  own: { give: b => `a $ref to the schema "${b.schemaName}"`, use: b => `the schema "${b.schemaName}"` },
};

/** An OpenAPI 3 error body in another media type than the one the API writes its errors in: its content key renamed. */
function mediaTypeFix(ctx: FixContext): FixResult | undefined {
  const to = /: send it as "([^"]+)"\.$/.exec(ctx.message)?.[1];
  const from = ctx.path[ctx.path.length - 1];
  if (to === undefined || ctx.spec !== 'oas3' || ctx.path[ctx.path.length - 2] !== 'content' || typeof from !== 'string') return undefined;
  const content = getAt(ctx.data, ctx.path.slice(0, -1));
  // A body already written in that type beside it: which of the two stays is the team's call.
  if (!isObject(content) || content[to] !== undefined) return undefined;
  return { title: `Write the error body as ${to}`, ops: [{ kind: 'rename', path: ctx.path, to }] };
}
