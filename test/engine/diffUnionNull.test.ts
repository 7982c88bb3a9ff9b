/**
 * Null and unions across the versions (found in GitHub's description, @octokit/openapi 22.0.0 → 23.0.0: an issue's
 * `type` went from `{type: string, nullable: true}` to `{nullable: true, oneOf: [string, object]}`): 3.0's `nullable`
 * beside a union admits null for the union, and whether null is still taken is said once, for the whole.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stringify } from 'yaml';
import { diffTexts } from '../helpers/diffTexts';

/** PATCH /api/items takes and returns `{type: <schema>}`. */
const doc = (schema: unknown) => {
  const body = { content: { 'application/json': { schema: { type: 'object', properties: { type: schema } } } } };
  return stringify({
    openapi: '3.0.3',
    info: { title: 'T', version: '1.0.0' },
    paths: { '/api/items': { patch: { requestBody: body, responses: { '200': { description: 'OK', ...body } } } } },
  });
};

const base = { type: 'string', nullable: true };
const alternatives = [{ type: 'string' }, { type: 'object', properties: { value: { type: 'string' } } }];

async function nullFindings(head: unknown): Promise<string[]> {
  return (await diffTexts(doc(base), doc(head))).problems.filter(p => /null/.test(p.message)).map(p => `${p.code}: ${p.message}`);
}

describe('diff: null beside a union', () => {
  it('nullable beside the union that replaced a nullable string: null is still taken, nothing said of it', async () => {
    assert.deepEqual(await nullFindings({ nullable: true, oneOf: alternatives }), []);
  });

  it('the same union without nullable: the request no longer takes null, said once', async () => {
    assert.deepEqual(await nullFindings({ oneOf: alternatives }), ["request-type-changed: 'type' no longer accepts null."]);
  });
});
