import { defineRule } from './types';
import { modelRule, type Finding } from './_lib/ruleFunction';
import { securitySchemes } from './_lib/security';

/**
 * The conventions' ways of passing the key: header `X-API-Key`, query `api_key`,
 * or the `Authorization` header with a prefix (an `http` scheme such as Bearer or
 * Basic, Swagger 2 `basic`, OAuth 2 / OpenID Connect bearer tokens, or an `apiKey`
 * header named `Authorization`).
 */
const AUTHORIZATION_TYPES = new Set(['http', 'basic', 'oauth2', 'openIdConnect']);

export default defineRule({
  id: 'security-scheme-conventional',
  meta: {
    description: 'Security schemes pass the key in one of the conventional ways: X-API-Key header, api_key query parameter or Authorization header.',
    severity: 'warn',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  spectral: modelRule('apiconvSecuritySchemeConventional', model => {
    const out: Finding[] = [];
    for (const s of securitySchemes(model)) {
      const { type, name } = s.value;
      const where = s.value.in;
      if (typeof type === 'string' && AUTHORIZATION_TYPES.has(type)) continue;
      if (type === 'apiKey') {
        const n = typeof name === 'string' ? name : '';
        if (where === 'header' && (n.toLowerCase() === 'x-api-key' || n.toLowerCase() === 'authorization')) continue;
        if (where === 'query' && n === 'api_key') continue;
        if (where === 'header') {
          out.push({ message: `Security scheme "${s.name}" sends the key in header "${n}": use the "X-API-Key" header (or "Authorization" with a prefix).`, path: [...s.path, 'name'] });
        } else if (where === 'query') {
          out.push({ message: `Security scheme "${s.name}" sends the key in query parameter "${n}": the conventional name is "api_key" (better: the "X-API-Key" header).`, path: [...s.path, 'name'] });
        } else {
          out.push({ message: `Security scheme "${s.name}" sends the key in ${typeof where === 'string' ? `a ${where}` : 'an unknown place'}: send it in the "X-API-Key" header (or "Authorization" with a prefix).`, path: [...s.path, 'in' in s.value ? 'in' : 'type'] });
        }
        continue;
      }
      out.push({
        message: `Security scheme "${s.name}" (type ${JSON.stringify(type)}) is not one of the conventional ways to pass the key: use an apiKey in the "X-API-Key" header, or the "Authorization" header with a prefix.`,
        path: 'type' in s.value ? [...s.path, 'type'] : s.path,
      });
    }
    return out;
  }),
  fix(ctx) {
    const last = ctx.path[ctx.path.length - 1];
    if (last !== 'name' && last !== 'in') return undefined;
    const scheme = ctx.path.slice(0, -1);
    if (/in query parameter/.test(ctx.message)) {
      return { title: 'Rename the query parameter to "api_key"', ops: [{ kind: 'set', path: [...scheme, 'name'], value: 'api_key' }] };
    }
    if (/is not one of the conventional ways/.test(ctx.message)) return undefined;
    return {
      title: 'Send the key in the "X-API-Key" header',
      ops: [
        ...(last === 'in' ? [{ kind: 'set' as const, path: [...scheme, 'in'], value: 'header' }] : []),
        { kind: 'set', path: [...scheme, 'name'], value: 'X-API-Key' },
      ],
    };
  },
});
