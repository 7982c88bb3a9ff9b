import { testRule } from '../test/helpers/testRule';

testRule('post-request-body', {
  valid: [
    {
      name: 'oas3: JSON body',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      requestBody:
        content: { application/json: { schema: { type: object } } }
      responses:
        '201': { description: Created }
`,
    },
    {
      name: 'options: mediaTypes: a form body, its type written with a charset (oas3.1)',
      options: { mediaTypes: ['application/x-www-form-urlencoded'] },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      requestBody:
        content: { 'application/x-www-form-urlencoded; charset=utf-8': { schema: { type: object } } }
      responses:
        '201': { description: Created }
`,
    },
    {
      name: 'options: mediaTypes: formData parameters in a form (oas2)',
      options: { mediaTypes: ['application/x-www-form-urlencoded'] },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      parameters:
        - { name: name, in: formData, type: string }
      responses:
        '201': { description: Created }
`,
    },
    {
      name: 'oas3.1: vendor +json body from a $ref',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      requestBody: { $ref: '#/components/requestBodies/User' }
      responses:
        '201': { description: Created }
components:
  requestBodies:
    User:
      content: { application/vnd.acme.v2+json: { schema: { type: object } } }
`,
    },
    {
      name: 'oas2: body parameter, root consumes JSON',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
consumes: [application/json]
paths:
  /api/users:
    post:
      parameters:
        - { name: user, in: body, schema: { type: object } }
      responses:
        '201': { description: Created }
`,
    },
    {
      name: 'json: oas2 body parameter without consumes (JSON by default)',
      document: `{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"post": {"parameters": [{"name": "u", "in": "body", "schema": {"type": "object"}}], "responses": {"201": {"description": "Created"}}}}}}`,
    },
    {
      name: 'oas3: an action needs no body: cancel (path-no-verbs names it), logout',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/orders/{id}/cancel:
    post:
      responses: { '200': { description: The cancelled order } }
  /api/auth/logout:
    post:
      responses: { '204': { description: Logged out } }
`,
    },
    {
      name: 'oas3.1: revoke',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/keys/{id}/revoke:
    post:
      responses: { '204': { description: Revoked } }
`,
    },
    {
      name: 'oas2: an action without a body',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/jobs/{id}/cancel:
    post:
      responses: { '200': { description: Cancelled } }
`,
    },
    {
      name: 'oas3: a custom method (a name after a colon) is an action, verb or not: levels:trim, {id}:undelete',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/taxonomies/{key}/levels:trim:
    post:
      responses: { '200': { description: Trimmed } }
  /api/books/{id}:undelete:
    post:
      responses: { '200': { description: Restored } }
`,
    },
    {
      name: 'options: uploads: a multipart form with a file part (oas3)',
      options: { uploads: true },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/files/content:
    post:
      requestBody:
        content:
          multipart/form-data:
            schema: { type: object, properties: { attributes: { type: string }, file: { type: string, format: binary } } }
      responses: { '201': { description: Created } }
`,
    },
    {
      name: 'options: uploads: a file sent as application/octet-stream (oas3)',
      options: { uploads: true },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/invoices/{id}/attachments/{name}:
    post:
      requestBody:
        required: true
        content:
          application/octet-stream:
            schema: { type: string, format: byte }
      responses: { '201': { description: Created } }
`,
    },
    {
      name: 'options: uploads: an image, and a string of format binary (oas3.1)',
      options: { uploads: true },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}/avatar:
    post:
      requestBody:
        required: true
        content:
          image/png: {}
  /api/files/{id}:
    post:
      requestBody:
        required: true
        content:
          application/vnd.acme.blob:
            schema: { type: string, format: binary }
`,
    },
    {
      // The file types and the bytes test json-media-type knows (fileBodies.ts): an archive, a font, a 3.1 bytes schema.
      name: 'options: uploads: a gzip archive, a font, and a string whose contentMediaType says it is a file (oas3.1)',
      options: { uploads: true },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/backups:
    post:
      requestBody:
        required: true
        content:
          application/gzip: {}
  /api/fonts:
    post:
      requestBody:
        required: true
        content:
          font/woff2: {}
  /api/documents:
    post:
      requestBody:
        required: true
        content:
          text/plain:
            schema: { type: string, contentMediaType: application/pdf }
`,
    },
    {
      name: 'options: uploads: a file form field (oas2)',
      options: { uploads: true },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/files:
    post:
      consumes: [multipart/form-data]
      parameters:
        - { name: file, in: formData, type: file }
      responses: { '201': { description: Created } }
`,
    },
  ],
  invalid: [
    {
      name: 'oas3.2: a POST without a body beside QUERY and additionalOperations',
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
      responses: { '201': { description: Created } }
`,
      errors: [{ path: ['paths', '/api/items', 'post'] }],
    },
    {
      name: 'oas3: no body: a required JSON skeleton is added',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      summary: Create a user # todo
      responses:
        '201': { description: Created }
`,
      errors: [{ path: ['paths', '/api/users', 'post'], line: 5, message: 'POST /api/users has no request body' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      summary: Create a user # todo
      responses:
        '201': { description: Created }
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
`,
    },
    {
      name: "options: mediaTypes: a body in none of the API's types; a POST without a body (oas3)",
      options: { mediaTypes: ['application/x-www-form-urlencoded'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      requestBody:
        content: { application/json: { schema: { type: object } } }
      responses:
        '201': { description: Created }
  /api/teams:
    post:
      responses:
        '201': { description: Created }
`,
      errors: [
        {
          path: ['paths', '/api/users', 'post', 'requestBody', 'content'],
          line: 7,
          message: 'POST /api/users sends its body as application/json: the API sends request bodies as application/x-www-form-urlencoded.',
        },
        {
          path: ['paths', '/api/teams', 'post'],
          line: 11,
          message: 'POST /api/teams has no request body: POST sends the new resource as application/x-www-form-urlencoded.',
        },
      ],
    },
    {
      name: "options: mediaTypes: the fix adds the missing body in the API's one type (oas3)",
      options: { mediaTypes: ['application/x-www-form-urlencoded'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/teams:
    post:
      responses:
        '201': { description: Created }
`,
      errors: [{ path: ['paths', '/api/teams', 'post'], message: 'POST sends the new resource as application/x-www-form-urlencoded.' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/teams:
    post:
      responses:
        '201': { description: Created }
      requestBody:
        required: true
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
`,
    },
    {
      name: 'options: mediaTypes: two types: the fix would choose between them, so none is offered (oas3.1)',
      options: { mediaTypes: ['application/x-www-form-urlencoded', 'multipart/form-data'] },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/teams:
    post:
      responses:
        '201': { description: Created }
`,
      errors: [{ path: ['paths', '/api/teams', 'post'], message: 'POST sends the new resource as application/x-www-form-urlencoded or multipart/form-data.' }],
      noFix: true,
    },
    {
      name: "options: mediaTypes: a form API in Swagger 2: its consumes is the team's, no fix (oas2)",
      options: { mediaTypes: ['application/x-www-form-urlencoded'] },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/teams:
    post:
      responses:
        '201': { description: Created }
`,
      errors: [{ path: ['paths', '/api/teams', 'post'], message: 'POST sends the new resource as application/x-www-form-urlencoded.' }],
      noFix: true,
    },
    {
      name: 'oas3.1: a form body only: flagged, no fix',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      requestBody:
        content: { application/x-www-form-urlencoded: { schema: { type: object } } }
      responses:
        '201': { description: Created }
`,
      errors: [{ path: ['paths', '/api/users', 'post', 'requestBody', 'content'], line: 7, message: 'application/x-www-form-urlencoded' }],
    },
    {
      name: 'oas3: multipart body in a shared requestBody: the finding is where it is defined',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/files:
    post:
      requestBody: { $ref: '#/components/requestBodies/Upload' }
      responses:
        '201': { description: Created }
components:
  requestBodies:
    Upload:
      content:
        multipart/form-data: { schema: { type: object } }
`,
      errors: [{ path: ['components', 'requestBodies', 'Upload', 'content'], line: 12 }],
    },
    {
      name: 'oas2: no body: a body parameter is appended',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      parameters:
        - { name: X-Trace, in: header, type: string }
      responses:
        '201': { description: Created }
`,
      errors: [{ path: ['paths', '/api/users', 'post'], line: 5 }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      parameters:
        - { name: X-Trace, in: header, type: string }
        - name: body
          in: body
          required: true
          schema:
            type: object
      responses:
        '201': { description: Created }
`,
    },
    {
      name: 'oas2: formData parameters are not JSON',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      consumes: [multipart/form-data]
      parameters:
        - { name: avatar, in: formData, type: file }
      responses:
        '201': { description: Created }
`,
      errors: [{ path: ['paths', '/api/users', 'post', 'parameters', '0'], line: 8, message: 'multipart/form-data' }],
    },
    {
      name: 'json: oas3 without a body',
      document: `{
  "openapi": "3.0.3",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users": {
      "post": {
        "responses": { "201": { "description": "Created" } }
      }
    }
  }
}
`,
      errors: [{ path: ['paths', '/api/users', 'post'], line: 6 }],
      output: `{
  "openapi": "3.0.3",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users": {
      "post": {
        "responses": { "201": { "description": "Created" } },
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "type": "object"
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
      name: 'options: uploads: a JSON-less body that is no file is still reported (oas3.1)',
      options: { uploads: true },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/notes:
    post:
      requestBody:
        content:
          text/plain:
            schema: { type: string }
      responses: { '201': { description: Created } }
`,
      errors: [{ message: 'has no JSON request body (text/plain)' }],
    },
    {
      name: 'options: uploads off (the default): a file upload is reported (oas2)',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/files:
    post:
      consumes: [multipart/form-data]
      parameters:
        - { name: file, in: formData, type: file }
      responses: { '201': { description: Created } }
`,
      errors: [{ message: 'has no JSON request body' }],
    },
  ],
});
