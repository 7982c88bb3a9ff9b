/** Inferences of how an API shapes its paths and lists beyond the seed: methods on collections and items, singletons, RPC style, bounded lists. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { inferConventions, inferredConfigText, type Inference } from '../../server/src/engine';

type Ops = Record<string, Record<string, unknown>>;
const doc = (paths: Ops) => ({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths });
const ok = (code: string) => ({ responses: { [code]: { description: 'ok' } } });
const array = { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { type: 'object' } } } } } } };
const object = { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } } };
const find = (infs: Inference[], rule: string) => infs.find(i => i.rule === rule);

describe('inferConventions: method-path-fit', () => {
  it('POST on items in a quarter of the POSTs (at least three) is how the API updates: items accept POST', () => {
    const paths: Ops = {};
    for (const r of ['a', 'b', 'c', 'd']) {
      paths[`/api/${r}s`] = { post: ok('201') };
      paths[`/api/${r}s/{id}`] = r === 'd' ? { get: ok('200') } : { post: ok('200') };
    }
    const inf = find(inferConventions([doc(paths)]), 'method-path-fit');
    assert.deepEqual(inf?.options, { collectionMethods: ['post'], itemMethods: ['post', 'put', 'patch', 'delete'] });
    assert.deepEqual(inf?.evidence, ['POST: collection paths in 4 of 7 POST operations, item paths in 3']);
  });

  it('PUT and DELETE on collections where the API saves and removes several items at once; a lone one is no practice', () => {
    const paths: Ops = {};
    for (const r of ['a', 'b', 'c']) paths[`/api/me/${r}s`] = { get: array, put: ok('200'), delete: ok('200') };
    paths['/api/xs/{id}'] = { put: ok('200'), delete: ok('204') };
    paths['/api/xs'] = { get: array, patch: ok('200') };
    const inf = find(inferConventions([doc(paths)]), 'method-path-fit');
    assert.deepEqual(inf?.options, { collectionMethods: ['post', 'put', 'delete'], itemMethods: ['put', 'patch', 'delete'] });
    assert.deepEqual(inf?.evidence, [
      'PUT: collection paths in 3 of 4 PUT operations, item paths in 1',
      'DELETE: collection paths in 3 of 4 DELETE operations, item paths in 1',
    ]);
  });

  it('singletons: PUT, PATCH and DELETE on paths that name one resource, in at least three operations', () => {
    const paths: Ops = {
      '/api/app/hook/config': { get: object, patch: ok('200') },
      '/api/orgs/{org}/actions/permissions': { get: object, put: ok('204'), delete: ok('204') },
      '/api/users': { get: array, delete: ok('204') },
    };
    const inf = find(inferConventions([doc(paths)]), 'method-path-fit');
    assert.deepEqual(inf?.options, { singletons: true });
    assert.deepEqual(inf?.evidence, [
      '3 of 4 PUT, PATCH and DELETE operations target a path that names one resource (no item below it, no list of it), as PATCH /api/app/hook/config and PUT /api/orgs/{org}/actions/permissions',
    ]);
  });

  it('nothing when the methods go where the seed sends them, or stray in fewer than a quarter', () => {
    const paths: Ops = {};
    for (let i = 0; i < 10; i++) paths[`/api/r${i}s/{id}`] = { delete: ok('204') };
    for (let i = 0; i < 3; i++) paths[`/api/q${i}s`] = { get: array, delete: ok('204') };
    assert.equal(find(inferConventions([doc(paths)]), 'method-path-fit'), undefined);
  });
});

describe('inferConventions: path-resource-nesting singletons and RPC style', () => {
  it('singletons: paths going on below a segment that names one resource, in at least three paths', () => {
    const paths: Ops = {
      '/api/repos': { get: array },
      '/api/repos/{id}': { get: object },
      '/api/repos/{id}/actions/permissions': { get: object, put: ok('204') },
      '/api/repos/{id}/actions/runners': { get: array },
      '/api/repos/{id}/actions/runners/{runner}': { get: object },
      '/api/users': { get: array },
      '/api/users/{id}': { get: object },
      '/api/users/search': { get: array },
    };
    const inf = find(inferConventions([doc(paths)]), 'path-resource-nesting');
    assert.deepEqual(inf?.options, { singletons: true });
    assert.match(
      inf!.evidence[0],
      /^3 of 8 paths go on below a segment that names one resource .*, as \/api\/repos\/\{id\}\/actions\/permissions and \/api\/repos\/\{id\}\/actions\/runners$/,
    );
    delete paths['/api/repos/{id}/actions/runners/{runner}'];
    assert.equal(find(inferConventions([doc(paths)]), 'path-resource-nesting'), undefined, 'two paths are no practice');
  });

  it('off for an API that names no item in its paths (a resource and an action: RPC style)', () => {
    const paths: Ops = {};
    for (const r of ['item', 'asset_report', 'transactions', 'accounts', 'auth']) for (const a of ['get', 'create']) paths[`/${r}/${a}`] = { post: ok('200') };
    const inf = find(inferConventions([doc(paths)]), 'path-resource-nesting');
    assert.equal(inf?.off, true);
    assert.deepEqual(inf?.evidence, [
      '0 of 10 paths name an item with a template: the paths name a resource and an action (RPC style), not collections and items',
    ]);
    paths['/item/{id}'] = { get: ok('200') };
    assert.notEqual(find(inferConventions([doc(paths)]), 'path-resource-nesting')?.off, true, 'one path in eleven names an item');
  });
});

describe('inferConventions: list-pagination boundedBy', () => {
  const lookup = (name: string, required = true) => ({ get: { parameters: [{ name, in: 'query', required, schema: { type: 'string' } }], ...array } });
  const paged = { get: { parameters: ['offset', 'limit'].map(name => ({ name, in: 'query', schema: { type: 'integer' } })), ...array } };

  it('the id lists and time windows that unpaged lists require, when two do and no paged list does; merged with the style', () => {
    const paths: Ops = { '/api/albums': lookup('ids'), '/api/tracks': lookup('ids'), '/api/usage': lookup('start'), '/api/shows': lookup('ids', false) };
    for (const r of ['a', 'b', 'c']) paths[`/api/${r}s`] = paged;
    const infs = inferConventions([doc(paths)]);
    const inf = find(infs, 'list-pagination');
    assert.deepEqual(inf?.options, { styles: ['offset'], boundedBy: ['ids'] });
    assert.equal(inf?.evidence[inf.evidence.length - 1], 'unpaged lists that require a bound: ids in 2 of 7 list operations');
    assert.equal(infs.filter(i => i.rule === 'list-pagination').length, 1, 'one entry per rule');
    assert.equal(inferredConfigText(infs, { schema: 's', source: 'api.yaml' }).match(/^ {2}list-pagination:/gm)?.length, 1);
  });

  it('nothing for a name a paged list also requires', () => {
    const paths: Ops = { '/api/albums': lookup('ids'), '/api/tracks': lookup('ids') };
    paths['/api/shows'] = {
      get: {
        parameters: [
          { name: 'ids', in: 'query', required: true, schema: { type: 'string' } },
          { name: 'page', in: 'query' },
          { name: 'limit', in: 'query' },
        ],
        ...array,
      },
    };
    assert.equal(find(inferConventions([doc(paths)]), 'list-pagination')?.options?.boundedBy, undefined);
  });
});

describe('inferConventions: deprecation-headers', () => {
  const deprecated = (headers: Record<string, unknown>) => ({ get: { deprecated: true, responses: { '200': { description: 'ok', headers } } } });
  const sunset = { Sunset: { schema: { type: 'string' } } };

  it('off when most deprecated operations declare neither Deprecation nor Sunset; kept when most do', () => {
    const off = find(inferConventions([doc({ '/api/as': deprecated({}), '/api/bs': deprecated({}), '/api/cs': deprecated(sunset) })]), 'deprecation-headers');
    assert.equal(off?.off, true);
    assert.deepEqual(off?.evidence, ['1 of 3 deprecated operations declare a Deprecation or Sunset header']);
    assert.equal(
      find(
        inferConventions([doc({ '/api/as': deprecated(sunset), '/api/bs': deprecated({ Deprecation: {} }), '/api/cs': deprecated({}) })]),
        'deprecation-headers',
      ),
      undefined,
    );
  });
});

describe('inferConventions: list-pagination off', () => {
  it('off when fewer than half of the lists are paged; the paged majority keeps the rule', () => {
    const unpaged = { get: array };
    const paged = { get: { parameters: ['page', 'limit'].map(name => ({ name, in: 'query', schema: { type: 'integer' } })), ...array } };
    const off = find(inferConventions([doc({ '/api/as': unpaged, '/api/bs': unpaged, '/api/cs': paged })]), 'list-pagination');
    assert.equal(off?.off, true);
    assert.deepEqual(off?.evidence, ['1 of 3 list operations are paged']);
    assert.equal(find(inferConventions([doc({ '/api/as': unpaged, '/api/bs': paged, '/api/cs': paged })]), 'list-pagination'), undefined);
  });
});

describe('inferConventions: put-request-body', () => {
  const put = (body?: boolean) => ({
    put: { ...(body === undefined ? {} : { requestBody: { required: body, content: { 'application/json': { schema: { type: 'object' } } } } }), ...ok('200') },
  });

  it('required off when most PUT bodies are optional; allowNone when a quarter of the PUTs, and three, take none', () => {
    const inf = find(
      inferConventions([
        doc({
          '/api/a/{id}': put(false),
          '/api/b/{id}': put(false),
          '/api/c/{id}': put(true),
          '/api/d/{id}': put(),
          '/api/e/{id}': put(),
          '/api/f/{id}': put(),
        }),
      ]),
      'put-request-body',
    );
    assert.deepEqual(inf?.options, { required: false, allowNone: true });
    assert.deepEqual(inf?.evidence, ['PUT bodies: optional in 2 of 3 PUTs with a JSON body', 'PUT without a body: 3 of 6 PUT operations']);
    assert.equal(
      find(
        inferConventions([doc({ '/api/a/{id}': put(true), '/api/b/{id}': put(true), '/api/c/{id}': put(false), '/api/d/{id}': put() })]),
        'put-request-body',
      ),
      undefined,
    );
  });
});

describe('inferConventions: path-no-verbs groups', () => {
  it('a verb that starts two paths going on with a literal, and ends none, names a group: allowed', () => {
    const paths: Ops = { '/v1/browse/categories': { get: array }, '/v1/browse/new-releases': { get: array }, '/v1/albums': { get: array } };
    const inf = find(inferConventions([doc(paths)]), 'path-no-verbs');
    assert.deepEqual(inf?.options, { allowed: ['browse'] });
    assert.deepEqual(inf?.evidence, ['verbs that start a group of paths, never an action: browse (2 paths)']);
    paths['/v1/browse'] = { get: array };
    assert.equal(find(inferConventions([doc(paths)]), 'path-no-verbs'), undefined, 'a path that ends with it');
  });
});
