import { defineRule } from './types';
import type { JsonPath } from './types';
import { modelRule } from './_lib/ruleFunction';
import { isObject } from './_lib/oas';
import type { Finding } from './_lib/ruleFunction';
import { VERSION_QUERY_PARAMS, isCustomVersionHeader, strategyMajority, versionLocations } from './_lib/versioning';
import { defineOptions, names } from './_lib/options';

export const options = defineOptions<{ headers: string[]; query: string[] }>('version-declared', {
  headers: {
    schema: names,
    default: [],
    description:
      'More request headers (any case) that select the version, besides API-Version and an Accept vendor type: another header named *-version is still reported.',
    example: ['Stripe-Version'],
  },
  query: {
    schema: names,
    default: [],
    description: `More query parameters (any case) that select the version, besides ${VERSION_QUERY_PARAMS.join(', ')}.`,
    example: ['api_version'],
  },
});

export default defineRule({
  id: 'version-declared',
  meta: {
    description:
      'The document selects an API version: path /api/v<n>/, query parameter version / v / api-version, or header API-Version / Accept vendor type; a version header of another name (box-version) is flagged.',
    severity: 'warn',
    fixable: false,
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: modelRule(
    'apiconvVersionDeclared',
    (model, o) => {
      if (model.operations.length === 0) return [];
      const headers = new Set(o.headers.map(h => h.toLowerCase()));
      const query = new Set(o.query.map(q => q.toLowerCase()));
      const seedHeader = headers.size === 0;
      // A version header under a name of the provider's own selects a version, but not in one of the conventional ways.
      // A header that version-single-strategy flags (another strategy than most operations use) is its finding alone:
      // "use one strategy" and "rename it" would be two findings, with two different pieces of advice, at one place.
      const minority = new Set(strategyMajority(model).minority.map(l => JSON.stringify(l.path)));
      const custom: Finding[] = [];
      const seen = new Set<string>();
      for (const op of model.operations) {
        for (const p of op.parameters) {
          const key = JSON.stringify(p.path);
          if (!isCustomVersionHeader(p) || headers.has(p.name.toLowerCase()) || seen.has(key) || minority.has(JSON.stringify(p.namePath))) continue;
          seen.add(key);
          custom.push({
            message: seedHeader
              ? `The header "${p.name}" selects the API version under a name of its own: call it API-Version (or select the version in the path /api/v<n>/, or with ?version=<n>).`
              : `The header "${p.name}" selects the API version under another name than the API's: call it ${['API-Version', ...o.headers].map(h => `"${h}"`).join(' or ')}.`,
            path: p.namePath,
          });
        }
      }
      if (custom.length > 0) return custom;
      const selects = (op: (typeof model.operations)[number]) =>
        versionLocations(model, op).length > 0 ||
        op.parameters.some(p => (p.in === 'query' && query.has(p.name.toLowerCase())) || (p.in === 'header' && headers.has(p.name.toLowerCase())));
      if (model.operations.some(selects)) return [];
      // Point where the version would most often go: the server URL / basePath, else the version key.
      let path: JsonPath = [model.spec === 'oas2' ? 'swagger' : 'openapi'];
      if (model.spec === 'oas2' && typeof model.root.basePath === 'string') path = ['basePath'];
      else if (model.spec === 'oas3' && Array.isArray(model.root.servers) && isObject(model.root.servers[0]) && typeof model.root.servers[0].url === 'string') {
        path = ['servers', 0, 'url'];
      }
      return [
        {
          message:
            'The API does not select a version: put it in the path (/api/v1/…), or take a query parameter (?version=<n>, ?v=<n>, ?api-version=<n>), or a header (API-Version: <n>, or Accept: application/vnd.<vendor>.v<n>+json).',
          path,
        },
      ];
    },
    options,
  ),
});
