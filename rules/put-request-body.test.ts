import { testRule } from '../test/helpers/testRule';

/** A PUT on /api/users/{id}: with a JSON body (optional unless `required`) or, when `body` is false, none. */
const putDoc = (version: string, body: boolean, required = false) =>
  version.startsWith('2')
    ? `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      parameters:${body ? `\n        - { name: user, in: body, required: ${required}, schema: { type: object } }` : ' []'}
      responses: { '200': { description: OK } }
`
    : `openapi: ${version}
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:${body ? `\n      requestBody: { required: ${required}, content: { application/json: { schema: { type: object } } } }` : ''}
      responses: { '200': { description: OK } }
`;

testRule('put-request-body', {
  valid: [
    { name: 'options: required false, an optional body (oas3)', options: { required: false }, document: putDoc('3.0.3', true) },
    { name: 'options: required false, an optional body parameter (oas2)', options: { required: false }, document: putDoc('2.0', true) },
    { name: 'options: allowNone, no body (oas3.1)', options: { allowNone: true }, document: putDoc('3.1.0', false) },
    { name: 'options: allowNone, no body (oas2)', options: { allowNone: true }, document: putDoc('2.0', false) },
    {
      name: 'oas3: required JSON body',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      requestBody:
        required: true
        content: { application/json: { schema: { type: object } } }
      responses:
        '200': { description: OK }
`,
    },
    {
      name: 'oas3.1: required body from a $ref',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      requestBody: { $ref: '#/components/requestBodies/User' }
      responses:
        '204': { description: Replaced }
components:
  requestBodies:
    User:
      required: true
      content: { application/json: { schema: { type: object } } }
`,
    },
    {
      name: 'oas2: required body parameter',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      parameters:
        - { name: user, in: body, required: true, schema: { type: object } }
      responses:
        '200': { description: OK }
`,
    },
    {
      name: 'json: oas3',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users/{id}": {"put": {"requestBody": {"required": true, "content": {"application/json": {}}}, "responses": {"200": {"description": "OK"}}}}}}`,
    },
    {
      name: 'options: uploads: a file sent as application/octet-stream (oas3)',
      options: { uploads: true },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/invoices/{id}/attachments/{name}:
    put:
      requestBody:
        required: true
        content:
          application/octet-stream:
            schema: { type: string, format: byte }
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'options: uploads: an image, and a string of format binary (oas3.1)',
      options: { uploads: true },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}/avatar:
    put:
      requestBody:
        required: true
        content:
          image/png: {}
  /api/files/{id}:
    put:
      requestBody:
        required: true
        content:
          application/vnd.acme.blob:
            schema: { type: string, format: binary }
`,
    },
    {
      name: 'options: uploads: a bytes body parameter (oas2)',
      options: { uploads: true },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
consumes: [application/octet-stream]
paths:
  /api/files/{id}:
    put:
      parameters:
        - { name: file, in: body, required: true, schema: { type: string, format: binary } }
      responses: { '200': { description: OK } }
`,
    },
  ],
  invalid: [
    {
      name: 'options: required false still asks for a body (oas3)',
      options: { required: false },
      document: putDoc('3.0.3', false),
      errors: [{ path: ['paths', '/api/users/{id}', 'put'], message: 'has no request body' }],
      // A team whose bodies may be optional gets the body without `required: true`.
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      responses: { '200': { description: OK } }
      requestBody:
        content:
          application/json:
            schema:
              type: object
`,
    },
    {
      name: 'options: allowNone still asks an optional body to be required (oas2)',
      options: { allowNone: true },
      document: putDoc('2.0', true),
      errors: [{ message: 'the request body is optional' }],
    },
    {
      name: 'options: allowNone and required false, a body that is there is still JSON (oas3.1)',
      options: { allowNone: true, required: false },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      requestBody: { content: { application/xml: { schema: { type: object } } } }
      responses: { '200': { description: OK } }
`,
      errors: [{ message: 'has no JSON request body (application/xml)' }],
    },
    {
      name: 'oas3.2: a PUT without a body beside QUERY and additionalOperations',
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
      responses: { '200': { description: OK } }
`,
      errors: [{ path: ['paths', '/api/items/{id}', 'put'] }],
    },
    {
      name: 'oas3: optional body: required is set',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      requestBody:
        description: The full user # all fields
        content: { application/json: { schema: { type: object } } }
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'put', 'requestBody'], line: 6, message: 'set `required: true`' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      requestBody:
        description: The full user # all fields
        content: { application/json: { schema: { type: object } } }
        required: true
      responses:
        '200': { description: OK }
`,
    },
    {
      name: 'oas3.1: required: false in a shared requestBody: fixed where it is defined',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      requestBody: { $ref: '#/components/requestBodies/User' }
      responses:
        '204': { description: Replaced }
components:
  requestBodies:
    User:
      required: false
      content: { application/json: { schema: { type: object } } }
`,
      errors: [{ path: ['components', 'requestBodies', 'User'], line: 11 }],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      requestBody: { $ref: '#/components/requestBodies/User' }
      responses:
        '204': { description: Replaced }
components:
  requestBodies:
    User:
      required: true
      content: { application/json: { schema: { type: object } } }
`,
    },
    {
      name: 'oas3: no body: a required skeleton is added',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'put'], line: 5, message: 'has no request body' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      responses:
        '200': { description: OK }
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
`,
    },
    {
      name: 'oas3: XML body: flagged, no fix',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      requestBody:
        required: true
        content: { application/xml: { schema: { type: object } } }
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'put', 'requestBody', 'content'], line: 8, message: 'application/xml' }],
    },
    {
      name: 'oas2: optional body parameter',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      parameters:
        - name: user
          in: body
          schema: { type: object }
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'put', 'parameters', '0'], line: 7 }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      parameters:
        - name: user
          in: body
          schema: { type: object }
          required: true
      responses:
        '200': { description: OK }
`,
    },
    {
      name: 'oas2: no body: a required body parameter is added',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'put'], line: 5 }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      responses:
        '200': { description: OK }
      parameters:
        - name: body
          in: body
          required: true
          schema:
            type: object
`,
    },
    {
      name: 'json: oas2 optional body parameter',
      document: `{
  "swagger": "2.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users/{id}": {
      "put": {
        "parameters": [
          {
            "name": "user",
            "in": "body",
            "schema": { "type": "object" }
          }
        ],
        "responses": { "200": { "description": "OK" } }
      }
    }
  }
}
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'put', 'parameters', '0'], line: 8 }],
      output: `{
  "swagger": "2.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users/{id}": {
      "put": {
        "parameters": [
          {
            "name": "user",
            "in": "body",
            "schema": { "type": "object" },
            "required": true
          }
        ],
        "responses": { "200": { "description": "OK" } }
      }
    }
  }
}
`,
    },
    {
      name: 'options: uploads: a form with fields is no file sent as itself; the default reports a file (oas3)',
      options: { uploads: true },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema: { type: object, properties: { name: { type: string } } }
      responses: { '200': { description: OK } }
`,
      errors: [{ message: 'has no JSON request body (multipart/form-data)' }],
    },
    {
      name: 'options: uploads off (the default): a file sent as application/octet-stream is reported (oas2)',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
consumes: [application/octet-stream]
paths:
  /api/files/{id}:
    put:
      parameters:
        - { name: file, in: body, required: true, schema: { type: string, format: binary } }
      responses: { '200': { description: OK } }
`,
      errors: [{ message: 'has no JSON request body (application/octet-stream)' }],
    },
  ],
});
