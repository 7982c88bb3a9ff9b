import { defineRule } from './types';
import type { FixOp, JsonPath } from './types';
import { modelRule } from './_lib/ruleFunction';
import type { Finding } from './_lib/ruleFunction';
import { getAt, isObject, type Obj } from './_lib/oas';
import { derefPath, numericIndexes } from './_lib/refs';
import type { ListParam } from './_lib/lists';
import { defineOptions } from './_lib/options';

export const options = defineOptions<{ maxLimit: number | null }>('list-param-schema', {
  maxLimit: {
    schema: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] },
    default: null,
    description: 'The largest page size the API serves: a limit whose maximum is above it is reported (null: any maximum will do).',
    example: 100,
  },
});

function typeIs(schema: Obj, t: string): boolean {
  return schema.type === t || (Array.isArray(schema.type) && schema.type.includes(t));
}

/** What a list parameter's schema lacks (empty when it is fine). */
export function schemaProblems(kind: ListParam, schema: Obj): string[] {
  const out: string[] = [];
  if (kind === 'page' || kind === 'limit') {
    if (!typeIs(schema, 'integer')) out.push('type integer');
    if (typeof schema.minimum !== 'number') out.push('a minimum');
    if (kind === 'limit' && typeof schema.maximum !== 'number') out.push('a maximum');
  } else if (!typeIs(schema, 'string')) {
    out.push('type string');
  }
  return out;
}

const KINDS: readonly string[] = ['page', 'limit', 'sort', 'filter'];

export default defineRule({
  id: 'list-param-schema',
  meta: {
    description: 'page and limit are integers with a minimum, limit has a maximum; sort and filter are strings.',
    severity: 'warn',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: modelRule(
    'apiconvListParamSchema',
    (model, o) => {
      const out: Finding[] = [];
      const seen = new Set<string>();
      for (const op of model.operations) {
        for (const p of op.parameters) {
          if (p.in !== 'query' || !KINDS.includes(p.name)) continue;
          const key = JSON.stringify(p.path);
          if (seen.has(key)) continue;
          seen.add(key);
          const kind = p.name as ListParam;
          let schema: Obj;
          let at: JsonPath;
          let typePath: JsonPath;
          if (p.querystring !== undefined) {
            // A property of an OpenAPI 3.2 querystring parameter's schema.
            schema = isObject(p.value.schema) ? p.value.schema : {};
            at = p.path;
            typePath = [...at, 'type'];
          } else if (model.spec === 'oas2') {
            schema = p.value;
            at = [...p.path, 'name'];
            typePath = [...p.path, 'type'];
          } else if (isObject(p.value.schema)) {
            schema = p.value.schema;
            at = [...p.path, 'schema'];
            typePath = [...at, 'type'];
          } else if (p.value.content !== undefined) {
            continue; // serialized as a media type: not a plain query value
          } else {
            schema = {};
            at = [...p.path, 'name'];
            typePath = at;
          }
          const missing = schemaProblems(kind, schema);
          if (missing.length === 0 && kind === 'limit' && o.maxLimit !== null && typeof schema.maximum === 'number' && schema.maximum > o.maxLimit) {
            out.push({
              message: `Query parameter "limit" allows pages of up to ${schema.maximum} items: the API's page size is at most ${o.maxLimit}; set its maximum to ${o.maxLimit}.`,
              path: at,
            });
          }
          if (missing.length === 0) continue;
          const wrongType = missing[0].startsWith('type') && schema.type !== undefined;
          out.push({
            message: `Query parameter "${p.name}" lacks ${missing.join(', ')}${kind === 'limit' && missing.includes('a maximum') ? ' (a bounded page size)' : ''}: ${advice(kind, missing, schema, o.maxLimit)}.`,
            path: wrongType ? typePath : at,
          });
        }
      }
      return out;
    },
    options,
  ),
  fix(ctx) {
    const m = /^Query parameter "(page|limit|sort|filter)"/.exec(ctx.message);
    if (!m) return undefined;
    const kind = m[1] as ListParam;
    const last = ctx.path[ctx.path.length - 1];
    const parent = ctx.path.slice(0, -1);
    let objPath: JsonPath;
    if (last === 'type') objPath = parent;
    else if (last === 'schema') objPath = ctx.path;
    else if (last === 'name') objPath = ctx.spec === 'oas2' ? parent : [...parent, 'schema'];
    else objPath = ctx.path; // a schema reached through a $ref (components/schemas/Limit)
    const found = derefPath(ctx.data, objPath);
    const target = found && numericIndexes(ctx.data, found);
    if (target === undefined) return undefined;
    const current = getAt(ctx.data, target);
    const bound = /the API's page size is at most (\d+)/.exec(ctx.message);
    if (bound) {
      if (!isObject(current) || typeof current.maximum !== 'number') return undefined;
      return { title: `Set the maximum of "limit" to ${bound[1]}`, ops: [{ kind: 'set', path: [...target, 'maximum'], value: Number(bound[1]) }] };
    }
    const ops: FixOp[] = [];
    const want = fullSchema(kind, ctx.options.maxLimit as number | null);
    /** What the fix sets, for its title: `type integer, minimum 1`. */
    const set: string[] = [];
    if (current === undefined) {
      // OpenAPI 3 parameter without a schema.
      if (getAt(ctx.data, parent) === undefined) return undefined;
      ops.push({ kind: 'set', path: target, value: want });
      for (const [k, v] of Object.entries(want)) set.push(`${k} ${v}`);
    } else {
      if (!isObject(current)) return undefined;
      for (const k of Object.keys(want) as (keyof typeof want)[]) {
        if (k === 'type' ? !typeIs(current, want.type) : typeof current[k] !== 'number') {
          ops.push({ kind: 'set', path: [...target, k], value: want[k] });
          set.push(`${k} ${want[k]}`);
        }
      }
    }
    if (ops.length === 0) return undefined;
    return { title: `Declare "${kind}" with ${set.join(', ')}`, ops };
  },
});

/**
 * What to add, naming only what is missing and keeping what the schema already
 * has: a `limit` with `maximum: 1000` is asked for its minimum only, and told its
 * maximum stays.
 */
function advice(kind: ListParam, missing: string[], schema: Obj, maxLimit: number | null): string {
  if (kind === 'sort' || kind === 'filter') return 'declare it as a string';
  const add: string[] = [];
  if (missing.includes('type integer')) add.push('type: integer');
  if (missing.includes('a minimum')) add.push('minimum: 1');
  if (missing.includes('a maximum')) add.push(maxLimit === null ? 'a maximum such as 100' : `a maximum of at most ${maxLimit}`);
  const kept = [
    typeof schema.minimum === 'number' ? `minimum ${schema.minimum}` : undefined,
    typeof schema.maximum === 'number' ? `maximum ${schema.maximum}` : undefined,
  ].filter(x => x !== undefined);
  return `add ${add.join(', ')}${kept.length > 0 ? ` (its ${kept.join(' and ')} can stay)` : ''}`;
}

/** The schema the fix gives a list parameter: a limit's maximum is the API's largest page size (maxLimit), else 100. */
function fullSchema(kind: ListParam, maxLimit: number | null): { type: string; minimum?: number; maximum?: number } {
  if (kind === 'page') return { type: 'integer', minimum: 1 };
  if (kind === 'limit') return { type: 'integer', minimum: 1, maximum: maxLimit ?? 100 };
  return { type: 'string' };
}
