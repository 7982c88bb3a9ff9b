import { defineRule } from './types';
import type { FixOp, JsonPath, Spec } from './types';
import { modelRule } from './_lib/ruleFunction';
import type { Finding } from './_lib/ruleFunction';
import { getAt, isObject, resolveLocal, type Operation } from './_lib/oas';
import { opPathFromFinding } from './_lib/fixes';
import { conventionalName, isListOperation, isScimPaged, queryParams, returnsPage } from './_lib/lists';
import { defineOptions } from './_lib/options';

/** How a list is paged: which query parameters (or response header) each style needs. */
type Style = 'page' | 'offset' | 'cursor' | 'link';
type Names = { page: string; limit: string; offset: string; cursor: string };

const paramName = (role: string, example: string) => ({
  type: 'string',
  pattern: '^[A-Za-z][\\w.\\[\\]-]*$',
  description: `The name of the ${role} query parameter (e.g. ${example}).`,
});

export const options = defineOptions<{ styles: Style[]; names: Names; boundedBy: string[]; wholeLists: boolean }>('list-pagination', {
  styles: {
    schema: { type: 'array', items: { enum: ['page', 'offset', 'cursor', 'link'] }, minItems: 1, uniqueItems: true },
    default: ['page'],
    description:
      "The paging styles a list may use, any one of them will do: 'page' (page and limit), 'offset' (offset and limit), 'cursor' (cursor and limit), 'link' (a Link header on the 200 response).",
    example: ['cursor', 'link'],
  },
  names: {
    schema: {
      type: 'object',
      properties: {
        page: paramName('page number', 'page_number'),
        limit: paramName('page size', 'per_page'),
        offset: paramName('offset', 'skip'),
        cursor: paramName('cursor', 'starting_after'),
      },
      additionalProperties: false,
    },
    default: { page: 'page', limit: 'limit', offset: 'offset', cursor: 'cursor' },
    description: 'The names of the paging query parameters the styles need; a name left out keeps its default.',
    example: { page: 'page', limit: 'per_page', offset: 'offset', cursor: 'starting_after' },
  },
  boundedBy: {
    schema: { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true },
    default: [],
    description:
      "Query parameters that bound a list when the GET requires them, so that it needs no paging: the ids it looks up (Spotify's GET /albums?ids=…), a time window (start, end).",
    example: ['ids'],
  },
  wholeLists: {
    schema: { type: 'boolean' },
    default: false,
    description:
      "Whether a list whose 200 body is no page (no paging property such as total, next, offset or has_more: a bare array, Spotify's { tracks: [...] } of an artist's top tracks) is a whole list of a fixed size that needs no paging, for an API whose paged lists answer with a page.",
    example: true,
  },
});

/** Whether the operation requires one of the parameters that bound its list (the boundedBy option). */
export const isBounded = (op: Operation, boundedBy: readonly string[]) =>
  boundedBy.length > 0 && queryParams(op).some(p => p.value.required === true && boundedBy.includes(p.name));

const isSeedStyle = (styles: Style[], names: Names): boolean => styles.length === 1 && styles[0] === 'page' && names.page === 'page' && names.limit === 'limit';

/** What the style still needs on this operation (parameter names, or the Link header); empty when it is met. */
function missingFor(style: Style, names: Names, declared: Set<string>, op: Operation): string[] {
  if (style === 'link') return hasLinkHeader(op) ? [] : ['a Link header on the 200 response'];
  const needs = [style === 'page' ? names.page : style === 'offset' ? names.offset : names.cursor, names.limit];
  return needs.filter(n => !declared.has(n)).map(n => `"${n}"`);
}

function hasLinkHeader(op: Operation): boolean {
  const ok = isObject(op.responses) ? op.responses['200'] : undefined;
  return isObject(ok) && isObject(ok.headers) && Object.keys(ok.headers).some(h => h.toLowerCase() === 'link');
}

const STYLE: Record<Style, string> = { page: 'page', offset: 'offset', cursor: 'cursor', link: 'Link header' };

type ParamRole = 'page' | 'limit' | 'offset' | 'cursor';

/** What each parameter the fix adds says, and its schema (the page size bounded by list-param-schema's maxLimit). */
function paramSchema(role: ParamRole, maxLimit: number): { description: string; schema: Record<string, unknown> } {
  if (role === 'page') return { description: 'Page number, starting at 1.', schema: { type: 'integer', minimum: 1, default: 1 } };
  if (role === 'offset') return { description: 'Number of items to skip, starting at 0.', schema: { type: 'integer', minimum: 0, default: 0 } };
  if (role === 'cursor') return { description: 'Where the page starts (the cursor the previous page returned).', schema: { type: 'string' } };
  return {
    description: `Number of items per page (1 to ${maxLimit}).`,
    schema: { type: 'integer', minimum: 1, maximum: maxLimit, default: Math.min(20, maxLimit) },
  };
}

