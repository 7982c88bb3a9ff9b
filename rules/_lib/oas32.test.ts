/**
 * OpenAPI 3.2 with the whole recommended ruleset: Spectral detects the document
 * as `oas3` (and `oas3_2`), so every convention rule runs; the structural
 * spectral:oas rules (oas3-schema with Spectral's 3.2 schema, path-params…)
 * accept `query`, `additionalOperations` and `in: querystring`; and the
 * convention rules see QUERY and the additional operations as operations.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Document, Ruleset, Spectral } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { oas3, oas3_2 } from '@stoplight/spectral-formats';
import { recommended, REUSED_OAS_RULES } from '../ruleset';
import { lint } from '../../server/src/engine/lint';

const DOC = `openapi: 3.2.0
info: { title: Orders, version: '1' }
servers:
  - url: https://example.com/api/v1
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
security:
  - ApiKeyAuth: []
paths:
  /orders:
    query:
      operationId: queryOrders
      requestBody:
        content:
          application/json: { schema: { type: object } }
      responses:
        '200':
          description: Matching orders.
          content:
            application/json: { schema: { type: array, items: { type: object } } }
    get:
      operationId: listOrders
      parameters:
        - name: selector
          in: querystring
          content:
            application/x-www-form-urlencoded:
              schema:
                type: object
                properties:
                  page: { type: integer, minimum: 1 }
                  per_page: { type: integer, minimum: 1, maximum: 100 }
      responses:
        '200':
          description: Orders.
          content:
            application/json: { schema: { type: array, items: { type: object } } }
  /orders/{id}:
    parameters:
      - { name: id, in: path, required: true, schema: { type: string } }
    additionalOperations:
      COPY:
        operationId: copyOrder
        responses:
          '204': { description: Copied. }
`;

describe('OpenAPI 3.2 with the recommended ruleset', () => {
  it('Spectral detects oas3 and oas3_2', async () => {
    const doc = new Document(DOC, Parsers.Yaml, '/doc.yaml');
    assert.ok(oas3(doc.data as never, null), 'oas3');
    assert.ok(oas3_2(doc.data as never, null), 'oas3_2');
  });

  it('no structural spectral:oas finding on query, additionalOperations and in: querystring (Spectral itself)', async () => {
    const spectral = new Spectral();
    spectral.setRuleset(new Ruleset(recommended, { severity: 'recommended' }));
    const results = await spectral.run(new Document(DOC, Parsers.Yaml, '/doc.yaml'));
    const structural = results.filter(r => (REUSED_OAS_RULES as readonly string[]).includes(String(r.code)));
    assert.deepEqual(
      structural.map(r => `${r.code} ${r.path.join('/')}: ${r.message}`),
      [],
    );
  });

  it('the convention rules judge QUERY, the additional operations and the querystring properties (apiconv)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-32-'));
    const file = path.join(dir, 'doc.yaml');
    fs.writeFileSync(file, DOC);
    const result = await lint(DOC, file, { ruleset: new Ruleset(recommended, { severity: 'recommended' }) });
    const found = result.problems.map(p => `${p.code} ${p.path.join('/')}`);
    assert.deepEqual(
      found.filter(f => f.startsWith('parser') || f.startsWith('oas3-schema')),
      [],
    );
    for (const want of [
      'error-400 paths//orders/query/responses',
      'error-404-item paths//orders/{id}/additionalOperations/COPY/responses',
      'security-401 paths//orders/{id}/additionalOperations/COPY/responses',
      'list-param-names paths//orders/get/parameters/0/content/application/x-www-form-urlencoded/schema/properties/per_page',
    ]) {
      assert.ok(found.includes(want), `${want}; got ${JSON.stringify(found, null, 1)}`);
    }
  });
});
