/**
 * Conventional OpenAPI snippets, as data: what the completion provider inserts.
 *
 * PURE (no editor imports). A snippet is a set of mapping entries (a JS value
 * tree) whose strings may hold placeholders written `⟦n:default⟧` (or a choice
 * `⟦n|a,b,c⟧`). `renderYaml` / `renderJson` turn the entries into text at a
 * given indentation; `toSnippetSyntax` makes LSP snippet syntax of that text
 * (`${n:default}`, with `$`, `}` and `\` escaped) and `toPlainText` fills every
 * placeholder with its default (the fallback for clients without snippet support).
 *
 * Shared components a snippet references (error schema and responses, list
 * parameters) are listed in `needs`: the completion provider adds the missing
 * ones to the document, so the inserted text lints clean under `recommended`.
 */
import { stringify as yamlStringify } from 'yaml';
import type { JsonPath, Spec } from '../../../rules/types';
import { STATUS_DESCRIPTIONS, STATUS_NAMES, errorResponseObject } from '../../../rules/_lib/fixes';
import { errorSchemaOfShape } from '../../../rules/_lib/errorShapes';
import { DEPRECATION_HEADERS, headerObject } from '../../../rules/deprecation-headers';

export type SnippetValue = string | number | boolean | null | SnippetValue[] | { [key: string]: SnippetValue };
export type SnippetMap = { [key: string]: SnippetValue };

/** A shared component the snippet's `$ref`s point at. */
export interface ComponentNeed {
  path: JsonPath;
  value: SnippetValue;
}

export interface Snippet {
  /** Stable id (tests, telemetry-free debugging). */
  id: string;
  label: string;
  detail: string;
  documentation: string;
  /** What the typed prefix is matched against (usually the first key). */
  filterText: string;
  /** The entries inserted at the cursor's mapping. */
  entries: SnippetMap;
  /** Shared components referenced by `entries` (added when the document lacks them). */
  needs: ComponentNeed[];
}

// ---------------------------------------------------------------------------
// Placeholders

const MARKER = /⟦(\d+)([:|])([^⟧]*)⟧/g;

/** A placeholder marker: `ph(1, 'users')` → `⟦1:users⟧`. */
export function ph(n: number, def: string): string {
  return `⟦${n}:${def}⟧`;
}

/** A choice placeholder: the first option is the default. */
export function choice(n: number, options: readonly string[]): string {
  return `⟦${n}|${options.join(',')}⟧`;
}

function defaultOf(kind: string, body: string): string {
  return kind === ':' ? body : (body.split(',')[0] ?? '');
}

/** Every placeholder replaced by its default. */
export function toPlainText(text: string): string {
  return text.replace(MARKER, (_m, _n, kind: string, body: string) => defaultOf(kind, body));
}

function escapeSnippet(s: string): string {
  return s.replace(/[\\$}]/g, c => '\\' + c);
}

/** LSP snippet syntax: literal text escaped, markers as `${n:default}` / `${n|a,b|}`. */
export function toSnippetSyntax(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(MARKER)) {
    out += escapeSnippet(text.slice(last, m.index));
    const [, n, kind, body] = m;
    if (kind === ':') out += `\${${n}:${escapeSnippet(body)}}`;
    else
      out += `\${${n}|${body
        .split(',')
        .map(o => o.replace(/[\\,|]/g, c => '\\' + c))
        .join(',')}|}`;
    last = m.index + m[0].length;
  }
  return out + escapeSnippet(text.slice(last));
}

// ---------------------------------------------------------------------------
// Rendering

function yamlScalar(v: string | number | boolean | null): string {
  if (v === null) return 'null';
  if (typeof v !== 'string') return String(v);
  const plain = toPlainText(v);
  const emitted = yamlStringify(plain, { lineWidth: 0 }).replace(/\n$/, '');
  if (emitted === plain && plain.length > 0) return v;
  // Needs quoting: single quotes (placeholder defaults never hold quotes).
  return `'${v.replace(/'/g, "''")}'`;
}

