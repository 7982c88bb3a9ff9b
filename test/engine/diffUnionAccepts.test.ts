/**
 * A request alternative that no head alternative pairs with, but that a head alternative takes whole (found in
 * GitHub's description, @octokit/openapi 22.0.0 → 23.0.0): no client is refused, so no `composition-changed`;
 * one that the head refuses still is one.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stringify } from 'yaml';
import { diffTexts } from '../helpers/diffTexts';

/** A document whose POST /api/items takes `schema` as its JSON body. */
const doc = (schema: unknown) =>
  stringify({
    openapi: '3.0.3',
    info: { title: 'T', version: '1.0.0' },
    paths: { '/api/items': { post: { requestBody: { content: { 'application/json': { schema } } }, responses: { '201': { description: 'Created' } } } } },
  });

const strings = { type: 'object', properties: { labels: { type: 'array', items: { type: 'string' } } } };
const named = {
  type: 'object',
  properties: { labels: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } },
};

async function findings(base: unknown, head: unknown): Promise<string[]> {
  return (await diffTexts(doc(base), doc(head))).problems.map(p => `${p.code}: ${p.message}`);
}

describe('diff: request alternatives a head alternative takes whole', () => {
  it('two alternatives merged into one that takes both: nothing refused', async () => {
    const merged = {
      oneOf: [{ type: 'object', properties: { labels: { type: 'array', items: { oneOf: [{ type: 'string' }, named.properties.labels.items] } } } }],
    };
    assert.deepEqual(await findings({ oneOf: [strings, named] }, merged), []);
  });

  it('a shape split into alternatives of required properties its clients meet: nothing refused', async () => {
    const base = { type: 'object', required: ['type', 'id'], properties: { type: { type: 'string' }, id: { type: 'integer' } } };
    const head = {
      type: 'object',
      required: ['type'],
      properties: { ...base.properties, number: { type: 'integer', default: 0 } },
      oneOf: [{ required: ['id'] }, { required: ['number'] }],
    };
    assert.deepEqual(await findings(base, head), []);
  });

  it('an alternative merged away into one that refuses it: composition-changed', async () => {
    const found = await findings({ oneOf: [strings, named] }, { oneOf: [strings] });
    assert.equal(found.filter(f => f.startsWith('composition-changed: ')).length, 1, JSON.stringify(found));
  });
});
