import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import type { Finding } from './_lib/ruleFunction';
import { STRATEGY_LABEL, versionLocations, type Strategy, type VersionLocation } from './_lib/versioning';

const ORDER: Strategy[] = ['path', 'query', 'header'];

export default defineRule({
  id: 'version-single-strategy',
  meta: {
    description: 'The document selects the API version in one way only (path, query parameter or header); locations using another way than the majority are flagged.',
    severity: 'error',
    fixable: false,
    formats: ['oas2', 'oas3'],
  },
  spectral: modelRule('apiconvVersionSingleStrategy', model => {
    const count: Record<Strategy, number> = { path: 0, query: 0, header: 0 };
    const locations: VersionLocation[] = [];
    for (const op of model.operations) {
      const locs = versionLocations(model, op);
      for (const s of new Set(locs.map(l => l.strategy))) count[s]++;
      locations.push(...locs);
    }
    const used = ORDER.filter(s => count[s] > 0);
    if (used.length < 2) return [];
    const majority = used.reduce((best, s) => (count[s] > count[best] ? s : best), used[0]);
    const out: Finding[] = [];
    const seen = new Set<string>();
    for (const l of locations) {
      if (l.strategy === majority) continue;
      const key = JSON.stringify(l.path);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({
        message: `${capitalize(l.label)} selects the version by ${STRATEGY_LABEL[l.strategy]}, but most operations (${count[majority]}) select it by ${STRATEGY_LABEL[majority]}: use one strategy for the whole API.`,
        path: l.path,
      });
    }
    return out;
  }),
});

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