function isScalar(v: SnippetValue): v is string | number | boolean | null {
  return v === null || typeof v !== 'object';
}

function yamlKey(k: string): string {
  return yamlScalar(k);
}

function emitMap(map: SnippetMap, indent: number, lines: string[], firstPrefix?: string): void {
  const pad = ' '.repeat(indent);
  let first = true;
  for (const [k, v] of Object.entries(map)) {
    const lead = first && firstPrefix !== undefined ? firstPrefix : pad;
    first = false;
    emitEntry(yamlKey(k), v, indent, lead, lines);
  }
}

function emitEntry(key: string, v: SnippetValue, indent: number, lead: string, lines: string[]): void {
  if (isScalar(v)) lines.push(`${lead}${key}: ${yamlScalar(v)}`);
  else if (Array.isArray(v)) {
    if (v.length === 0) lines.push(`${lead}${key}: []`);
    else {
      lines.push(`${lead}${key}:`);
      emitSeq(v, indent + 2, lines);
    }
  } else if (Object.keys(v).length === 0) lines.push(`${lead}${key}: {}`);
  else {
    lines.push(`${lead}${key}:`);
    emitMap(v, indent + 2, lines);
  }
}

function emitSeq(seq: SnippetValue[], indent: number, lines: string[]): void {
  const pad = ' '.repeat(indent);
  for (const item of seq) {
    if (isScalar(item)) lines.push(`${pad}- ${yamlScalar(item)}`);
    else if (Array.isArray(item)) {
      // Nested sequences do not occur in snippets; keep them valid anyway (flow style).
      lines.push(`${pad}- ${JSON.stringify(item)}`);
    } else if (Object.keys(item).length === 0) lines.push(`${pad}- {}`);
    else emitMap(item, indent + 2, lines, `${pad}- `);
  }
}

/**
 * YAML block text of `entries` for a mapping at column `indent`. The first
 * line carries no indentation (the cursor is already there); the others do.
 */
export function renderYaml(entries: SnippetMap, indent: number): string {
  const lines: string[] = [];
  emitMap(entries, indent, lines, '');
  return lines.join('\n');
}

/**
 * JSON text of `entries` as object members (`"k": v, "k2": v2`) for an object
 * whose members sit at column `indent`; the first line carries no indentation.
 */
