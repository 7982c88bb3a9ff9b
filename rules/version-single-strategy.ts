import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import type { Finding } from './_lib/ruleFunction';
import { STRATEGY_LABEL, strategyMajority, versionLocations, type VersionLocation } from './_lib/versioning';
import { defineOptions } from './_lib/options';
import type { Model } from './_lib/oas';

/** The ways a team may allow: the strategies, with the media type told apart from the other headers. */
type Way = 'path' | 'query' | 'header' | 'mediaType';

const WAY_LABEL: Record<Way, string> = {
  path: 'the URL path (/api/v<n>/)',
  query: 'a query parameter (?version=<n>)',
  header: 'a header (API-Version)',
  mediaType: 'the media type (application/vnd.<vendor>.v<n>+json)',
};

export const options = defineOptions<{ strategies: 'auto' | Way[] }>('version-single-strategy', {
  strategies: {
    schema: {
      anyOf: [{ const: 'auto' }, { type: 'array', items: { enum: ['path', 'query', 'header', 'mediaType'] }, minItems: 1, uniqueItems: true }],
    },
    default: 'auto',
    description:
      "The ways the API may select the version: 'auto' takes the way most operations use, or a list of path, query, header (a version header), mediaType (a vendor media type).",
    example: ['header', 'mediaType'],
  },
});

const wayOf = (l: VersionLocation): Way => (l.mediaType ? 'mediaType' : l.strategy);

/** The places that select the version in a way the team did not allow. */
function disallowed(model: Model, allowed: Way[]): Finding[] {
  const said = allowed.map(w => WAY_LABEL[w]).join(' or ');
  return model.operations
    .flatMap(op => versionLocations(model, op))
    .filter(l => !allowed.includes(wayOf(l)))
    .map(l => ({ message: `${capitalize(l.label)} selects the version by ${WAY_LABEL[wayOf(l)]}, but the API selects it by ${said}.`, path: l.path }));
}

export default defineRule({
  id: 'version-single-strategy',
  meta: {
    description:
      'The document selects the API version in one way only (path, query parameter or header); locations using another way than the majority are flagged.',
    severity: 'error',
    fixable: false,
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: modelRule(
    'apiconvVersionSingleStrategy',
    (model, o) => {
      const found: Finding[] = [];
      if (o.strategies !== 'auto') found.push(...disallowed(model, o.strategies));
      else {
        const { majority, count, minority } = strategyMajority(model);
        for (const l of minority) {
          found.push({
            message: `${capitalize(l.label)} selects the version by ${STRATEGY_LABEL[l.strategy]}, but most operations (${count[majority!]}) select it by ${STRATEGY_LABEL[majority!]}: use one strategy for the whole API.`,
            path: l.path,
          });
        }
      }
      // A place shared by several operations (a server URL, a shared parameter) is one finding.
      const seen = new Set<string>();
      return found.filter(f => {
        const key = JSON.stringify(f.path);
        return !seen.has(key) && (seen.add(key), true);
      });
    },
    options,
  ),
});

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
