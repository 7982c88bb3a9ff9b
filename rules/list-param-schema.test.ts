import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runRule, testRule } from '../test/helpers/testRule';

testRule('list-param-schema', {
  valid: [
    {
      name: 'oas3: the four parameters well typed; path and header parameters are not judged',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{page}:
    get:
      parameters:
        - { name: page, in: path, required: true, schema: { type: string } }
        - { name: limit, in: header, schema: { type: string } }
        - { name: sort, in: query, schema: { type: string, enum: [name, -name] } }
        - { name: filter, in: query, schema: { type: string } }
      responses: { '200': { description: OK } }
  /api/users:
    get:
      parameters:
        - { name: page, in: query, schema: { type: integer, minimum: 1 } }
        - { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 100 } }
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'oas3.1: a type list and a referenced schema',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: page, in: query, schema: { type: [integer, 'null'], minimum: 1 } }
        - { name: limit, in: query, schema: { $ref: '#/components/schemas/Limit' } }
      responses: { '200': { description: OK } }
components:
  schemas:
    Limit: { type: integer, minimum: 1, maximum: 50 }
`,
    },
    {
      name: 'oas2',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: limit, in: query, type: integer, minimum: 1, maximum: 100 }
        - { name: sort, in: query, type: string }
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'json',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"get": {"parameters": [{"name": "filter", "in": "query", "schema": {"type": "string"}}], "responses": {"200": {"description": "OK"}}}}}}`,
    },
    {
      name: 'options: maxLimit 100: a maximum of 50 is within it (oas3)',
      options: { maxLimit: 100 },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 50 } }
      responses: { '200': { description: OK } }
`,
    },
  ],
  invalid: [
    {
      name: 'oas3.2: a property of an in: querystring parameter; the fix completes its schema',
      document: `openapi: 3.2.0
info: { title: t, version: '1' }
paths:
  /api/orders:
    get:
      parameters:
        - name: selector
          in: querystring
          content:
            application/x-www-form-urlencoded:
              schema:
                type: object
                properties:
                  page: { type: integer, minimum: 1 }
                  limit: { type: integer, minimum: 1 }
      responses:
        '200':
          description: OK
          content: { application/json: { schema: { type: array, items: { type: object } } } }
`,
      errors: [
        {
          path: ['paths', '/api/orders', 'get', 'parameters', '0', 'content', 'application/x-www-form-urlencoded', 'schema', 'properties', 'limit'],
          line: 15,
          message: '"limit" lacks a maximum',
        },
      ],
      output: `openapi: 3.2.0
info: { title: t, version: '1' }
paths:
  /api/orders:
    get:
      parameters:
        - name: selector
          in: querystring
          content:
            application/x-www-form-urlencoded:
              schema:
                type: object
                properties:
                  page: { type: integer, minimum: 1 }
                  limit: { type: integer, minimum: 1, maximum: 100 }
      responses:
        '200':
          description: OK
          content: { application/json: { schema: { type: array, items: { type: object } } } }
`,
    },
    {
      // Box (v3.0): limit has maximum 1000 and no minimum.
      name: 'oas3: a limit with its own maximum is asked for the minimum only',
      document: `openapi: 3.0.2
info: { title: Box Platform API, version: 2.0.0 }
paths:
  /api/files/{file_id}/app_item_associations:
    get:
      parameters:
        - name: limit
          in: query
          description: The maximum number of items to return per page.
          required: false
          schema: { type: integer, format: int64, maximum: 1000 }
          example: 1000
      responses: { '200': { description: OK } }
`,
      errors: [{ line: 11, message: 'lacks a minimum: add minimum: 1 (its maximum 1000 can stay)' }],
      output: `openapi: 3.0.2
info: { title: Box Platform API, version: 2.0.0 }
paths:
  /api/files/{file_id}/app_item_associations:
    get:
      parameters:
        - name: limit
          in: query
          description: The maximum number of items to return per page.
          required: false
          schema: { type: integer, format: int64, maximum: 1000, minimum: 1 }
          example: 1000
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'oas3: wrong type, bounds missing in a referenced schema, no schema at all',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - name: page
          in: query
          schema:
            type: string # should be an integer
        - name: limit
          in: query
          schema:
            $ref: '#/components/schemas/Limit'
        - name: sort
          in: query
      responses:
        '200': { description: OK }
