import { defineRule } from './types';
import type { FixContext, FixOp, JsonPath } from './types';
import { modelRule } from './_lib/ruleFunction';
import type { Finding } from './_lib/ruleFunction';
import { getAt, isObject, resolveLocal, type Obj } from './_lib/oas';
import { opPathFromFinding } from './_lib/fixes';
import { numericIndexes } from './_lib/refs';

export const DEPRECATION_HEADERS = ['Deprecation', 'Sunset', 'Link'] as const;
type HeaderName = (typeof DEPRECATION_HEADERS)[number];

/**
 * The responses a client of the deprecated operation gets when it is served: 2xx, and the redirects (a deprecated
 * operation often answers 301 to its successor). 304 Not Modified only confirms the copy the client holds.
 */
const SERVED = /^(2(\d\d|XX)|30[12378]|3XX)$/i;

const EXAMPLES: Record<HeaderName, string> = {
  Deprecation: 'true',
  Sunset: 'Sun, 01 Nov 2026 00:00:00 GMT',
  Link: '</api/v2/resource>; rel="successor-version"',
};
const DESCRIPTIONS: Record<HeaderName, string> = {
  Deprecation: 'The operation is deprecated.',
  Sunset: 'The HTTP date on which the operation is switched off.',
  Link: 'The successor of the operation (relation successor-version).',
};

/** The header object the fix adds (the example values are placeholders to edit). */
export function headerObject(spec: 'oas2' | 'oas3', name: HeaderName): Obj {
  return spec === 'oas2'
    ? { type: 'string', description: `${DESCRIPTIONS[name]} Example: ${EXAMPLES[name]}` }
    : { description: DESCRIPTIONS[name], schema: { type: 'string' }, example: EXAMPLES[name] };
}

function mentionsSuccessor(header: unknown): boolean {
  return JSON.stringify(header ?? null).includes('successor-version');
}

export default defineRule({
  id: 'deprecation-headers',
  meta: {
    description: 'A deprecated operation declares the Deprecation, Sunset and Link (rel="successor-version") headers on its success and redirect responses.',
    severity: 'warn',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  spectral: modelRule('apiconvDeprecationHeaders', model => {
    const out: Finding[] = [];
    const seen = new Set<string>();
    const seenResponses = new WeakSet<object>();
    for (const op of model.operations) {
      if (!op.deprecated || !op.responses) continue;
      for (const [code, response] of Object.entries(op.responses)) {
        // A shared response (one object after $ref resolution) is reported once, where it is defined.
        if (!SERVED.test(code) || !isObject(response) || seenResponses.has(response)) continue;
        seenResponses.add(response);
        const at: JsonPath = [...op.path, 'responses', code];
        const headers = isObject(response.headers) ? response.headers : {};
        const byLower = new Map(Object.keys(headers).map(h => [h.toLowerCase(), h]));
        const missing = DEPRECATION_HEADERS.filter(h => !byLower.has(h.toLowerCase()));
        const key = JSON.stringify(at);
        if (missing.length > 0 && !seen.has(key)) {
          seen.add(key);
          out.push({
            message: `${op.method.toUpperCase()} ${op.pathKey} is deprecated but its ${code} response does not declare ${missing.join(', ')}: add Deprecation: true, Sunset: <HTTP date> and Link: <successor>; rel="successor-version".`,
            path: at,
          });
        }
        const link = byLower.get('link');
        if (link !== undefined && !mentionsSuccessor(headers[link])) {
          const linkPath = [...at, 'headers', link];
          const lkey = JSON.stringify(linkPath);
          if (seen.has(lkey)) continue;
          seen.add(lkey);
          out.push({
            message: `The Link header of the deprecated ${op.method.toUpperCase()} ${op.pathKey} does not name the successor-version relation: describe it as <successor URL>; rel="successor-version".`,
            path: linkPath,
          });
        }
      }
    }
    return out;
  }),
  fix(ctx) {
    // Only a response written inside the operation: a shared response is used by other operations too.
    const opPath = opPathFromFinding(ctx);
    const n = ctx.path.length;
    if (!opPath || n !== opPath.length + 2 || ctx.path[n - 2] !== 'responses') return undefined;
    const response = getAt(ctx.data, ctx.path);
    if (!isObject(response) || response.$ref !== undefined) return undefined;
    const present = new Set(isObject(response.headers) ? Object.keys(response.headers).map(h => h.toLowerCase()) : []);
    const ops: FixOp[] = [];
    const added: string[] = [];
    for (const name of DEPRECATION_HEADERS) {
      if (present.has(name.toLowerCase())) continue;
      ops.push(...headerOps(ctx, name, [...numericIndexes(ctx.data, ctx.path), 'headers', name]));
      added.push(name);
    }
    if (ops.length === 0) return undefined;
    return { title: `Add the ${added.join(', ')} header${added.length > 1 ? 's' : ''}`, ops };
  },
});

/**
 * OpenAPI 3 root document: reference a shared header under components/headers
 * (reused when it exists, added once otherwise). Swagger 2 and `$ref`'d files: inline.
 */
function headerOps(ctx: FixContext, name: HeaderName, target: JsonPath): FixOp[] {
  if (ctx.spec !== 'oas3' || !ctx.isRoot) return [{ kind: 'set', path: target, value: headerObject(ctx.spec, name) }];
  const shared = getAt(ctx.data, ['components', 'headers']);
  const existing = isObject(shared) ? Object.keys(shared).find(k => k.toLowerCase() === name.toLowerCase()) : undefined;
  if (existing !== undefined && isObject(resolveLocal(ctx.data, (shared as Obj)[existing]))) {
    return [{ kind: 'set', path: target, value: { $ref: `#/components/headers/${existing.replace(/~/g, '~0').replace(/\//g, '~1')}` } }];
  }
  return [
    { kind: 'set', path: ['components', 'headers', name], value: headerObject('oas3', name) },
    { kind: 'set', path: target, value: { $ref: `#/components/headers/${name}` } },
  ];
}
