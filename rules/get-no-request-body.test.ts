import { testRule } from '../test/helpers/testRule';

testRule('get-no-request-body', {
  valid: [
    {
      name: 'oas3: GET with query parameters, POST with a body',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: q, in: query, schema: { type: string } }
      responses:
        '200': { description: OK }
    post:
      requestBody:
        content: { application/json: { schema: { type: object } } }
      responses:
        '201': { description: Created }
`,
    },
    {
      name: 'oas3.1: HEAD without a body',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    head:
      responses:
        '200': { description: OK }
`,
    },
    {
      name: 'oas2: query and header parameters only',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: q, in: query, type: string }
        - { name: X-Trace, in: header, type: string }
      responses:
        '200': { description: OK }
`,
    },
    {
      name: 'json: oas3 GET without a body',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"get": {"responses": {"200": {"description": "OK"}}}}}}`,
    },
    {
      name: 'oas3.2 does not crash',
      document: `openapi: 3.2.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
`,
    },
  ],
  invalid: [
    {
      name: 'oas3.2: QUERY takes its query as a body, a GET does not',
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
  /api/orders/{id}:
    get:
      requestBody: { content: { application/json: { schema: { type: object } } } }
      responses: { '200': { description: OK } }
`,
      errors: [{ path: ['paths', '/api/orders/{id}', 'get', 'requestBody'] }],
    },
    {
      name: 'oas3: GET with a requestBody (comments kept by the fix)',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      # list users
      requestBody:
        content:
          application/json:
            schema: { type: object }
      responses:
        '200': { description: OK } # the list
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'requestBody'], line: 7, message: 'GET /api/users has a request body' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      # list users
      responses:
        '200': { description: OK } # the list
`,
    },
    {
      name: 'oas3.1: HEAD with a requestBody',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    head:
      requestBody:
        content: { application/json: { schema: { type: object } } }
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/users', 'head', 'requestBody'], message: 'HEAD /api/users' }],
    },
    {
      name: 'oas3: requestBody $ref to components: the finding stays on the operation',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      requestBody:
        $ref: '#/components/requestBodies/Query'
      responses:
        '200': { description: OK }
components:
  requestBodies:
    Query:
      content: { application/json: { schema: { type: object } } }
`,
      errors: [{ path: ['paths', '/api/users', 'get'], line: 5 }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
components:
  requestBodies:
    Query:
      content: { application/json: { schema: { type: object } } }
`,
    },
    {
      name: 'oas2: in: body parameter (json), other parameters kept',
      document: `{
  "swagger": "2.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users": {
      "get": {
        "parameters": [
          { "name": "q", "in": "query", "type": "string" },
          { "name": "body", "in": "body", "schema": { "type": "object" } }
        ],
        "responses": { "200": { "description": "OK" } }
      }
    }
  }
}
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'parameters', '1'], line: 9 }],
      output: `{
  "swagger": "2.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users": {
      "get": {
        "parameters": [
          { "name": "q", "in": "query", "type": "string" }
        ],
        "responses": { "200": { "description": "OK" } }
      }
    }
  }
}
`,
    },
    {
      name: 'oas2: formData parameters via $ref; the only parameters, so the key goes',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - $ref: '#/parameters/Name'
        - { name: file, in: formData, type: file }
      responses:
        '200': { description: OK }
parameters:
  Name: { name: name, in: formData, type: string }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'parameters'], line: 6 }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
parameters:
  Name: { name: name, in: formData, type: string }
`,
    },
    {
      name: 'oas2: body parameter on the path item: flagged, no fix (shared with POST)',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    parameters:
      - { name: body, in: body, schema: { type: object } }
    get:
      responses:
        '200': { description: OK }
    post:
      responses:
        '201': { description: Created }
`,
      errors: [{ path: ['paths', '/api/users', 'parameters', '0'], message: 'inherits a request body parameter from its path item' }],
    },
  ],
});
