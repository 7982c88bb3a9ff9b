import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import type { Finding } from './_lib/ruleFunction';
import { getAt, isObject, resolveLocal, type Model, type Operation, type Parameter } from './_lib/oas';
import { LIST_PARAMS, isCollectionGet, isScimPaged, listParamKind, queryParams, type ListParam } from './_lib/lists';
import { numericIndexes } from './_lib/refs';
import { defineOptions } from './_lib/options';
import { bump, perModel, pluralityOf, type Counts, type Tally } from './_lib/majority';

type Names = Record<ListParam, string>;

const name = (role: string, example: string) => ({
  anyOf: [{ type: 'string', pattern: '^[A-Za-z][\\w.-]*$' }, { const: 'auto' }],
  description: `The name of the ${role} parameter, or 'auto': the name most list operations give it (e.g. ${example}).`,
});

export const options = defineOptions<{ names: Names }>('list-param-names', {
  names: {
    schema: {
      type: 'object',
      properties: {
        page: name('page number', 'page_number'),
        limit: name('page size', 'per_page'),
        sort: name('sort order', 'order_by'),
        filter: name('filter', 'where'),
      },
      additionalProperties: false,
    },
    default: { page: 'page', limit: 'limit', sort: 'sort', filter: 'filter' },
    description:
      "The name each list parameter must have (page, limit, sort, filter); a parameter under another known name of it (per_page, pageSize, orderBy, where…) is reported. 'auto' takes the name most list operations use.",
    example: { page: 'page', limit: 'per_page', sort: 'auto', filter: 'filter' },
  },
});

/** What the docs and messages call each list parameter. */
const ROLE: Record<ListParam, string> = { page: 'page number', limit: 'page size', sort: 'sort order', filter: 'filter' };

/**
 * The list parameter a query parameter is, by its name; none for one whose values are only a direction (GitHub's
 * `order` of asc and desc): the seed's sort takes a field (`sort=<field>`), and a direction names none. Nor for the
 * `count` of a list paged as SCIM pages it (`scim`: RFC 7644 names it so).
 */
function kindOf(p: Parameter, scim: boolean): ListParam | undefined {
  if (scim && p.name === 'count') return undefined;
  const kind = listParamKind(p.name);
  const values = (isObject(p.value.schema) ? p.value.schema : p.value).enum;
  const direction = Array.isArray(values) && values.length > 0 && values.every(v => typeof v === 'string' && /^(asc|desc)(ending)?$/i.test(v));
  return kind === 'sort' && direction ? undefined : kind;
}

/** The operations a list parameter is judged in: GETs on a collection path. */
const listGets = (model: Model): Operation[] => model.operations.filter(isCollectionGet);

/**
 * What the document's list operations call each list parameter: per parameter, how many of them use each of its
 * names (an operation once per name), out of those with a parameter of that kind. What `auto` takes the majority
 * of, and what init --infer sums over an API's documents.
 */
export const listParamNameTallies = perModel((model: Model): { lists: number; byKind: Record<ListParam, Tally> } => {
  const ops = listGets(model);
  const byKind = {} as Record<ListParam, Tally>;
  for (const kind of LIST_PARAMS) {
    const counts: Counts = new Map();
    let total = 0;
    for (const op of ops) {
      const scim = isScimPaged(op);
      const names = new Set(
        queryParams(op)
          .filter(p => kindOf(p, scim) === kind)
          .map(p => p.name),
      );
      if (names.size > 0) total++;
      for (const n of names) bump(counts, n);
    }
    byKind[kind] = { counts, total, what: `list operations with a ${ROLE[kind]}` };
  }
  return { lists: ops.length, byKind };
});

/**
 * For each list parameter set to 'auto', the name most list operations give it and why (the counts); a name
 * given, as it is. A parameter no name is used most for (a tie, or none used) is not judged.
 */
function namesToUse(set: Partial<Names>, model: Model): Map<ListParam, { name: string; why?: string }> {
  const out = new Map<ListParam, { name: string; why?: string }>();
  const wanted = { ...options.defaults.names, ...set };
  for (const kind of LIST_PARAMS) {
    if (wanted[kind] !== 'auto') {
      out.set(kind, { name: wanted[kind] });
      continue;
    }
    const t = listParamNameTallies(model).byKind[kind];
    const top = pluralityOf(t);
    if (top === undefined) continue;
    out.set(kind, { name: top.value, why: `${top.count} of ${t.total} ${t.what} call it "${top.value}"` });
  }
  return out;
}

export default defineRule({
  id: 'list-param-names',
  meta: {
    description: 'List query parameters use the conventional names page, limit, sort and filter (not per_page, pageSize, orderBy, where…).',
    severity: 'warn',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: modelRule(
    'apiconvListParamNames',
    (model, o) => {
      const out: Finding[] = [];
      const seen = new Set<string>();
      const ops = listGets(model);
      const use = namesToUse(o.names, model);
      for (const op of ops) {
        const params = queryParams(op);
        const scim = isScimPaged(op);
        for (const p of params) {
          const kind = kindOf(p, scim);
          const to = kind === undefined ? undefined : use.get(kind);
          if (to === undefined || p.name === to.name) continue;
          const key = JSON.stringify(p.path);
          if (seen.has(key)) continue;
          seen.add(key);
          const clash = params.some(q => q.name === to.name);
          out.push({
            message: clash
              ? `Query parameter "${p.name}" duplicates "${to.name}": keep only "${to.name}".`
              : to.why
                ? `Query parameter "${p.name}" is the ${ROLE[kind!]} under another name than in the rest of the API (${to.why}): call it "${to.name}".`
                : `Query parameter "${p.name}" is a list parameter with an unconventional name: call it "${to.name}".`,
            path: p.namePath,
          });
        }
      }
      return out;
    },
    options,
  ),
  fix(ctx) {
    const from = getAt(ctx.data, ctx.path);
    if (typeof from !== 'string' || ctx.path[ctx.path.length - 1] !== 'name') return undefined;
    // The name the finding asks for (the options and the document's majority decided it).
    const to = /: call it "([^"]+)"\.$/.exec(ctx.message)?.[1];
    if (to === undefined) return undefined;
    // Renaming into a name the same list already has would declare it twice.
    const list = getAt(ctx.data, ctx.path.slice(0, -2));
    if (Array.isArray(list) && ctx.path[ctx.path.length - 3] === 'parameters') {
      const clash = list.some(p => {
        const r = resolveLocal(ctx.data, p);
        return isObject(r) && r.name === to && r.in === 'query';
      });
      if (clash) return undefined;
    }
    return { title: `Rename the parameter "${from}" to "${to}"`, ops: [{ kind: 'set', path: numericIndexes(ctx.data, ctx.path), value: to }] };
  },
});
