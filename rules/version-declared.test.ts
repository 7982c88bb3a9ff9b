import { testRule } from '../test/helpers/testRule';

const get = `
    get:
      responses: { '200': { description: OK } }`;

testRule('version-declared', {
  valid: [
    {
      name: "oas3: a box-version header beside a path version used by most operations is version-single-strategy's finding alone",
      document: `openapi: 3.0.2
info: { title: Box Platform API, version: 2024.0 }
servers:
  - url: https://api.box.com/2.0
paths:
  /files/{file_id}:
    get:
      parameters:
        - { name: box-version, in: header, required: true, schema: { type: string } }
      responses: { '200': { description: OK } }
  /folders/{folder_id}:
    get:
      responses: { '200': { description: OK } }
`,
    },
    {
      // Xero payroll: the server URL ends in /2.0.
      name: 'oas3: a dotted version at the end of the server base path selects the version',
      document: `openapi: 3.0.0
info: { title: Xero Payroll UK, version: 2.0.0 }
servers:
  - url: https://api.xero.com/payroll.xro/2.0
paths:
  /Employees:${get}
`,
    },
    {
      name: 'oas3: version in the server URL',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
servers: [{ url: 'https://x.io/api/v1' }]
paths:
  /users:${get}
`,
    },
    {
      name: 'oas3.1: API-Version header parameter through $ref',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters: [{ $ref: '#/components/parameters/ApiVersion' }]
      responses: { '200': { description: OK } }
components:
  parameters:
    ApiVersion: { name: API-Version, in: header, schema: { type: string } }
`,
    },
    {
      name: 'oas3: vendor media type',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200':
          description: OK
          content: { application/vnd.acme.v2+json: { schema: { type: object } } }
`,
    },
    {
      name: 'oas2: query parameter v; and a document without operations is not judged',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters: [{ name: v, in: query, type: string }]
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'json: no operations',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {}}`,
    },
    {
      name: "options: headers Stripe-Version: the API's own version header (oas3)",
      options: { headers: ['Stripe-Version'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /users:
    get:
      parameters:
        - { name: stripe-version, in: header, schema: { type: string } }
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'options: query api_version (oas3.1)',
      options: { query: ['api_version'] },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /users:
    get:
      parameters:
        - { name: api_version, in: query, schema: { type: string } }
      responses: { '200': { description: OK } }
`,
    },
  ],
  invalid: [
    {
      // Box (v3.0): every operation takes the box-version header.
      name: 'oas3: a version header of its own name (box-version) is recognised and flagged once',
      document: `openapi: 3.0.2
info: { title: Box Platform API, version: 2024.0 }
servers:
  - url: https://api.box.com/api
paths:
  /files/{file_id}:
    get:
      parameters:
        - $ref: '#/components/parameters/BoxVersionHeader'
      responses: { '200': { description: OK } }
  /folders/{folder_id}:
    get:
      parameters:
        - $ref: '#/components/parameters/BoxVersionHeader'
      responses: { '200': { description: OK } }
components:
  parameters:
    BoxVersionHeader:
      name: box-version
      in: header
      description: Version header.
      required: true
      schema: { type: string, enum: ['2025.0'] }
`,
      errors: [
        { path: ['components', 'parameters', 'BoxVersionHeader', 'name'], message: 'The header "box-version" selects the API version under a name of its own' },
      ],
    },
    {
      name: 'oas3: points at the server URL',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
servers:
  - url: https://x.io/api
paths:
  /users:${get}
`,
      errors: [{ path: ['servers', '0', 'url'], line: 4, message: 'does not select a version' }],
    },
    {
      name: 'oas3.1: no servers: points at the openapi key',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:${get}
`,
      errors: [{ path: ['openapi'], line: 1 }],
    },
    {
      name: 'oas2: points at basePath; an unversioned vendor type does not count',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
basePath: /api
produces: [application/vnd.acme+json]
paths:
  /users:${get}
`,
      errors: [{ path: ['basePath'], line: 3 }],
    },
    {
      name: 'json',
      document: `{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"get": {"responses": {"200": {"description": "OK"}}}}}}`,
      errors: [{ path: ['swagger'] }],
    },
    {
      name: "options: headers Stripe-Version: another *-version header is reported with the API's names (oas3)",
      options: { headers: ['Stripe-Version'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /users:
    get:
      parameters:
        - { name: Box-Version, in: header, schema: { type: string } }
      responses: { '200': { description: OK } }
`,
      errors: [
        { line: 7, message: 'The header "Box-Version" selects the API version under another name than the API\'s: call it "API-Version" or "Stripe-Version".' },
      ],
    },
    {
      name: 'options: query api_version: a query parameter of another name selects nothing (oas3.1)',
      options: { query: ['api_version'] },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /users:
    get:
      parameters:
        - { name: apiVersion, in: query, schema: { type: string } }
      responses: { '200': { description: OK } }
`,
      errors: [{ message: 'The API does not select a version' }],
    },
  ],
});
