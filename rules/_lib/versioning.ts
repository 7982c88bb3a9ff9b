/**
 * Versioning helpers: where a document selects the API version (path, query
 * parameter or header) and the IMF-fixdate check for Sunset.
 */
import type { JsonPath } from '../types';
import { hasResponse, isObject, segments, serverBasePath, type Model, type Obj, type Operation, type Parameter } from './oas';
import { versionSegmentIndexes } from './paths';
import { bump, perModel, type Tally } from './majority';

export type Strategy = 'path' | 'query' | 'header';
export const STRATEGY_LABEL: Record<Strategy, string> = {
  path: 'the URL path (/api/v<n>/)',
  query: 'a query parameter (?version=<n>)',
  header: 'a header (API-Version, or an Accept vendor type application/vnd.<vendor>.v<n>+json)',
};

export const VERSION_QUERY_PARAMS = ['version', 'v', 'api-version'];
/** `application/vnd.acme.v2+json` (extra dotted parts allowed before `+json`). */
export const VENDOR_VERSION_TYPE = /^application\/vnd\.[a-z0-9][\w.-]*?\.v\d+(?:\.[\w-]+)*\+json\s*(?:;.*)?$/i;

export interface VersionLocation {
  strategy: Strategy;
  /** Where a person would change it. */
  path: JsonPath;
  /** What it is, for messages. */
  label: string;
  /** A header strategy through the media type (a vendor type, or an Accept parameter that names one). */
  mediaType: boolean;
}

/** The version query or header parameter of an operation, if any. */
export function versionParams(op: Operation): Parameter[] {
  return op.parameters.filter(p => isVersionParam(p) && !versionOfAResource(op, p));
}

/**
 * A query parameter `version` or `v` that picks a version of the resource, not of the API:
 * `GET /v1/files/{file_key}/nodes?version=…` (a file's saved version). Either the operation already
 * selects the API version in its path (an operation does not select it twice), or the parameter's
 * description speaks of the version of something that is not the API ("A specific version ID of the
 * file"). `api-version` always names the API's.
 */
function versionOfAResource(op: Operation, p: Parameter): boolean {
  if (p.in !== 'query' || p.name.toLowerCase() === 'api-version') return false;
  if (op.effectivePaths.some(eff => versionSegmentIndexes(segments(eff)).length > 0)) return true;
  const text = typeof p.value.description === 'string' ? p.value.description : '';
  return !/\bAPIs?\b/i.test(text) && /\bversion(?:\s+(?:id|number))?\s+of\s+(?:the|a|an|this)\b|\b(?:version|revision)\s+id\b/i.test(text);
}

/**
 * True when the operation takes the version as a query or header parameter and
 * declares neither 400 nor 4XX: what `version-param-400` reports (and `error-400`
 * then leaves to it).
 */
export function lacksVersion400(op: Operation): boolean {
  return versionParams(op).length > 0 && !hasResponse(op, '400') && !hasResponse(op, '4XX') && !hasResponse(op, '4xx');
}

/**
 * A request header that selects the version under a name of the provider's own:
 * `box-version`, `Stripe-Version`, `X-API-Version`, `x-ms-version` (any name ending
 * in `-version` other than the conventional `API-Version`).
 */
export function isCustomVersionHeader(p: Parameter): boolean {
  if (p.in !== 'header') return false;
  const name = p.name.toLowerCase();
  return name !== 'api-version' && /^[a-z0-9]+(?:-[a-z0-9]+)*-version$/.test(name);
}

function isVersionParam(p: Parameter): boolean {
  const name = p.name.toLowerCase();
  if (p.in === 'query') return VERSION_QUERY_PARAMS.includes(name);
  if (p.in !== 'header') return false;
  if (name === 'api-version' || isCustomVersionHeader(p)) return true;
  return name === 'accept' && mentionsVendorVersion(p.value);
}

function mentionsVendorVersion(param: Obj): boolean {
  const values: unknown[] = [];
  const schema = isObject(param.schema) ? param.schema : param;
  for (const s of [schema, param]) {
    values.push(s.default, s.example);
    if (Array.isArray(s.enum)) values.push(...s.enum);
  }
  return values.some(v => typeof v === 'string' && v.split(',').some(t => VENDOR_VERSION_TYPE.test(t.trim())));
}

