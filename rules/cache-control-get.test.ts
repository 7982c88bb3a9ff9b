import { testRule } from '../test/helpers/testRule';

testRule('cache-control-get', {
  valid: [
    {
      name: 'oas3: Cache-Control declared (any casing)',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200':
          description: OK
          headers: { cache-control: { schema: { type: string } } }
    post:
      responses:
        '201': { description: Created }
`,
    },
    {
      name: 'oas3.1: from a shared response',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { $ref: '#/components/responses/Users' }
components:
  responses:
    Users:
      description: OK
      headers: { Cache-Control: { schema: { type: string } } }
`,
    },
    {
      name: 'oas2: declared; a GET without 200 is not this rule',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK, headers: { Cache-Control: { type: string } } }
  /api/files:
    get:
      responses:
        '302': { description: Moved }
`,
    },
    {
      name: 'json: oas3',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"get": {"responses": {"200": {"description": "OK", "headers": {"Cache-Control": {"schema": {"type": "string"}}}}}}}}}`,
    },
    {
      name: 'options: operations []: no GET is asked (oas3)',
      options: { operations: [] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
  /api/users/{id}:
    get:
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        '200': { description: OK }
`,
    },
  ],
  invalid: [
    {
      name: 'oas3.2: a GET without Cache-Control beside QUERY and additionalOperations',
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
  /api/items/{id}:
    get:
      responses: { '200': { description: OK, content: { application/json: { schema: { type: object } } } } }
`,
      errors: [{ path: ['paths', '/api/items/{id}', 'get', 'responses', '200'] }],
    },
    {
      name: 'oas3: no headers',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': # the list
          description: OK
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '200'], line: 7, message: 'declares no Cache-Control header' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': # the list
          description: OK
          headers:
            Cache-Control:
              description: Caching directives for this response, e.g. max-age=60 or no-store
              schema:
                type: string
`,
    },
    {
      name: 'oas3.1: shared 200 response: reported and fixed where it is defined',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { $ref: '#/components/responses/Users' }
components:
  responses:
    Users:
      description: OK
      headers:
        ETag: { schema: { type: string } }
`,
      errors: [{ path: ['components', 'responses', 'Users'], line: 10 }],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { $ref: '#/components/responses/Users' }
components:
  responses:
    Users:
      description: OK
      headers:
        ETag: { schema: { type: string } }
        Cache-Control:
          description: Caching directives for this response, e.g. max-age=60 or no-store
          schema:
            type: string
`,
    },
    {
      name: 'oas2: type: string header',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200':
          description: OK
          schema: { type: array, items: { type: object } }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '200'], line: 7 }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200':
          description: OK
          schema: { type: array, items: { type: object } }
          headers:
            Cache-Control:
              description: Caching directives for this response, e.g. max-age=60 or no-store
              type: string
`,
    },
    {
      name: 'json: oas3',
      document: `{
  "openapi": "3.0.3",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users": {
      "get": {
        "responses": {
          "200": {
            "description": "OK"
          }
        }
      }
    }
  }
}
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '200'], line: 8 }],
      output: `{
  "openapi": "3.0.3",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users": {
      "get": {
        "responses": {
          "200": {
            "description": "OK",
            "headers": {
              "Cache-Control": {
                "description": "Caching directives for this response, e.g. max-age=60 or no-store",
                "schema": {
                  "type": "string"
                }
              }
            }
          }
        }
      }
    }
  }
}
`,
    },
    {
      name: 'options: operations item: only the item GET is asked, and fixed (oas3.1)',
      options: { operations: ['item'] },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
  /api/users/{id}:
    get:
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'get', 'responses', '200'] }],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
  /api/users/{id}:
    get:
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        '200': { description: OK, headers: { Cache-Control: { description: 'Caching directives for this response, e.g. max-age=60 or no-store', schema: { type: string } } } }
`,
    },
    {
      name: 'options: operations collection: only the list GET is asked (oas3)',
      options: { operations: ['collection'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
  /api/users/{id}:
    get:
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '200'] }],
    },
  ],
});
