import { testRule } from '../test/helpers/testRule';

testRule('delete-success-204', {
  valid: [
    {
      name: 'oas3: 204',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '204': { description: Deleted }
        '404': { description: Not found }
`,
    },
    {
      name: 'oas3.1: 204 from a $ref',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '204': { $ref: '#/components/responses/Deleted' }
components:
  responses:
    Deleted: { description: Deleted }
`,
    },
    {
      name: 'oas2: 204',
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
    {
      name: 'options: statuses auto: every DELETE answers 202 (oas3)',
      options: { statuses: 'auto' },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '202': { description: Accepted }
  /api/teams/{id}:
    delete:
      responses:
        '202': { description: Accepted }
`,
    },
    {
      name: 'options: statuses auto: a tie decides nothing (oas2)',
      options: { statuses: 'auto' },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '202': { description: Accepted }
  /api/teams/{id}:
    delete:
      responses:
        '204': { description: Deleted }
`,
    },
    {
      name: 'options: statuses 202, 204: 202 will do (oas3)',
      options: { statuses: ['202', '204'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '202': { description: x }
`,
    },
    {
      name: 'options: statuses 202, 204 as YAML numbers: 202 will do (oas2)',
      options: { statuses: [202, 204] },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '202': { description: x }
`,
    },
    {
      name: 'oas3: a DELETE that queues the deletion answers 202 (RFC 9110 §9.3.5)',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/clusters/{id}:
    delete:
      responses:
        '202': { description: Deletion started; the cluster is removed in the background }
        '404': { description: Not found }
`,
    },
    {
      name: 'oas3.1: 202 only',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/volumes/{id}:
    delete:
      responses: { '202': { description: Accepted } }
`,
    },
    {
      name: 'oas2: 202 only',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/volumes/{id}:
    delete:
      responses: { '202': { description: Accepted } }
`,
    },
  ],
  invalid: [
    {
      name: 'oas3.2: a DELETE answering 2XX beside QUERY and additionalOperations',
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
    delete:
      responses: { 2XX: { description: Deleted }, '404': { description: Not found } }
`,
      errors: [{ path: ['paths', '/api/items/{id}', 'delete', 'responses'] }],
    },
    {
      name: 'oas3: a lone 200 with a body becomes a bodiless 204',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '200': # deleted
          description: Deleted
          content:
            application/json:
              schema: { type: object }
        '404': { description: Not found }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'delete', 'responses', '200'], line: 7, message: 'DELETE /api/users/{id} answers 200' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '204': # deleted
          description: Deleted
        '404': { description: Not found }
`,
    },
    {
      name: 'oas3.1: 200 beside 2XX: flagged, no fix',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '200': { description: Deleted }
        2XX: { description: Done }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'delete', 'responses'], line: 6, message: 'declares no 204 response' }],
    },
    {
      name: 'oas3: a lone shared 200 ($ref): replaced by its own bodiless 204',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '200': { $ref: '#/components/responses/User' }
components:
  responses:
    User:
      description: The user
      content: { application/json: { schema: { type: object } } }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'delete', 'responses'], line: 6 }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '204':
          description: No Content
components:
  responses:
    User:
      description: The user
      content: { application/json: { schema: { type: object } } }
`,
    },
    {
      name: 'oas2: a lone 200 with schema and examples',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '200':
          description: Deleted
          schema: { type: object }
          examples: { application/json: { ok: true } }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'delete', 'responses', '200'], line: 7 }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '204':
          description: Deleted
`,
    },
    {
      name: 'json: oas2 lone 200',
      document: `{
  "swagger": "2.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users/{id}": {
      "delete": {
        "responses": {
          "200": { "description": "Deleted" }
        }
      }
    }
  }
}
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'delete', 'responses', '200'], line: 8 }],
      output: `{
  "swagger": "2.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users/{id}": {
      "delete": {
        "responses": {
          "204": { "description": "Deleted" }
        }
      }
    }
  }
}
`,
    },
    {
      name: 'options: statuses 202, 204: 200 is none of them (oas3.1)',
      options: { statuses: ['202', '204'] },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '200': { description: x }
`,
      errors: [
        {
          path: ['paths', '/api/users/{id}', 'delete', 'responses'],
          message: 'DELETE /api/users/{id} declares none of 202, 204 (it declares 200): a successful DELETE answers one of them here.',
        },
      ],
    },
    {
      name: "options: statuses 202, 204: no fix (which one is the team's call)",
      options: { statuses: ['202', '204'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '200': { description: x }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'delete', 'responses'] }],
      noFix: true,
    },
    {
      name: 'options: statuses 202: the fix renames the only success response to 202 (oas3)',
      options: { statuses: [202] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '200':
          description: Deleted
        '404': { description: Not found }
`,
      errors: [{ message: 'declares none of 202 (it declares 200): a successful DELETE answers one of them here.' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '202':
          description: Deleted
        '404': { description: Not found }
`,
    },
    {
      name: 'options: statuses 202: the fix adds 202 where no success status is declared (oas2)',
      options: { statuses: ['202'] },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '404': { description: Not found }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'delete', 'responses'] }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '404': { description: Not found }
        '202':
          description: Accepted
`,
    },
    {
      name: 'options: statuses auto: the DELETE that answers otherwise than most, with the counts; fixed to the majority (oas3.1)',
      options: { statuses: 'auto' },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '202': { description: Accepted }
  /api/teams/{id}:
    delete:
      responses:
        '202': { description: Accepted }
  /api/jobs/{id}:
    delete:
      responses:
        '204': { description: Deleted }
`,
      errors: [
        {
          path: ['paths', '/api/jobs/{id}', 'delete', 'responses'],
          message: 'DELETE /api/jobs/{id} declares none of 202 (it declares 204): 2 of 3 DELETE operations with a success status answer 202.',
        },
      ],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '202': { description: Accepted }
  /api/teams/{id}:
    delete:
      responses:
        '202': { description: Accepted }
  /api/jobs/{id}:
    delete:
      responses:
        '202': { description: Deleted }
`,
    },
    {
      name: 'options: statuses auto (oas2)',
      options: { statuses: 'auto' },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '200': { description: OK }
  /api/teams/{id}:
    delete:
      responses:
        '200': { description: OK }
  /api/jobs/{id}:
    delete:
      responses:
        '204': { description: Deleted }
`,
      errors: [{ path: ['paths', '/api/jobs/{id}', 'delete', 'responses'], message: '2 of 3 DELETE operations with a success status answer 200' }],
    },
  ],
});
