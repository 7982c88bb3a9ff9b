/**
 * What the checks compare, read from a resolved OpenAPI 2.0/3.x document: operations
 * by effective path (server base path + path key, path parameters by position), their
 * parameters, request bodies and responses by media type, security; each element with
 * its path in the resolved document (for the finding's location).
 */
import type { JsonPath } from '../problem';
import type { OasVersion } from './load';

export type Obj = Record<string, unknown>;

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export interface Param {
  name: string;
  in: string;
  /** Parameters are matched by `in` + name; path parameters by their position in the path. */
  key: string;
  required: boolean;
  deprecated: boolean;
  /** The parameter's schema (OpenAPI 2: the parameter itself, which holds type/format/enum/constraints). */
  schema: Obj | undefined;
  schemaPath: JsonPath;
  path: JsonPath;
  raw: Obj;
}

export interface Body {
  required: boolean;
  /** media type → schema */
  content: Map<string, { schema: Obj | undefined; path: JsonPath; schemaPath: JsonPath }>;
  path: JsonPath;
}

export interface Header {
  /** As written (the map's key is the name in lower case: header names are case-insensitive). */
  name: string;
  raw: Obj;
  path: JsonPath;
}

export interface Response {
  status: string;
  content: Map<string, { schema: Obj | undefined; path: JsonPath; schemaPath: JsonPath }>;
  headers: Map<string, Header>;
  path: JsonPath;
}

export type SecurityReq = Record<string, string[]>[];

export interface Operation {
  method: string;
  /** An operation the API calls (OpenAPI 3.1 `webhooks`): its pathKey is the webhook's name. */
  webhook: boolean;
  pathKey: string;
  path: JsonPath;
  raw: Obj;
  deprecated: boolean;
  params: Map<string, Param>;
  body: Body | undefined;
  responses: Map<string, Response>;
  security: SecurityReq;
  securityPath: JsonPath;
  /** The operation's Sunset date (response header example/default, or x-sunset), as written. */
  sunset: { value: string; path: JsonPath } | undefined;
}

export interface PathEntry {
  /** The path as written, or the name of a webhook. */
  key: string;
  webhook: boolean;
  /** Effective path as written (base path + key). */
  effective: string;
  path: JsonPath;
  ops: Map<string, Operation>;
}

export interface ApiModel {
  version: OasVersion;
  paths: Map<string, PathEntry>;
  infoVersion: string | undefined;
  /** The highest `v<n>` in the server URLs / base path / path keys. */
  pathVersion: number | undefined;
  /** apiKey security schemes by name. */
  apiKeys: Map<string, { in: string; name: string; path: JsonPath }>;
}

/** The path part of the first server URL (OpenAPI 3) or basePath (2.0), without a trailing slash. */
function basePathOf(doc: Obj, version: OasVersion): string {
  let p: string;
  if (version === '2.0') p = typeof doc.basePath === 'string' ? doc.basePath : '';
  else {
    const servers = Array.isArray(doc.servers) ? doc.servers : [];
    const url = isObj(servers[0]) && typeof servers[0].url === 'string' ? servers[0].url : '';
    p = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/^\{[^}]*\}/, '');
    if (!p.startsWith('/')) p = '/' + p.replace(/^[^/]*/, '');
  }
  return p.replace(/\/+$/, '');
}

/** The match key of an effective path: path parameters by position (`{}`), no trailing slash. */
export function pathMatchKey(effective: string, ignoreVersion: boolean): string {
  let k = effective.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '') || '/';
  if (ignoreVersion) k = k.replace(/\/v\d+(?=\/|$)/gi, '/v{}');
  return k;
}

export function majorOf(version: string | undefined): number | undefined {
  const m = /^\s*v?(\d+)/i.exec(version ?? '');
  return m ? Number(m[1]) : undefined;
}

function pathVersionOf(doc: Obj, version: OasVersion, keys: string[]): number | undefined {
  const texts = [basePathOf(doc, version), ...keys];
  if (version !== '2.0' && Array.isArray(doc.servers)) for (const s of doc.servers) if (isObj(s) && typeof s.url === 'string') texts.push(s.url);
  let max: number | undefined;
  for (const t of texts) for (const m of t.matchAll(/\/v(\d+)(?=\/|$|\.)/gi)) max = Math.max(max ?? 0, Number(m[1]));
  return max;
}

function mediaTypes(op: Obj, doc: Obj, key: 'consumes' | 'produces'): string[] {
  const own = op[key];
  const global = doc[key];
  const list = Array.isArray(own) ? own : Array.isArray(global) ? global : ['application/json'];
  return list.filter((m): m is string => typeof m === 'string');
}

