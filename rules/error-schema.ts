import { defineRule, type FixOp } from './types';
import { modelRule, type Finding } from './_lib/ruleFunction';
import { getAt, isObject } from './_lib/oas';
import { documentErrorShape, ensureErrorSchema, errorSchemaOfShape, objectFields, referencedErrorSchemaName, refTo, schemasPath } from './_lib/fixes';
import { errorResponses, firstSeen, opLabel, sharedNote, type ErrorResponse } from './_lib/errors';
import { defineOptions, names } from './_lib/options';
import { configuredErrorBody, isProblemDetails } from './_lib/errorBody';
import { isSchemaNamed } from './_lib/errorSchemas';
import type { Model } from './_lib/oas';

type Shape = 'A' | 'B' | 'problem';

interface ErrorSchemaOptions {
  shapes: Shape[];
  required: string[] | null;
  schemas: string[];
}

export const options = defineOptions<ErrorSchemaOptions>('error-schema', {
  shapes: {
    schema: { type: 'array', items: { enum: ['A', 'B', 'problem'] }, uniqueItems: true },
    default: ['A', 'B'],
    description:
      "The error bodies accepted: 'A' and 'B' (the seed's shapes), 'problem' (RFC 9457 problem details: title with type, status or detail). An empty list with `required` accepts the team's own schema only.",
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
      "The team's own error schemas, by name (under components.schemas; Swagger 2 definitions): a body that is one of them, or has every property it has, is accepted besides the shapes.",
    example: ['basic-error'],
  },
});

const SHAPE_NAMES: Record<Shape, string> = { A: 'shape A', B: 'shape B', problem: 'RFC 9457 problem details (title with type, status or detail)' };

/** Whether the schema has and requires every one of `required`. */
function hasRequired(schema: unknown, required: string[]): boolean {
  const fields = objectFields(schema);
  if (fields === undefined) return false;
  const { properties: props, required: req } = fields;
  return required.every(k => props[k] !== undefined && req.includes(k));
}

/** Whether the error body's schema is one the options accept. */
function accepted(r: ErrorResponse, o: ErrorSchemaOptions, model: Model): boolean {
  const schema = r.json?.schema;
  return (
    (r.shape !== undefined && o.shapes.includes(r.shape)) ||
    (o.shapes.includes('problem') && isProblemDetails(schema)) ||
    (o.required !== null && hasRequired(schema, o.required)) ||
    o.schemas.some(name => isSchemaNamed(model, schema, name))
  );
}

/** The accepted bodies, as a message says them. */
function acceptedNames(o: ErrorSchemaOptions): string {
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
    (model, o) => {
      const seed = o.required === null && o.schemas.length === 0 && o.shapes.length === 2 && o.shapes.includes('A') && o.shapes.includes('B');
      const out: Finding[] = [];
      const newResponse = firstSeen();
      const newSchema = firstSeen();
      const all = errorResponses(model);
      for (const r of all) {
        // A response to HEAD has no body (RFC 9110 §9.3.2): its error responses are not asked for one.
        if (r.op.method === 'head') continue;
        if (!newResponse(r.response)) continue;
        if (r.json === undefined) {
          out.push({
            message: seed
              ? `${opLabel(r.op)}: the ${r.code} response${sharedNote(all, r, 'response')} has no JSON error body: give it application/json content that references the shared Error schema.`
              : `${opLabel(r.op)}: the ${r.code} response${sharedNote(all, r, 'response')} has no JSON error body: give it ${acceptedNames(o)}.`,
            path: r.path,
          });
        } else if (!accepted(r, o, model) && newSchema(r.json.schema)) {
          out.push({
            message: seed
              ? `${opLabel(r.op)}: the ${r.code} response body${sharedNote(all, r, 'schema')} is not a conventional error: ${shapeGaps(r.json.schema)}.`
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
    // The body error-schema's options accept that a fix can write: none for a team's own schema (it is theirs to write).
    const body = configuredErrorBody(ctx.optionsOf);
    if (body === undefined) return undefined;
    const last = ctx.path[ctx.path.length - 1];
    const base = schemasPath(ctx.spec);
    const isNamedSchema = ctx.path.length === base.length + 1 && base.every((s, i) => ctx.path[i] === s);
    const seedShapes = body.mediaType === 'application/json';
    const shapes = (ctx.options.shapes as Shape[]).filter((x): x is 'A' | 'B' => x === 'A' || x === 'B');
    const shape = shapes.length === 1 ? shapes[0] : (documentErrorShape(ctx.data, ctx.spec) ?? 'A');
    const named = seedShapes ? `the conventional error shape ${shape}` : 'the shape of RFC 9457 problem details';
    if (isNamedSchema) {
      // The finding is on a shared schema used as an error body: give it the accepted shape.
      return {
        title: `Give schema "${String(last)}" ${named}`,
        ops: [{ kind: 'set', path: ctx.path, value: seedShapes ? errorSchemaOfShape(shape) : body.inline }],
      };
    }
    let schemaValue: unknown;
    const ops: FixOp[] = [];
    if (ctx.isRoot) {
      const s = seedShapes ? ensureErrorSchema(ctx, shape) : body.shared(ctx);
      const referenced = seedShapes ? referencedErrorSchemaName(ctx.data, ctx.spec) : undefined;
      if (s.ops.length > 0 && referenced !== undefined && isObject(getAt(ctx.data, [...base, referenced]))) {
        // No conventional schema yet, but error bodies already share one: make that one conventional and use it
        // (the same edit as the fix of the finding on that schema).
        ops.push({ kind: 'set', path: [...base, referenced], value: errorSchemaOfShape(shape) });
        schemaValue = { $ref: refTo([...base, referenced]) };
      } else {
        ops.push(...s.ops);
        schemaValue = { $ref: s.ref };
      }
    } else {
      schemaValue = seedShapes ? errorSchemaOfShape(shape) : body.inline;
    }
    if (last === 'schema') ops.push({ kind: 'set', path: ctx.path, value: schemaValue });
    else if (ctx.spec === 'oas2') ops.push({ kind: 'set', path: [...ctx.path, 'schema'], value: schemaValue });
    else ops.push({ kind: 'set', path: [...ctx.path, 'content', body.mediaType, 'schema'], value: schemaValue });
    return { title: seedShapes ? 'Use the shared Error schema as the error body' : 'Use the shared problem details schema as the error body', ops };
  },
});