/** The server URL locations of an operation (op, path item, root), most specific first; Swagger 2 basePath. */
function serverLocations(model: Model, op: Operation): { base: string; path: JsonPath }[] {
  if (model.spec === 'oas2') {
    return typeof model.root.basePath === 'string' ? [{ base: model.root.basePath, path: ['basePath'] }] : [];
  }
  const levels: [unknown, JsonPath][] = [
    [op.value.servers, [...op.path, 'servers']],
    [op.pathItem.servers, ['paths', op.pathKey, 'servers']],
    [model.root.servers, ['servers']],
  ];
  for (const [servers, at] of levels) {
    if (!Array.isArray(servers) || servers.length === 0) continue;
    return servers.flatMap((s, i) => (isObject(s) && typeof s.url === 'string' ? [{ base: serverBasePath(s.url, s.variables), path: [...at, i, 'url'] }] : []));
  }
  return [];
}

/** versionLocations and strategyMajority per operation and model: two rules ask for them, one of them twice. */
const locationsOf = new WeakMap<Operation, VersionLocation[]>();
const majorityOf = new WeakMap<Model, ReturnType<typeof majorityIn>>();

/** Every place an operation selects the version, by strategy (the same list each time: not to be changed). */
export function versionLocations(model: Model, op: Operation): VersionLocation[] {
  let locs = locationsOf.get(op);
  if (locs === undefined) locationsOf.set(op, (locs = locationsIn(model, op)));
  return locs;
}

/**
 * The version in the base path of the document's servers (Swagger 2: its basePath), and the list of an operation that
 * selects it there and nowhere else: one of each per model, shared by the operations that have no servers of their
 * own (most of them).
 */
const rootServerLocationOf = new WeakMap<Model, VersionLocation | null>();
const onlyRootServerOf = new WeakMap<Model, VersionLocation[]>();
const NO_LOCATIONS: VersionLocation[] = Object.freeze([]) as unknown as VersionLocation[];

/** The version segment in the base path of the servers an operation uses, if any. */
function serverVersionLocation(model: Model, op: Operation): VersionLocation | undefined {
  const own = model.spec !== 'oas2' && (nonEmptyArray(op.value.servers) || nonEmptyArray(op.pathItem.servers));
  if (own) return serverVersionLocationIn(model, op);
  let root = rootServerLocationOf.get(model);
  if (root === undefined) rootServerLocationOf.set(model, (root = serverVersionLocationIn(model, op) ?? null));
  return root ?? undefined;
}

const nonEmptyArray = (v: unknown): boolean => Array.isArray(v) && v.length > 0;

function serverVersionLocationIn(model: Model, op: Operation): VersionLocation | undefined {
  const server = serverLocations(model, op).find(s => versionSegmentIndexes(segments(s.base)).length > 0);
  return server && { strategy: 'path', path: server.path, label: `the base path "${server.base}"`, mediaType: false };
}

function locationsIn(model: Model, op: Operation): VersionLocation[] {
  const out: VersionLocation[] = [];
  // Path: a version segment in the path key, else in the server base path.
  const keySegs = segments(op.pathKey);
  const inKey = op.effectivePaths.some(eff => {
    const segs = segments(eff);
    const baseLen = segs.length - keySegs.length;
    return versionSegmentIndexes(segs).some(i => i >= baseLen);
  });
  if (inKey) out.push({ strategy: 'path', path: ['paths', op.pathKey], label: `the path "${op.pathKey}"`, mediaType: false });
  else {
    const server = serverVersionLocation(model, op);
    if (server) out.push(server);
  }
  for (const p of versionParams(op)) {
    out.push({
      strategy: p.in === 'query' ? 'query' : 'header',
      path: p.namePath,
      label: `the ${p.in} parameter "${p.name}"`,
      mediaType: p.in === 'header' && p.name.toLowerCase() === 'accept',
    });
  }
  for (const m of vendorMediaTypes(model, op)) out.push({ strategy: 'header', path: m.path, label: `the media type "${m.type}"`, mediaType: true });
  if (out.length === 0) return NO_LOCATIONS;
  if (out.length === 1 && out[0] === rootServerLocationOf.get(model)) {
    let shared = onlyRootServerOf.get(model);
    if (shared === undefined) onlyRootServerOf.set(model, (shared = out));
    return shared;
  }
  return out;
}

/** The names a version parameter of each kind goes by in an operation: headers (an Accept vendor type aside) and query parameters. */
export type NameKind = 'header' | 'query';

