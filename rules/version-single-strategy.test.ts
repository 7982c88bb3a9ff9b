import { testRule } from '../test/helpers/testRule';

const get = `
    get:
      responses: { '200': { description: OK } }`;

testRule('version-single-strategy', {
  valid: [
    {
      name: 'oas3: path only',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/v1/users:${get}
  /api/v2/orders:${get}
`,
    },
    {
      name: 'oas3.1: header only (parameter and vendor type)',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters: [{ name: API-Version, in: header, schema: { type: string } }]
      responses:
        '200':
          description: OK
          content: { application/vnd.acme.v1+json: {} }
`,
    },
    {
      name: 'oas2: query only',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters: [{ name: api-version, in: query, type: string }]
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'json: nothing versioned',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {}}}`,
    },
    {
      name: "oas3: a query parameter \"version\" on an operation whose path already has the API version picks a file's version",
      document: `openapi: 3.0.3
info: { title: Files, version: '1.0.0' }
servers: [{ url: 'https://api.example.com' }]
paths:
  /v1/files/{file_key}:
    get:
      parameters:
        - { name: file_key, in: path, required: true, schema: { type: string } }
        - { name: version, in: query, description: A specific version ID to get. Omitting this will get the current version of the file., schema: { type: string } }
      responses: { '200': { description: OK } }
  /v1/files/{file_key}/nodes:
    get:
      parameters:
        - { name: file_key, in: path, required: true, schema: { type: string } }
        - { name: ids, in: query, required: true, schema: { type: string } }
        - { name: version, in: query, description: A specific version ID to get., schema: { type: string } }
      responses: { '200': { description: OK } }
  /v1/me:${get}
`,
    },
    {
      name: 'oas3.1: without a path version, a description of the version of a document is no API version',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters: [{ name: API-Version, in: header, schema: { type: string } }]
      responses: { '200': { description: OK } }
  /api/documents/{id}:
    get:
      parameters:
        - { name: API-Version, in: header, schema: { type: string } }
        - { name: id, in: path, required: true, schema: { type: string } }
        - { name: version, in: query, description: The version number of the document to read (default the latest)., schema: { type: integer } }
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'oas2: basePath /v2 and a query parameter v for a template revision',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
basePath: /v2
paths:
  /templates/{id}:
    get:
      parameters:
        - { name: id, in: path, required: true, type: string }
        - { name: v, in: query, type: integer }
      responses: { '200': { description: OK } }
  /users:${get}
`,
    },
  ],
  invalid: [
    {
      name: 'oas3: path majority, a query parameter through $ref is flagged at its definition',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/v1/users:${get}
  /api/orders:
    get:
      parameters: [{ $ref: '#/components/parameters/Version' }]
      responses: { '200': { description: OK } }
  /api/v1/products:${get}
components:
  parameters:
    Version: { name: version, in: query, description: The API version to use., schema: { type: string } }
`,
      errors: [{ path: ['components', 'parameters', 'Version', 'name'], line: 16, message: 'The query parameter "version" selects the version by a query parameter' }],
    },
    {
      name: 'oas3.1: header majority, the path version is flagged',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters: [{ name: API-Version, in: header, schema: { type: string } }]
      responses: { '200': { description: OK } }
  /api/orders:
    get:
      parameters: [{ name: api-version, in: header, schema: { type: string } }]
      responses: { '200': { description: OK } }
  /api/v1/items:${get}
`,
      errors: [{ path: ['paths', '/api/v1/items'], line: 12, message: 'most operations (2)' }],
    },
    {
      name: 'oas2: basePath version vs a vendor type in produces',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
basePath: /api/v1
paths:
  /users:${get}
  /orders:
    get:
      produces: [application/vnd.acme.v1+json]
      responses: { '200': { description: OK } }
  /items:${get}
`,
      errors: [{ path: ['paths', '/orders', 'get', 'produces', '0'], line: 10 }],
    },
    {
      name: 'json',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {
"/api/v1/users": {"get": {"responses": {"200": {"description": "OK"}}}},
"/api/v1/items": {"get": {"responses": {"200": {"description": "OK"}}}},
"/api/orders": {"get": {"parameters": [{"name": "v", "in": "query"}], "responses": {"200": {"description": "OK"}}}}}}`,
      errors: [{ line: 4, message: '"v"' }],
    },
  ],
});
