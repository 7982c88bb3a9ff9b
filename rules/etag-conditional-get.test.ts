import { testRule } from '../test/helpers/testRule';

/** A GET on `pathKey` whose 200 sends an ETag (or not), without If-None-Match or 304. */
const getDoc = (version: string, pathKey: string, etag: boolean) =>
  version.startsWith('2')
    ? `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  ${pathKey}:
    get:
      responses:
        '200':
          description: OK${etag ? '\n          headers: { ETag: { type: string } }' : ''}
`
    : `openapi: ${version}
info: { title: t, version: '1' }
paths:
  ${pathKey}:
    get:
      responses:
        '200':
          description: OK${etag ? '\n          headers: { ETag: { schema: { type: string } } }' : ''}
`;

testRule('etag-conditional-get', {
  valid: [
    {
      name: 'options: operations [item], a collection GET is not judged (oas3)',
      options: { operations: ['item'] },
      document: getDoc('3.0.3', '/api/users', true),
    },
    {
      name: 'options: operations [collection], an item GET is not judged (oas2)',
      options: { operations: ['collection'] },
      document: getDoc('2.0', '/api/users/{id}', true),
    },
    {
      name: 'options: requireEtag false, no ETag is nothing to check (oas3.1)',
      options: { requireEtag: false },
      document: getDoc('3.1.0', '/api/users/{id}', false),
    },
    {
      name: 'options: requireEtag true, a GET not judged by operations (oas3)',
      options: { requireEtag: true, operations: ['item'] },
      document: getDoc('3.0.3', '/api/users', false),
    },
    {
      name: 'oas3: ETag, If-None-Match and 304',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    get:
      parameters:
        - { name: if-none-match, in: header, schema: { type: string } }
      responses:
        '200':
          description: OK
          headers: { ETag: { schema: { type: string } } }
        '304': { description: Not modified }
`,
    },
    {
      name: 'oas3.1: no ETag: nothing to check',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    get:
      responses:
        '200': { description: OK }
`,
    },
    {
      name: 'oas2: If-None-Match on the path item, ETag from a shared response',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    parameters:
      - { name: If-None-Match, in: header, type: string }
    get:
      responses:
        '200': { $ref: '#/responses/User' }
        '304': { description: Not modified }
responses:
  User:
    description: OK
    headers: { ETag: { type: string } }
`,
    },
    {
      name: 'json: oas3 without ETag',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"get": {"responses": {"200": {"description": "OK"}}}}}}`,
    },
  ],
  invalid: [
    {
      name: 'options: operations [item, collection] (oas3.1)',
      options: { operations: ['item', 'collection'] },
      document: getDoc('3.1.0', '/api/users', true),
      errors: [{ path: ['paths', '/api/users', 'get', 'responses'], message: 'sends an ETag but lacks an If-None-Match header parameter and a 304 response' }],
    },
    {
      name: 'options: requireEtag true, a GET without ETag; no fix (oas3)',
      options: { requireEtag: true },
      document: getDoc('3.0.3', '/api/users/{id}', false),
      errors: [{ path: ['paths', '/api/users/{id}', 'get', 'responses', '200'], message: 'GET /api/users/{id} sends no ETag on its 200 response' }],
      noFix: true,
    },
    {
      name: 'options: requireEtag true (oas2)',
      options: { requireEtag: true, operations: ['collection'] },
      document: getDoc('2.0', '/api/users', false),
      errors: [{ message: 'sends no ETag' }],
    },
    {
      name: 'oas3.2: a GET without ETag beside QUERY and additionalOperations',
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
      responses: { '200': { description: OK, headers: { ETag: { schema: { type: string } } } } }
`,
      errors: [
        {
          path: ['paths', '/api/items/{id}', 'get', 'responses'],
          message: 'GET /api/items/{id} sends an ETag but lacks an If-None-Match header parameter and a 304 response',
        },
      ],
    },
    {
      name: 'oas3: ETag without If-None-Match and 304: both are added',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    get:
      responses:
        '200':
          description: OK # the user
          headers:
            ETag: { schema: { type: string } }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'get', 'responses'], line: 6, message: 'lacks an If-None-Match header parameter and a 304 response' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    get:
      responses:
        '200':
          description: OK # the user
          headers:
            ETag: { schema: { type: string } }
        '304':
          description: 'Not Modified: the representation matching If-None-Match is still current'
      parameters:
        - name: If-None-Match
          in: header
          required: false
          description: The ETag of the cached representation; when it is still current the answer is 304 with no body
          schema:
            type: string
`,
    },
    {
      name: 'oas3.1: ETag from a shared response, 304 declared, no If-None-Match',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    get:
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200': { $ref: '#/components/responses/User' }
        '304': { description: Not modified }
components:
  responses:
    User:
      description: OK
      headers: { etag: { schema: { type: string } } }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'get', 'parameters'], line: 6, message: 'lacks an If-None-Match header parameter:' }],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    get:
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
        - name: If-None-Match
          in: header
          required: false
          description: The ETag of the cached representation; when it is still current the answer is 304 with no body
          schema:
            type: string
      responses:
        '200': { $ref: '#/components/responses/User' }
        '304': { description: Not modified }
components:
  responses:
    User:
      description: OK
      headers: { etag: { schema: { type: string } } }
`,
    },
    {
      name: 'oas2: If-None-Match declared ($ref), 304 missing',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    get:
      parameters:
        - $ref: '#/parameters/IfNoneMatch'
      responses:
        '200':
          description: OK
          headers: { ETag: { type: string } }
parameters:
  IfNoneMatch: { name: If-None-Match, in: header, type: string }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'get', 'responses'], line: 8, message: 'lacks a 304 response' }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    get:
      parameters:
        - $ref: '#/parameters/IfNoneMatch'
      responses:
        '200':
          description: OK
          headers: { ETag: { type: string } }
        '304':
          description: 'Not Modified: the representation matching If-None-Match is still current'
parameters:
  IfNoneMatch: { name: If-None-Match, in: header, type: string }
`,
    },
    {
      name: 'json: oas2 ETag only',
      document: `{
  "swagger": "2.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users/{id}": {
      "get": {
        "responses": {
          "200": { "description": "OK", "headers": { "ETag": { "type": "string" } } }
        }
      }
    }
  }
}
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'get', 'responses'], line: 7 }],
      output: `{
  "swagger": "2.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users/{id}": {
      "get": {
        "responses": {
          "200": { "description": "OK", "headers": { "ETag": { "type": "string" } } },
          "304": {
            "description": "Not Modified: the representation matching If-None-Match is still current"
          }
        },
        "parameters": [
          {
            "name": "If-None-Match",
            "in": "header",
            "required": false,
            "type": "string",
            "description": "The ETag of the cached representation; when it is still current the answer is 304 with no body"
          }
        ]
      }
    }
  }
}
`,
    },
  ],
});
