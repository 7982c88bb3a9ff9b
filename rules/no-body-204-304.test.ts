import { testRule } from '../test/helpers/testRule';

testRule('no-body-204-304', {
  valid: [
    {
      name: 'oas3: bodiless 204 and 304',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    get:
      responses:
        '200':
          description: OK
          content: { application/json: { schema: { type: object } } }
        '304': { description: Not modified }
    delete:
      responses:
        '204': { description: Deleted, headers: { X-Request-Id: { schema: { type: string } } } }
`,
    },
    {
      name: 'oas3.1: empty content map',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '204': { description: Deleted, content: {} }
`,
    },
    {
      name: 'oas2: 204 without schema',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '204': { description: Deleted }
`,
    },
    {
      name: 'json: oas3',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users/{id}": {"delete": {"responses": {"204": {"description": "Deleted"}}}}}}`,
    },
  ],
  invalid: [
    {
      name: 'oas3.2: a QUERY and an additional operation answering 204 with a body are flagged',
      document: `openapi: 3.2.0
info: { title: t, version: '1' }
paths:
  /api/orders:
    query:
      requestBody: { content: { application/json: { schema: { type: object } } } }
      responses: { '200': { description: OK } }
    additionalOperations:
      COPY:
        responses: { '204': { description: Copied } }
  /api/search:
    query:
      requestBody: { content: { application/json: { schema: { type: object } } } }
      responses: { '204': { description: None, content: { application/json: { schema: { type: object } } } } }
    additionalOperations:
      LINK:
        responses: { '204': { description: Linked, content: { application/json: { schema: { type: object } } } } }
`,
      errors: [
        { path: ['paths', '/api/search', 'query', 'responses', '204', 'content'] },
        { path: ['paths', '/api/search', 'additionalOperations', 'LINK', 'responses', '204', 'content'] },
      ],
    },
    {
      name: 'oas3: 204 with content',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '204':
          description: Deleted # gone
          content:
            application/json:
              schema: { type: object }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'delete', 'responses', '204', 'content'], line: 9, message: 'A 204 No Content response declares a body' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '204':
          description: Deleted # gone
`,
    },
    {
      name: 'oas3.1: shared 304 response with content: reported and fixed once, where it is defined',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '304': { $ref: '#/components/responses/NotModified' }
  /api/orders:
    get:
      responses:
        '200': { description: OK }
        '304': { $ref: '#/components/responses/NotModified' }
components:
  responses:
    NotModified:
      description: Not modified
      content:
        application/json: {}
`,
      errors: [{ path: ['components', 'responses', 'NotModified', 'content'], line: 18, message: '304 Not Modified' }],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '304': { $ref: '#/components/responses/NotModified' }
  /api/orders:
    get:
      responses:
        '200': { description: OK }
        '304': { $ref: '#/components/responses/NotModified' }
components:
  responses:
    NotModified:
      description: Not modified
`,
    },
    {
      name: 'oas2: 204 with schema and examples',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      responses:
        '204':
          description: Replaced
          schema: { type: object }
          examples: { application/json: {} }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'put', 'responses', '204', 'schema'], line: 9 }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      responses:
        '204':
          description: Replaced
`,
    },
    {
      name: 'json: oas3 304 with content',
      document: `{
  "openapi": "3.0.3",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users": {
      "get": {
        "responses": {
          "200": { "description": "OK" },
          "304": {
            "description": "Not modified",
            "content": { "application/json": {} }
          }
        }
      }
    }
  }
}
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '304', 'content'], line: 11 }],
      output: `{
  "openapi": "3.0.3",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users": {
      "get": {
        "responses": {
          "200": { "description": "OK" },
          "304": {
            "description": "Not modified"
          }
        }
      }
    }
  }
}
`,
    },
  ],
});
