import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import { errorResponses, firstSeen, opLabel, sharedNote, type ErrorResponse } from './_lib/errors';
import { isSchemaNamed } from './_lib/errorSchemas';
import { defineOptions, names } from './_lib/options';
import type { ErrorBodyKind } from './_lib/errorShapes';
import type { Model } from './_lib/oas';

type Shape = Exclude<ErrorBodyKind, 'own'>;

export const options = defineOptions<{ shapes: Shape[]; schemas: string[] }>('error-schema-consistent', {
  shapes: {
    schema: { type: 'array', items: { enum: ['A', 'B', 'problem'] }, uniqueItems: true },
    default: ['A', 'B'],
    description:
      "The error bodies compared, as error-schema names them: 'A' and 'B' (the seed's shapes), 'problem' (RFC 9457 problem details); the one most of the document's error bodies among them have is the document's, and the others are reported.",
    example: ['A', 'B', 'problem'],
  },
  schemas: {
    schema: names,
    default: [],
    description:
      "The team's own error schemas, by name (error-schema's option of the same name), compared beside the shapes: a body that is one of them (or has every property it has) counts as that schema.",
    example: ['basic-error'],
  },
});

/** A body the rule compares: one of the shapes, or one of the team's schemas by name. */
type Body = { shape: Shape } | { schema: string };

const SHAPE_NAMES: Record<Shape, string> = {
  A: 'shape A (status, code, message, errors)',
  B: 'shape B (error)',
  problem: 'RFC 9457 problem details (type, title, status, detail)',
};

const keyOf = (b: Body) => ('shape' in b ? b.shape : `schema ${b.schema}`);
const nameOf = (b: Body) => ('shape' in b ? SHAPE_NAMES[b.shape] : `the schema "${b.schema}"`);

/** What the rule compares, as a message says it: "shape A or B", "shape A, shape B or the schema "basic-error"". */
function comparedText(compared: Body[]): string {
  const short = compared.map(b => ('shape' in b ? (b.shape === 'problem' ? 'problem details' : `shape ${b.shape}`) : `the schema "${b.schema}"`));
  if (short.join() === 'shape A,shape B') return 'shape A or B';
  return short.length === 1 ? short[0] : `${short.slice(0, -1).join(', ')} or ${short[short.length - 1]}`;
}

/** The body an error response is among the compared ones: a team's schema first (it may have a seed's shape too). */
function bodyOf(model: Model, r: ErrorResponse, o: typeof options.defaults): Body | undefined {
  const schema = o.schemas.find(name => isSchemaNamed(model, r.json!.schema, name));
  if (schema !== undefined) return { schema };
  return r.kind !== undefined && r.kind !== 'own' && o.shapes.includes(r.kind) ? { shape: r.kind } : undefined;
}

export default defineRule({
  id: 'error-schema-consistent',
  meta: {
    description: 'All error responses of the document use the same error body shape (the majority shape wins).',
    severity: 'warn',
    fixable: false,
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: modelRule(
    'apiconvErrorSchemaConsistent',
    (model, o) => {
      const compared: Body[] = [...o.shapes.map(shape => ({ shape })), ...o.schemas.map(schema => ({ schema }))];
      const bodies = errorResponses(model).flatMap(r => {
        const body = r.json === undefined ? undefined : bodyOf(model, r, o);
        return body === undefined ? [] : [{ r, body }];
      });
      const counts = new Map<string, number>();
      for (const { body } of bodies) counts.set(keyOf(body), (counts.get(keyOf(body)) ?? 0) + 1);
      // The document's body: the one most bodies are; a tie goes to the one named first (A before B, as error-schema's
      // fix writes A when both are accepted).
      let majority: Body | undefined;
      for (const b of compared) if ((counts.get(keyOf(b)) ?? 0) > (majority === undefined ? 0 : counts.get(keyOf(majority))!)) majority = b;
      if (majority === undefined) return [];
      const count = counts.get(keyOf(majority))!;
      const shaped = bodies.map(b => b.r);
      const isNew = firstSeen();
      return bodies
        .filter(({ r, body }) => keyOf(body) !== keyOf(majority) && isNew(r.json!.schema))
        .map(({ r, body }) => ({
          message: `${opLabel(r.op)}: the ${r.code} response${sharedNote(shaped, r, 'schema')} uses ${nameOf(body)}, but ${count} of the document's ${shaped.length} error responses of ${comparedText(compared)} use ${nameOf(majority)}: use one error body shape across the API.`,
          path: r.json!.path,
        }));
    },
    options,
  ),
});
