/**
 * request-object-closed: an object that took unlisted properties and refuses them now.
 * `additionalProperties: false` added, or replacing `true` or a schema; 3.1's
 * `unevaluatedProperties: false`; on an `allOf` member; on a nested object. In a response
 * the same change is safe. (The docs' example runs in 2.0, 3.0 and 3.1 in diff.test.ts.)
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stringify } from 'yaml';
import { diffTexts } from '../helpers/diffTexts';
import { to20, to31 } from '../helpers/oasVersions';

type Obj = Record<string, unknown>;

/** A document whose POST takes `body` and whose GET returns `body` (each direction alone when asked). */
function doc(body: Obj, where: 'request' | 'response', openapi = '3.0.3'): string {
  const content = { 'application/json': { schema: body } };
  const op =
    where === 'request'
      ? { requestBody: { content }, responses: { '201': { description: 'Created' } } }
      : { responses: { '200': { description: 'OK', content } } };
  return stringify({ openapi, info: { title: 'Shop', version: '1.0.0' }, paths: { '/api/orders': { [where === 'request' ? 'post' : 'get']: op } } });
}

const ORDER = { type: 'object', properties: { id: { type: 'string' } } };

async function codes(base: Obj, head: Obj, where: 'request' | 'response' = 'request', convert: (t: string) => string = t => t, openapi?: string) {
  const r = await diffTexts(convert(doc(base, where, openapi)), convert(doc(head, where, openapi)));
  return r.problems.map(p => `${p.code} ${p.path.join('/')}: ${p.message}`);
}

describe('diff: request-object-closed', () => {
  for (const [version, convert] of Object.entries({ '2.0': to20, '3.0': (t: string) => t, '3.1': to31 })) {
    it(`additionalProperties true, a schema, or nothing → false in a request is reported; in a response it is not (OpenAPI ${version})`, async () => {
      for (const before of [{}, { additionalProperties: true }, { additionalProperties: { type: 'string' } }]) {
        const found = await codes({ ...ORDER, ...before }, { ...ORDER, additionalProperties: false }, 'request', convert);
        const closed = found.filter(f => f.startsWith('request-object-closed'));
        assert.equal(closed.length, 1, JSON.stringify({ before, found }));
        assert.match(closed[0], /additionalProperties: false\): clients sending others are refused\./);
        assert.ok(found.some(f => f.startsWith('version-not-bumped')));
        assert.deepEqual(await codes({ ...ORDER, ...before }, { ...ORDER, additionalProperties: false }, 'response', convert), []);
      }
    });

    it(`already closed, or opened, is no finding (OpenAPI ${version})`, async () => {
      assert.deepEqual(await codes({ ...ORDER, additionalProperties: false }, { ...ORDER, additionalProperties: false }, 'request', convert), []);
      assert.deepEqual(await codes({ ...ORDER, additionalProperties: false }, ORDER, 'request', convert), []);
    });

    it(`closed on a nested object or an allOf member, reported there (OpenAPI ${version})`, async () => {
      const nested = (extra: Obj) => ({ type: 'object', properties: { address: { ...ORDER, ...extra } } });
      const found = await codes(nested({}), nested({ additionalProperties: false }), 'request', convert);
      assert.equal(found.filter(f => f.startsWith('request-object-closed')).length, 1, JSON.stringify(found));
      assert.match(
        found.find(f => f.startsWith('request-object-closed'))!,
        /properties\/address\/additionalProperties: 'address' no longer takes/,
      );
      const member = (extra: Obj) => ({
        allOf: [
          { ...ORDER, ...extra },
          { type: 'object', properties: { note: { type: 'string' } } },
        ],
      });
      const viaAllOf = await codes(member({}), member({ additionalProperties: false }), 'request', convert);
      assert.equal(viaAllOf.filter(f => f.startsWith('request-object-closed')).length, 1, JSON.stringify(viaAllOf));
    });
  }

  it('unevaluatedProperties: false (OpenAPI 3.1) in a request, not in a response', async () => {
    const found = await codes(ORDER, { ...ORDER, unevaluatedProperties: false }, 'request', t => t, '3.1.0');
    assert.equal(found.filter(f => f.startsWith('request-object-closed')).length, 1, JSON.stringify(found));
    assert.match(found[found.length - 1], /unevaluatedProperties: false/);
    assert.deepEqual(await codes(ORDER, { ...ORDER, unevaluatedProperties: false }, 'response', t => t, '3.1.0'), []);
  });
});

describe('diff: request-object-closed beside a union of required lists', () => {
  it('is reported once on the holder, and the union is not taken for a shape the head refuses', async () => {
    const base = { type: 'object', required: ['type', 'id'], properties: { type: { type: 'string' }, id: { type: 'integer' } } };
    const head = {
      type: 'object',
      additionalProperties: false,
      required: ['type'],
      properties: { type: { type: 'string' }, id: { type: 'integer' }, owner: { type: 'string' }, number: { type: 'integer' } },
      oneOf: [{ required: ['id'] }, { required: ['owner', 'number'] }],
    };
    for (const convert of [(t: string) => t, to31]) {
      const found = await codes(base, head, 'request', convert);
      assert.deepEqual(
        found.map(f => f.split(' ')[0]),
        ['version-not-bumped', 'request-object-closed'],
        JSON.stringify(found),
      );
    }
  });
});