/** A query parameter the fix adds: `name` in the role it plays. */
function paginationParam(spec: Spec, role: ParamRole, name: string = role, maxLimit = 100): Record<string, unknown> {
  const { description, schema } = paramSchema(role, maxLimit);
  return spec === 'oas2' ? { name, in: 'query', description, ...schema } : { name, in: 'query', description, schema };
}

export default defineRule({
  id: 'list-pagination',
  meta: {
    description: 'A GET that returns a list (array body, or a list envelope) declares the query parameters page and limit.',
    severity: 'warn',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: modelRule(
    'apiconvListPagination',
    (model, o) => {
      const names = { ...options.defaults.names, ...o.names };
      const seed = isSeedStyle(o.styles, names);
      const out: Finding[] = [];
      for (const op of model.operations) {
        if (!isListOperation(op, model) || isBounded(op, o.boundedBy) || (o.wholeLists && !returnsPage(op, model))) continue;
        if (isScimPaged(op)) continue;
        // A parameter under a non-conventional name (per_page…) counts as its conventional one: list-param-names
        // asks to rename it. The name as written counts too, for a team that chose it.
        const declared = new Set(queryParams(op).flatMap(p => [p.name, conventionalName(p.name) ?? p.name]));
        const missing = o.styles.map(style => missingFor(style, names, declared, op));
        if (missing.some(m => m.length === 0)) continue;
        if (seed) {
          const [m] = missing;
          out.push({
            message: `GET ${op.pathKey} returns a list but does not declare the query parameter${m.length > 1 ? 's' : ''} ${m.join(' and ')}: page the list with ?page=<n>&limit=<n> (integers, minimum 1, limit with a maximum).`,
            path: op.path,
          });
          continue;
        }
        const wanted = o.styles.map((style, i) => `${STYLE[style]} paging (missing ${missing[i].join(' and ')})`);
        out.push({ message: `GET ${op.pathKey} returns a list but is paged in none of the API's styles: ${wanted.join('; ')}.`, path: op.path });
      }
      return out;
    },
    options,
  ),
  fix(ctx) {
    // The parameters of the team's one paging style, under its names; among several styles (or a Link header, which
    // the server writes) the choice is the team's.
    const styles = ctx.options.styles as Style[];
    if (styles.length !== 1 || styles[0] === 'link') return undefined;
    const style = styles[0];
    const names: Names = { ...options.defaults.names, ...(ctx.options.names as Partial<Names>) };
    const maxLimit = ctx.optionsOf('list-param-schema').maxLimit;
    const opPath = opPathFromFinding(ctx);
    if (!opPath) return undefined;
    const op = getAt(ctx.data, opPath);
    if (!isObject(op)) return undefined;
    // As the check counts them: a name as written, and the conventional one it stands for (per_page for limit).
    const declared = new Set<string>();
    const collect = (params: unknown) => {
      if (!Array.isArray(params)) return;
      for (const p of params) {
        const r = resolveLocal(ctx.data, p);
        if (isObject(r) && r.in === 'query' && typeof r.name === 'string') declared.add(r.name).add(conventionalName(r.name) ?? r.name);
      }
    };
    collect(op.parameters);
    const item = opPath.length > 0 ? getAt(ctx.data, opPath.slice(0, -1)) : undefined;
    if (isObject(item)) collect(item.parameters);
    // A list paged in another style (page numbers in an offset API) is the team's to convert: a second style beside
    // it would page the list twice.
    const others = (['page', 'offset', 'cursor'] as const).filter(r => r !== style).flatMap(r => [r, names[r]]);
    if (others.some(n => declared.has(n))) return undefined;
    const ops: FixOp[] = [];
    const paramsPath: JsonPath = [...opPath, 'parameters'];
    const added: string[] = [];
    for (const role of [style, 'limit'] as const) {
      const name = names[role];
      if (declared.has(name)) continue;
      const shared = ctx.isRoot ? sharedParamRef(ctx.data, ctx.spec, name) : undefined;
      const param = paginationParam(ctx.spec, role, name, typeof maxLimit === 'number' ? maxLimit : undefined);
      ops.push({ kind: 'append', path: paramsPath, value: shared ? { $ref: shared } : param });
      added.push(name);
    }
    if (ops.length === 0) return undefined;
    return { title: `Add the query parameter${added.length > 1 ? 's' : ''} ${added.join(' and ')}`, ops };
  },
});

/** A `$ref` to a shared query parameter `name` (components/parameters, Swagger 2 parameters) that the document already has. */
function sharedParamRef(data: unknown, spec: Spec, name: string): string | undefined {
  const base: JsonPath = spec === 'oas2' ? ['parameters'] : ['components', 'parameters'];
  const shared = getAt(data, base);
  if (!isObject(shared)) return undefined;
  for (const [key, value] of Object.entries(shared)) {
    const p = resolveLocal(data, value);
    if (isObject(p) && p.name === name && p.in === 'query') {
      return '#/' + [...base, key].map(s => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
    }
  }
  return undefined;
}