function paramSchema(p: Obj, version: OasVersion, ppath: JsonPath): { schema: Obj | undefined; schemaPath: JsonPath } {
  if (version === '2.0') return { schema: p, schemaPath: ppath };
  if (isObj(p.schema)) return { schema: p.schema, schemaPath: [...ppath, 'schema'] };
  if (isObj(p.content)) {
    for (const [mt, m] of Object.entries(p.content))
      if (isObj(m) && isObj(m.schema)) return { schema: m.schema, schemaPath: [...ppath, 'content', mt, 'schema'] };
  }
  return { schema: undefined, schemaPath: ppath };
}

function collectParams(
  doc: Obj,
  version: OasVersion,
  pathKey: string,
  item: Obj,
  op: Obj,
  itemPath: JsonPath,
  opPath: JsonPath,
): { params: Map<string, Param>; body: Body | undefined } {
  const all = new Map<string, { p: Obj; path: JsonPath }>();
  for (const [src, srcPath] of [
    [item, itemPath],
    [op, opPath],
  ] as const) {
    const list = Array.isArray(src.parameters) ? src.parameters : [];
    list.forEach((p, i) => {
      if (isObj(p) && typeof p.name === 'string' && typeof p.in === 'string') all.set(`${p.in}:${p.name}`, { p, path: [...srcPath, 'parameters', i] });
    });
  }
  const pathNames = [...pathKey.matchAll(/\{([^}]*)\}/g)].map(m => m[1]);
  const params = new Map<string, Param>();
  let body: Body | undefined;
  for (const { p, path } of all.values()) {
    const name = p.name as string;
    const loc = p.in as string;
    if (version === '2.0' && loc === 'body') {
      const content = new Map<string, { schema: Obj | undefined; path: JsonPath; schemaPath: JsonPath }>();
      for (const mt of mediaTypes(op, doc, 'consumes'))
        content.set(mt, { schema: isObj(p.schema) ? p.schema : undefined, path, schemaPath: [...path, 'schema'] });
      body = { required: p.required === true, content, path };
      continue;
    }
    const pos = loc === 'path' ? pathNames.indexOf(name) : -1;
    const key = loc === 'path' && pos >= 0 ? `path#${pos}` : `${loc}:${loc === 'header' ? name.toLowerCase() : name}`;
    const { schema, schemaPath } = paramSchema(p, version, path);
    params.set(key, {
      name,
      in: loc,
      key,
      required: p.required === true || loc === 'path',
      deprecated: p.deprecated === true,
      schema,
      schemaPath,
      path,
      raw: p,
    });
  }
  if (version !== '2.0' && isObj(op.requestBody)) {
    const rb = op.requestBody;
    const rbPath = [...opPath, 'requestBody'];
    const content = new Map<string, { schema: Obj | undefined; path: JsonPath; schemaPath: JsonPath }>();
    if (isObj(rb.content))
      for (const [mt, m] of Object.entries(rb.content))
        content.set(mt, {
          schema: isObj(m) && isObj(m.schema) ? m.schema : undefined,
          path: [...rbPath, 'content', mt],
          schemaPath: [...rbPath, 'content', mt, 'schema'],
        });
    body = { required: rb.required === true, content, path: rbPath };
  }
  return { params, body };
}

function collectResponses(doc: Obj, version: OasVersion, op: Obj, opPath: JsonPath): Map<string, Response> {
  const out = new Map<string, Response>();
  if (!isObj(op.responses)) return out;
  for (const [status, r] of Object.entries(op.responses)) {
    if (!isObj(r)) continue;
    const rPath = [...opPath, 'responses', status];
    const content = new Map<string, { schema: Obj | undefined; path: JsonPath; schemaPath: JsonPath }>();
    if (version === '2.0') {
      if (isObj(r.schema))
        for (const mt of mediaTypes(op, doc, 'produces')) content.set(mt, { schema: r.schema, path: rPath, schemaPath: [...rPath, 'schema'] });
    } else if (isObj(r.content)) {
      for (const [mt, m] of Object.entries(r.content))
        content.set(mt, {
          schema: isObj(m) && isObj(m.schema) ? m.schema : undefined,
          path: [...rPath, 'content', mt],
          schemaPath: [...rPath, 'content', mt, 'schema'],
        });
    }
    const headers = new Map<string, Header>();
    if (isObj(r.headers))
      for (const [h, v] of Object.entries(r.headers)) if (isObj(v)) headers.set(h.toLowerCase(), { name: h, raw: v, path: [...rPath, 'headers', h] });
    out.set(status, { status, content, headers, path: rPath });
  }
  return out;
}

