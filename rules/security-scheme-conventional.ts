import { defineRule } from './types';
import { modelRule, type Finding } from './_lib/ruleFunction';
import { securitySchemes } from './_lib/security';
import { defineOptions, names } from './_lib/options';

/**
 * The conventions' ways of passing the key: header `X-API-Key`, query `api_key`,
 * or the `Authorization` header with a prefix (an `http` scheme such as Bearer or
 * Basic, Swagger 2 `basic`, OAuth 2 / OpenID Connect bearer tokens, or an `apiKey`
 * header named `Authorization`).
 */
const AUTHORIZATION_TYPES = new Set(['http', 'basic', 'oauth2', 'openIdConnect']);

const SEED_HEADERS = ['X-API-Key', 'Authorization'];
const SEED_QUERY = ['api_key'];

export const options = defineOptions<{ headers: string[]; query: string[] }>('security-scheme-conventional', {
  headers: {
    schema: { ...names, minItems: 1 },
    default: SEED_HEADERS,
    description:
      'The headers an apiKey scheme may send the key in (any case); the Authorization header with a prefix (http, oauth2, openIdConnect schemes) is always fine.',
    example: ['X-API-Key', 'X-Auth-Token'],
  },
  query: {
    schema: names,
    default: SEED_QUERY,
    description: 'The query parameters an apiKey scheme may send the key in; [] allows none.',
    example: [],
  },
});

const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const quoted = (list: string[]) => list.map(n => `"${n}"`).join(' or ');

export default defineRule({
  id: 'security-scheme-conventional',
  meta: {
    description: 'Security schemes pass the key in one of the conventional ways: X-API-Key header, api_key query parameter or Authorization header.',
    severity: 'warn',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: modelRule(
    'apiconvSecuritySchemeConventional',
    (model, o) => {
      const seed = same(o.headers, SEED_HEADERS) && same(o.query, SEED_QUERY);
      const headers = new Set(o.headers.map(h => h.toLowerCase()));
      // What a message tells a team to use instead: the seed's advice, or the team's own places.
      const useHeader = seed ? 'use the "X-API-Key" header (or "Authorization" with a prefix)' : `use the ${quoted(o.headers)} header`;
      const sendIn = seed ? 'send it in the "X-API-Key" header (or "Authorization" with a prefix)' : `send it in the ${quoted(o.headers)} header`;
      const out: Finding[] = [];
      for (const s of securitySchemes(model)) {
        const { type, name } = s.value;
        const where = s.value.in;
        if (typeof type === 'string' && AUTHORIZATION_TYPES.has(type)) continue;
        if (type === 'apiKey') {
          const n = typeof name === 'string' ? name : '';
          if (where === 'header' && (headers.has(n.toLowerCase()) || n.toLowerCase() === 'authorization')) continue;
          if (where === 'query' && o.query.includes(n)) continue;
          if (where === 'header') {
            out.push({ message: `Security scheme "${s.name}" sends the key in header "${n}": ${useHeader}.`, path: [...s.path, 'name'] });
          } else if (where === 'query' && o.query.length > 0) {
            out.push({
              message: seed
                ? `Security scheme "${s.name}" sends the key in query parameter "${n}": the conventional name is "api_key" (better: the "X-API-Key" header).`
                : `Security scheme "${s.name}" sends the key in query parameter "${n}": the API's names are ${quoted(o.query)}.`,
              path: [...s.path, 'name'],
            });
          } else {
            out.push({
              message: `Security scheme "${s.name}" sends the key in ${typeof where === 'string' ? `a ${where}` : 'an unknown place'}: ${sendIn}.`,
              path: [...s.path, 'in' in s.value ? 'in' : 'type'],
            });
          }
          continue;
        }
        out.push({
          message: `Security scheme "${s.name}" (type ${JSON.stringify(type)}) is not one of the conventional ways to pass the key: ${seed ? 'use an apiKey in the "X-API-Key" header, or the "Authorization" header with a prefix' : `use an apiKey in the ${quoted(o.headers)} header, or the "Authorization" header with a prefix`}.`,
          path: 'type' in s.value ? [...s.path, 'type'] : s.path,
        });
      }
      return out;
    },
    options,
  ),
  fix(ctx) {
    // The key moves to the one place the options name: the seed's (X-API-Key, api_key), or the team's one header
    // (Authorization aside, which needs a scheme of its own) or one query name; among several the choice is the team's.
    const last = ctx.path[ctx.path.length - 1];
    if ((last !== 'name' && last !== 'in') || /is not one of the conventional ways/.test(ctx.message)) return undefined;
    const o = ctx.options as { headers: string[]; query: string[] };
    const seed = same(o.headers, SEED_HEADERS) && same(o.query, SEED_QUERY);
    const scheme = ctx.path.slice(0, -1);
    if (/in query parameter/.test(ctx.message)) {
      const to = seed ? 'api_key' : o.query.length === 1 ? o.query[0] : undefined;
      return to === undefined ? undefined : { title: `Rename the query parameter to "${to}"`, ops: [{ kind: 'set', path: [...scheme, 'name'], value: to }] };
    }
    const headers = o.headers.filter(h => h.toLowerCase() !== 'authorization');
    const to = seed ? 'X-API-Key' : headers.length === 1 ? headers[0] : undefined;
    if (to === undefined) return undefined;
    return {
      title: `Send the key in the "${to}" header`,
      ops: [
        ...(last === 'in' ? [{ kind: 'set' as const, path: [...scheme, 'in'], value: 'header' }] : []),
        { kind: 'set', path: [...scheme, 'name'], value: to },
      ],
    };
  },
});
