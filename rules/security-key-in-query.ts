import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import { securitySchemes } from './_lib/security';

export default defineRule({
  id: 'security-key-in-query',
  meta: {
    description: 'An apiKey security scheme sent in the query string leaks into logs and caches; prefer a header.',
    severity: 'info',
    fixable: false,
    formats: ['oas2', 'oas3'],
  },
  spectral: modelRule('apiconvSecurityKeyInQuery', model =>
    securitySchemes(model)
      .filter(s => s.value.type === 'apiKey' && s.value.in === 'query')
      .map(s => ({
        message: `Security scheme "${s.name}" sends the API key in the query string, where it ends up in server logs, proxies and browser history: prefer the "X-API-Key" header.`,
        path: [...s.path, 'in'],
      })),
  ),
});
