/** The conventions an API follows, measured per option on small documents (engine/infer.ts). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { inferConventions, inferredConfigText, type Inference } from '../../server/src/engine';

type Ops = Record<string, Record<string, unknown>>;
const doc = (paths: Ops, extra: Record<string, unknown> = {}) => ({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths, ...extra });
const ok = (code: string) => ({ responses: { [code]: { description: 'ok' } } });
const list = (...names: string[]) => ({ get: { parameters: names.map(name => ({ name, in: 'query', schema: { type: 'integer' } })), ...ok('200') } });
const find = (infs: Inference[], rule: string) => infs.find(i => i.rule === rule);

describe('inferConventions', () => {
  it('path-api-prefix: the prefix most paths start with, with its count', () => {
    const inf = find(inferConventions([doc({ '/v1/users': list(), '/v1/teams': list(), '/v1/users/{id}': {}, '/health': {} })]), 'path-api-prefix');
    assert.deepEqual(inf?.options, { prefix: '/v1' });
    assert.deepEqual(inf?.evidence, ['/v1/ starts 3 of 4 paths']);
  });

  it('path-api-prefix: off when no first segment is shared by most paths; nothing when /api is the majority', () => {
    const none = find(inferConventions([doc({ '/users': list(), '/teams': list(), '/repos': list() })]), 'path-api-prefix');
    assert.equal(none?.off, true);
    assert.match(none!.evidence[0], /no prefix/);
    assert.equal(find(inferConventions([doc({ '/api/users': list(), '/api/teams': list() })]), 'path-api-prefix'), undefined);
  });

  it('list-param-names: the majority name of each list parameter; a tie keeps the default', () => {
    const paths: Ops = {};
    for (let i = 0; i < 5; i++) paths[`/api/r${i}s`] = list(i < 4 ? 'per_page' : 'limit', i < 2 ? 'order_by' : 'sort');
    paths['/api/others'] = list('sort');
    const inf = find(inferConventions([doc(paths)]), 'list-param-names');
    assert.deepEqual(inf?.options, { names: { page: 'page', limit: 'per_page', sort: 'sort', filter: 'filter' } });
    assert.ok(inf?.evidence.includes('limit: per_page in 4 of 6 list operations, limit in 1'), inf?.evidence.join('\n'));
    const tie = inferConventions([doc({ '/api/as': list('per_page'), '/api/bs': list('limit') })]);
    assert.equal(find(tie, 'list-param-names'), undefined);
  });

  it('success statuses: the status most operations of a method answer with, unless most follow the default', () => {
    const infs = inferConventions([
      doc({
        '/api/as': { post: ok('200'), delete: ok('202') },
        '/api/bs': { post: ok('200'), delete: ok('202') },
        '/api/cs': { post: ok('201'), delete: ok('204'), put: ok('202') },
      }),
    ]);
    assert.deepEqual(find(infs, 'post-create-201')?.options, { statuses: ['200'] });
    assert.deepEqual(find(infs, 'post-create-201')?.evidence, ['POST: 200 in 2 of 3 operations with a success status, 201 in 1']);
    assert.deepEqual(find(infs, 'delete-success-204')?.options, { statuses: ['202'] });
    assert.deepEqual(find(infs, 'put-success-200-204')?.options, { statuses: ['202'] });
    assert.equal(find(infs, 'get-success-200'), undefined, 'no GET');
    const seed = inferConventions([doc({ '/api/as': { post: ok('201') }, '/api/bs': { post: ok('201') }, '/api/cs': { post: ok('200') } })]);
    assert.equal(find(seed, 'post-create-201'), undefined);
  });

  it('a practice most operations leave out turns its rule off; one most follow stays', () => {
    const infs = inferConventions([
      doc({
        '/api/as': { get: { responses: { '200': { description: 'ok' }, '400': { description: 'bad' } } } },
        '/api/bs': { get: { responses: { '200': { description: 'ok' }, '400': { description: 'bad' } } } },
        '/api/cs': { get: ok('200') },
      }),
    ]);
    assert.equal(find(infs, 'error-400'), undefined, '2 of 3 declare a 400');
    assert.deepEqual(find(infs, 'error-500'), { rule: 'error-500', off: true, evidence: ['0 of 3 operations declare a 500'] });
    assert.deepEqual(find(infs, 'cache-control-get')?.evidence, ['0 of 3 GETs with a 200 declare Cache-Control on their 200']);
  });

  it('path-collection-plural: how segments of several words are written', () => {
    const inf = find(inferConventions([doc({ '/api/payment_intents': list(), '/api/setup_intents': list(), '/api/tax-rates': list() })]), 'path-collection-plural');
    assert.deepEqual(inf?.options, { case: 'snake_case' });
  });

  it('version-declared: the API’s own version header and query names', () => {
    const op = { get: { parameters: [{ name: 'Stripe-Version', in: 'header', schema: { type: 'string' } }], ...ok('200') } };
    assert.deepEqual(find(inferConventions([doc({ '/api/as': op })]), 'version-declared')?.options, { headers: ['Stripe-Version'] });
  });

  it('security-scheme-conventional: the header an apiKey scheme sends the key in', () => {
    const d = doc({ '/api/as': list() }, { components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Auth-Token' } } } });
    assert.deepEqual(find(inferConventions([d]), 'security-scheme-conventional')?.options, { headers: ['Authorization', 'X-Auth-Token'] });
  });

  it('the config text: evidence as comments above each rule, options as functionOptions, stable', () => {
    const infs = inferConventions([doc({ '/v1/users': list('per_page'), '/v1/teams': list('per_page') })]);
    const text = inferredConfigText(infs, { schema: 's.json', source: 'api.yaml' });
    assert.equal(text, inferredConfigText(inferConventions([doc({ '/v1/users': list('per_page'), '/v1/teams': list('per_page') })]), { schema: 's.json', source: 'api.yaml' }));
    assert.match(text, /  # \/v1\/ starts 2 of 2 paths\n  path-api-prefix:\n    then:\n      functionOptions:\n        prefix: \/v1\n/);
    assert.match(text, /names: \{ page: page, limit: per_page, sort: sort, filter: filter \}/);
  });
});