components:
  schemas:
    Limit:
      type: integer
      minimum: 1
`,
      errors: [
        { path: ['paths', '/api/users', 'get', 'parameters', '0', 'schema', 'type'], line: 10, message: '"page" lacks type integer, a minimum' },
        { path: ['paths', '/api/users', 'get', 'parameters', '2', 'name'], line: 15, message: '"sort" lacks type string' },
        { path: ['components', 'schemas', 'Limit'], line: 21, message: '"limit" lacks a maximum' },
      ],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - name: page
          in: query
          schema:
            type: integer # should be an integer
            minimum: 1
        - name: limit
          in: query
          schema:
            $ref: '#/components/schemas/Limit'
        - name: sort
          in: query
          schema:
            type: string
      responses:
        '200': { description: OK }
components:
  schemas:
    Limit:
      type: integer
      minimum: 1
      maximum: 100
`,
    },
    {
      name: 'oas2: limit without bounds, filter as integer',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - name: limit
          in: query
          type: integer
        - name: filter
          in: query
          type: integer
      responses:
        '200': { description: OK }
`,
      errors: [
        { path: ['paths', '/api/users', 'get', 'parameters', '0', 'name'], line: 7, message: 'a minimum, a maximum' },
        { path: ['paths', '/api/users', 'get', 'parameters', '1', 'type'], line: 12, message: '"filter" lacks type string' },
      ],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - name: limit
          in: query
          type: integer
          minimum: 1
          maximum: 100
        - name: filter
          in: query
          type: string
      responses:
        '200': { description: OK }
`,
    },
    {
      name: 'json oas3.1: page without a minimum',
      document: `{
  "openapi": "3.1.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users": {
      "get": {
        "parameters": [
          { "name": "page", "in": "query", "schema": { "type": ["integer", "null"] } }
        ],
        "responses": { "200": { "description": "OK" } }
      }
    }
  }
}
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'parameters', '0', 'schema'], line: 8 }],
      output: `{
  "openapi": "3.1.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users": {
      "get": {
        "parameters": [
          { "name": "page", "in": "query", "schema": { "type": ["integer", "null"], "minimum": 1 } }
        ],
        "responses": { "200": { "description": "OK" } }
      }
    }
  }
}
`,
    },
    {
      name: 'options: maxLimit 100: a maximum of 1000 is above it; the fix lowers it (oas3.1)',
      options: { maxLimit: 100 },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 1000 } }
      responses: { '200': { description: OK } }
`,
      errors: [{ line: 7, message: 'Query parameter "limit" allows pages of up to 1000 items: the API\'s page size is at most 100; set its maximum to 100.' }],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 100 } }
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'options: maxLimit 50: a limit without a maximum is given that one, not 100 (oas2)',
      options: { maxLimit: 50 },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: limit, in: query, type: integer, minimum: 1 }
      responses: { '200': { description: OK } }
`,
      errors: [{ message: 'lacks a maximum (a bounded page size): add a maximum of at most 50 (its minimum 1 can stay).' }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: limit, in: query, type: integer, minimum: 1, maximum: 50 }
      responses: { '200': { description: OK } }
`,
    },
  ],
});

describe('list-param-schema message', () => {
  it('never asks for a maximum 100 when the schema has a maximum of its own', async () => {
    const { problems } = await runRule('list-param-schema', {
      name: 'limit maximum 1000',
      document: `openapi: 3.0.2
info: { title: t, version: '1' }
paths:
  /api/items:
    get:
      parameters:
        - { name: limit, in: query, schema: { type: integer, maximum: 1000 } }
      responses: { '200': { description: OK } }
`,
    });
    assert.equal(problems.length, 1);
    assert.doesNotMatch(problems[0].message, /maximum 100\b/);
  });
});