export function renderJson(entries: SnippetMap, indent: number, tab = 2): string {
  const pad = ' '.repeat(indent);
  return Object.entries(entries)
    .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v, null, tab).replace(/\n/g, '\n' + pad)}`)
    .join(',\n' + pad);
}

// ---------------------------------------------------------------------------
// Component names and objects

export const ERROR_STATUSES = ['400', '401', '403', '404', '422', '500'] as const;

export function schemasBase(spec: Spec): JsonPath {
  return spec === 'oas2' ? ['definitions'] : ['components', 'schemas'];
}
export function responsesBase(spec: Spec): JsonPath {
  return spec === 'oas2' ? ['responses'] : ['components', 'responses'];
}
export function parametersBase(spec: Spec): JsonPath {
  return spec === 'oas2' ? ['parameters'] : ['components', 'parameters'];
}

function refTo(path: JsonPath): string {
  return '#/' + path.map(s => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

/** Where shared things live in the document, and how they are named. */
export interface ComponentNames {
  /** `$ref` of the error schema the error responses use. */
  errorSchemaRef: string;
  /** Name of the shared response per error status. */
  responses: Record<string, string>;
  /** Names of the shared list parameters. */
  parameters: { page: string; limit: string; sort: string; filter: string };
}

export function defaultNames(spec: Spec): ComponentNames {
  return {
    errorSchemaRef: refTo([...schemasBase(spec), 'Error']),
    responses: Object.fromEntries(ERROR_STATUSES.map(s => [s, STATUS_NAMES[s] ?? `Error${s}`])),
    parameters: { page: 'Page', limit: 'Limit', sort: 'Sort', filter: 'Filter' },
  };
}

export function errorSchema(shape: 'A' | 'B'): SnippetValue {
  return structuredClone(errorSchemaOfShape(shape)) as SnippetValue;
}

export function listParameter(spec: Spec, which: 'page' | 'limit' | 'sort' | 'filter'): SnippetMap {
  const schema: SnippetMap =
    which === 'page'
      ? { type: 'integer', minimum: 1, default: 1 }
      : which === 'limit'
        ? { type: 'integer', minimum: 1, maximum: 100, default: 20 }
        : { type: 'string' };
  const description = {
    page: 'The page to return, from 1.',
    limit: 'The page size (at most 100).',
    sort: 'The field to sort by; a leading `-` sorts descending.',
    filter: 'A filter expression on the fields of the listed items.',
  }[which];
  return spec === 'oas2' ? { name: which, in: 'query', description, ...schema } : { name: which, in: 'query', description, schema };
}

export function apiKeyScheme(): SnippetMap {
  return { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'The key issued to the client application, sent on every request.' };
}

function errorResponseRefNeed(spec: Spec, names: ComponentNames, status: string): { ref: SnippetMap; needs: ComponentNeed[] } {
  const name = names.responses[status] ?? `Error${status}`;
  const path = [...responsesBase(spec), name];
  const needs: ComponentNeed[] = [{ path, value: errorResponseObject(spec, status, 'application/json', { ref: names.errorSchemaRef }) as SnippetValue }];
  if (names.errorSchemaRef === refTo([...schemasBase(spec), 'Error'])) needs.unshift({ path: [...schemasBase(spec), 'Error'], value: errorSchema('A') });
  return { ref: { $ref: refTo(path) }, needs };
}

function mergeNeeds(into: ComponentNeed[], more: ComponentNeed[]): void {
  for (const n of more) if (!into.some(x => x.path.join('\u0000') === n.path.join('\u0000'))) into.push(n);
}

// ---------------------------------------------------------------------------
// Operations

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The error statuses the recommended rules expect of an operation. */
export function expectedErrors(opts: { item: boolean; hasInput: boolean; hasBody: boolean; secured: boolean; method: string }): string[] {
  const out: string[] = [];
  if (opts.hasInput || opts.hasBody || opts.item) out.push('400');
  if (opts.secured) out.push('401', '403');
  if (opts.item || opts.method === 'delete') out.push('404');
  if (opts.hasBody) out.push('422');
  out.push('500');
  return out;
}

function jsonBody(spec: Spec, schema: SnippetMap, description: string): { param?: SnippetMap; requestBody?: SnippetMap } {
  if (spec === 'oas2') return { param: { name: 'body', in: 'body', required: true, description, schema } };
  return { requestBody: { required: true, description, content: { 'application/json': { schema } } } };
}

function jsonResponse(spec: Spec, description: string, schema: SnippetMap, headers?: SnippetMap): SnippetMap {
  const r: SnippetMap = { description };
  if (headers) r.headers = headers;
  if (spec === 'oas2') r.schema = schema;
  else r.content = { 'application/json': { schema } };
  return r;
}

function cacheControlHeader(spec: Spec): SnippetMap {
  const description = 'How long the response may be cached.';
  return spec === 'oas2' ? { 'Cache-Control': { type: 'string', description } } : { 'Cache-Control': { description, schema: { type: 'string' } } };
}

export interface ResponsesResult {
  responses: SnippetMap;
  needs: ComponentNeed[];
}

/** `$ref`s to the shared error responses for `statuses` (and the components they need). */
export function errorResponses(spec: Spec, names: ComponentNames, statuses: readonly string[]): ResponsesResult {
  const responses: SnippetMap = {};
  const needs: ComponentNeed[] = [];
  for (const s of statuses) {
    const r = errorResponseRefNeed(spec, names, s);
    responses[s] = r.ref;
    mergeNeeds(needs, r.needs);
  }
  return { responses, needs };
}

interface OpSpec {
  spec: Spec;
  names: ComponentNames;
  method: Method;
  item: boolean;
  /** Placeholder text of the collection name (e.g. `⟦1:users⟧`). */
  coll: string;
  secured: boolean;
}

function operation(o: OpSpec): { op: SnippetMap; needs: ComponentNeed[] } {
  const { spec, names, method, item, coll } = o;
  const object: SnippetMap = { type: 'object' };
  const op: SnippetMap = {};
  const needs: ComponentNeed[] = [];
  const params: SnippetValue[] = [];
  let hasBody = false;
  let success: [string, SnippetMap];
  const summaries: Record<string, string> = item
    ? {
        get: `Read one of the ${coll}`,
        put: `Replace one of the ${coll}`,
        patch: `Change some fields of one of the ${coll}`,
        delete: `Delete one of the ${coll}`,
      }
    : { get: `List the ${coll}`, post: `Create one of the ${coll}` };
  const ids: Record<string, string> = item ? { get: 'get', put: 'replace', patch: 'update', delete: 'delete' } : { get: 'list', post: 'create' };
  op.operationId = `${coll}.${ids[method]}`;
  op.summary = summaries[method];
  if (method === 'get' && !item) {
    for (const p of ['page', 'limit', 'sort', 'filter'] as const) {
      const name = names.parameters[p];
      const path = [...parametersBase(spec), name];
      params.push({ $ref: refTo(path) });
      mergeNeeds(needs, [{ path, value: listParameter(spec, p) }]);
    }
    success = ['200', jsonResponse(spec, `A page of ${coll}.`, { type: 'array', items: object }, cacheControlHeader(spec))];
  } else if (method === 'get') {
    success = ['200', jsonResponse(spec, 'The resource.', object, cacheControlHeader(spec))];
  } else if (method === 'post') {
    hasBody = true;
    success = ['201', jsonResponse(spec, 'The created resource.', object)];
  } else if (method === 'put' || method === 'patch') {
    hasBody = true;
    success = ['200', jsonResponse(spec, method === 'put' ? 'The replaced resource.' : 'The changed resource.', object)];
  } else {
    success = ['204', { description: 'Deleted.' }];
  }
  if (hasBody) {
    const body = jsonBody(spec, object, method === 'patch' ? 'The fields to change.' : method === 'put' ? 'The whole resource.' : 'The new resource.');
    if (body.param) params.push(body.param);
    if (body.requestBody) op.requestBody = body.requestBody;
  }
  if (params.length > 0) {
    // Request body first in OAS 3 order: parameters, requestBody, responses.
    const { requestBody, ...rest } = op;
    for (const k of Object.keys(op)) delete op[k];
    Object.assign(op, rest, { parameters: params }, requestBody ? { requestBody } : {});
  }
  const errors = errorResponses(spec, names, expectedErrors({ item, hasInput: params.length > 0 || item, hasBody, secured: o.secured, method }));
  mergeNeeds(needs, errors.needs);
  op.responses = { [success[0]]: success[1], ...errors.responses };
  return { op, needs };
}

export interface PathsOptions {
  spec: Spec;
  names?: ComponentNames;
  /** Prefix of the path keys: `/api/v1` unless servers / basePath already hold `/api`. */
  prefix: string;
  /** Whether operations are secured (the document has root `security`); decides 401/403. Default true. */
  secured?: boolean;
  /** First placeholder number. */
  first?: number;
}

/** The collection + item path pair: GET list / POST on the collection, GET/PUT/PATCH/DELETE on the item. */
export function pathPairEntries(o: PathsOptions): { entries: SnippetMap; needs: ComponentNeed[] } {
  const names = o.names ?? defaultNames(o.spec);
  const coll = ph(o.first ?? 1, 'things');
  const secured = o.secured !== false;
  const needs: ComponentNeed[] = [];
  const collection: SnippetMap = {};
  for (const m of ['get', 'post'] as const) {
    const r = operation({ spec: o.spec, names, method: m, item: false, coll, secured });
    collection[m] = r.op;
    mergeNeeds(needs, r.needs);
  }
  const idParam: SnippetMap =
    o.spec === 'oas2'
      ? { name: 'id', in: 'path', required: true, description: 'The id of the resource.', type: 'string' }
      : { name: 'id', in: 'path', required: true, description: 'The id of the resource.', schema: { type: 'string' } };
  const itemPath: SnippetMap = { parameters: [idParam] };
  for (const m of ['get', 'put', 'patch', 'delete'] as const) {
    const r = operation({ spec: o.spec, names, method: m, item: true, coll, secured });
    itemPath[m] = r.op;
    mergeNeeds(needs, r.needs);
  }
  return { entries: { [`${o.prefix}/${coll}`]: collection, [`${o.prefix}/${coll}/{id}`]: itemPath }, needs };
}

// ---------------------------------------------------------------------------
// Components

export function deprecationHeaders(spec: Spec): SnippetMap {
  const out: SnippetMap = {};
  for (const h of DEPRECATION_HEADERS) out[h] = headerObject(spec, h) as SnippetValue;
  return out;
}

export function errorResponseComponents(spec: Spec, names: ComponentNames, statuses: readonly string[]): SnippetMap {
  const out: SnippetMap = {};
  for (const s of statuses)
    out[names.responses[s] ?? `Error${s}`] = errorResponseObject(spec, s, 'application/json', { ref: names.errorSchemaRef }) as SnippetValue;
  return out;
}

export function listParameterComponents(spec: Spec, names: ComponentNames = defaultNames(spec)): SnippetMap {
  const out: SnippetMap = {};
  for (const p of ['page', 'limit', 'sort', 'filter'] as const) out[names.parameters[p]] = listParameter(spec, p);
  return out;
}

// ---------------------------------------------------------------------------
// Whole documents

/** A conventional document skeleton: one resource with its collection and item paths, shared components. */
export function documentEntries(spec: Spec): SnippetMap {
  const names = defaultNames(spec);
  const pair = pathPairEntries({ spec, names, prefix: '', secured: true, first: 3 });
  const title = `${ph(1, 'Example')} API`;
  const host = ph(2, 'api.example.com');
  const head: SnippetMap =
    spec === 'oas2'
      ? {
          swagger: '2.0',
          info: { title, version: '1.0.0', description: 'An HTTP API that follows the service-interface conventions.' },
          host,
          basePath: '/api/v1',
          schemes: ['https'],
          consumes: ['application/json'],
          produces: ['application/json'],
        }
      : {
          openapi: '3.1.0',
          info: { title, version: '1.0.0', description: 'An HTTP API that follows the service-interface conventions.' },
          servers: [{ url: `https://${host}/api/v1` }],
        };
  const sharedResponses = errorResponseComponents(spec, names, ERROR_STATUSES);
  const sharedParams = listParameterComponents(spec, names);
  const doc: SnippetMap = { ...head, security: [{ ApiKeyAuth: [] }], paths: pair.entries };
  if (spec === 'oas2') {
    doc.securityDefinitions = { ApiKeyAuth: apiKeyScheme() };
    doc.parameters = sharedParams;
    doc.responses = sharedResponses;
    doc.definitions = { Error: errorSchema('A') };
  } else {
    doc.components = {
      securitySchemes: { ApiKeyAuth: apiKeyScheme() },
      parameters: sharedParams,
      responses: sharedResponses,
      schemas: { Error: errorSchema('A') },
    };
  }
  return doc;
}

export { STATUS_DESCRIPTIONS, STATUS_NAMES };
