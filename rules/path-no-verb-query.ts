import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import type { Finding } from './_lib/ruleFunction';
import { defineOptions, names } from './_lib/options';

/** Query parameter names that select an action (RPC style) instead of a resource. */
export const ACTION_PARAMS = ['action', 'method', 'op', 'operation', 'cmd', 'command', 'do', 'verb'];

export const options = defineOptions<{ names: string[] }>('path-no-verb-query', {
  names: {
    schema: names,
    default: ACTION_PARAMS,
    description: 'The query parameter names (any case) that select an action.',
    example: ['action', 'cmd', 'rpc'],
  },
});

export default defineRule({
  id: 'path-no-verb-query',
  meta: {
    description: 'No query parameter selects an action (action, method, op, operation, cmd, command, do, verb).',
    severity: 'error',
    fixable: false,
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: modelRule(
    'apiconvPathNoVerbQuery',
    (model, o) => {
      const actionNames = new Set(o.names.map(n => n.toLowerCase()));
      const out: Finding[] = [];
      const seen = new Set<string>();
      for (const op of model.operations) {
        for (const p of op.parameters) {
          if (p.in !== 'query' || !actionNames.has(p.name.toLowerCase())) continue;
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
    },
    options,
  ),
});