function securityOf(v: unknown): SecurityReq {
  if (!Array.isArray(v)) return [];
  return v.filter(isObj).map(req => Object.fromEntries(Object.entries(req).map(([k, s]) => [k, Array.isArray(s) ? s.map(String) : []])));
}

/** The first value of a `Sunset` header's example/default/schema (or the operation's `x-sunset`). */
function sunsetOf(op: Obj, opPath: JsonPath, responses: Map<string, Response>): Operation['sunset'] {
  if (typeof op['x-sunset'] === 'string') return { value: op['x-sunset'], path: [...opPath, 'x-sunset'] };
  for (const r of responses.values()) {
    const h = r.headers.get('sunset');
    if (!h) continue;
    for (const [holder, hp] of [
      [h.raw, h.path],
      [isObj(h.raw.schema) ? h.raw.schema : undefined, [...h.path, 'schema']],
    ] as const) {
      if (!holder) continue;
      for (const k of ['example', 'default', 'x-example']) if (typeof holder[k] === 'string') return { value: holder[k] as string, path: [...hp, k] };
    }
  }
  return undefined;
}

export function buildModel(doc: Obj, version: OasVersion): ApiModel {
  const paths = new Map<string, PathEntry>();
  const base = basePathOf(doc, version);
  const globalSecurity = securityOf(doc.security);
  const pathObj = isObj(doc.paths) ? doc.paths : {};
  const webhooks = isObj(doc.webhooks) ? doc.webhooks : {};
  const entries: [string, unknown, boolean][] = [
    ...Object.entries(pathObj).map(([k, v]): [string, unknown, boolean] => [k, v, false]),
    ...Object.entries(webhooks).map(([k, v]): [string, unknown, boolean] => [k, v, true]),
  ];
  for (const [key, item, webhook] of entries) {
    if (!isObj(item) || (!webhook && !key.startsWith('/'))) continue;
    const itemPath: JsonPath = [webhook ? 'webhooks' : 'paths', key];
    const ops = new Map<string, Operation>();
    for (const method of METHODS) {
      const op = item[method];
      if (!isObj(op)) continue;
      const opPath = [...itemPath, method];
      const { params, body } = collectParams(doc, version, webhook ? '' : key, item, op, itemPath, opPath);
      const responses = collectResponses(doc, version, op, opPath);
      const hasOwnSecurity = Array.isArray(op.security);
      ops.set(method, {
        method,
        webhook,
        pathKey: key,
        path: opPath,
        raw: op,
        deprecated: op.deprecated === true,
        params,
        body,
        responses,
        security: hasOwnSecurity ? securityOf(op.security) : globalSecurity,
        securityPath: hasOwnSecurity ? [...opPath, 'security'] : Array.isArray(doc.security) ? ['security'] : opPath,
        sunset: sunsetOf(op, opPath, responses),
      });
    }
    // A webhook's key cannot collide with a path (paths start with '/').
    const effective = webhook ? key : base + key;
    paths.set(effective, { key, webhook, effective, path: itemPath, ops });
  }
  const apiKeys = new Map<string, { in: string; name: string; path: JsonPath }>();
  const schemes = version === '2.0' ? doc.securityDefinitions : isObj(doc.components) ? doc.components.securitySchemes : undefined;
  const schemesPath: JsonPath = version === '2.0' ? ['securityDefinitions'] : ['components', 'securitySchemes'];
  if (isObj(schemes)) {
    for (const [name, s] of Object.entries(schemes)) {
      if (isObj(s) && s.type === 'apiKey') apiKeys.set(name, { in: String(s.in ?? ''), name: String(s.name ?? ''), path: [...schemesPath, name] });
    }
  }
  const info = isObj(doc.info) ? doc.info : {};
  return {
    version,
    paths,
    infoVersion: typeof info.version === 'string' || typeof info.version === 'number' ? String(info.version) : undefined,
    pathVersion: pathVersionOf(doc, version, Object.keys(pathObj)),
    apiKeys,
  };
}

/** A status class: success (2xx/3xx), error (4xx/5xx), other (1xx, default). */
export function statusClass(status: string): 'success' | 'error' | 'other' {
  if (/^[23]/.test(status)) return 'success';
  if (/^[45]/.test(status)) return 'error';
  return 'other';
}

/** A parameter that selects the API version (seed: version by parameter or API-Version header). */
export function isVersionParam(p: Param): boolean {
  return (p.in !== 'header' && /^(version|v|api-version)$/i.test(p.name)) || (p.in === 'header' && /^api-version$/i.test(p.name));
}

/** A date from a Sunset value (HTTP-date or ISO 8601); undefined when it is not one. */
export function parseDate(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : t;
}
