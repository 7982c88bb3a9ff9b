/**
 * The rename heuristic (server/src/engine/diff/rename.ts) takes a removed member and an
 * added one as a rename only on evidence: an equal schema, the same description, and the
 * same place among the kept siblings. Modelled on GitHub's rate limit overview (22 → 23),
 * where every resource `$ref`s one component and one resource went while another came
 * at the end: a removal, not a rename. In OpenAPI 2.0, 3.0 and 3.1.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stringify } from 'yaml';
import { diffTexts } from '../helpers/diffTexts';
import { to20, to31 } from '../helpers/oasVersions';

type Obj = Record<string, unknown>;

const RATE_LIMIT = { type: 'object', required: ['limit', 'remaining'], properties: { limit: { type: 'integer' }, remaining: { type: 'integer' } } };

/** The rate limit overview with the given resources (each a `$ref` to RateLimit), and query parameters of GET /api/rate_limit. */
function doc(resources: string[], params: Obj[] = []): string {
  return stringify({
    openapi: '3.0.3',
    info: { title: 'Rate limits', version: '1.0.0' },
    paths: {
      '/api/rate_limit': {
        get: {
          parameters: params,
          responses: {
            '200': {
              description: 'OK',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/RateLimitOverview' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        RateLimit: RATE_LIMIT,
        RateLimitOverview: {
          type: 'object',
          properties: {
            resources: {
              type: 'object',
              required: ['core'],
              properties: Object.fromEntries(resources.map(r => [r, { $ref: '#/components/schemas/RateLimit' }])),
            },
          },
        },
      },
    },
  });
}

const VERSIONS = { '2.0': to20, '3.0': (t: string) => t, '3.1': to31 } as const;

async function codes(base: string, head: string, version: keyof typeof VERSIONS) {
  const r = await diffTexts(VERSIONS[version](base), VERSIONS[version](head));
  return r.problems.filter(p => p.code !== 'version-not-bumped').map(p => `${p.code}: ${p.message}`);
}

const query = (name: string, description?: string): Obj => ({ name, in: 'query', ...(description ? { description } : {}), schema: { type: 'string' } });

describe('diff: a rename needs evidence', () => {
  for (const version of Object.keys(VERSIONS) as (keyof typeof VERSIONS)[]) {
    it(`a resource removed in the middle and another added at the end, both the shared component: a removal (OpenAPI ${version})`, async () => {
      const base = doc(['core', 'search', 'code_scanning_upload', 'scim', 'sbom']);
      const head = doc(['core', 'search', 'scim', 'sbom', 'copilot_usage_records']);
      assert.deepEqual(await codes(base, head, version), [
        "response-property-removed: The response property 'code_scanning_upload' was removed: clients may read it.",
      ]);
    });

    it(`a resource renamed in place is one property-renamed (OpenAPI ${version})`, async () => {
      const base = doc(['core', 'search', 'code_scanning_upload', 'scim']);
      const head = doc(['core', 'search', 'code_scanning_uploads', 'scim']);
      assert.deepEqual(await codes(base, head, version), [
        "property-renamed: The response property 'code_scanning_upload' was renamed 'code_scanning_upload' → 'code_scanning_uploads'.",
      ]);
    });

    it(`a query parameter renamed in place is a rename; one removed and another added elsewhere, or described otherwise, is not (OpenAPI ${version})`, async () => {
      const base = doc(['core'], [query('q'), query('per_page'), query('page')]);
      assert.deepEqual(await codes(base, doc(['core'], [query('q'), query('size'), query('page')]), version), [
        "property-renamed: The query parameter 'per_page' of GET /api/rate_limit was renamed 'per_page' → 'size'.",
      ]);
      assert.deepEqual(await codes(base, doc(['core'], [query('q'), query('page'), query('cursor')]), version), [
        "request-parameter-removed: The query parameter 'per_page' of GET /api/rate_limit was removed: clients sending it are ignored or refused.",
        'new-field-without-default: The new query parameter \'cursor\' of GET /api/rate_limit has no default ("New fields have default values").',
      ]);
      const described = doc(['core'], [query('q'), query('per_page', 'Results per page.'), query('page')]);
      assert.deepEqual(await codes(described, doc(['core'], [query('q'), query('cursor', 'Where the page starts.'), query('page')]), version), [
        "request-parameter-removed: The query parameter 'per_page' of GET /api/rate_limit was removed: clients sending it are ignored or refused.",
        'new-field-without-default: The new query parameter \'cursor\' of GET /api/rate_limit has no default ("New fields have default values").',
      ]);
    });
  }
});
