/**
 * A small, cached model of an OpenAPI document for the convention rules.
 *
 * Rules are registered with `given: '$'` and receive the *resolved* document
 * (Spectral inlines `$ref`s, local and external, before rules run). Walking the
 * document once here and sharing the result across rules is much cheaper than
 * one JSONPath query per rule. The model is cached per resolved root object,
 * so it lives exactly as long as one lint.
 *
 * Paths in the model are JSON paths in the resolved document; Spectral maps
 * them back to the source file (including `$ref`'d files) when it reports.
 */
import type { JsonPath, Spec } from '../types';
import { checkBudget } from './budget';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/**
 * An operation's method, lower case: one of HTTP_METHODS, `query` (OpenAPI 3.2's
 * QUERY), or the key of an OpenAPI 3.2 `additionalOperations` entry (`copy`, `link`).
 */
export type HttpMethod = (typeof HTTP_METHODS)[number] | 'query' | (string & {});

/** OpenAPI 3.2 or later: path items have `query` and `additionalOperations`, parameters may be `in: querystring`. */
export function isOas32(root: Obj): boolean {
  return typeof root.openapi === 'string' && /^3\.(?:[2-9]|\d{2,})(?:\.|$)/.test(root.openapi);
}

/**
 * The operations of a path item: `[method, key path below the path item, operation]`.
 * The fixed methods; from OpenAPI 3.2 on also `query` and each entry of
 * `additionalOperations` (method = its key in lower case, path
 * ['additionalOperations', key]).
 */
export function operationsOfPathItem(item: Obj, oas32: boolean): [HttpMethod, JsonPath, unknown][] {
  const out: [HttpMethod, JsonPath, unknown][] = [];
  for (const m of HTTP_METHODS) if (item[m] !== undefined) out.push([m, [m], item[m]]);
  if (oas32) {
    if (item.query !== undefined) out.push(['query', ['query'], item.query]);
    if (isObject(item.additionalOperations)) {
      for (const [k, v] of Object.entries(item.additionalOperations)) out.push([k.toLowerCase(), ['additionalOperations', k], v]);
    }
  }
  return out;
}

export type Obj = Record<string, unknown>;

export function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export interface Parameter {
  /** The (resolved) parameter object. */
  value: Obj;
  name: string;
  in: string;
  /** Path of the parameter object in the resolved document. */
  path: JsonPath;
  /** 'path-item' or 'operation' level. */
  level: 'path-item' | 'operation';
  /** Where a person reads its name: [...path, 'name']; for a property of a querystring parameter, the property's key. */
  namePath: JsonPath;
  /**
   * OpenAPI 3.2 `in: querystring` (the whole query string as one parameter): each
   * property of its schema is also listed as an `in: query` parameter whose `path`
   * is the property's schema; `querystring` is then the path of that parameter.
   */
  querystring?: JsonPath;
}

export interface Operation {
  method: HttpMethod;
  /** The key under `paths`, e.g. `/users/{id}`. */
  pathKey: string;
  /** ['paths', pathKey, method], or ['paths', pathKey, 'additionalOperations', key] (OpenAPI 3.2). */
  path: JsonPath;
  value: Obj;
  pathItem: Obj;
  /** Server base path (no trailing slash) + path key, one per distinct server base path. */
  effectivePaths: string[];
  /** Operation parameters merged with path-item parameters (operation wins on name+in). */
  parameters: Parameter[];
  /** The `responses` object, or undefined when missing. */
  responses: Obj | undefined;
  /** Effective security requirement: operation-level, else root; undefined when none is declared anywhere. */
  security: unknown[] | undefined;
  /** Where that security comes from. */
  securityPath: JsonPath | undefined;
  /** True when the effective security is non-empty. */
  secured: boolean;
  deprecated: boolean;
}

export interface Model {
  spec: Spec;
  root: Obj;
  operations: Operation[];
  /** Distinct path keys with their path-item object. */
  pathItems: { pathKey: string; value: Obj; path: JsonPath; effectivePaths: string[] }[];
}

