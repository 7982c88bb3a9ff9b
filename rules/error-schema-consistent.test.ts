import { testRule } from '../test/helpers/testRule';

testRule('error-schema-consistent', {
  valid: [
    {
      name: 'oas3: all shape A',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '400':
          description: E
          content:
            application/json: { schema: { $ref: '#/components/schemas/Error' } }
        '404':
          description: E
          content:
            application/json: { schema: { $ref: '#/components/schemas/Error' } }
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
    Failure:
      type: object
      required: [error]
      properties:
        error: { type: string }
`,
    },
    {
      name: 'oas3.1: all shape B; a body of neither shape is left to error-schema',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '400':
          description: E
          content:
            application/json: { schema: { $ref: '#/components/schemas/Failure' } }
        '404':
          description: E
          content:
            application/json: { schema: { $ref: '#/components/schemas/Failure' } }
        '500':
          description: E
          content:
            application/json: { schema: { type: object } }
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
    Failure:
      type: object
      required: [error]
      properties:
        error: { type: string }
`,
    },
    {
      name: 'oas2: all shape A',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '400': { description: E, schema: { $ref: '#/definitions/Error' } }
        default: { description: E, schema: { $ref: '#/definitions/Error' } }
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
      name: 'json: a single error response',
      document: `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"get": {"responses": {"400": {"description": "E", "content": {"application/json": {"schema": {"type": "object", "required": ["error"], "properties": {"error": {"type": "string"}}}}}}}}}}}
`,
    },
    {
      // A response to HEAD has no body (RFC 9110 §9.3.2): its schemas are no error bodies of the API, so the one GET's
      // shape A is the document's, the shape error-schema's fix writes (error-schema.schemas.test.ts).
      name: "oas3: a HEAD's error schemas are not counted",
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404': { description: Not found, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
    head:
      responses:
        '200': { description: OK }
        '404': { description: Not found, content: { application/json: { schema: { type: object, required: [error], properties: { error: { type: string } } } } } }
        '500': { description: Oops, content: { application/json: { schema: { type: object, required: [error], properties: { error: { type: string } } } } } }
components:
  schemas:
    Error:
      type: object
      required: [status, code, message]
      properties: { status: { type: string }, code: { type: integer }, message: { type: string } }
`,
    },
  ],
  invalid: [
    {
      name: 'oas3: two A, one B: B is flagged',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '400':
          description: E
          content:
            application/json: { schema: { $ref: '#/components/schemas/Error' } }
        '404':
          description: E
          content:
            application/json: { schema: { $ref: '#/components/schemas/Error' } }
        '500':
          description: E
          content:
            application/json:
              schema:
                type: object
                required: [error]
                properties:
                  error: { type: string }
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
      errors: [
        {
          path: ['paths', '/api/users', 'get', 'responses', '500', 'content', 'application/json', 'schema'],
          line: 19,
          message: "uses shape B (error), but 2 of the document's 3",
        },
      ],
    },
    {
      name: 'oas3.1: a shared B schema used twice is flagged once; A used three times wins',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '400':
          description: E
          content:
            application/json: { schema: { $ref: '#/components/schemas/Error' } }
        '404':
          description: E
          content:
            application/json: { schema: { $ref: '#/components/schemas/Error' } }
        '500':
          description: E
          content:
            application/json: { schema: { $ref: '#/components/schemas/Failure' } }
    post:
      responses:
        '400':
          description: E
          content:
            application/json: { schema: { $ref: '#/components/schemas/Error' } }
        '500':
          description: E
          content:
            application/json: { schema: { $ref: '#/components/schemas/Failure' } }
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
    Failure:
      type: object
      required: [error]
      properties:
        error: { type: string }
`,
      errors: [
        {
          path: ['components', 'schemas', 'Failure'],
          message: "the 500 response (shared by 2 error responses) uses shape B (error), but 3 of the document's 5",
        },
      ],
    },
    {
      name: 'oas3: B is the majority: A is flagged',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '400':
          description: E
          content:
            application/json: { schema: { $ref: '#/components/schemas/Failure' } }
        '404':
          description: E
          content:
            application/json: { schema: { $ref: '#/components/schemas/Failure' } }
        '500':
          description: E
          content:
            application/json: { schema: { $ref: '#/components/schemas/Error' } }
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
    Failure:
      type: object
      required: [error]
      properties:
        error: { type: string }
`,
      errors: [{ path: ['components', 'schemas', 'Error'], message: 'uses shape A' }],
    },
    {
      name: 'oas2: mixed shapes',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '400': { description: E, schema: { $ref: '#/definitions/Error' } }
        '404': { description: E, schema: { $ref: '#/definitions/Error' } }
        '500':
          description: E
          schema:
            type: object
            required: [error]
            properties:
              error: { type: string }
definitions:
  Error:
    type: object
    required: [status, code, message]
    properties:
      status: { type: string }
      code: { type: integer }
      message: { type: string }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '500', 'schema'], line: 11 }],
    },
    {
      name: 'json: mixed shapes',
      document: `{
  "swagger": "2.0",
  "info": { "title": "t", "version": "1" },
  "paths": { "/api/users": { "get": { "responses": {
    "400": { "description": "E", "schema": { "type": "object", "required": ["error"], "properties": { "error": { "type": "string" } } } },
    "404": { "description": "E", "schema": { "type": "object", "required": ["error"], "properties": { "error": { "type": "string" } } } },
    "500": { "description": "E", "schema": { "type": "object", "required": ["status", "code", "message"], "properties": { "status": { "type": "string" }, "code": { "type": "integer" }, "message": { "type": "string" } } } }
  } } } }
}
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '500', 'schema'], line: 7 }],
    },
    {
      name: '$ref: the odd schema in another file',
      files: {
        'failure.yaml': `type: object
required: [error]
properties:
  error: { type: string }
`,
      },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '400':
          description: E
          content:
            application/json: { schema: { $ref: '#/components/schemas/Error' } }
        '404':
          description: E
          content:
            application/json: { schema: { $ref: '#/components/schemas/Error' } }
        '500':
          description: E
          content:
            application/json: { schema: { $ref: './failure.yaml' } }
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
      errors: [{ path: [], file: 'failure.yaml', line: 1 }],
    },
  ],
});
