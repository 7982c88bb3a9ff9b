import { testRule } from '../test/helpers/testRule';

testRule('get-success-200', {
  valid: [
    {
      name: 'oas3: 200 with 304 and 206 as well',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '206': { description: Partial }
        '304': { description: Not modified }
`,
    },
    {
      name: 'oas3.1: 200 from a $ref',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { $ref: '#/components/responses/Users' }
components:
  responses:
    Users: { description: OK }
`,
    },
    {
      name: 'oas2: 200; POST without 200 is not checked',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
    post:
      responses:
        '201': { description: Created }
`,
    },
    {
      name: 'json: oas3',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"get": {"responses": {"200": {"description": "OK"}}}}}}`,
    },
    {
      name: 'options: statuses 200, 206: 206 will do (oas3)',
      options: { statuses: ['200', '206'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/reports/{id}:
    get:
      responses:
        '206': { description: x }
`,
    },
    {
      name: 'options: statuses 200, 206: 206 will do (oas2)',
      options: { statuses: ['200', '206'] },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/reports/{id}:
    get:
      responses:
        '206': { description: x }
`,
    },
    {
      name: 'oas3: a GET that only redirects (a login redirect: 302 and default)',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /login/oauth/authorize:
    get:
      summary: Redirects the user to the provider's consent page
      parameters:
        - { name: client_id, in: query, required: true, schema: { type: string } }
      responses:
        '302':
          description: Redirect to the consent page
          headers:
            Location: { schema: { type: string, format: uri } }
        default: { description: Unexpected error }
`,
    },
    {
      name: 'oas3.1: a download that answers 307 to a signed URL',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/files/{id}/content:
    get:
      responses:
        '307': { description: Temporary redirect to the file's download URL }
        '404': { description: Not found }
`,
    },
    {
      name: 'oas2: a GET answering 301 only',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/legacy:
    get:
      responses:
        '301': { description: Moved permanently }
`,
    },
  ],
  invalid: [
    {
      name: 'oas3: a redirect beside a 2xx other than 200 is no redirect-only GET',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/reports/{id}:
    get:
      responses:
        '202': { description: Still being made }
        '303': { description: See the finished report }
`,
      errors: [{ path: ['paths', '/api/reports/{id}', 'get', 'responses'] }],
    },
    {
      name: 'oas3.2: a GET without 200 beside QUERY and additionalOperations',
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
      responses: { '204': { description: Nothing } }
`,
      errors: [{ path: ['paths', '/api/orders/{id}', 'get', 'responses'] }],
    },
    {
      name: 'oas3: only 204',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '204': { description: Nothing } # empty
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses'], line: 6, message: 'GET /api/users declares no 200 response' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '204': { description: Nothing } # empty
        '200':
          description: OK
`,
    },
    {
      name: 'oas3.1: only 206 and default',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/files/{id}:
    get:
      responses:
        '206': { description: Partial }
        default: { description: Error }
`,
      errors: [{ path: ['paths', '/api/files/{id}', 'get', 'responses'] }],
    },
    {
      name: 'oas2: no responses at all: the method key',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      summary: List users
`,
      errors: [{ path: ['paths', '/api/users', 'get'], line: 5 }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      summary: List users
      responses:
        '200':
          description: OK
`,
    },
    {
      name: 'oas3: path item in another file ($ref)',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    $ref: './users.yaml'
`,
      files: {
        'users.yaml': `get:
  responses:
    '201': { description: Created }
`,
      },
      errors: [{ path: ['get', 'responses'], line: 2, file: 'users.yaml' }],
    },
    {
      name: 'json: oas2 GET with 201 only',
      document: `{
  "swagger": "2.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users": {
      "get": {
        "responses": { "201": { "description": "Created" } }
      }
    }
  }
}
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses'], line: 7 }],
      output: `{
  "swagger": "2.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users": {
      "get": {
        "responses": { "201": { "description": "Created" }, "200": { "description": "OK" } }
      }
    }
  }
}
`,
    },
    {
      name: 'options: statuses 200, 206: 204 is none of them (oas3.1)',
      options: { statuses: ['200', '206'] },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/reports/{id}:
    get:
      responses:
        '204': { description: x }
`,
      errors: [
        {
          path: ['paths', '/api/reports/{id}', 'get', 'responses'],
          message: 'GET /api/reports/{id} declares none of 200, 206 (it declares 204): a successful GET answers one of them here.',
        },
      ],
      // Which of the allowed statuses a GET should answer is the team's call: no fix.
      noFix: true,
    },
  ],
});
