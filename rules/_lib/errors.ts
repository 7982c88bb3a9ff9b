/**
 * Helpers of the Errors rules: the error responses of a document, their JSON
 * bodies and what those bodies are (errorShapes.ts).
 *
 * Works on the resolved document, and on the unresolved one a fix reads (local
 * `$ref`s to responses and schemas are followed). Spectral inlines every `$ref`
 * by reusing the target object, so a response or schema shared through
 * `components` is the SAME object everywhere it is used; rules dedupe their
 * findings by that identity (`firstSeen`) so a problem in a shared object is
 * reported once.
 */
import type { JsonPath, Spec } from '../types';
import { bodyKindOf, type ErrorBodyKind } from './errorShapes';
import { HTTP_METHODS, isErrorStatus, isJsonMediaType, isObject, resolveLocal, type Model, type Obj, type Operation } from './oas';

export interface JsonBody {
  mediaType: string;
  schema: unknown;
  /** Path of the schema (OAS 3 `content/<mt>/schema`, Swagger 2 `schema`). */
  path: JsonPath;
}

export interface ErrorResponse {
  op: Operation;
  /** The status key (`404`, `4XX`, `default`). */
  code: string;
  /** The resolved response object. */
  response: unknown;
  /** [...op.path, 'responses', code] */
  path: JsonPath;
  /** The first JSON body that has a schema, if any. */
  json: JsonBody | undefined;
  /** What that body's schema is; undefined without one. */
  kind: ErrorBodyKind | undefined;
}

/** The JSON path a finding about an operation's responses points at: the `responses` key, else the operation. */
export function responsesPathOf(op: Operation): JsonPath {
  return op.responses !== undefined ? [...op.path, 'responses'] : op.path;
}

/** Swagger 2: the media types an operation produces (operation, else root; undefined when none is declared). */
function producesOf(op: Operation, root: Obj): unknown[] | undefined {
  if (Array.isArray(op.value.produces)) return op.value.produces;
  if (Array.isArray(root.produces)) return root.produces;
  return undefined;
}

/**
 * Whether an operation answers only with pages for a browser: every media type of its responses (Swagger 2: what it
 * produces) is text/html, and it names at least one (OAuth 2.0's /authorize, where a person signs in).
 */
export function answersOnlyHtml(op: Operation, spec: Spec, root: Obj): boolean {
  const types: string[] = [];
  if (spec === 'oas2') types.push(...(producesOf(op, root) ?? []).filter((t): t is string => typeof t === 'string'));
  else
    for (const code of Object.keys(op.responses ?? {})) {
      const content = resolveLocal(root, op.responses![code]);
      if (isObject(content) && isObject(content.content)) types.push(...Object.keys(content.content));
    }
  return types.length > 0 && types.every(t => /^text\/html\s*(;|$)/i.test(t));
}

/** The first JSON body with a schema of a response (Swagger 2: `schema` when the operation produces JSON or declares nothing). */
export function jsonBodyOf(response: unknown, responsePath: JsonPath, spec: Spec, op: Operation, root: Obj): JsonBody | undefined {
  if (!isObject(response)) return undefined;
  if (spec === 'oas2') {
    if (response.schema === undefined) return undefined;
    const produces = producesOf(op, root);
    const json = produces === undefined ? 'application/json' : produces.find(p => typeof p === 'string' && isJsonMediaType(p));
    return typeof json === 'string' ? { mediaType: json, schema: response.schema, path: [...responsePath, 'schema'] } : undefined;
  }
  if (!isObject(response.content)) return undefined;
  for (const [mt, media] of Object.entries(response.content)) {
    if (isJsonMediaType(mt) && isObject(media) && media.schema !== undefined) {
      return { mediaType: mt, schema: media.schema, path: [...responsePath, 'content', mt, 'schema'] };
    }
  }
  return undefined;
}

const cache = new WeakMap<Model, ErrorResponse[]>();

