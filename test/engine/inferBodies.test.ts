/** What engine/infer.ts learns of error bodies, request bodies and lists: the shared error schema, file uploads, whole lists. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { inferConventions, type Inference } from '../../server/src/engine';

const find = (infs: Inference[], rule: string) => infs.find(i => i.rule === rule);
const errorOp = (schema: unknown, code = '404') => ({
  get: { responses: { '200': { description: 'ok' }, [code]: { description: 'error', content: { 'application/json': { schema } } } } },
});
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const doc = (paths: Record<string, unknown>, schemas: Record<string, unknown>) => ({
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths,
  components: { schemas },
});
const ownError = { type: 'object', properties: { message: { type: 'string' }, documentation_url: { type: 'string' } } };
const other = { type: 'object', properties: { detail: { type: 'string' } } };

describe('inferConventions: error-schema', () => {
  it('names the shared schema most error responses are, when it requires no property and is none of the seed shapes', () => {
    const infs = inferConventions([
      doc(
        { '/api/as': errorOp(ref('basic-error')), '/api/bs': errorOp(ref('basic-error')), '/api/cs': errorOp(ref('validation-error'), '422') },
        { 'basic-error': ownError, 'validation-error': other },
      ),
    ]);
    assert.deepEqual(find(infs, 'error-schema'), {
      rule: 'error-schema',
      options: { schemas: ['basic-error'] },
      evidence: ['error bodies: basic-error in 2 of 3 error responses with a JSON body, validation-error in 1'],
    });
    assert.deepEqual(find(infs, 'error-schema-consistent'), {
      rule: 'error-schema-consistent',
      options: { schemas: ['basic-error'] },
      evidence: ['error bodies compared beside shapes A and B: basic-error, as error-schema accepts them'],
    });
  });

  it('counts a resolved document, whose error bodies are the shared schema object itself', () => {
    const shared = { ...ownError };
    const infs = inferConventions([doc({ '/api/as': errorOp(shared), '/api/bs': errorOp(shared, '500') }, { Error: shared })]);
    assert.deepEqual(find(infs, 'error-schema')?.options, { schemas: ['Error'] });
  });

  it('nothing when the majority schema has a seed shape, or when no schema has a majority', () => {
    const shapeB = { type: 'object', required: ['error'], properties: { error: { type: 'string' } } };
    const seed = inferConventions([doc({ '/api/as': errorOp(ref('E')), '/api/bs': errorOp(ref('E')) }, { E: shapeB })]);
    assert.equal(find(seed, 'error-schema'), undefined);
    const split = inferConventions([
      doc({ '/api/as': errorOp(ref('A1')), '/api/bs': errorOp(ref('B1')), '/api/cs': errorOp({ ...other }) }, { A1: ownError, B1: other }),
    ]);
    assert.equal(find(split, 'error-schema'), undefined, 'one of three is no majority');
  });
});

describe('inferConventions: file uploads', () => {
  const upload = (method: string) => ({
    [method]: {
      requestBody: { required: true, content: { 'application/octet-stream': { schema: { type: 'string', format: 'byte' } } } },
      responses: { '200': { description: 'ok' } },
    },
  });
  const json = { post: { requestBody: { content: { 'application/json': { schema: { type: 'object' } } } }, responses: { '201': { description: 'ok' } } } };

  it('uploads when a PUT (POST) takes a file as its body: a file has no JSON form, however rare the upload', () => {
    const paths: Record<string, unknown> = { '/api/notes': json, '/api/tags': json, '/api/users': json };
    for (const r of ['invoices', 'quotes', 'receipts']) paths[`/api/${r}/{id}/attachments/{name}`] = upload('put');
    paths['/api/tasks/{id}/attachments'] = upload('post');
    const infs = inferConventions([doc(paths, {})]);
    assert.deepEqual(find(infs, 'put-request-body'), {
      rule: 'put-request-body',
      options: { uploads: true },
      evidence: ['PUT bodies that are a file: 3 of 3 PUTs with a body'],
    });
    assert.deepEqual(find(infs, 'post-request-body'), {
      rule: 'post-request-body',
      options: { uploads: true },
      evidence: ['POST bodies that are a file: 1 of 4 POSTs with a body'],
    });
  });

  it('no uploads when no body is a file', () => {
    assert.equal(find(inferConventions([doc({ '/api/notes': json }, {})]), 'post-request-body'), undefined);
  });
});

describe('inferConventions: whole lists', () => {
  const body = (props: Record<string, unknown>) => ({
    responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: props } } } } },
  });
  const items = { type: 'array', items: { type: 'object' } };
  const q = (name: string) => ({ name, in: 'query', schema: { type: 'integer' } });
  const paged = { get: { parameters: [q('offset'), q('limit')], ...body({ items, total: { type: 'integer' }, next: { type: 'string' } }) } };

  it('wholeLists when most paged lists answer with a page (three at least) and an unpaged one answers whole', () => {
    const infs = inferConventions([doc({ '/v1/as': paged, '/v1/bs': paged, '/v1/cs': paged, '/v1/markets': { get: body({ markets: items }) } }, {})]);
    assert.equal(find(infs, 'list-pagination')?.options?.wholeLists, true);
    assert.deepEqual(
      find(infs, 'list-pagination')?.evidence.at(-1),
      'paged lists that answer with a page: 3 of 3; unpaged lists that answer with the whole list: 1',
    );
  });

  it('nothing when the paged lists answer with bare arrays (GitHub: paged by Link headers), or every list is paged', () => {
    const bare = {
      get: { parameters: [q('page'), q('per_page')], responses: { '200': { description: 'ok', content: { 'application/json': { schema: items } } } } },
    };
    const github = inferConventions([doc({ '/as': bare, '/bs': bare, '/cs': bare, '/markets': { get: body({ markets: items }) } }, {})]);
    assert.equal(find(github, 'list-pagination')?.options?.wholeLists, undefined);
    const allPaged = inferConventions([doc({ '/v1/as': paged, '/v1/bs': paged, '/v1/cs': paged }, {})]);
    assert.equal(find(allPaged, 'list-pagination')?.options?.wholeLists, undefined);
  });
});

describe('inferConventions: error-schema pages', () => {
  it('pages when an operation with an error response answers only text/html; not for one that also answers JSON', () => {
    const html = { description: 'page', content: { 'text/html': { schema: { type: 'string' } } } };
    const json = {
      description: 'error',
      content: { 'application/json': { schema: { type: 'object', required: ['error'], properties: { error: { type: 'string' } } } } },
    };
    const infs = inferConventions([
      doc({ '/authorize': { get: { responses: { '200': html, default: html } } }, '/api/as': { get: { responses: { '400': json } } } }, {}),
    ]);
    assert.deepEqual(find(infs, 'error-schema')?.options, { pages: true });
    assert.deepEqual(find(infs, 'error-schema')?.evidence, ['operations that answer only text/html (pages for a browser): 1, as GET /authorize']);
    const mixed = inferConventions([doc({ '/authorize': { get: { responses: { '200': html, '400': json } } } }, {})]);
    assert.equal(find(mixed, 'error-schema'), undefined);
  });
});
