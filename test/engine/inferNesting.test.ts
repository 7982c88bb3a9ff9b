/** init --infer: the views an API names below its collections (path-resource-nesting's views). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { inferConventions, type Inference } from '../../server/src/engine';

type Ops = Record<string, Record<string, unknown>>;
const doc = (paths: Ops) => ({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths });
const ok = (code: string) => ({ responses: { [code]: { description: 'ok' } } });
const array = { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { type: 'object' } } } } } } };
const find = (infs: Inference[], rule: string) => infs.find(i => i.rule === rule);

describe('inferConventions: path-resource-nesting views', () => {
  const api = (): Ops => ({
    '/api/gists': { get: array, post: ok('201') },
    '/api/gists/{id}': { get: ok('200') },
    '/api/gists/starred': { get: array },
    '/api/gists/public': { get: array },
    '/api/models': { get: array },
    '/api/models/{id}': { get: ok('200') },
    '/api/models/catalog': { get: array },
    '/api/models/catalog/{id}': { get: ok('200') },
    // Written to: a collection nested in users, not a view; it stays what the rule reports.
    '/api/users/keys': { get: array, post: ok('201') },
  });

  it('literals that end paths which only read, below another literal, in at least three paths', () => {
    const inf = find(inferConventions([doc(api())]), 'path-resource-nesting');
    assert.deepEqual(inf?.options, { views: ['catalog', 'public', 'starred'] });
    assert.deepEqual(inf?.evidence, [
      'views of a collection: 4 paths that only read end in a literal below another (never written to, never gone on below), as /api/gists/starred and /api/gists/public',
    ]);
  });

  it('a name the API writes to or goes on below elsewhere names a collection; two paths are no practice', () => {
    const paths = api();
    paths['/api/orgs/{org}/starred'] = { get: array, put: ok('204') };
    paths['/api/teams/public/members'] = { get: array };
    assert.equal(find(inferConventions([doc(paths)]), 'path-resource-nesting'), undefined, 'catalog is left, in two paths: no practice');
  });
});