const cache = new WeakMap<object, Model>();

export function specOf(root: Obj): Spec {
  return typeof root.swagger === 'string' || typeof root.swagger === 'number' ? 'oas2' : 'oas3';
}

/** The model of a resolved document; computed once per document. */
export function getModel(root: unknown): Model {
  if (!isObject(root)) return { spec: 'oas3', root: {}, operations: [], pathItems: [] };
  let model = cache.get(root);
  if (model === undefined) {
    model = buildModel(root);
    cache.set(root, model);
  }
  return model;
}

/** The path part of a server URL, variables replaced by their defaults, without a trailing slash. */
export function serverBasePath(url: string, variables?: unknown): string {
  let u = url.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const v = isObject(variables) ? variables[name] : undefined;
    return isObject(v) && v.default !== undefined ? String(v.default) : '';
  });
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(u);
  if (scheme) u = u.slice(scheme[0].length);
  else if (u.startsWith('//')) u = u.replace(/^\/\/[^/]*/, '');
  u = u.replace(/[?#].*$/, '');
  if (u !== '' && !u.startsWith('/')) u = '/' + u;
  return u.replace(/\/+$/, '');
}

function basePathsOf(servers: unknown): string[] | undefined {
  if (!Array.isArray(servers) || servers.length === 0) return undefined;
  const out = new Set<string>();
  for (const s of servers) {
    if (isObject(s) && typeof s.url === 'string') out.add(serverBasePath(s.url, s.variables));
  }
  return out.size > 0 ? [...out] : undefined;
}

export function joinPath(base: string, pathKey: string): string {
  const p = pathKey.startsWith('/') ? pathKey : '/' + pathKey;
  return base === '' ? p : base + (p === '/' ? '' : p);
}

function buildModel(root: Obj): Model {
  const spec = specOf(root);
  const operations: Operation[] = [];
  const pathItems: Model['pathItems'] = [];
  const rootBases = spec === 'oas2' ? [typeof root.basePath === 'string' ? root.basePath.replace(/\/+$/, '') : ''] : (basePathsOf(root.servers) ?? ['']);
  const paths = root.paths;
  if (!isObject(paths)) return { spec, root, operations, pathItems };
  const oas32 = spec === 'oas3' && isOas32(root);

  for (const [pathKey, item] of Object.entries(paths)) {
    checkBudget();
    if (!isObject(item) || !pathKey.startsWith('/')) continue;
    const itemBases = (spec === 'oas3' && basePathsOf(item.servers)) || rootBases;
    const itemPaths = itemBases.map(b => joinPath(b, pathKey));
    pathItems.push({ pathKey, value: item, path: ['paths', pathKey], effectivePaths: itemPaths });
    // The operations that have no servers of their own share the path item's list (the model lives for a whole lint).
    const itemDistinct = distinct(itemPaths);
    const itemParams = collectParams(item.parameters, ['paths', pathKey], 'path-item');
    for (const [method, below, op] of operationsOfPathItem(item, oas32)) {
      if (!isObject(op)) continue;
      const opBases = (spec === 'oas3' && basePathsOf(op.servers)) || itemBases;
      // Spelled out for a method: a literal with a spread keeps room for more elements, in each of the model's paths.
      const opPath: JsonPath = below.length === 1 ? ['paths', pathKey, below[0]!] : ['paths', pathKey, ...below];
      const opParams = collectParams(op.parameters, opPath, 'operation');
      const merged = [...opParams];
      for (const p of itemParams) {
        if (!opParams.some(o => o.name === p.name && o.in === p.in)) merged.push(p);
      }
      let security: unknown[] | undefined;
      let securityPath: JsonPath | undefined;
      if (Array.isArray(op.security)) {
        security = op.security;
        securityPath = [...opPath, 'security'];
      } else if (Array.isArray(root.security)) {
        security = root.security;
        securityPath = ['security'];
      }
      operations.push({
        method,
        pathKey,
        path: opPath,
        value: op,
        pathItem: item,
        effectivePaths: opBases === itemBases ? itemDistinct : distinct(opBases.map(b => joinPath(b, pathKey))),
        parameters: merged,
        responses: isObject(op.responses) ? op.responses : undefined,
        security,
        securityPath,
        secured:
          security !== undefined && security.some(r => isObject(r)) && security.length > 0 && !security.every(r => isObject(r) && Object.keys(r).length === 0),
        deprecated: op.deprecated === true,
      });
    }
  }
  return { spec, root, operations, pathItems };
}

/** The list without its repeats: the list itself when it has none. */
function distinct(list: string[]): string[] {
  const set = new Set(list);
  return set.size === list.length ? list : [...set];
}

/** The parameters of a path item or an operation at `at`. */
function collectParams(params: unknown, at: JsonPath, level: Parameter['level']): Parameter[] {
  if (!Array.isArray(params)) return [];
  const base = [...at, 'parameters'];
  const out: Parameter[] = [];
  params.forEach((p, i) => {
    if (isObject(p) && typeof p.name === 'string' && typeof p.in === 'string') {
      const path = [...base, i];
      out.push({ value: p, name: p.name, in: p.in, path, level, namePath: [...path, 'name'] });
      if (p.in === 'querystring') out.push(...querystringProperties(p, path, level));
    }
  });
  return out;
}

/**
 * The properties of an OpenAPI 3.2 `in: querystring` parameter's schema (its
 * first media type with an object schema, usually application/x-www-form-urlencoded),
 * each as an `in: query` parameter: `{ name, in: 'query', schema, required }` at
 * the property's path.
 */
function querystringProperties(p: Obj, path: JsonPath, level: Parameter['level']): Parameter[] {
  if (!isObject(p.content)) return [];
  for (const [mt, media] of Object.entries(p.content)) {
    const schema = isObject(media) ? media.schema : undefined;
    if (!isObject(schema) || !isObject(schema.properties)) continue;
    const required = Array.isArray(schema.required) ? schema.required : [];
    return Object.entries(schema.properties).map(([name, prop]) => {
      const propPath = [...path, 'content', mt, 'schema', 'properties', name];
      return {
        value: { name, in: 'query', schema: prop, required: required.includes(name) },
        name,
        in: 'query',
        path: propPath,
        level,
        namePath: propPath,
        querystring: path,
      };
    });
  }
  return [];
}

// ---------------------------------------------------------------- path helpers

/**
 * The segments of a path. A `#fragment` (Box's `/files/{file_id}#add_shared_link`, a second operation of one method on
 * one URL) is left out: a client never sends it, so it is no part of the resource's path.
 */
export function segments(path: string): string[] {
  // The rules ask for each path's segments many times (each rule, each helper it calls): one pass and one list,
  // not split's list and filter's.
  let end = path.indexOf('#');
  if (end < 0) end = path.length;
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i <= end; i++) {
    if (i < end && path.charCodeAt(i) !== 0x2f) continue;
    if (i > start) out.push(path.slice(start, i));
    start = i + 1;
  }
  return out;
}

