import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import type { Finding } from './_lib/ruleFunction';
import { lacksVersion400, versionParams } from './_lib/versioning';
import { addStatusFix } from './_lib/errorBody';

export default defineRule({
  id: 'version-param-400',
  meta: {
    description: 'An operation that takes the API version as a query or header parameter declares 400 (unsupported version).',
    severity: 'warn',
    fixable: 'safe',
    formats: ['oas2', 'oas3'],
  },
  spectral: modelRule('apiconvVersionParam400', model => {
    const out: Finding[] = [];
    for (const op of model.operations) {
      if (!lacksVersion400(op)) continue;
      const p = versionParams(op)[0];
      out.push({
        message: `${op.method.toUpperCase()} ${op.pathKey} takes the version in the ${p.in} parameter "${p.name}" but declares no 400 response: add 400 for an unsupported version (and any other invalid request).`,
        path: op.responses ? [...op.path, 'responses'] : op.path,
      });
    }
    return out;
  }),
  fix: addStatusFix('400', 'Add a 400 response (unsupported version)'),
});
