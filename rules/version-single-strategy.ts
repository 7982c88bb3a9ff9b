import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import type { Finding } from './_lib/ruleFunction';
import {
  STRATEGY_LABEL,
  VERSION_QUERY_PARAMS,
  strategyMajority,
  versionLocations,
  versionNameParams,
  versionNameTallies,
  type NameKind,
  type VersionLocation,
} from './_lib/versioning';
import { defineOptions, names } from './_lib/options';
import { pluralityOf } from './_lib/majority';
import type { Model } from './_lib/oas';

/** The ways a team may allow: the strategies, with the media type told apart from the other headers. */
type Way = 'path' | 'query' | 'header' | 'mediaType';

const WAY_LABEL: Record<Way, string> = {
  path: 'the URL path (/api/v<n>/)',
  query: 'a query parameter (?version=<n>)',
  header: 'a header (API-Version)',
  mediaType: 'the media type (application/vnd.<vendor>.v<n>+json)',
};

const versionNames = (kind: NameKind, example: string) => ({
  schema: { anyOf: [names, { const: 'auto' }] },
  default: [] as string[] | 'auto',
  description: `The names (any case) of the ${kind === 'header' ? 'request header' : 'query parameter'} that selects the version: a version ${kind === 'header' ? 'header' : 'query parameter'} under another name is reported; 'auto': the name most operations use; [] (the default): any name (${kind === 'header' ? 'API-Version, any *-version' : VERSION_QUERY_PARAMS.join(', ')}).`,
  example: [example] as string[] | 'auto',
});

export const options = defineOptions<{ strategies: 'auto' | Way[]; headers: string[] | 'auto'; query: string[] | 'auto' }>('version-single-strategy', {
  strategies: {
    schema: {
      anyOf: [{ const: 'auto' }, { type: 'array', items: { enum: ['path', 'query', 'header', 'mediaType'] }, minItems: 1, uniqueItems: true }],
    },
    default: 'auto',
    description:
      "The ways the API may select the version: 'auto' takes the way most operations use, or a list of path, query, header (a version header), mediaType (a vendor media type).",
    example: ['header', 'mediaType'],
  },
  headers: versionNames('header', 'Stripe-Version'),
  query: versionNames('query', 'api-version'),
});

/**
 * The version headers (or query parameters) named otherwise than the API names them: the names set, or for `auto`
 * the name most operations use (with the counts; a tie decides nothing).
 */
function otherNames(model: Model, kind: NameKind, set: string[] | 'auto'): Finding[] {
  let wanted: string[];
  let said: string;
  if (set === 'auto') {
    const t = versionNameTallies(model)[kind];
    const top = pluralityOf(t);
    if (!top) return [];
    wanted = [top.value];
    said = `than the rest of the API (${top.count} of ${t.total} ${t.what} call it "${top.value}")`;
  } else {
    if (set.length === 0) return [];
    wanted = set;
    said = "than the API's";
  }
  const lower = new Set(wanted.map(n => n.toLowerCase()));
  return model.operations.flatMap(op =>
    versionNameParams(op, kind, wanted)
      .filter(p => !lower.has(p.name.toLowerCase()))
      .map(p => ({
        message: `The ${kind} parameter "${p.name}" selects the version under another name ${said}: call it ${wanted.map(n => `"${n}"`).join(' or ')}.`,
        path: p.namePath,
      })),
  );
}

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
      found.push(...otherNames(model, 'header', o.headers), ...otherNames(model, 'query', o.query));
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
