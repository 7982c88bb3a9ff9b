import { testRule } from '../test/helpers/testRule';
import { ERROR_SCHEMA_OAS2 } from '../test/helpers/fixtureYaml';

testRule('version-param-400', {
  valid: [
    {
      name: 'oas3: 400 declared; a path version needs none',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters: [{ name: api-version, in: query, schema: { type: string } }]
      responses: { '200': { description: OK }, '400': { description: Bad } }
  /api/v1/orders:
    get:
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'oas3.1: a 4XX range counts',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters: [{ name: API-Version, in: header, schema: { type: string } }]
      responses: { '200': { description: OK }, '4XX': { description: Bad } }
`,
    },
    {
      name: 'oas2',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters: [{ name: v, in: query, type: string }]
      responses: { '200': { description: OK }, '400': { description: Bad } }
`,
    },
    {
      name: 'json: a header named Version is not the API-Version header',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"get": {"parameters": [{"name": "Version", "in": "header"}], "responses": {"200": {"description": "OK"}}}}}}`,
    },
  ],
  invalid: [
    {
      name: 'oas3: header parameter through $ref; the fix reuses the BadRequest response',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - $ref: '#/components/parameters/ApiVersion'
      responses:
        '200': { description: OK }
  /api/orders:
    get:
      parameters:
        - $ref: '#/components/parameters/ApiVersion'
      responses:
        '200': { description: OK }
        '400':
          $ref: '#/components/responses/BadRequest'
components:
  parameters:
    ApiVersion:
      name: API-Version
      in: header
      schema: { type: string }
  responses:
    BadRequest:
      description: Bad request
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses'], line: 8, message: 'header parameter "API-Version"' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - $ref: '#/components/parameters/ApiVersion'
      responses:
        '200': { description: OK }
        '400':
          $ref: '#/components/responses/BadRequest'
  /api/orders:
    get:
      parameters:
        - $ref: '#/components/parameters/ApiVersion'
      responses:
        '200': { description: OK }
        '400':
          $ref: '#/components/responses/BadRequest'
components:
  parameters:
    ApiVersion:
      name: API-Version
      in: header
      schema: { type: string }
  responses:
    BadRequest:
      description: Bad request
`,
    },
    {
      name: 'oas2: query parameter; the fix adds a shared response and the Error schema',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: version, in: query, type: string }
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses'], line: 8, message: 'query parameter "version"' }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: version, in: query, type: string }
      responses:
        '200': { description: OK }
        '400':
          $ref: '#/responses/BadRequest'
definitions:
${ERROR_SCHEMA_OAS2}responses:
  BadRequest:
    description: 'Bad request: the request is invalid or asks for an unsupported version'
    schema:
      $ref: '#/definitions/Error'
`,
    },
    {
      name: 'json oas3.1: query parameter v',
      document: `{
  "openapi": "3.1.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users": {
      "get": {
        "parameters": [{ "name": "v", "in": "query", "schema": { "type": "string" } }],
        "responses": {
          "200": { "description": "OK" }
        }
      }
    }
  }
}
`,
      errors: [{ line: 8 }],
      output: `{
  "openapi": "3.1.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users": {
      "get": {
        "parameters": [{ "name": "v", "in": "query", "schema": { "type": "string" } }],
        "responses": {
          "200": { "description": "OK" },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          }
        }
      }
    }
  },
  "components": {
    "schemas": {
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
      "BadRequest": {
        "description": "Bad request: the request is invalid or asks for an unsupported version",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
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
      name: 'oas3: an Accept header parameter with vendor version types',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - name: Accept
          in: header
          schema: { type: string, enum: ['application/vnd.acme.v1+json', 'application/vnd.acme.v2+json'] }
      responses:
        '200': { description: OK }
`,
      errors: [{ line: 10, message: 'header parameter "Accept"' }],
    },
  ],
});
