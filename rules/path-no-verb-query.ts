import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import type { Finding } from './_lib/ruleFunction';

/** Query parameter names that select an action (RPC style) instead of a resource. */
export const ACTION_PARAMS = ['action', 'method', 'op', 'operation', 'cmd', 'command', 'do', 'verb'];

export default defineRule({
  id: 'path-no-verb-query',
  meta: {
    description: 'No query parameter selects an action (action, method, op, operation, cmd, command, do, verb).',
    severity: 'error',
    fixable: false,
    formats: ['oas2', 'oas3'],
  },
  spectral: modelRule('apiconvPathNoVerbQuery', model => {
    const out: Finding[] = [];
    const seen = new Set<string>();
    for (const op of model.operations) {
      for (const p of op.parameters) {
        if (p.in !== 'query' || !ACTION_PARAMS.includes(p.name.toLowerCase())) continue;
        const key = JSON.stringify(p.path);
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({
          message: `Query parameter "${p.name}" selects an action: identify the resource by its path and express the action with the HTTP method (e.g. POST /api/orders, DELETE /api/orders/{id}).`,
          path: p.namePath,
        });
      }
    }
    return out;
  }),
});
