/**
 * The validation function behind the four spectral:oas example rules
 * (`oas{2,3}-valid-{schema,media}-example`), with the same inputs, options,
 * validation items, schema preparation and messages as Spectral's `oasExample`
 * + `oasSchema`, but preparing (cloning, cleaning, relaxing `required`) each
 * distinct schema ONCE per lint instead of once per example.
 *
 * Why: Spectral deep-clones the schema on every call, so the Ajv validator cache
 * of `@stoplight/spectral-functions`' `schema` (keyed by schema object) never
 * hits and every example compiles a new validator: tens of thousands of compiles and
 * most of the lint's time on github-api. Here the prepared schema is cached per
 * (source schema object, preparation flags), so the `schema` function's cache
 * hits and each distinct schema is compiled once. Validation itself is still
 * Spectral's `schema` function (Ajv + better-ajv-errors), so messages are the same.
 * test/engine/examples.test.ts compares the findings with Spectral's own rules.
 */
import { createRulesetFunction, type IFunctionResult, type RulesetFunctionContext } from '@stoplight/spectral-core';
import { schema as schemaFunction } from '@stoplight/spectral-functions';
import { oas2, oas3_0, oas3_1, oas3_2, extractDraftVersion } from '@stoplight/spectral-formats';
import traverse from 'json-schema-traverse';
import type { JsonPath } from '../types';
import { cacheable, schemaDigest, validateExample } from './exampleValidators';
import { quickVerdict } from './exampleVerdict';
import { preparedShared } from './exampleSchemaAsIs';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Options {
  oasVersion: 2 | 3;
  schemaField: string;
  type: 'media' | 'schema';
}

const MEDIA_ITEMS = {
  2: [{ field: 'examples', multiple: true, keyed: false }],
  3: [
    { field: 'example', multiple: false, keyed: false },
    { field: 'examples', multiple: true, keyed: true },
  ],
} as const;

const SCHEMA_ITEMS = { 2: ['example', 'x-example', 'default'], 3: ['example', 'default'] } as const;

const REQUEST_MEDIA = {
  2: [] as string[][],
  3: [
    ['components', 'requestBodies'],
    ['paths', '*', '*', 'requestBody'],
  ],
};
const RESPONSE_MEDIA = {
  2: [['responses'], ['paths', '*', '*', 'responses']],
  3: [
    ['components', 'responses'],
    ['paths', '*', '*', 'responses'],
  ],
};

const under = (path: JsonPath, prefixes: string[][]) => prefixes.some(p => p.every((seg, i) => seg === '*' || seg === path[i]));

function* mediaItems(target: Obj, path: JsonPath, version: 2 | 3): Generator<{ value: unknown; path: JsonPath }> {
  for (const { field, keyed, multiple } of MEDIA_ITEMS[version]) {
    if (!(field in target)) continue;
    const value = target[field];
    if (!multiple) {
      yield { value, path: [...path, field] };
      return;
    }
    if (!isObj(value)) continue;
    for (const key of Object.keys(value)) {
      const example = value[key];
      if (version === 3 && keyed && (!isObj(example) || 'externalValue' in example)) continue;
      yield keyed ? { value: (example as Obj).value, path: [...path, field, key, 'value'] } : { value: example, path: [...path, field, key] };
    }
    return;
  }
}

function* schemaItems(target: Obj, path: JsonPath, version: 2 | 3): Generator<{ value: unknown; path: JsonPath }> {
  for (const field of SCHEMA_ITEMS[version]) if (field in target) yield { value: target[field], path: [...path, field] };
}

const KNOWN_KEYWORDS = new Set([
  ...Object.keys((traverse as unknown as { keywords: Obj }).keywords),
  ...Object.keys((traverse as unknown as { arrayKeywords: Obj }).arrayKeywords),
  ...Object.keys((traverse as unknown as { propsKeywords: Obj }).propsKeywords),
]);

