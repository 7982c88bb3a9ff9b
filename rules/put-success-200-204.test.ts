import { testRule } from '../test/helpers/testRule';

testRule('put-success-200-204', {
  valid: [
    {
      name: 'oas3: 200 (201 for a create may be declared as well)',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      responses:
        '200': { description: Replaced }
        '201': { description: Created }
`,
    },
    {
      name: 'oas3.1: 204 from a $ref',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      responses:
        '204': { $ref: '#/components/responses/NoContent' }
components:
  responses:
    NoContent: { description: Replaced }
`,
    },
    {
      name: 'oas2: 204',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      responses:
        '204': { description: Replaced }
`,
    },
    {
      name: 'json: oas3 200',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users/{id}": {"put": {"responses": {"200": {"description": "OK"}}}}}}`,
    },
    {
      name: 'options: statuses 200, 202, 204: 202 will do (oas3)',
      options: { statuses: ['200', '202', '204'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      responses:
        '202': { description: x }
`,
    },
    {
      name: 'options: statuses 200, 202, 204: 202 will do (oas2)',
      options: { statuses: ['200', '202', '204'] },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      responses:
        '202': { description: x }
`,
    },
    {
      name: 'oas3: a PUT that queues a background job answers 202',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/datasets/{id}:
    put:
      requestBody:
        required: true
        content: { application/json: { schema: { type: object } } }
      responses:
        '202':
          description: Accepted; the import runs in the background
          headers:
            Location: { schema: { type: string }, description: The job to poll }
`,
    },
    {
      name: 'oas3.1: 202 only',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/indexes/{name}:
    put:
      responses: { '202': { description: Rebuild queued } }
`,
    },
    {
      name: 'oas2: 202 only',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/indexes/{name}:
    put:
      responses: { '202': { description: Rebuild queued } }
`,
    },
  ],
  invalid: [
    {
      name: 'oas3.2: a PUT answering 201 only beside QUERY and additionalOperations',
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
    put:
      requestBody: { content: { application/json: { schema: { type: object } } } }
      responses: { '201': { description: Created } }
`,
      errors: [{ path: ['paths', '/api/items/{id}', 'put', 'responses', '201'] }],
    },
    {
      name: 'oas3: a lone 201 is renamed to 200',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      responses:
        '201': # replaced
          description: The user
        '404': { description: Not found }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'put', 'responses', '201'], line: 7, message: 'PUT /api/users/{id} answers 201' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      responses:
        '200': # replaced
          description: The user
        '404': { description: Not found }
`,
    },
    {
      name: 'oas3.1: 201 and 2XX: flagged, no fix (which one?)',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      responses:
        '201': { description: Created }
        2XX: { description: Done }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'put', 'responses'], line: 6, message: 'declare one of them' }],
    },
    {
      name: 'oas3: a lone 2XX $ref: finding on responses, the key is renamed',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      responses:
        2XX: { $ref: '#/components/responses/Ok' }
components:
  responses:
    Ok: { description: OK }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'put', 'responses'], line: 6, message: 'answers 2XX' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      responses:
        '200': { $ref: '#/components/responses/Ok' }
components:
  responses:
    Ok: { description: OK }
`,
    },
    {
      name: 'oas2: a lone 201',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      responses:
        '201': { description: Created }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'put', 'responses', '201'], line: 7 }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      responses:
        '200': { description: Created }
`,
    },
    {
      name: 'json: oas2 with errors only: flagged, no fix',
      document: `{
  "swagger": "2.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users/{id}": {
      "put": { "responses": { "400": { "description": "Bad request" } } }
    }
  }
}
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'put', 'responses'], line: 6 }],
    },
    {
      name: 'options: statuses 200, 202, 204: 201 is none of them (oas3.1)',
      options: { statuses: ['200', '202', '204'] },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      responses:
        '201': { description: x }
`,
      errors: [
        {
          path: ['paths', '/api/users/{id}', 'put', 'responses'],
          message: 'PUT /api/users/{id} declares none of 200, 202, 204 (it declares 201): a successful PUT answers one of them here.',
        },
      ],
      // Which of the allowed statuses a PUT should answer is the team's call: no fix.
      noFix: true,
    },
  ],
});
