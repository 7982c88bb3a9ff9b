/**
 * Each side's schemas read as its OpenAPI version reads them (server/src/engine/diff/dialect.ts):
 * the JSON Schema 2020-12 keywords of OpenAPI 3.1 (`unevaluatedProperties`, `const`,
 * `prefixItems`, `dependentRequired`, a numeric `exclusiveMinimum`, a list of types) are
 * compared in 3.1 and are no keywords in 2.0 and 3.0, where they change nothing.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stringify } from 'yaml';
import { diffTexts } from '../helpers/diffTexts';
import { to20 } from '../helpers/oasVersions';

type Obj = Record<string, unknown>;

/** A document whose POST /api/orders takes `request` and answers 200 with `response`. */
function doc(request: Obj, response: Obj = { type: 'object' }): string {
  return stringify({
    openapi: '3.0.3',
    info: { title: 'Orders', version: '1.0.0' },
    paths: {
      '/api/orders': {
        post: {
          requestBody: { content: { 'application/json': { schema: request } } },
          responses: { '200': { description: 'OK', content: { 'application/json': { schema: response } } } },
        },
      },
    },
  });
}

const VERSIONS = { '2.0': to20, '3.0': (t: string) => t, '3.1': (t: string) => t.replace(/^openapi: .*$/m, 'openapi: 3.1.0') } as const;

async function codes(base: string, head: string, version: keyof typeof VERSIONS) {
  const r = await diffTexts(VERSIONS[version](base), VERSIONS[version](head));
  return r.problems.filter(p => p.code !== 'version-not-bumped').map(p => `${p.code}: ${p.message}`);
}

const obj = (properties: Obj, more: Obj = {}): Obj => ({ type: 'object', properties, ...more });

/** A change of a 3.1-only keyword, and what 3.1 reports of it (2.0 and 3.0: nothing). */
const CASES: { keyword: string; base: string; head: string; in31: string[] }[] = [
  {
    keyword: 'unevaluatedProperties: false added to a request',
    base: doc(obj({ name: { type: 'string' } })),
    head: doc(obj({ name: { type: 'string' } }, { unevaluatedProperties: false })),
    in31: [
      'request-object-closed: The request body of POST /api/orders no longer takes properties it does not list (unevaluatedProperties: false): clients sending others are refused.',
    ],
  },
  {
    keyword: 'const changed on a request property',
    base: doc(obj({ kind: { type: 'string', const: 'retail' } })),
    head: doc(obj({ kind: { type: 'string', const: 'wholesale' } })),
    in31: ['request-enum-value-removed: \'kind\' no longer accepts "retail".'],
  },
  {
    keyword: 'a numeric exclusiveMinimum set on a request property',
    base: doc(obj({ qty: { type: 'integer' } })),
    head: doc(obj({ qty: { type: 'integer', exclusiveMinimum: 0 } })),
    in31: ["request-constraint-tightened: 'qty' accepts less: exclusiveMinimum none → 0."],
  },
  {
    keyword: 'a list of types narrowed on a request property',
    base: doc(obj({ ref: { type: ['string', 'integer'] } })),
    head: doc(obj({ ref: { type: 'string' } })),
    in31: ["request-type-changed: The type of 'ref' changed from string|integer to string (values of the old type are refused)."],
  },
  {
    keyword: 'a prefixItems position retyped in a request',
    base: doc(obj({ pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] } })),
    head: doc(obj({ pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'boolean' }] } })),
    in31: ["request-type-changed: The type of 'pair[1]' changed from integer to boolean (values of the old type are refused)."],
  },
  {
    keyword: 'dependentRequired added to a request, dropped from a response',
    base: doc(
      obj({ card: { type: 'string' }, cvc: { type: 'string' } }),
      obj({ total: { type: 'number' }, currency: { type: 'string' } }, { dependentRequired: { total: ['currency'] } }),
    ),
    head: doc(
      obj({ card: { type: 'string' }, cvc: { type: 'string' } }, { dependentRequired: { card: ['cvc'] } }),
      obj({ total: { type: 'number' }, currency: { type: 'string' } }),
    ),
    in31: [
      "request-property-became-required: The request property 'cvc' became required when 'card' is sent (dependentRequired): clients of the base may not send it.",
      "response-property-became-optional: The response property 'currency' is no longer sent whenever 'total' is (dependentRequired): clients may not receive it.",
    ],
  },
];

describe('diff: each version reads its own schema keywords', () => {
  for (const c of CASES)
    for (const version of Object.keys(VERSIONS) as (keyof typeof VERSIONS)[])
      it(`${c.keyword}: ${version === '3.1' ? 'reported' : 'no keyword, nothing reported'} (OpenAPI ${version})`, async () => {
        assert.deepEqual(await codes(c.base, c.head, version), version === '3.1' ? c.in31 : []);
      });

  it('a base in 3.0 and a head in 3.1: each side read in its own dialect', async () => {
    // The same text: in the 3.0 base, unevaluatedProperties closes nothing; in the 3.1 head it closes the body.
    const text = doc(obj({ name: { type: 'string' } }, { unevaluatedProperties: false }));
    assert.deepEqual(await codes(text, VERSIONS['3.1'](text), '3.0'), [
      'request-object-closed: The request body of POST /api/orders no longer takes properties it does not list (unevaluatedProperties: false): clients sending others are refused.',
    ]);
  });
});
