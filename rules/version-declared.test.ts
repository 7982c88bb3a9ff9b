import { testRule } from '../test/helpers/testRule';

const get = `
    get:
      responses: { '200': { description: OK } }`;

testRule('version-declared', {
  valid: [
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
  ],
  invalid: [
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
  ],
});
