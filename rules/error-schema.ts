import { defineRule, type FixOp } from './types';
import { modelRule, type Finding } from './_lib/ruleFunction';
import { getAt, isObject, type Obj } from './_lib/oas';
import { documentErrorShape, ensureErrorSchema, errorSchemaOfShape, referencedErrorSchemaName, refTo, schemasPath } from './_lib/fixes';
import { errorResponses, firstSeen, opLabel, sharedNote } from './_lib/errors';

const SHAPE_A = 'shape A (status string, code integer, message string, errors object of strings; status, code, message required)';
const SHAPE_B = 'shape B (error string, required)';

/** What keeps a schema from the error shape it is closest to. */
function shapeGaps(schema: unknown): string {
  if (!isObject(schema)) return 'it is not an object schema';
  const props: Obj = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
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
  for (const [k, t] of [['status', 'string'], ['code', 'integer'], ['message', 'string']] as const) {
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
  spectral: modelRule('apiconvErrorSchema', model => {
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
          message: `${opLabel(r.op)}: the ${r.code} response${sharedNote(all, r, 'response')} has no JSON error body: give it application/json content that references the shared Error schema.`,
          path: r.path,
        });
      } else if (r.shape === undefined && newSchema(r.json.schema)) {
        out.push({
          message: `${opLabel(r.op)}: the ${r.code} response body${sharedNote(all, r, 'schema')} is not a conventional error: ${shapeGaps(r.json.schema)}.`,
          path: r.json.path,
        });
      }
    }
    return out;
  }),
  fix(ctx) {
    const last = ctx.path[ctx.path.length - 1];
    const shape = documentErrorShape(ctx.data, ctx.spec) ?? 'A';
    const base = schemasPath(ctx.spec);
    const isNamedSchema = ctx.path.length === base.length + 1 && base.every((s, i) => ctx.path[i] === s);
    if (isNamedSchema) {
      // The finding is on a shared schema used as an error body: give it the conventional shape.
      return { title: `Give schema "${String(last)}" the conventional error shape ${shape}`, ops: [{ kind: 'set', path: ctx.path, value: errorSchemaOfShape(shape) }] };
    }
    let schemaValue: unknown;
    const ops: FixOp[] = [];
    if (ctx.isRoot) {
      const s = ensureErrorSchema(ctx, shape);
      const referenced = referencedErrorSchemaName(ctx.data, ctx.spec);
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
      schemaValue = errorSchemaOfShape(shape);
    }
    if (last === 'schema') ops.push({ kind: 'set', path: ctx.path, value: schemaValue });
    else if (ctx.spec === 'oas2') ops.push({ kind: 'set', path: [...ctx.path, 'schema'], value: schemaValue });
    else ops.push({ kind: 'set', path: [...ctx.path, 'content', 'application/json', 'schema'], value: schemaValue });
    return { title: 'Use the shared Error schema as the error body', ops };
  },
});
