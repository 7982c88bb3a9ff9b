import { defineRule } from './types';
import type { FixOp } from './types';
import { getAt, isObject, responseHasBody } from './_lib/oas';
import { methodsRule } from './_lib/methods';
import type { Finding } from './_lib/ruleFunction';

const BODYLESS: Record<string, string> = { '204': '204 No Content', '304': '304 Not Modified' };

export default defineRule({
  id: 'no-body-204-304',
  meta: {
    description: '204 and 304 responses have no body (no content / schema).',
    severity: 'error',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  spectral: methodsRule('apiconvNoBody204304', model => {
    const out: Finding[] = [];
    for (const op of model.operations) {
      for (const code of Object.keys(BODYLESS)) {
        const r = op.responses?.[code];
        if (!responseHasBody(r, model.spec)) continue;
        const key = model.spec === 'oas2' ? 'schema' : 'content';
        out.push({
          message: `A ${BODYLESS[code]} response declares a body (\`${key}\`): HTTP sends none with ${code}; remove it, or answer 200 if there is something to return.`,
          path: [...op.path, 'responses', code, key],
        });
      }
    }
    return out;
  }),
  fix: ctx => {
    const last = ctx.path[ctx.path.length - 1];
    const key = ctx.spec === 'oas2' ? 'schema' : 'content';
    if (last !== key || getAt(ctx.data, ctx.path) === undefined) return undefined;
    const ops: FixOp[] = [{ kind: 'remove', path: ctx.path }];
    const response = getAt(ctx.data, ctx.path.slice(0, -1));
    // Swagger 2 examples belong to the body.
    if (ctx.spec === 'oas2' && isObject(response) && response.examples !== undefined)
      ops.push({ kind: 'remove', path: [...ctx.path.slice(0, -1), 'examples'] });
    return { title: 'Remove the response body', ops };
  },
});