export function isTemplate(segment: string): boolean {
  return /^\{[^}]+\}$/.test(segment);
}

/** A template with a format extension (`{Sid}.json`, Twilio's items): an item as much as `{Sid}` is. */
function isTemplateWithExtension(segment: string): boolean {
  return /^\{[^}]+\}\.[A-Za-z0-9]+$/.test(segment);
}

/** Item path: the last segment is a template (`/api/users/{id}`, `/Calls/{Sid}.json`). */
export function isItemPath(path: string): boolean {
  const s = segments(path);
  return s.length > 0 && namesItem(s[s.length - 1]);
}

/** Collection path: the last segment is a literal (`/api/users`, `/Calls.json`). */
export function isCollectionPath(path: string): boolean {
  const s = segments(path);
  return s.length > 0 && !namesItem(s[s.length - 1]);
}

const namesItem = (last: string): boolean => isTemplate(last) || isTemplateWithExtension(last);

// ---------------------------------------------------------------- responses and bodies

export function responseCodes(op: Operation): string[] {
  return op.responses ? Object.keys(op.responses) : [];
}

export function hasResponse(op: Operation, code: string): boolean {
  return op.responses !== undefined && Object.prototype.hasOwnProperty.call(op.responses, code);
}

/** True when the response object declares a body (OAS 3 `content`, Swagger 2 `schema`). */
export function responseHasBody(response: unknown, spec: Spec): boolean {
  if (!isObject(response)) return false;
  if (spec === 'oas2') return response.schema !== undefined;
  return isObject(response.content) && Object.keys(response.content).length > 0;
}

