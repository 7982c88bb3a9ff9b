import { testRule } from '../test/helpers/testRule';

testRule('post-create-201', {
  valid: [
    {
      name: 'oas2: a custom method (levels:append) is an action, not a creation: 200 is its answer',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/taxonomies/{key}/levels:append:
    post:
      responses:
        '200': { description: Appended }
`,
    },
    {
      name: 'oas3: a POST answering 207 Multi-Status is a bulk action, not a creation',
      document: `openapi: 3.0.2
info: { title: t, version: '1' }
paths:
  /api/incidents/bulk_updates:
    post:
      requestBody: { content: { application/json: { schema: { type: object } } } }
      responses:
        '207': { description: 'Multi-Status: one status per incident.' }
        '400': { description: Bad request }
`,
    },
    {
      name: 'oas3: POST on a collection declares 201',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      responses:
        '201': { description: Created }
        '400': { description: Bad request }
`,
    },
    {
      name: 'oas3.1: POST on an item path is not this rule (method-path-fit)',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    post:
      responses:
        '200': { description: OK }
`,
    },
    {
      name: 'oas2: 201 from a $ref',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
basePath: /api
paths:
  /users:
    post:
      responses:
        '201': { $ref: '#/responses/Created' }
responses:
  Created: { description: Created }
`,
    },
    {
      name: 'json: oas3',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"post": {"responses": {"201": {"description": "Created"}}}}}}`,
    },
    {
      name: 'options: statuses 200, 201: 200 will do (oas3)',
      options: { statuses: ['200', '201'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/jobs:
    post:
      responses:
        '200': { description: x }
`,
    },
    {
      name: 'options: statuses 200, 201: 200 will do (oas2)',
      options: { statuses: ['200', '201'] },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/jobs:
    post:
      responses:
        '200': { description: x }
`,
    },
    {
      name: 'oas3: actions answer 200: cancel and revoke (path-no-verbs names them), search, batch',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/orders/{id}/cancel:
    post:
      responses: { '200': { description: The cancelled order } }
  /api/tokens/revoke:
    post:
      requestBody: { content: { application/json: { schema: { type: object } } } }
      responses: { '200': { description: Revoked } }
  /api/search/emails:
    post:
      requestBody: { content: { application/json: { schema: { type: object } } } }
      responses: { '200': { description: The matching emails } }
  /api/batch:
    post:
      requestBody: { content: { application/json: { schema: { type: array } } } }
      responses: { '200': { description: One result per request } }
`,
    },
    {
      name: 'oas3.1: a POST that queues a job answers 202; login and count are actions',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/exports:
    post:
      requestBody: { content: { application/json: { schema: { type: object } } } }
      responses: { '202': { description: Export started } }
  /api/auth/login:
    post:
      requestBody: { content: { application/json: { schema: { type: object } } } }
      responses: { '200': { description: A session } }
  /api/users/count:
    post:
      requestBody: { content: { application/json: { schema: { type: object } } } }
      responses: { '200': { description: The number of matching users } }
`,
    },
    {
      name: 'oas2: oauth token and a 202',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /oauth/token:
    post:
      responses: { '200': { description: An access token } }
  /api/reports:
    post:
      responses: { '202': { description: Accepted } }
`,
    },
    {
      name: 'oas3: a POST on a Twilio item path ({Sid}.json) is an update, not a create',
      document: `openapi: 3.0.1
info: { title: t, version: '1' }
paths:
  /2010-04-01/Accounts/{AccountSid}/Usage/Triggers/{Sid}.json:
    post:
      requestBody: { content: { application/x-www-form-urlencoded: { schema: { type: object } } } }
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'oas2: {id}.xml',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/orders/{id}.xml:
    post:
      responses: { '200': { description: OK } }
`,
    },
  ],
  invalid: [
    {
      name: 'oas3.2: a POST on a collection without 201 beside QUERY and additionalOperations',
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
  /api/items:
    post:
      requestBody: { content: { application/json: { schema: { type: object } } } }
      responses: { '204': { description: Stored } }
`,
      errors: [{ path: ['paths', '/api/items', 'post', 'responses'] }],
    },
    {
      name: 'oas3: a lone 200 is renamed to 201',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      responses:
        '200': # the new user
          description: The new user
        '400': { description: Bad request }
`,
      errors: [{ path: ['paths', '/api/users', 'post', 'responses', '200'], line: 7, message: 'POST /api/users answers 200' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      responses:
        '201': # the new user
          description: The new user
        '400': { description: Bad request }
`,
    },
    {
      name: 'oas3.1: 200 and 204: 201 is added',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      responses:
        '200': { description: OK }
        '204': { description: Nothing new }
`,
      errors: [{ path: ['paths', '/api/users', 'post', 'responses'], line: 6, message: 'declares no 201 response' }],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      responses:
        '200': { description: OK }
        '204': { description: Nothing new }
        '201':
          description: Created
`,
    },
    {
      name: 'oas3: a lone 200 $ref: the finding is on the operation\u2019s responses, the key is renamed',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      responses:
        '200': { $ref: '#/components/responses/User' }
components:
  responses:
    User: { description: The user }
`,
      errors: [{ path: ['paths', '/api/users', 'post', 'responses'], line: 6 }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      responses:
        '201': { $ref: '#/components/responses/User' }
components:
  responses:
    User: { description: The user }
`,
    },
    {
      name: 'oas2: collection under basePath, lone 200',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
basePath: /api
paths:
  /orders:
    post:
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/orders', 'post', 'responses', '200'], line: 8 }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
basePath: /api
paths:
  /orders:
    post:
      responses:
        '201': { description: OK }
`,
    },
    {
      name: 'json: oas2 with no success response',
      document: `{
  "swagger": "2.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/orders": {
      "post": {
        "responses": {
          "400": { "description": "Bad request" }
        }
      }
    }
  }
}
`,
      errors: [{ path: ['paths', '/api/orders', 'post', 'responses'], line: 7 }],
      output: `{
  "swagger": "2.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/orders": {
      "post": {
        "responses": {
          "400": { "description": "Bad request" },
          "201": {
            "description": "Created"
          }
        }
      }
    }
  }
}
`,
    },
    {
      name: 'options: statuses 200, 201: 202 is none of them (oas3.1)',
      options: { statuses: ['200', '201'] },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/jobs:
    post:
      responses:
        '202': { description: x }
`,
      errors: [
        {
          path: ['paths', '/api/jobs', 'post', 'responses'],
          message: 'POST /api/jobs declares none of 200, 201 (it declares 202): a successful POST answers one of them here.',
        },
      ],
      // Which of the allowed statuses a POST should answer is the team's call: no fix.
      noFix: true,
    },
  ],
});
