/**
 * Spectral's `duplicated-entry-in-enum` rule (same id, JSONPath, message and options), with a function that does
 * what Spectral's `oasSchema` does but prepares the rule's schema once rather than at every call.
 *
 * Why: on an OpenAPI 2 document `oasSchema` deep-clones its schema option (to turn `x-nullable` into `nullable`)
 * at every call, and Spectral's `schema` function keeps compiled validators by schema object: every enum of a
 * Swagger document compiled `{type: array, uniqueItems: true}` anew (slack-web: 553 Ajv compiles, a tenth of the
 * lint). On OpenAPI 3.1 its Ajv instances, made for each lint, compile the draft 2020-12 meta-schema first
 * (rebilly: a tenth of a second, for enums that are all fine). Here the prepared copy is kept per schema object and
 * validated as the example rules validate (exampleValidators.ts: the quick verdict first, then Ajv configured as
 * Spectral configures it, its validators kept for the process, the errors worded as Spectral's `schema` words
 * them), so the findings and their messages are the same (test/engine/enumRule.test.ts).
 */
import { oas } from '@stoplight/spectral-rulesets';
import { createRulesetFunction, type IFunctionResult, type RulesetFunctionContext } from '@stoplight/spectral-core';
import { schema as schemaFunction } from '@stoplight/spectral-functions';
import { oas2, oas3_0, oas3_1, oas3_2, extractDraftVersion } from '@stoplight/spectral-formats';
import { isPlainObject, pointerToPath } from '@stoplight/json';
import traverse from 'json-schema-traverse';
import { schemaDigest, validateExample } from './exampleValidators';

type Obj = Record<string, unknown>;

export const ENUM_RULE = 'duplicated-entry-in-enum';

/** The schema as `oasSchema` hands it to `schema` on an OpenAPI 2 document: `x-nullable: true` read as `nullable: true`. */
const oas2Copies = new WeakMap<object, Obj>();
function oas2Copy(schema: Obj): Obj {
  let copy = oas2Copies.get(schema);
  if (copy === undefined) {
    copy = JSON.parse(JSON.stringify(schema)) as Obj;
    traverse(copy, ((s: Obj) => {
      if (s['x-nullable'] === true) {
        s.nullable = true;
        delete s['x-nullable'];
      }
    }) as never);
    oas2Copies.set(schema, copy);
  }
  return copy;
}

/** A schema's digest for the shared validators, or undefined when it has an id (ids are global in an Ajv instance: Spectral's own then). */
const digests = new WeakMap<object, string | null>();
function digestOf(schema: Obj): string | undefined {
  let d = digests.get(schema);
  if (d === undefined) {
    const text = JSON.stringify(schema);
    d = /"\$?id"\s*:/.test(text) ? null : schemaDigest(text);
    digests.set(schema, d);
  }
  return d ?? undefined;
}

/** A type error at a nullable schema says `,null`, as `oasSchema` words it. */
function nullableTypes(schema: Obj, errors: { keyword: string; schemaPath: string; message?: string }[]): void {
  for (const error of errors) {
    if (error.keyword !== 'type') continue;
    let at: unknown = schema;
    for (const key of pointerToPath(error.schemaPath).slice(0, -1)) {
      if (!isPlainObject(at)) {
        at = undefined;
        break;
      }
      at = (at as Obj)[key as string];
    }
    if (isPlainObject(at) && (at as Obj).nullable === true) error.message += ',null';
  }
}

export const oasSchemaOnce = createRulesetFunction<unknown, { schema: Obj }>(
  {
    input: null,
    options: { type: 'object', properties: { schema: { type: 'object' } }, additionalProperties: false },
  },
  function oasSchemaOnce(targetVal, opts, context: RulesetFunctionContext) {
    const formats = context.document.formats;
    let schema = opts.schema;
    let dialect = 'draft4';
    let prepareResults: ((errors: never[]) => void) | undefined;
    if (!formats) dialect = 'auto';
    else if (formats.has(oas3_2) || formats.has(oas3_1)) {
      const data = context.document.data as Obj | undefined;
      dialect =
        isPlainObject(data) && typeof data.jsonSchemaDialect === 'string' ? (extractDraftVersion(data.jsonSchemaDialect) ?? 'draft2020-12') : 'draft2020-12';
    } else if (formats.has(oas3_0)) {
      const s = schema;
      prepareResults = errors => nullableTypes(s, errors);
    } else if (formats.has(oas2)) {
      const s = (schema = oas2Copy(schema));
      prepareResults = errors => nullableTypes(s, errors);
    }
    const digest = digestOf(schema);
    if (digest === undefined)
      return (schemaFunction as unknown as (v: unknown, o: unknown, c: unknown) => IFunctionResult[] | void)(
        targetVal,
        { ...opts, schema, prepareResults, dialect },
        context,
      );
    return validateExample(targetVal, schema, digest, dialect, context.path, prepareResults as never, context.rule?.resolved === true);
  },
);
// The same inputs give the same results as `oasSchema`, which the engine runs unit by unit and memoizes (engine/run/functions.ts).
Object.defineProperty(oasSchemaOnce, Symbol.for('apiconv.localFunction'), { value: true });
Object.defineProperty(oasSchemaOnce, Symbol.for('apiconv.memoFunction'), { value: true });

/** The rule's definition with this function. */
export function enumRule(): Record<string, unknown> {
  const def = (oas as unknown as { rules: Record<string, Record<string, unknown>> }).rules[ENUM_RULE]!;
  const then = def.then as Record<string, unknown>;
  return { [ENUM_RULE]: { ...def, then: { ...then, function: oasSchemaOnce } } };
}
