import { testRule } from '../test/helpers/testRule';
import { ERROR_SCHEMA_OAS2, ERROR_SCHEMA_OAS3 } from '../test/helpers/fixtureYaml';

testRule('error-schema', {
  valid: [
    {
      // kubernetes (Swagger 2.0): connectCoreV1HeadNamespacedPodProxy.
      name: 'oas2: a HEAD error response has no body to ask for',
      document: `swagger: '2.0'
info: { title: Kubernetes, version: unversioned }
paths:
  /api/v1/namespaces/{namespace}/pods/{name}/proxy:
    head:
      consumes: ['*/*']
      description: connect HEAD requests to proxy of Pod
      operationId: connectCoreV1HeadNamespacedPodProxy
      produces: ['*/*']
      responses:
        '200': { description: OK, schema: { type: string } }
        '401': { description: Unauthorized }
`,
    },
    {
      name: 'oas3: shape A through $ref, 4XX and default',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        4XX:
          description: Client error
          content:
            application/json: { schema: { $ref: '#/components/schemas/Error' } }
        default:
          description: Error
          content:
            application/problem+json: { schema: { $ref: '#/components/schemas/Error' } }
components:
  schemas:
    Error:
      type: object
      required: [status, code, message]
      properties:
        status: { type: string }
        code: { type: integer }
        message: { type: string }
        errors: { type: object, additionalProperties: { type: string } }
`,
    },
    {
      name: 'oas3.1: shape B inline, nullable type list',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404':
          description: Not found
          content:
            application/json:
              schema:
                type: object
                required: [error]
                properties:
                  error: { type: [string, 'null'] }
`,
    },
    {
      name: 'oas2: shape A, produces JSON',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
produces: [application/json]
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '500':
          description: Error
          schema: { $ref: '#/definitions/Error' }
definitions:
  Error:
    type: object
    required: [status, code, message]
    properties:
      status: { type: string }
      code: { type: integer }
      message: { type: string }
`,
    },
    {
      name: 'oas3: success responses need no error body',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    delete:
      responses:
        '204': { description: Deleted }
`,
    },
    {
      name: 'json: shape B',
      document: `{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"get": {"responses": {"400": {"description": "E", "schema": {"type": "object", "required": ["error"], "properties": {"error": {"type": "string"}}}}}}}}}
`,
    },
    {
      name: 'options: shapes problem: RFC 9457 problem details (oas3)',
      options: { shapes: ['problem'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404':
          description: Not found
          content:
            application/problem+json:
              schema: { type: object, properties: { type: { type: string }, title: { type: string }, status: { type: integer }, detail: { type: string } } }
`,
    },
    {
      name: "options: required: the team's own error schema (oas2)",
      options: { shapes: [], required: ['code', 'message', 'request_id'] },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404':
          description: Not found
          schema: { type: object, required: [code, message, request_id], properties: { code: { type: string }, message: { type: string }, request_id: { type: string } } }
`,
    },
    {
      name: 'oas3: shape A composed with allOf (a shared Error plus a field of its own)',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/orders/{id}:
    get:
      responses:
        '200': { description: OK }
        '404':
          description: Not found
          content:
            application/json:
              schema:
                allOf:
                  - $ref: '#/components/schemas/Error'
                  - type: object
                    properties:
                      order_id: { type: string }
components:
  schemas:
    Error:
      type: object
      required: [status, code, message]
      properties:
        status: { type: string }
        code: { type: integer }
        message: { type: string }
`,
    },
    {
      name: 'oas3.1: shape B split over allOf members (required in one, the property in another)',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/orders:
    get:
      responses:
        '200': { description: OK }
        default:
          description: Error
          content:
            application/problem+json:
              schema:
                required: [error]
                allOf:
                  - $ref: '#/components/schemas/Base'
components:
  schemas:
    Base:
      properties:
        error: { type: [string, 'null'] }
`,
    },
    {
      name: 'oas2: shape A through allOf',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/orders:
    get:
      responses:
        '200': { description: OK }
        '400':
          description: Bad request
          schema:
            allOf:
              - $ref: '#/definitions/Error'
definitions:
  Error:
    type: object
    required: [status, code, message]
    properties:
      status: { type: string }
      code: { type: integer }
      message: { type: string }
`,
    },
    {
      name: "options: schemas: the API's own error schema, referenced (oas3)",
      options: { schemas: ['basic-error'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404':
          description: Not found
          content:
            application/json:
              schema: { $ref: '#/components/schemas/basic-error' }
components:
  schemas:
    basic-error:
      type: object
      properties: { message: { type: string }, documentation_url: { type: string } }
`,
    },
    {
      name: "options: schemas: a body that extends the API's error schema with allOf (oas3.1)",
      options: { schemas: ['Error'] },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      responses:
        '201': { description: Created }
        '400':
          description: Invalid
          content:
            application/json:
              schema:
                allOf:
                  - $ref: '#/components/schemas/Error'
                  - type: object
                    properties: { fields: { type: array, items: { type: string } } }
components:
  schemas:
    Error:
      type: object
      properties: { Type: { type: string }, Message: { type: string } }
`,
    },
    {
      name: "options: schemas: the API's own error schema (oas2)",
      options: { schemas: ['PlaidError'] },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/items:
    get:
      responses:
        '200': { description: OK }
        default:
          description: Error
          schema: { $ref: '#/definitions/PlaidError' }
definitions:
  PlaidError:
    type: object
    properties: { error_type: { type: string }, error_code: { type: string }, error_message: { type: string } }
`,
    },
  ],
  invalid: [
    {
      name: 'oas3: an allOf body that lacks code: the message names only what is missing',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/orders:
    get:
      responses:
        '200': { description: OK }
        '409':
          description: Conflict
          content:
            application/json:
              schema:
                allOf:
                  - $ref: '#/components/schemas/Problem'
                  - required: [status, message]
components:
  schemas:
    Problem:
      type: object
      properties:
        status: { type: string }
        message: { type: string }
`,
      errors: [
        {
          path: ['paths', '/api/orders', 'get', 'responses', '409', 'content', 'application/json', 'schema'],
          message: 'is not a conventional error: "code" is missing (shape A',
        },
      ],
    },
    {
      name: 'oas3: HEAD and GET share a 404 without a body: GET asks for one, HEAD does not',
      document: `openapi: 3.0.2
info: { title: Box Platform API, version: 2.0.0 }
paths:
  /api/files/{file_id}:
    head:
      operationId: head_files_id
      responses:
        '200': { description: The file exists. }
        '404': { $ref: '#/components/responses/NotFound' }
    get:
      operationId: get_files_id
      responses:
        '200': { description: Returns a file object. }
        '404': { $ref: '#/components/responses/NotFound' }
components:
  responses:
    NotFound: { description: The file was not found. }
`,
      errors: [{ message: 'GET /api/files/{file_id}: the 404 response' }],
    },

    {
      name: 'oas3: HEAD and GET share a 404 without a body: GET asks for one, HEAD does not',
      document: `openapi: 3.0.2
info: { title: Box Platform API, version: 2.0.0 }
paths:
  /api/files/{file_id}:
    head:
      operationId: head_files_id
      responses:
        '200': { description: The file exists. }
        '404': { $ref: '#/components/responses/NotFound' }
    get:
      operationId: get_files_id
      responses:
        '200': { description: Returns a file object. }
        '404': { $ref: '#/components/responses/NotFound' }
components:
  responses:
    NotFound: { description: The file was not found. }
`,
      errors: [{ message: 'GET /api/files/{file_id}: the 404 response' }],
    },
    {
      name: 'oas3: no body; the fix adds the Error schema and references it',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404':
          description: Not found
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '404'], line: 8, message: 'no JSON error body' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404':
          description: Not found
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Error'
components:
  schemas:
${ERROR_SCHEMA_OAS3}`,
    },
    {
      name: 'oas3: no body; the fix reuses the existing Error schema',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404':
          description: Not found
          content:
            text/plain: { schema: { type: string } }
components:
  schemas:
    Error:
      type: object
      required: [status, code, message]
      properties:
        status: { type: string }
        code: { type: integer }
        message: { type: string }
        errors: { type: object, additionalProperties: { type: string } }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '404'] }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404':
          description: Not found
          content:
            text/plain: { schema: { type: string } }
            application/json:
              schema:
                $ref: '#/components/schemas/Error'
components:
  schemas:
    Error:
      type: object
      required: [status, code, message]
      properties:
        status: { type: string }
        code: { type: integer }
        message: { type: string }
        errors: { type: object, additionalProperties: { type: string } }
`,
    },
    {
      name: 'oas3: an inline body of neither shape',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '500':
          description: Error
          content:
            application/json:
              schema:
                type: object
                required: [code]
                properties:
                  code: { type: string }
                  message: { type: string }
`,
      errors: [
        {
          path: ['paths', '/api/users', 'get', 'responses', '500', 'content', 'application/json', 'schema'],
          line: 11,
          message: '"status" is missing, "code" is not an integer, "message" is not required',
        },
      ],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '500':
          description: Error
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Error'
components:
  schemas:
${ERROR_SCHEMA_OAS3}`,
    },
    {
      name: 'oas3: a shared schema of the wrong shape is reported once; the fix reshapes it',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '400':
          description: Bad
          content:
            application/json: { schema: { $ref: '#/components/schemas/Problem' } }
        '500':
          description: Error
          content:
            application/json: { schema: { $ref: '#/components/schemas/Problem' } }
components:
  schemas:
    Problem:
      type: object
      properties:
        msg: { type: string }
`,
      errors: [{ path: ['components', 'schemas', 'Problem'], line: 17, message: 'the 400 response body (shared by 2 error responses)' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '400':
          description: Bad
          content:
            application/json: { schema: { $ref: '#/components/schemas/Problem' } }
        '500':
          description: Error
          content:
            application/json: { schema: { $ref: '#/components/schemas/Problem' } }
components:
  schemas:
    Problem:
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
`,
    },
    {
      name: 'oas3.1: a shared response without a body is reported once',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    get:
      responses:
        '404': { $ref: '#/components/responses/NotFound' }
    delete:
      responses:
        '404': { $ref: '#/components/responses/NotFound' }
components:
  responses:
    NotFound:
      description: Not found
`,
      errors: [{ path: ['components', 'responses', 'NotFound'], line: 13, message: 'the 404 response (shared by 2 error responses) has no JSON' }],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    get:
      responses:
        '404': { $ref: '#/components/responses/NotFound' }
    delete:
      responses:
        '404': { $ref: '#/components/responses/NotFound' }
components:
  responses:
    NotFound:
      description: Not found
      content:
        application/json:
          schema:
            $ref: '#/components/schemas/Error'
  schemas:
${ERROR_SCHEMA_OAS3}`,
    },
    {
      name: 'oas3.1: the fix uses shape B, the shape the document already uses',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '400':
          description: Bad
          content:
            application/json:
              schema:
                type: object
                required: [error]
                properties:
                  error: { type: string }
        '404':
          description: Not found
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '404'] }],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '400':
          description: Bad
          content:
            application/json:
              schema:
                type: object
                required: [error]
                properties:
                  error: { type: string }
        '404':
          description: Not found
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Error'
components:
  schemas:
    Error:
      type: object
      required:
        - error
      properties:
        error:
          type: string
`,
    },
    {
      name: 'oas2: no schema; the fix adds definitions.Error',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      responses:
        '400': { description: Bad request }
`,
      errors: [{ path: ['paths', '/api/users', 'post', 'responses', '400'], line: 7 }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      responses:
        '400': { description: Bad request, schema: { $ref: '#/definitions/Error' } }
definitions:
${ERROR_SCHEMA_OAS2}`,
    },
    {
      name: 'oas2: no schema; the fix reuses the shape-B schema',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      responses:
        '400': { description: Bad request }
definitions:
  Failure:
    type: object
    required: [error]
    properties:
      error: { type: string }
`,
      errors: [{ path: ['paths', '/api/users', 'post', 'responses', '400'] }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      responses:
        '400': { description: Bad request, schema: { $ref: '#/definitions/Failure' } }
definitions:
  Failure:
    type: object
    required: [error]
    properties:
      error: { type: string }
`,
    },
    {
      name: 'oas2: error bodies share a schema of the wrong shape; the fix reshapes it and reuses it',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '404': { description: Not found }
        default:
          description: Error
          schema: { $ref: '#/definitions/Err' }
definitions:
  Err:
    type: object
    properties:
      code: { type: integer }
      message: { type: string }
`,
      errors: [
        { path: ['paths', '/api/users', 'get', 'responses', '404'], line: 7 },
        { path: ['definitions', 'Err'], line: 12, message: 'the default response body' },
      ],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '404': { description: Not found, schema: { $ref: '#/definitions/Err' } }
        default:
          description: Error
          schema: { $ref: '#/definitions/Err' }
definitions:
  Err:
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
`,
    },
    {
      name: 'oas2: an XML-only body is no JSON body',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
produces: [application/xml]
paths:
  /api/users:
    get:
      responses:
        '404':
          description: Not found
          schema: { $ref: '#/definitions/Error' }
definitions:
  Error:
    type: object
    required: [status, code, message]
    properties:
      status: { type: string }
      code: { type: integer }
      message: { type: string }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '404'], message: 'no JSON error body' }],
    },
    {
      name: 'json: no body',
      document: `{
  "openapi": "3.0.3",
  "info": {
    "title": "t",
    "version": "1"
  },
  "paths": {
    "/api/users": {
      "get": {
        "responses": {
          "500": {
            "description": "Error"
          }
        }
      }
    }
  }
}
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '500'], line: 11 }],
      output: `{
  "openapi": "3.0.3",
  "info": {
    "title": "t",
    "version": "1"
  },
  "paths": {
    "/api/users": {
      "get": {
        "responses": {
          "500": {
            "description": "Error",
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
    }
  }
}
`,
    },
    {
      name: '$ref: a response in another file',
      files: {
        'responses.yaml': `NotFound:
  description: Not found
  content:
    application/json:
      schema:
        type: object
        properties:
          detail: { type: string }
`,
      },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '404':
          $ref: './responses.yaml#/NotFound'
`,
      errors: [{ path: ['NotFound', 'content', 'application/json', 'schema'], file: 'responses.yaml', line: 5 }],
    },
    {
      name: "options: shapes problem: the seed's shape A is not the API's error body (oas3.1)",
      options: { shapes: ['problem'] },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404':
          description: Not found
          content:
            application/json:
              schema: { type: object, required: [status, code, message], properties: { status: { type: string }, code: { type: integer }, message: { type: string } } }
`,
      errors: [
        {
          path: ['paths', '/api/users', 'get', 'responses', '404', 'content', 'application/json', 'schema'],
          message: "GET /api/users: the 404 response body is none of the API's error bodies: RFC 9457 problem details (title with type, status or detail).",
        },
      ],
    },
    {
      name: 'options: required: a body that does not require request_id (oas3)',
      options: { shapes: ['A'], required: ['code', 'message', 'request_id'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404':
          description: Not found
          content:
            application/json:
              schema: { type: object, required: [code, message], properties: { code: { type: string }, message: { type: string } } }
`,
      errors: [{ message: "is none of the API's error bodies: shape A, or an object requiring code, message, request_id." }],
    },
    {
      name: 'options: shapes problem: the fix adds problem details as application/problem+json (oas3)',
      options: { shapes: ['problem'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404': { description: Not found }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '404'], message: 'give it RFC 9457 problem details' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404': { description: Not found, content: { application/problem+json: { schema: { $ref: '#/components/schemas/Problem' } } } }
components:
  schemas:
    Problem:
      type: object
      properties:
        type:
          type: string
          format: uri-reference
        title:
          type: string
        status:
          type: integer
        detail:
          type: string
        instance:
          type: string
          format: uri-reference
      required:
        - title
        - status
`,
    },
    {
      name: 'options: shapes problem: the fix adds a problem details schema (oas2)',
      options: { shapes: ['problem'] },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404': { description: Not found }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '404'] }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404': { description: Not found, schema: { $ref: '#/definitions/Problem' } }
definitions:
  Problem:
    type: object
    properties:
      type:
        type: string
        format: uri-reference
      title:
        type: string
      status:
        type: integer
      detail:
        type: string
      instance:
        type: string
        format: uri-reference
    required:
      - title
      - status
`,
    },
    {
      name: "options: the team's own schema only: no fix (its body is the team's to write) (oas3.1)",
      options: { shapes: [], required: ['code'] },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404': { description: Not found }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '404'] }],
      noFix: true,
    },
    {
      name: "options: schemas: a body that is another schema than the API's (oas3)",
      options: { schemas: ['basic-error'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404':
          description: Not found
          content:
            application/json:
              schema: { $ref: '#/components/schemas/basic-error' }
        '422':
          description: Invalid
          content:
            application/json:
              schema: { $ref: '#/components/schemas/validation-error' }
components:
  schemas:
    basic-error:
      type: object
      properties: { message: { type: string }, documentation_url: { type: string }, url: { type: string } }
    validation-error:
      type: object
      properties: { message: { type: string }, documentation_url: { type: string }, errors: { type: array, items: { type: string } } }
`,
      errors: [
        {
          path: ['components', 'schemas', 'validation-error'],
          message: `GET /api/users: the 422 response body is none of the API's error bodies: shape A, or shape B, or the schema "basic-error".`,
        },
      ],
    },
    {
      name: "options: schemas: a body without the API's error schema's properties (oas2)",
      options: { schemas: ['Error'] },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '400':
          description: Invalid
          schema: { type: object, properties: { Message: { type: string } } }
definitions:
  Error:
    type: object
    properties: { Type: { type: string }, Message: { type: string } }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '400', 'schema'], message: 'or the schema "Error".' }],
    },
  ],
});
