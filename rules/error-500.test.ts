import { testRule } from '../test/helpers/testRule';
import { ERROR_SCHEMA_OAS3 } from '../test/helpers/fixtureYaml';

testRule('error-500', {
  valid: [
    {
      name: "oas3: default",
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
      name: "oas3.1: 500",
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
      name: "oas2: default",
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
      name: "json: 500",
      document: `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"get": {"responses": {"500": {"description": "E"}}}}}}
`,
    },
  ],
  invalid: [
    {
      name: "oas3: the fix adds InternalServerError and the Error schema",
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
`,
      errors: [
        { path: ["paths", "/api/users", "get", "responses"], line: 6 },
      ],
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
      name: "oas3: the fix reuses a shared response and keeps the shape-B Error schema",
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
      errors: [
        { path: ["paths", "/api/users", "post", "responses"] },
      ],
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
      name: "oas3.1: 5XX does not count",
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        5XX: { description: Error }
`,
      errors: [
        { path: ["paths", "/api/users", "get", "responses"] },
      ],
    },
    {
      name: "oas2: the fix adds responses.InternalServerError in the document shape B",
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
      errors: [
        { path: ["paths", "/api/users", "get", "responses"] },
      ],
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
      name: "oas2: the fix reuses responses.InternalServerError",
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
      errors: [
        { path: ["paths", "/api/users", "get", "responses"] },
      ],
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
      name: "json: the fix adds the response",
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
      errors: [
        { path: ["paths", "/api/users", "get", "responses"], line: 10 },
      ],
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
      name: "$ref: a path item in another file",
      files: {
        "paths/users.yaml": `get:
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
      errors: [
        { path: ["get", "responses"], file: "paths/users.yaml", line: 2 },
      ],
    },
  ],
});
