import { testRule } from '../test/helpers/testRule';
import { opsDoc } from '../test/helpers/opsDoc';
import { ERROR_SCHEMA_OAS3 } from '../test/helpers/fixtureYaml';

testRule('error-500', {
  valid: [
    {
      name: 'options: methods [post], a GET without 500 is not judged (oas3)',
      options: { methods: ['post'] },
      document: opsDoc('3.0.3', '/api/users', { get: { responses: ['200'] }, post: { body: true, responses: ['201', '500'] } }),
    },
    {
      name: 'options: methods [] turns the requirement off (oas2)',
      options: { methods: [] },
      document: opsDoc('2.0', '/api/users', { get: { responses: ['200'] } }),
    },
    {
      name: 'options: acceptDefault true, default stands in (oas3.1)',
      options: { acceptDefault: true },
      document: opsDoc('3.1.0', '/api/users', { get: { responses: ['200', 'default'] } }),
    },
    {
      name: 'options: acceptDefault false, an explicit 500 (oas3)',
      options: { acceptDefault: false },
      document: opsDoc('3.0.3', '/api/users', { get: { responses: ['200', '500'] } }),
    },
    {
      name: 'oas3: default',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        default: { description: Error }
`,
    },
    {
      name: 'oas3.1: 500',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '500': { description: Error }
`,
    },
    {
      name: 'oas2: default',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        default: { description: Error }
`,
    },
    {
      name: 'json: 500',
      document: `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"get": {"responses": {"500": {"description": "E"}}}}}}
`,
    },
  ],
  invalid: [
    {
      name: 'options: acceptDefault false, a default response is not enough (oas3)',
      options: { acceptDefault: false },
      document: opsDoc('3.0.3', '/api/users', { get: { responses: ['200', 'default'] } }),
      errors: [{ path: ['paths', '/api/users', 'get', 'responses'], message: 'declares no 500 response (the API does not let a default response stand in)' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: x }
        '500':
          $ref: '#/components/responses/InternalServerError'
        'default': { description: x }
components:
  schemas:
    Error:
      type: object
      required:
        - status
        - code
        - message
      properties:
        status:
          type: string
          example: error
        code:
          type: integer
          example: 404
        message:
          type: string
        errors:
          type: object
          additionalProperties:
            type: string
  responses:
    InternalServerError:
      description: Internal server error
      content:
        application/json:
          schema:
            $ref: '#/components/schemas/Error'
`,
    },
    {
      name: 'options: methods [get, post] (oas2)',
      options: { methods: ['get', 'post'] },
      document: opsDoc('2.0', '/api/users', { get: { responses: ['200'] } }),
      errors: [{ message: 'GET /api/users declares neither 500 nor default' }],
    },
    {
      name: 'options: methods all (oas3.1)',
      options: { methods: 'all' },
      document: opsDoc('3.1.0', '/api/users', { delete: { responses: ['204'] } }),
      errors: [{ message: 'DELETE /api/users' }],
    },
    {
      name: 'oas3: the fix adds InternalServerError and the Error schema',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses'], line: 6 }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '500':
          $ref: '#/components/responses/InternalServerError'
components:
  schemas:
${ERROR_SCHEMA_OAS3}  responses:
    InternalServerError:
      description: Internal server error
      content:
        application/json:
          schema:
            $ref: '#/components/schemas/Error'
`,
    },
    {
      name: 'oas3: the fix reuses a shared response and keeps the shape-B Error schema',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '500': { $ref: '#/components/responses/ServerError' }
    post:
      responses:
        '201': { description: Created }
components:
  responses:
    ServerError:
      description: Server error
      content:
        application/json:
          schema: { $ref: '#/components/schemas/Error' }
  schemas:
    Error:
      type: object
      required: [error]
      properties:
        error: { type: string }
`,
      errors: [{ path: ['paths', '/api/users', 'post', 'responses'] }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '500': { $ref: '#/components/responses/ServerError' }
    post:
      responses:
        '201': { description: Created }
        '500':
          $ref: '#/components/responses/ServerError'
components:
  responses:
    ServerError:
      description: Server error
      content:
        application/json:
          schema: { $ref: '#/components/schemas/Error' }
  schemas:
    Error:
      type: object
      required: [error]
      properties:
        error: { type: string }
`,
    },
    {
      name: 'oas3.1: 5XX does not count',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        5XX: { description: Error }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses'] }],
    },
    {
      name: 'oas2: the fix adds responses.InternalServerError in the document shape B',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404':
          description: Not found
          schema:
            type: object
            required: [error]
            properties:
              error: { type: string }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses'] }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404':
          description: Not found
          schema:
            type: object
            required: [error]
            properties:
              error: { type: string }
        '500':
          $ref: '#/responses/InternalServerError'
definitions:
  Error:
    type: object
    required:
      - error
    properties:
      error:
        type: string
responses:
  InternalServerError:
    description: Internal server error
    schema:
      $ref: '#/definitions/Error'
`,
    },
    {
      name: 'oas2: the fix reuses responses.InternalServerError',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
responses:
  InternalServerError:
    description: Server error
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses'] }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
responses:
  InternalServerError:
    description: Server error
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '500':
          $ref: '#/responses/InternalServerError'
`,
    },
    {
      name: 'json: the fix adds the response',
      document: `{
  "swagger": "2.0",
  "info": {
    "title": "t",
    "version": "1"
  },
  "paths": {
    "/api/users": {
      "get": {
        "responses": {
          "200": {
            "description": "OK"
          }
        }
      }
    }
  }
}
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses'], line: 10 }],
      output: `{
  "swagger": "2.0",
  "info": {
    "title": "t",
    "version": "1"
  },
  "paths": {
    "/api/users": {
      "get": {
        "responses": {
          "200": {
            "description": "OK"
          },
          "500": {
            "$ref": "#/responses/InternalServerError"
          }
        }
      }
    }
  },
  "definitions": {
    "Error": {
      "type": "object",
      "required": [
        "status",
        "code",
        "message"
      ],
      "properties": {
        "status": {
          "type": "string",
          "example": "error"
        },
        "code": {
          "type": "integer",
          "example": 404
        },
        "message": {
          "type": "string"
        },
        "errors": {
          "type": "object",
          "additionalProperties": {
            "type": "string"
          }
        }
      }
    }
  },
  "responses": {
    "InternalServerError": {
      "description": "Internal server error",
      "schema": {
        "$ref": "#/definitions/Error"
      }
    }
  }
}
`,
    },
    {
      name: '$ref: a path item in another file',
      files: {
        'paths/users.yaml': `get:
  responses:
    '200': { description: OK }
`,
      },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    $ref: './paths/users.yaml'
`,
      errors: [{ path: ['get', 'responses'], file: 'paths/users.yaml', line: 2 }],
    },
  ],
});
