import { testRule } from '../test/helpers/testRule';

testRule('patch-request-body', {
  valid: [
    {
      name: 'oas3: merge-patch+json body',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    patch:
      requestBody:
        content: { application/merge-patch+json: { schema: { type: object } } }
      responses:
        '200': { description: OK }
`,
    },
    {
      name: 'oas3.1: JSON body from a $ref',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    patch:
      requestBody: { $ref: '#/components/requestBodies/UserPatch' }
      responses:
        '200': { description: OK }
components:
  requestBodies:
    UserPatch:
      content: { application/json: { schema: { type: object } } }
`,
    },
    {
      name: 'oas2: body parameter',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    patch:
      consumes: [application/json]
      parameters:
        - { name: changes, in: body, schema: { type: object } }
      responses:
        '200': { description: OK }
`,
    },
    {
      name: 'json: oas3',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users/{id}": {"patch": {"requestBody": {"content": {"application/json": {}}}, "responses": {"200": {"description": "OK"}}}}}}`,
    },
  ],
  invalid: [
    {
      name: 'oas3.2: a PATCH without a body beside QUERY and additionalOperations',
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
    patch:
      responses: { '200': { description: OK } }
`,
      errors: [{ path: ['paths', '/api/items/{id}', 'patch'] }],
    },
    {
      name: 'oas3: no body: a JSON skeleton is added',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    patch:
      responses:
        '200': { description: OK } # updated
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'patch'], line: 5, message: 'PATCH /api/users/{id} has no request body' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    patch:
      responses:
        '200': { description: OK } # updated
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
`,
    },
    {
      name: 'oas3.1: text body in a shared requestBody: flagged where defined, no fix',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    patch:
      requestBody: { $ref: '#/components/requestBodies/Text' }
      responses:
        '200': { description: OK }
components:
  requestBodies:
    Text:
      content:
        text/plain: { schema: { type: string } }
`,
      errors: [{ path: ['components', 'requestBodies', 'Text', 'content'], line: 12, message: 'text/plain' }],
    },
    {
      name: 'oas2: no body parameter',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    patch:
      parameters: [{ name: id, in: path, required: true, type: string }]
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'patch'], line: 5 }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    patch:
      parameters: [{ name: id, in: path, required: true, type: string }, { name: body, in: body, required: true, schema: { type: object } }]
      responses:
        '200': { description: OK }
`,
    },
    {
      name: 'json: oas2 formData only',
      document: `{
  "swagger": "2.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users/{id}": {
      "patch": {
        "parameters": [{ "name": "name", "in": "formData", "type": "string" }],
        "responses": { "200": { "description": "OK" } }
      }
    }
  }
}
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'patch', 'parameters', '0'], line: 7, message: 'application/x-www-form-urlencoded' }],
    },
  ],
});