/**
 * Clone + the same clean-up and `required` relaxation Spectral applies before validating; with whether the result
 * has an `$id`, or a draft-4 style string `id`, where Ajv looks for ids. Ajv's getSchemaRefs walks a schema it
 * compiles as the first walk below does (json-schema-traverse with `allKeys`: every schema position, and the objects
 * under any other key, not the items of an array under another key), and the later steps add no id. An `id` in an
 * example's array (`example: {incidents: [{id: "P1"}]}`) is no id to Ajv: a search of the schema's text for
 * `"id": "` took every such schema to Spectral's own `schema` function, which compiles the whole schema for each
 * example (pagerduty-rest: 30 examples, about half of the lint's time).
 */
export function prepare(
  source: Obj,
  oas2Doc: boolean,
  relaxReadOnly: boolean,
  relaxWriteOnly: boolean,
): { schema: Obj; ids: { any: boolean; draft4: boolean } } {
  let schema: Obj = source;
  if (oas2Doc && typeof schema.required === 'boolean') {
    schema = { ...schema };
    delete schema.required;
  }
  schema = JSON.parse(JSON.stringify(schema)) as Obj;
  const ids = { any: false, draft4: false };
  traverse(schema, { allKeys: true }, ((fragment: Obj, _ptr: string, _root: Obj, _parentPtr?: string, parentKeyword?: string) => {
    if (parentKeyword !== undefined && !KNOWN_KEYWORDS.has(parentKeyword) && ('id' in fragment || '$id' in fragment)) delete fragment.id;
    if ('$id' in fragment) ids.any = true;
    if (typeof fragment.id === 'string') ids.draft4 = true;
  }) as never);
  if (relaxReadOnly || relaxWriteOnly) {
    const notPtrs: string[] = [];
    traverse(schema, {}, ((fragment: Obj, ptr: string, _root: Obj, parentPtr?: string, parentKeyword?: string, parent?: Obj, prop?: string) => {
      if (parentKeyword === 'not') {
        notPtrs.push(ptr);
        return;
      }
      if (parentPtr !== undefined && notPtrs.some(n => parentPtr === n || parentPtr.startsWith(`${n}/`))) return;
      if ((fragment.readOnly === true && relaxReadOnly) || (fragment.writeOnly === true && relaxWriteOnly)) {
        if (parentKeyword === 'properties' && parent && (parent.required === undefined || Array.isArray(parent.required))) {
          parent.required = (parent.required as string[] | undefined)?.filter(p => p !== prop);
          if ((parent.required as string[] | undefined)?.length === 0) delete parent.required;
        }
      }
    }) as never);
  }
  if (oas2Doc) {
    traverse(schema, ((s: Obj) => {
      if (s['x-nullable'] === true) {
        s.nullable = true;
        delete s['x-nullable'];
      }
    }) as never);
  }
  return { schema, ids };
}

