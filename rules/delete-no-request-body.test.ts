import { testRule } from '../test/helpers/testRule';

testRule('delete-no-request-body', {
  valid: [
    {
      name: 'oas3: DELETE without a body',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '204': { description: Deleted }
`,
    },
    {
      name: 'oas3.1: a body on PUT is not checked',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      requestBody:
        content: { application/json: { schema: { type: object } } }
      responses:
        '200': { description: OK }
    delete:
      responses:
        '204': { description: Deleted }
`,
    },
    {
      name: 'oas2: DELETE with a header parameter',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      parameters:
        - { name: If-Match, in: header, type: string }
      responses:
        '204': { description: Deleted }
`,
    },
    {
      name: 'json: oas3 DELETE without a body',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users/{id}": {"delete": {"responses": {"204": {"description": "Deleted"}}}}}}`,
    },
  ],
  invalid: [
    {
      name: 'oas3.2: a DELETE body is flagged beside QUERY and additionalOperations',
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
    delete:
      requestBody: { content: { application/json: { schema: { type: object } } } }
      responses: { '204': { description: Deleted } }
`,
      errors: [{ path: ['paths', '/api/orders/{id}', 'delete', 'requestBody'] }],
    },
    {
      name: 'oas3: DELETE with a requestBody',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      requestBody: # the reason
        content:
          application/json:
            schema: { type: object }
      responses:
        '204': { description: Deleted }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'delete', 'requestBody'], line: 6, message: 'DELETE /api/users/{id} has a request body' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '204': { description: Deleted }
`,
    },
    {
      name: 'oas3.1: requestBody $ref: the finding stays on the operation',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      requestBody: { $ref: '#/components/requestBodies/Reason' }
      responses:
        '204': { description: Deleted }
components:
  requestBodies:
    Reason:
      content: { application/json: { schema: { type: object } } }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'delete'], line: 5 }],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '204': { description: Deleted }
components:
  requestBodies:
    Reason:
      content: { application/json: { schema: { type: object } } }
`,
    },
    {
      name: 'oas2: in: body parameter',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      parameters:
        - { name: id, in: path, required: true, type: string }
        - { name: options, in: body, schema: { type: object } }
      responses:
        '204': { description: Deleted }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'delete', 'parameters', '1'], line: 8 }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      parameters:
        - { name: id, in: path, required: true, type: string }
      responses:
        '204': { description: Deleted }
`,
    },
    {
      name: 'json: oas3 DELETE with a requestBody',
      document: `{
  "openapi": "3.0.3",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users/{id}": {
      "delete": {
        "requestBody": { "content": { "application/json": {} } },
        "responses": { "204": { "description": "Deleted" } }
      }
    }
  }
}
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'delete', 'requestBody'], line: 7 }],
      output: `{
  "openapi": "3.0.3",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users/{id}": {
      "delete": {
        "responses": { "204": { "description": "Deleted" } }
      }
    }
  }
}
`,
    },
  ],
});
