import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import type { Finding } from './_lib/ruleFunction';
import { STRATEGY_LABEL, strategyMajority } from './_lib/versioning';

export default defineRule({
  id: 'version-single-strategy',
  meta: {
    description: 'The document selects the API version in one way only (path, query parameter or header); locations using another way than the majority are flagged.',
    severity: 'error',
    fixable: false,
    formats: ['oas2', 'oas3'],
  },
  spectral: modelRule('apiconvVersionSingleStrategy', model => {
    const { majority, count, minority } = strategyMajority(model);
    const out: Finding[] = [];
    const seen = new Set<string>();
    for (const l of minority) {
      const key = JSON.stringify(l.path);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({
        message: `${capitalize(l.label)} selects the version by ${STRATEGY_LABEL[l.strategy]}, but most operations (${count[majority!]}) select it by ${STRATEGY_LABEL[majority!]}: use one strategy for the whole API.`,
        path: l.path,
      });
    }
    return out;
  }),
});

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
