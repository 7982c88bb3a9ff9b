import { testRule } from '../test/helpers/testRule';

const get = `
    get:
      responses: { '200': { description: OK } }`;

testRule('version-single-strategy', {
  valid: [
    {
      name: 'options: headers [Stripe-Version], the API uses it (oas3)',
      options: { headers: ['Stripe-Version'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /users:
    get:
      parameters: [{ name: stripe-version, in: header, schema: { type: string } }]
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'options: query auto, one name (oas2)',
      options: { query: 'auto' },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /users:
    get:
      parameters: [{ name: api-version, in: query, type: string }]
      responses: { '200': { description: OK } }
  /teams:
    get:
      parameters: [{ name: api-version, in: query, type: string }]
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'options: strategies [header, mediaType], both used (oas3)',
      options: { strategies: ['header', 'mediaType'] },
      document: `openapi: 3.0.3
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
      name: 'options: strategies [query] (oas2)',
      options: { strategies: ['query'] },
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
      name: 'options: strategies auto, one way (oas3.1)',
      options: { strategies: 'auto' },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/v1/users:${get}
`,
    },
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
      name: 'oas3: a query parameter "version" on an operation whose path already has the API version picks a file\'s version',
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
      name: 'options: strategies [header], a path version alone is flagged (oas3)',
      options: { strategies: ['header'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/v1/users:${get}
`,
      errors: [
        {
          path: ['paths', '/api/v1/users'],
          message: 'The path "/api/v1/users" selects the version by the URL path (/api/v<n>/), but the API selects it by a header (API-Version).',
        },
      ],
    },
    {
      name: 'options: strategies [header], the vendor media type is not a header here (oas3.1)',
      options: { strategies: ['header'] },
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
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '200', 'content', 'application/vnd.acme.v1+json'], message: 'by the media type' }],
    },
    {
      name: 'options: strategies [path, mediaType], a version query parameter (oas2)',
      options: { strategies: ['path', 'mediaType'] },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters: [{ name: api-version, in: query, type: string }]
      responses: { '200': { description: OK } }
`,
      errors: [
        {
          message:
            'The query parameter "api-version" selects the version by a query parameter (?version=<n>), but the API selects it by the URL path (/api/v<n>/) or the media type',
        },
      ],
    },
    {
      name: 'options: strategies auto, the minority is flagged (oas3)',
      options: { strategies: 'auto' },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/v1/users:${get}
  /api/v1/orders:${get}
  /api/items:
    get:
      parameters: [{ name: version, in: query, schema: { type: string } }]
      responses: { '200': { description: OK } }
`,
      errors: [{ message: 'but most operations (2) select it by the URL path' }],
    },
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
      errors: [
        { path: ['components', 'parameters', 'Version', 'name'], line: 16, message: 'The query parameter "version" selects the version by a query parameter' },
      ],
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
    {
      name: 'options: headers [Stripe-Version]: a version header of another name (oas3.1)',
      options: { headers: ['Stripe-Version'] },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /users:
    get:
      parameters: [{ name: Stripe-Version, in: header, schema: { type: string } }]
      responses: { '200': { description: OK } }
  /teams:
    get:
      parameters: [{ name: X-Api-Version, in: header, schema: { type: string } }]
      responses: { '200': { description: OK } }
`,
      errors: [
        {
          path: ['paths', '/teams', 'get', 'parameters', '0', 'name'],
          message: 'The header parameter "X-Api-Version" selects the version under another name than the API\'s: call it "Stripe-Version".',
        },
      ],
    },
    {
      name: 'options: headers auto: the name fewer operations use, with the counts (oas3)',
      options: { headers: 'auto' },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /users:
    get:
      parameters: [{ name: Box-Version, in: header, schema: { type: string } }]
      responses: { '200': { description: OK } }
  /teams:
    get:
      parameters: [{ name: Box-Version, in: header, schema: { type: string } }]
      responses: { '200': { description: OK } }
  /files:
    get:
      parameters: [{ name: API-Version, in: header, schema: { type: string } }]
      responses: { '200': { description: OK } }
`,
      errors: [
        {
          path: ['paths', '/files', 'get', 'parameters', '0', 'name'],
          message:
            'The header parameter "API-Version" selects the version under another name than the rest of the API (2 of 3 operations with a version header call it "Box-Version"): call it "Box-Version".',
        },
      ],
    },
    {
      name: 'options: query [api-version]: ?v= is reported (oas2)',
      options: { query: ['api-version'] },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /users:
    get:
      parameters: [{ name: api-version, in: query, type: string }]
      responses: { '200': { description: OK } }
  /teams:
    get:
      parameters: [{ name: v, in: query, type: string }]
      responses: { '200': { description: OK } }
`,
      errors: [{ path: ['paths', '/teams', 'get', 'parameters', '0', 'name'], message: 'call it "api-version"' }],
    },
  ],
});
