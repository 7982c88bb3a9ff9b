/**
 * List helpers: what a list operation is, and the conventional names of list
 * query parameters (page, limit, sort, filter).
 */
import { isCollectionPath, isObject, responseSchemas, type Model, type Obj, type Operation, type Parameter } from './oas';

export const LIST_PARAMS = ['page', 'limit', 'sort', 'filter'] as const;
export type ListParam = (typeof LIST_PARAMS)[number];

/** Non-conventional names of list parameters (as written in the catalog) → the conventional name. */
export const LIST_PARAM_ALIASES: Record<string, ListParam> = {
  per_page: 'limit',
  perPage: 'limit',
  page_size: 'limit',
  pageSize: 'limit',
  size: 'limit',
  count: 'limit',
  top: 'limit',
  max: 'limit',
  page_number: 'page',
  pageNumber: 'page',
  p: 'page',
  order: 'sort',
  orderBy: 'sort',
  order_by: 'sort',
  sortBy: 'sort',
  sort_by: 'sort',
  where: 'filter',
  filters: 'filter',
  filter_by: 'filter',
  filterBy: 'filter',
};

const ALIASES_BY_LOWER = new Map<string, ListParam>(Object.entries(LIST_PARAM_ALIASES).map(([k, v]) => [k.toLowerCase(), v]));

/**
 * The conventional name for a parameter name, when it is a known non-conventional
 * one, in any case: `per_page`, `PageSize` → limit; `Order` → sort; and a
 * conventional name in another case (`Page`, `LIMIT`) → that name in lower case.
 * Undefined for the conventional names themselves and for other names.
 */
export function conventionalName(name: string): ListParam | undefined {
  if ((LIST_PARAMS as readonly string[]).includes(name)) return undefined;
  const lower = name.toLowerCase();
  if ((LIST_PARAMS as readonly string[]).includes(lower)) return lower as ListParam;
  return ALIASES_BY_LOWER.get(lower);
}

/** The list parameter a name stands for, in any case: the conventional names and their known others (`PageSize` → limit). */
export function listParamKind(name: string): ListParam | undefined {
  const lower = name.toLowerCase();
  return (LIST_PARAMS as readonly string[]).includes(lower) ? (lower as ListParam) : ALIASES_BY_LOWER.get(lower);
}

export function queryParams(op: Operation): Parameter[] {
  return op.parameters.filter(p => p.in === 'query');
}

/**
 * Whether a list is paged the way SCIM pages it (RFC 7644 §3.4.2.4): `startIndex`, 1-based, and `count`. The
 * protocol fixes both names and the style, so an API that serves SCIM has no choice of them there.
 */
export function isScimPaged(op: Operation): boolean {
  const names = new Set(queryParams(op).map(p => p.name));
  return names.has('startIndex') && names.has('count');
}

function typeIncludes(schema: Obj, t: string): boolean {
  return schema.type === t || (Array.isArray(schema.type) && schema.type.includes(t));
}

function isArraySchema(s: unknown): boolean {
  return isObject(s) && (typeIncludes(s, 'array') || (s.type === undefined && s.items !== undefined));
}

/** Names of the array property of a list envelope (`{ data: [...], has_more }`). */
const ENVELOPE_ARRAYS = /^(data|items|results|records|entries|values|content|contents|list|elements|rows|hits|edges|nodes|objects|resources|collection)$/i;
/**
 * Properties that only a page of a list has. `links` / `_links` are not among
 * them: a single HAL or JSON:API resource has its links too. One that is itself an
 * array is none (GitHub's `GET /meta` lists the IP ranges of its `pages`): a
 * count, a token or a link is what pages a list.
 */
const PAGE_PROPS =
  /^(total|total_?count|totalCount|count|has_?more|hasMore|next|next_?page|nextPage|next_?page_?token|nextPageToken|next_?cursor|nextCursor|cursor|page|pages|page_?count|offset|limit)$/i;

/**
 * An array; or an object that is a list envelope: it has an array property and
 * either few properties (at most 4), an envelope-like array name (`data`,
 * `items`, `results`…) or a paging property (`total_count`, `has_more`, `next`…).
 * A resource that merely has an array field (a user with `roles`) is not a list.
 * allOf members are merged.
 */
export function isListSchema(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  if (isArraySchema(schema)) return true;
  const props: Obj = {};
  collectProps(schema, props, 0);
  const names = Object.keys(props);
  const arrays = names.filter(n => isArraySchema(props[n]));
  if (arrays.length === 0) return false;
  return names.length <= 4 || arrays.some(n => ENVELOPE_ARRAYS.test(n)) || hasPagingProperty(props);
}

const hasPagingProperty = (props: Obj): boolean => Object.keys(props).some(n => PAGE_PROPS.test(n) && !isArraySchema(props[n]));

/** An object with a paging property (`total`, `next`, `offset`, `has_more`…): one page of a list, not all of it. */
export function isPageSchema(schema: unknown): boolean {
  const props: Obj = {};
  collectProps(schema, props, 0);
  return hasPagingProperty(props);
}

/** Whether a list operation answers with a page (its 200 body is one), not with the whole list. */
export function returnsPage(op: Operation, model: Model): boolean {
  const ok = op.responses?.['200'];
  return responseSchemas(ok, [...op.path, 'responses', '200'], model.spec, model.root, op).some(s => isPageSchema(s.schema));
}

function collectProps(schema: unknown, into: Obj, depth: number): void {
  if (!isObject(schema) || depth > 5) return;
  if (isObject(schema.properties)) Object.assign(into, schema.properties);
  if (Array.isArray(schema.allOf)) for (const s of schema.allOf) collectProps(s, into, depth + 1);
}

/** Last segments that name one resource, the caller's own: `GET /me`, `/users/me`, `/self`, `/whoami`. */
export const SINGLETON = /^(me|self|myself|whoami|current|current_?user|currentUser)$/i;

/** A GET on a collection path (any effective path or the path key), not on a singleton such as `/me`. */
export function isCollectionGet(op: Operation): boolean {
  if (op.method !== 'get') return false;
  // The key's last part between slashes, as written (`/me#x` names no singleton), without a list of its parts.
  const key = op.pathKey;
  let end = key.length;
  while (end > 0 && key.charCodeAt(end - 1) === 0x2f) end--;
  if (SINGLETON.test(key.slice(key.lastIndexOf('/', end - 1) + 1, end))) return false;
  return isCollectionPath(op.pathKey) || op.effectivePaths.some(isCollectionPath);
}

/** A GET on a collection path whose 200 body is an array or an object with an array property. */
export function isListOperation(op: Operation, model: Model): boolean {
  if (!isCollectionGet(op) || !op.responses) return false;
  const ok = op.responses['200'];
  return isObject(ok) && responseSchemas(ok, [...op.path, 'responses', '200'], model.spec, model.root, op).some(s => isListSchema(s.schema));
}
