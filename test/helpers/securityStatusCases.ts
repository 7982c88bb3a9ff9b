/**
 * The cases of `security-401` and `security-403`: the two rules ask the same of a secured operation (declare
 * the status, reuse or add the shared response), one for 401 Unauthorized, the other for 403 Forbidden. The
 * cases are written once, for 401; `securityStatusCases('403')` swaps 401 and 403 (the "other" status of a
 * case swaps too), the response name and its description in every string.
 */
import type { InvalidCase, ValidCase } from './testRule';
import { ERROR_SCHEMA_OAS2, ERROR_SCHEMA_OAS3 } from './fixtureYaml';

const CASES_401: { valid: ValidCase[]; invalid: InvalidCase[] } = {
  valid: [
    {
      name: 'oas3: secured, declares 401',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
security:
  - ApiKeyAuth: []
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '401': { description: Error }
`,
    },
    {
      name: 'oas3.1: not secured (no security at all)',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
`,
    },
    {
      name: 'oas3.1: an operation that opts out is not secured',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
security:
  - ApiKeyAuth: []
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
paths:
  /api/health:
    get:
      security: []
      responses:
        '200': { description: OK }
`,
    },
    {
      name: 'oas2: secured, declares 401 through a shared response',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
securityDefinitions:
  ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
security:
  - ApiKeyAuth: []
responses:
  Unauthorized: { description: Error }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '401': { $ref: '#/responses/Unauthorized' }
`,
    },
    {
      name: 'json: secured, declares 401',
      document: `{
  "openapi": "3.0.3", "info": { "title": "t", "version": "1" },
  "security": [{ "K": [] }],
  "components": { "securitySchemes": { "K": { "type": "http", "scheme": "bearer" } } },
  "paths": { "/api/users": { "get": { "responses": { "200": { "description": "OK" }, "401": { "description": "E" } } } } }
}
`,
    },
  ],
  invalid: [
    {
      name: 'oas3: the fix adds a shared Unauthorized response and the Error schema',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
security:
  - ApiKeyAuth: []
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses'], line: 11, message: 'no 401 response' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
security:
  - ApiKeyAuth: []
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
  schemas:
${ERROR_SCHEMA_OAS3}  responses:
    Unauthorized:
      description: 'Unauthorized: the API key is missing or invalid'
      content:
        application/json:
          schema:
            $ref: '#/components/schemas/Error'
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '401':
          $ref: '#/components/responses/Unauthorized'
`,
    },
    {
      name: 'oas3: the fix reuses the 401 response other operations use',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
security:
  - ApiKeyAuth: []
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
  responses:
    Problem401:
      description: Error
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '401': { $ref: '#/components/responses/Problem401' }
  /api/users/{id}:
    get:
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'get', 'responses'] }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
security:
  - ApiKeyAuth: []
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
  responses:
    Problem401:
      description: Error
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '401': { $ref: '#/components/responses/Problem401' }
  /api/users/{id}:
    get:
      responses:
        '200': { description: OK }
        '401':
          $ref: '#/components/responses/Problem401'
`,
    },
    {
      name: 'oas3: the fix reuses the existing Error schema',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
security:
  - ApiKeyAuth: []
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
  schemas:
    Error:
      type: object
      required: [error]
      properties:
        error: { type: string }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses'] }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
security:
  - ApiKeyAuth: []
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
  schemas:
    Error:
      type: object
      required: [error]
      properties:
        error: { type: string }
  responses:
    Unauthorized:
      description: 'Unauthorized: the API key is missing or invalid'
      content:
        application/json:
          schema:
            $ref: '#/components/schemas/Error'
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '401':
          $ref: '#/components/responses/Unauthorized'
`,
    },
    {
      name: 'oas3.1: operation-level security, no responses key',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
paths:
  /api/users:
    get:
      security: [{ ApiKeyAuth: [] }]
`,
      errors: [{ path: ['paths', '/api/users', 'get'], line: 8 }],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
  schemas:
${ERROR_SCHEMA_OAS3}  responses:
    Unauthorized:
      description: 'Unauthorized: the API key is missing or invalid'
      content:
        application/json:
          schema:
            $ref: '#/components/schemas/Error'
paths:
  /api/users:
    get:
      security: [{ ApiKeyAuth: [] }]
      responses:
        '401':
          $ref: '#/components/responses/Unauthorized'
`,
    },
    {
      name: 'oas2: the fix reuses responses.Unauthorized',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
securityDefinitions:
  ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
security:
  - ApiKeyAuth: []
responses:
  Unauthorized:
    description: Error
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses'] }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
securityDefinitions:
  ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
security:
  - ApiKeyAuth: []
responses:
  Unauthorized:
    description: Error
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '401':
          $ref: '#/responses/Unauthorized'
`,
    },
    {
      name: 'oas2: the fix adds responses.Unauthorized and definitions.Error',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
securityDefinitions:
  ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
security:
  - ApiKeyAuth: []
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404': { description: Other }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses'] }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
securityDefinitions:
  ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
security:
  - ApiKeyAuth: []
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '401':
          $ref: '#/responses/Unauthorized'
        '404': { description: Other }
definitions:
${ERROR_SCHEMA_OAS2}responses:
  Unauthorized:
    description: 'Unauthorized: the API key is missing or invalid'
    schema:
      $ref: '#/definitions/Error'
`,
    },
    {
      name: 'oas2: 4XX and default do not count as 401',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
securityDefinitions:
  ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
security:
  - ApiKeyAuth: []
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        4XX: { description: Client error }
        default: { description: Error }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses'] }],
    },
    {
      name: 'json: secured, no 401',
      document: `{
  "openapi": "3.0.3",
  "info": {
    "title": "t",
    "version": "1"
  },
  "security": [
    {
      "K": []
    }
  ],
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
  },
  "components": {
    "securitySchemes": {
      "K": {
        "type": "http",
        "scheme": "bearer"
      }
    }
  }
}
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses'], line: 15 }],
      output: `{
  "openapi": "3.0.3",
  "info": {
    "title": "t",
    "version": "1"
  },
  "security": [
    {
      "K": []
    }
  ],
  "paths": {
    "/api/users": {
      "get": {
        "responses": {
          "200": {
            "description": "OK"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          }
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "K": {
        "type": "http",
        "scheme": "bearer"
      }
    },
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
      "Unauthorized": {
        "description": "Unauthorized: the API key is missing or invalid",
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
      name: '$ref: a path item in another file',
      files: {
        'paths/users.yaml': `get:
  responses:
    '200': { description: OK }
`,
      },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
security:
  - ApiKeyAuth: []
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
paths:
  /api/users:
    $ref: './paths/users.yaml'
`,
      errors: [{ path: ['get', 'responses'], file: 'paths/users.yaml', line: 2 }],
    },
  ],
};

const SWAP_403: Record<string, string> = {
  '401': '403',
  '403': '401',
  'Unauthorized: the API key is missing or invalid': 'Forbidden: the API key lacks permission for this resource',
  Unauthorized: 'Forbidden',
};

function swap<T>(value: T): T {
  if (typeof value === 'string') return value.replace(/Unauthorized: the API key is missing or invalid|Unauthorized|401|403/g, m => SWAP_403[m]!) as T;
  if (Array.isArray(value)) return value.map(swap) as T;
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swap(v)])) as T;
  return value;
}

export function securityStatusCases(status: '401' | '403'): { valid: ValidCase[]; invalid: InvalidCase[] } {
  return status === '401' ? CASES_401 : swap(CASES_401);
}