/** The JSON path of the operation's request body (OAS 3 `requestBody`, Swagger 2 `in: body`/`formData` parameter). */
export function requestBodyPath(op: Operation, spec: Spec): JsonPath | undefined {
  if (spec === 'oas3') return op.value.requestBody !== undefined ? [...op.path, 'requestBody'] : undefined;
  const p = op.parameters.find(x => x.in === 'body' || x.in === 'formData');
  return p?.path;
}

/** Schemas of the response's JSON bodies ({mediaType, schema, path} for each). */
export function responseSchemas(response: unknown, responsePath: JsonPath, spec: Spec, root: Obj, op?: Operation) {
  const out: { mediaType: string; schema: unknown; path: JsonPath }[] = [];
  if (!isObject(response)) return out;
  if (spec === 'oas2') {
    if (response.schema !== undefined) {
      const produces = Array.isArray(op?.value.produces) ? op!.value.produces : Array.isArray(root.produces) ? root.produces : ['application/json'];
      out.push({ mediaType: String(produces[0] ?? 'application/json'), schema: response.schema, path: [...responsePath, 'schema'] });
    }
    return out;
  }
  if (isObject(response.content)) {
    for (const [mt, media] of Object.entries(response.content)) {
      if (isObject(media)) out.push({ mediaType: mt, schema: media.schema, path: [...responsePath, 'content', mt, 'schema'] });
    }
  }
  return out;
}

/** Header names (lower-cased) declared by a response. */
export function responseHeaderNames(response: unknown): string[] {
  if (!isObject(response) || !isObject(response.headers)) return [];
  return Object.keys(response.headers).map(h => h.toLowerCase());
}

/** A media type as a list of them names it: lower case, without parameters. */
export const mediaTypeName = (t: string) => t.split(';')[0].trim().toLowerCase();

export function isJsonMediaType(mt: string): boolean {
  const base = mediaTypeName(mt);
  return base === 'application/json' || /^[a-z]+\/[^\s;]*\+json$/.test(base);
}

/** JSON (application/json, +json) or a wildcard that admits JSON (any type, application/ anything). */
export function admitsJson(mediaType: string): boolean {
  const base = mediaTypeName(mediaType);
  return isJsonMediaType(mediaType) || base === '*/*' || base === 'application/*';
}

export const ERROR_CODE = /^(4\d\d|5\d\d|4XX|5XX|default)$/i;

export function isErrorStatus(code: string): boolean {
  return ERROR_CODE.test(code);
}

/** Follows a local `#/...` pointer in unresolved data (used by fixes). */
export function resolveLocal(data: unknown, value: unknown, depth = 0): unknown {
  if (depth > 20 || !isObject(value) || typeof value.$ref !== 'string' || !value.$ref.startsWith('#/')) return value;
  const parts = value.$ref
    .slice(2)
    .split('/')
    .map(p => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'));
  let cur: unknown = data;
  for (const p of parts) {
    if (!isObject(cur) && !Array.isArray(cur)) return undefined;
    cur = (cur as Obj)[p];
  }
  return resolveLocal(data, cur, depth + 1);
}

/** Value at a JSON path in plain data (no ref following). */
export function getAt(data: unknown, path: JsonPath): unknown {
  let cur: unknown = data;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Obj)[p as string];
  }
  return cur;
}