function pointerToPath(pointer: string): string[] {
  return pointer
    .replace(/^#?\/?/, '')
    .split('/')
    .filter(s => s !== '')
    .map(s => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Spectral's `rewriteNullable`: a type error on a nullable schema says `,null`. */
function rewriteNullable(schema: Obj, errors: { keyword: string; schemaPath: string; message?: string }[]): void {
  for (const error of errors) {
    if (error.keyword !== 'type') continue;
    let value: unknown = schema;
    for (const seg of pointerToPath(error.schemaPath).slice(0, -1)) {
      if (!isObj(value)) {
        value = undefined;
        break;
      }
      value = value[seg];
    }
    if (isObj(value) && value.nullable === true) error.message += ',null';
  }
}

// Prepared schemas, per source schema object and preparation flags. Keys are objects
// of one lint's resolved document, so entries go with it.
/**
 * A prepared schema, with a digest of its JSON text (the text itself is not kept: it can be large); for a schema
 * shared with the source (preparedShared), the digest is taken when a compile first needs it.
 */
interface Prepared {
  schema: Obj;
  digest: string | undefined;
  /** Has an `$id`, or a draft-4 `id`, anywhere: such schemas are not compiled into the shared cache. */
  ids: { any: boolean; draft4: boolean };
}

const prepared = new WeakMap<object, Map<string, Prepared>>();
// Structurally equal prepared schemas with ids, per lint (keyed by the document inventory): Spectral's
// own `schema` function, which compiles them, keeps one validator per schema object; one canonical
// object per distinct schema text lets its cache hit for all of them.
const canonical = new WeakMap<object, Map<string, Prepared>>();

export const oasExampleOnce = createRulesetFunction<Obj, Options>(
  {
    input: { type: 'object' },
    options: {
      type: 'object',
      properties: { oasVersion: { enum: [2, 3] }, schemaField: { type: 'string' }, type: { enum: ['media', 'schema'] } },
      additionalProperties: false,
    },
  },
  function oasExampleOnce(target, opts, context: RulesetFunctionContext) {
    const formats = context.document.formats;
    const source = opts.schemaField === '$' ? target : target[opts.schemaField];
    if (!isObj(source)) return;
    const oas2Doc = formats?.has(oas2) === true;
    const relaxR = opts.type === 'media' && under(context.path, REQUEST_MEDIA[opts.oasVersion]);
    const relaxW = opts.type === 'media' && under(context.path, RESPONSE_MEDIA[opts.oasVersion]);
    const key = `${oas2Doc ? 2 : 3}${relaxR ? 'r' : ''}${relaxW ? 'w' : ''}`;
    let byKey = prepared.get(source);
    let entry = byKey?.get(key);
    const shared = entry === undefined ? preparedShared(source, oas2Doc, relaxR, relaxW) : undefined;
    if (shared !== undefined) {
      // No id, and JSON keeps the schema as it is: the prepared schema shares what the preparation leaves as it is
      // (the schema itself when that is all of it), compiled (when needed) under the digest its copy would have had.
      entry = { schema: shared, digest: undefined, ids: { any: false, draft4: false } };
      if (!byKey) prepared.set(source, (byKey = new Map()));
      byKey.set(key, entry);
    } else if (entry === undefined) {
      const { schema: fresh, ids } = prepare(source, oas2Doc, relaxR, relaxW);
      if (!ids.any && !ids.draft4) {
        // Compiled into the shared cache, by digest: which object stands for a text does not matter there, and the
        // digest is taken when a compile needs it.
        entry = { schema: fresh, digest: undefined, ids };
      } else {
        // Spectral's own `schema` function compiles it, once per object: one object per distinct text.
        const digest = schemaDigest(JSON.stringify(fresh));
        let byDigest = canonical.get(context.documentInventory);
        if (!byDigest) canonical.set(context.documentInventory, (byDigest = new Map()));
        entry = byDigest.get(digest);
        if (!entry) byDigest.set(digest, (entry = { schema: fresh, digest, ids }));
      }
      if (!byKey) prepared.set(source, (byKey = new Map()));
      byKey.set(key, entry);
    }
    const { schema, ids } = entry;
    const prep = entry;
    const digest = (): string => (prep.digest ??= schemaDigest(JSON.stringify(prep.schema)));

    let dialect = 'draft4';
    let prepareResults: ((errors: never[]) => void) | undefined;
    if (!formats) dialect = 'auto';
    else if (formats.has(oas3_2) || formats.has(oas3_1)) {
      const data = context.document.data as Obj | undefined;
      dialect = isObj(data) && typeof data.jsonSchemaDialect === 'string' ? (extractDraftVersion(data.jsonSchemaDialect) ?? 'draft2020-12') : 'draft2020-12';
    } else if (formats.has(oas3_0) || formats.has(oas2)) {
      const s = schema;
      prepareResults = (errors: never[]) => rewriteNullable(s, errors);
    }

    const items = opts.type === 'schema' ? schemaItems(target, context.path, opts.oasVersion) : mediaItems(target, context.path, opts.oasVersion);
    const useCache = cacheable(ids, dialect);
    let results: IFunctionResult[] | undefined;
    for (const item of items) {
      // A schema with an `$id` goes to Spectral's own `schema` function (ids are global in an Ajv instance); an
      // example it would surely accept needs no compile there either (exampleVerdict.ts; validateExample asks too).
      if (!useCache && quickVerdict(schema, item.value, dialect) === true) continue;
      const r = useCache
        ? validateExample(item.value, schema, digest, dialect, item.path, prepareResults as never, context.rule?.resolved === true)
        : (schemaFunction as unknown as (v: unknown, o: unknown, c: unknown) => IFunctionResult[] | void)(
            item.value,
            { schema, dialect, prepareResults },
            { ...context, path: item.path },
          );
      if (Array.isArray(r) && r.length > 0) (results ??= []).push(...r);
    }
    return results;
  },
);
