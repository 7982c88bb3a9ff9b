import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';

/** `/api` followed by the end or a `/`. */
const PREFIX = /^\/api(\/|$)/;

export default defineRule({
  id: 'path-api-prefix',
  meta: {
    description: 'Every effective path (server base path + path key) starts with /api/.',
    severity: 'warn',
    fixable: false,
    formats: ['oas2', 'oas3'],
  },
  spectral: modelRule('apiconvPathApiPrefix', model =>
    model.pathItems
      .filter(p => p.effectivePaths.some(e => !PREFIX.test(e)))
      .map(p => ({
        message: `Path "${p.effectivePaths.find(e => !PREFIX.test(e))}" does not start with /api/: put resources under /api/ (in the path or the server URL).`,
        path: p.path,
      })),
  ),
});