/** The version parameters of an operation named by the name (a header other than Accept, or a query parameter), with the names a team set counted in. */
export function versionNameParams(op: Operation, kind: NameKind, extra: readonly string[] = []): Parameter[] {
  const more = new Set(extra.map(n => n.toLowerCase()));
  const known = versionParams(op).filter(p => p.in === kind && p.name.toLowerCase() !== 'accept');
  const named = op.parameters.filter(p => p.in === kind && more.has(p.name.toLowerCase()) && !known.includes(p));
  return [...known, ...named];
}

/** How many operations give their version header, and their version query parameter, each name: what `auto` and init --infer take the majority of. */
export const versionNameTallies = perModel((model: Model): Record<NameKind, Tally> => {
  const out = {} as Record<NameKind, Tally>;
  for (const kind of ['header', 'query'] as const) {
    const counts = new Map<string, number>();
    let total = 0;
    for (const op of model.operations) {
      const names = new Set(versionNameParams(op, kind).map(p => p.name));
      if (names.size > 0) total++;
      for (const n of names) bump(counts, n);
    }
    out[kind] = { counts, total, what: `operations with a version ${kind === 'header' ? 'header' : 'query parameter'}` };
  }
  return out;
});

const ORDER: Strategy[] = ['path', 'query', 'header'];

/**
 * The strategy most operations use, the number of operations per strategy, and
 * the locations that use another one (what `version-single-strategy` flags; empty
 * when the document uses one strategy or none).
 */
export function strategyMajority(model: Model): { majority: Strategy | undefined; count: Record<Strategy, number>; minority: VersionLocation[] } {
  let m = majorityOf.get(model);
  if (m === undefined) majorityOf.set(model, (m = majorityIn(model)));
  return m;
}

function majorityIn(model: Model): { majority: Strategy | undefined; count: Record<Strategy, number>; minority: VersionLocation[] } {
  const count: Record<Strategy, number> = { path: 0, query: 0, header: 0 };
  const locations: VersionLocation[] = [];
  for (const op of model.operations) {
    const locs = versionLocations(model, op);
    for (const s of new Set(locs.map(l => l.strategy))) count[s]++;
    locations.push(...locs);
  }
  const used = ORDER.filter(s => count[s] > 0);
  if (used.length < 2) return { majority: used[0], count, minority: [] };
  const majority = used.reduce((best, s) => (count[s] > count[best] ? s : best), used[0]);
  return { majority, count, minority: locations.filter(l => l.strategy !== majority) };
}

/** Vendor version media types of an operation's bodies (OAS 3 content keys; Swagger 2 consumes/produces). */
function vendorMediaTypes(model: Model, op: Operation): { type: string; path: JsonPath }[] {
  const out: { type: string; path: JsonPath }[] = [];
  const addContent = (content: unknown, at: JsonPath) => {
    if (!isObject(content)) return;
    for (const mt of Object.keys(content)) if (VENDOR_VERSION_TYPE.test(mt)) out.push({ type: mt, path: [...at, mt] });
  };
  if (model.spec === 'oas3') {
    if (isObject(op.value.requestBody)) addContent(op.value.requestBody.content, [...op.path, 'requestBody', 'content']);
    for (const [code, r] of Object.entries(op.responses ?? {})) {
      if (isObject(r)) addContent(r.content, [...op.path, 'responses', code, 'content']);
    }
    return out;
  }
  for (const key of ['consumes', 'produces'] as const) {
    const list = Array.isArray(op.value[key]) ? op.value[key] : model.root[key];
    const at: JsonPath = Array.isArray(op.value[key]) ? [...op.path, key] : [key];
    if (!Array.isArray(list)) continue;
    list.forEach((t, i) => {
      if (typeof t === 'string' && VENDOR_VERSION_TYPE.test(t)) out.push({ type: t, path: [...at, i] });
    });
  }
  return out;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const IMF = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;

/** True for an HTTP date in IMF-fixdate form with a real date and the right weekday. */
export function isImfFixdate(value: string): boolean {
  const m = IMF.exec(value);
  if (!m) return false;
  const [, day, dd, mon, yyyy, hh, mi, ss] = m;
  const month = MONTHS.indexOf(mon);
  const d = new Date(Date.UTC(Number(yyyy), month, Number(dd), Number(hh), Number(mi), Number(ss)));
  return (
    d.getUTCFullYear() === Number(yyyy) &&
    d.getUTCMonth() === month &&
    d.getUTCDate() === Number(dd) &&
    Number(hh) < 24 &&
    Number(mi) < 60 &&
    Number(ss) < 60 &&
    DAYS[d.getUTCDay()] === day
  );
}
