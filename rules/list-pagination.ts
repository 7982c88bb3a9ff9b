import { defineRule } from './types';
import type { FixOp, JsonPath, Spec } from './types';
import { modelRule } from './_lib/ruleFunction';
import type { Finding } from './_lib/ruleFunction';
import { getAt, isObject, resolveLocal } from './_lib/oas';
import { opPathFromFinding } from './_lib/fixes';
import { conventionalName, isListOperation, queryParams } from './_lib/lists';

/** The parameters the fix adds. */
export function paginationParam(spec: Spec, name: 'page' | 'limit'): Record<string, unknown> {
  const bounds = name === 'page' ? { minimum: 1, default: 1 } : { minimum: 1, maximum: 100, default: 20 };
  const description = name === 'page' ? 'Page number, starting at 1.' : 'Number of items per page (1 to 100).';
  return spec === 'oas2'
    ? { name, in: 'query', description, type: 'integer', ...bounds }
    : { name, in: 'query', description, schema: { type: 'integer', ...bounds } };
}

export default defineRule({
  id: 'list-pagination',
  meta: {
    description: 'A GET that returns a list (array body, or a list envelope) declares the query parameters page and limit.',
    severity: 'warn',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  spectral: modelRule('apiconvListPagination', model => {
    const out: Finding[] = [];
    for (const op of model.operations) {
      if (!isListOperation(op, model)) continue;
      // A parameter under a non-conventional name (per_page…) counts: list-param-names asks to rename it.
      const declared = new Set(queryParams(op).map(p => conventionalName(p.name) ?? p.name));
      const missing = (['page', 'limit'] as const).filter(n => !declared.has(n));
      if (missing.length === 0) continue;
      out.push({
        message: `GET ${op.pathKey} returns a list but does not declare the query parameter${missing.length > 1 ? 's' : ''} ${missing.map(n => `"${n}"`).join(' and ')}: page the list with ?page=<n>&limit=<n> (integers, minimum 1, limit with a maximum).`,
        path: op.path,
      });
    }
    return out;
  }),
  fix(ctx) {
    const opPath = opPathFromFinding(ctx);
    if (!opPath) return undefined;
    const op = getAt(ctx.data, opPath);
    if (!isObject(op)) return undefined;
    const names = new Set<string>();
    const collect = (params: unknown) => {
      if (!Array.isArray(params)) return;
      for (const p of params) {
        const r = resolveLocal(ctx.data, p);
        if (isObject(r) && r.in === 'query' && typeof r.name === 'string') names.add(conventionalName(r.name) ?? r.name);
      }
    };
    collect(op.parameters);
    const item = opPath.length > 0 ? getAt(ctx.data, opPath.slice(0, -1)) : undefined;
    if (isObject(item)) collect(item.parameters);
    const ops: FixOp[] = [];
    const paramsPath: JsonPath = [...opPath, 'parameters'];
    const added: string[] = [];
    for (const name of ['page', 'limit'] as const) {
      if (names.has(name)) continue;
      const shared = ctx.isRoot ? sharedParamRef(ctx.data, ctx.spec, name) : undefined;
      ops.push({ kind: 'append', path: paramsPath, value: shared ? { $ref: shared } : paginationParam(ctx.spec, name) });
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