/**
 * Every error response (`4xx`, `5xx`, `4XX`, `5XX`, `default`) of every operation but HEAD's, in document order: the
 * one list every count of a document's error bodies and every error-body rule reads. A response to HEAD has no body
 * (RFC 9110 §9.3.2), so it is neither asked for one nor counted as one of the API's error bodies; a response shared by
 * HEAD and GET is there through the GET.
 */
export function errorResponses(model: Model): ErrorResponse[] {
  let out = cache.get(model);
  if (out !== undefined) return out;
  out = [];
  for (const op of model.operations) {
    if (!op.responses || op.method === 'head') continue;
    for (const [code, raw] of Object.entries(op.responses)) {
      if (!isErrorStatus(code)) continue;
      const path = [...op.path, 'responses', code];
      const response = resolveLocal(model.root, raw);
      const json = jsonBodyOf(response, path, model.spec, op, model.root);
      out.push({ op, code, response, path, json, kind: json ? bodyKindOf(json.schema, model.root) : undefined });
    }
  }
  cache.set(model, out);
  return out;
}

/** A filter that keeps the first occurrence of each object (by identity); non-objects are always kept. */
export function firstSeen(): (v: unknown) => boolean {
  const seen = new Set<unknown>();
  return v => {
    if (typeof v !== 'object' || v === null) return true;
    if (seen.has(v)) return false;
    seen.add(v);
    return true;
  };
}

/** "GET /users/{id}" */
export function opLabel(op: Operation): string {
  return `${op.method.toUpperCase()} ${op.pathKey}`;
}

/** True when the operation declares exactly `code`. */
export function declares(op: Operation, ...codes: string[]): boolean {
  return op.responses !== undefined && codes.some(c => Object.prototype.hasOwnProperty.call(op.responses, c));
}

/** What sharedNote counts the error responses by: their response object, or their JSON body's schema object. */
const SHARED_BY = {
  response: (x: ErrorResponse): unknown => x.response,
  schema: (x: ErrorResponse): unknown => x.json?.schema,
};
/** Per SHARED_BY kind and list of error responses: how many of them hold each object. */
const sharedCounts = { response: new WeakMap<ErrorResponse[], Map<unknown, number>>(), schema: new WeakMap<ErrorResponse[], Map<unknown, number>>() };

/**
 * " (shared by 3 error responses)" when `r`'s response (or its schema) is an object that other error responses of
 * `all` use too; else "". The counts are made once per list (a count per finding was a pass over all of kubernetes'
 * 1,100 error responses for each of its 1,100 findings).
 */
export function sharedNote(all: ErrorResponse[], r: ErrorResponse, by: keyof typeof SHARED_BY): string {
  const pick = SHARED_BY[by];
  const v = pick(r);
  if (typeof v !== 'object' || v === null) return '';
  let counts = sharedCounts[by].get(all);
  if (!counts) {
    counts = new Map();
    for (const x of all) {
      const w = pick(x);
      if (typeof w === 'object' && w !== null) counts.set(w, (counts.get(w) ?? 0) + 1);
    }
    sharedCounts[by].set(all, counts);
  }
  const n = counts.get(v) ?? 0;
  return n > 1 ? ` (shared by ${n} error responses)` : '';
}

/** The option of the error-status rules: the methods whose operations must declare the status. */
export interface RequiredOn {
  methods: 'all' | string[];
}

/** The `methods` option of an error-status rule; `beside` says which operations the rule judges at all. */
export const requiredOnMethods = (status: string, beside: string) => ({
  schema: {
    anyOf: [{ const: 'all' }, { type: 'array', items: { enum: [...HTTP_METHODS, 'query'] }, uniqueItems: true }],
  },
  default: 'all' as RequiredOn['methods'],
  description: `The methods whose operations must declare a ${status} response (${beside}); 'all', or a list such as [get, put, patch]; an empty list turns the requirement off.`,
  example: ['get', 'put', 'patch'] as RequiredOn['methods'],
});

/** Whether an operation's method is one the status is required on. */
export const requiredOn = (o: RequiredOn, op: Operation): boolean => o.methods === 'all' || o.methods.includes(op.method);
