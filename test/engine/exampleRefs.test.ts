/** A `$ref` inside an example value is data: no `invalid-ref` for it, from the engine or the Spectral reference. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lint } from '../../server/src/engine/lint';
import { lintWithSpectral } from '../../server/src/engine/spectralReference';
import { inExampleValue } from '../../server/src/engine/finish/exampleRefs';

// A SCIM group list shown as an example (GitHub's description has one): SCIM's own `$ref` members are URLs.
const OAS3 = `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /scim/v2/Groups:
    get:
      responses:
        '200':
          description: OK
          content:
            application/scim+json:
              schema: { type: object }
              examples:
                list: { $ref: '#/components/examples/group-list' }
  /schemas/{id}:
    get:
      responses:
        '200':
          description: A JSON Schema
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Missing' }
              example:
                type: object
                properties:
                  owner: { $ref: '#/definitions/User' }
components:
  examples:
    group-list:
      value:
        Resources:
          - members:
              - value: 92b58aaa
                $ref: https://api.example.com/scim/v2/Users/92b58aaa
`;

const OAS2 = `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /schemas/{id}:
    get:
      responses:
        '200':
          description: A JSON Schema
          schema: { type: object, x-example: { $ref: '#/nowhere' } }
          examples:
            application/json: { allOf: [{ $ref: '#/definitions/Base' }] }
        '404':
          description: Missing
          schema: { $ref: '#/definitions/Error' }
`;

const OAS31 = `openapi: 3.1.0
info: { title: t, version: '1' }
paths: {}
components:
  schemas:
    Doc:
      type: object
      examples:
        - { nested: { $ref: '#/nowhere' } }
      properties:
        example: { $ref: '#/components/schemas/Gone' }
`;

async function invalidRefs(text: string, file: string): Promise<string[]> {
  const ours = (await lint(text, file)).problems.filter(p => p.code === 'invalid-ref').map(p => p.path.join('/'));
  const reference = (await lintWithSpectral(text, file)).problems.filter(p => p.code === 'invalid-ref').map(p => p.path.join('/'));
  assert.deepEqual(ours, reference, 'engine = Spectral reference');
  return ours;
}

describe('$refs in example values', () => {
  it('oas3: an Example Object value and a media example give no invalid-ref; a broken schema $ref does', async () => {
    assert.deepEqual(await invalidRefs(OAS3, '/virtual/examples3.yaml'), [
      'paths//schemas/{id}/get/responses/200/content/application~1json/schema/$ref'.replace('~1', '/'),
    ]);
  });

  it('oas2: x-example and a response examples map give none; a broken schema $ref does', async () => {
    assert.deepEqual(await invalidRefs(OAS2, '/virtual/examples2.yaml'), ['paths//schemas/{id}/get/responses/404/schema/$ref']);
  });

  it('oas3.1: a schema examples list gives none; a property named example is a schema', async () => {
    assert.deepEqual(await invalidRefs(OAS31, '/virtual/examples31.yaml'), ['components/schemas/Doc/properties/example/$ref']);
  });

  it('tells example data from references by path', () => {
    assert.ok(inExampleValue(['components', 'examples', 'x', 'value', 'a', '$ref']));
    assert.ok(inExampleValue(['paths', '/a', 'get', 'responses', '200', 'examples', 'application/json', '$ref']));
    assert.ok(inExampleValue(['components', 'schemas', 'A', 'example', '$ref']));
    assert.ok(!inExampleValue(['paths', '/a', 'get', 'responses', '200', 'content', 'application/json', 'examples', 'x', '$ref']), 'an Example Object $ref');
    assert.ok(!inExampleValue(['components', 'schemas', 'A', 'properties', 'example', '$ref']), 'a property named example');
    assert.ok(!inExampleValue(['components', 'schemas', 'examples', '$ref']), 'a schema named examples');
    assert.ok(!inExampleValue(['components', 'schemas', 'A', 'examples', '0', '$ref']), 'a list item that is just a $ref');
  });
});
