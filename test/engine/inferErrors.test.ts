/** What engine/infer.ts learns of an API's error bodies: the shared schema most of them are. */
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
