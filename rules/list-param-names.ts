import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import type { Finding } from './_lib/ruleFunction';
import { getAt, isObject, resolveLocal } from './_lib/oas';
import { conventionalName, isCollectionGet, queryParams } from './_lib/lists';
import { numericIndexes } from './_lib/refs';

export default defineRule({
  id: 'list-param-names',
  meta: {
    description: 'List query parameters use the conventional names page, limit, sort and filter (not per_page, pageSize, orderBy, where…).',
    severity: 'warn',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  spectral: modelRule('apiconvListParamNames', model => {
    const out: Finding[] = [];
    const seen = new Set<string>();
    for (const op of model.operations) {
      if (!isCollectionGet(op)) continue;
      const params = queryParams(op);
      for (const p of params) {
        const to = conventionalName(p.name);
        if (to === undefined) continue;
        const key = JSON.stringify(p.path);
        if (seen.has(key)) continue;
        seen.add(key);
        const clash = params.some(q => q.name === to);
        out.push({
          message: clash
            ? `Query parameter "${p.name}" duplicates "${to}": keep only "${to}".`
            : `Query parameter "${p.name}" is a list parameter with an unconventional name: call it "${to}".`,
          path: p.namePath,
        });
      }
    }
    return out;
  }),
  fix(ctx) {
    const from = getAt(ctx.data, ctx.path);
    if (typeof from !== 'string' || ctx.path[ctx.path.length - 1] !== 'name') return undefined;
    const to = conventionalName(from);
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
    if (/duplicates/.test(ctx.message)) return undefined;
    return { title: `Rename the parameter "${from}" to "${to}"`, ops: [{ kind: 'set', path: numericIndexes(ctx.data, ctx.path), value: to }] };
  },
});
