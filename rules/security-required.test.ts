import { testRule } from '../test/helpers/testRule';

testRule('security-required', {
  valid: [
    {
      name: 'options: allowOptOut: an operation declared public with security: [] (oas3)',
      options: { allowOptOut: true },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
security:
  - OAuth2: []
components:
  securitySchemes:
    OAuth2: { type: oauth2, flows: { authorizationCode: { authorizationUrl: 'https://example.com/authorize', tokenUrl: 'https://example.com/oauth2/token', scopes: {} } } }
paths:
  /oauth2/token:
    post:
      security: []
      responses:
        '200': { description: OK }
`,
    },
    {
      name: 'options: allowOptOut (oas2)',
      options: { allowOptOut: true },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
security:
  - ApiKeyAuth: []
securityDefinitions:
  ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
paths:
  /api/categories:
    get:
      security: []
      responses:
        '200': { description: OK }
`,
    },
    {
      name: 'oas3: root security names a scheme',
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
    },
    {
      name: 'oas3.1: every operation names a scheme, no root security',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
components:
  securitySchemes:
    Bearer: { type: http, scheme: bearer }
paths:
  /api/users:
    get:
      security: [{ Bearer: [] }]
      responses:
        '200': { description: OK }
    post:
      security:
        - Bearer: []
      responses:
        '201': { description: Created }
`,
    },
    {
      name: 'oas2: root security',
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
`,
    },
    {
      name: 'json: root security',
      document: `{
  "openapi": "3.0.3",
  "info": { "title": "t", "version": "1" },
  "security": [{ "ApiKeyAuth": [] }],
  "components": { "securitySchemes": { "ApiKeyAuth": { "type": "apiKey", "in": "header", "name": "X-API-Key" } } },
  "paths": { "/api/users": { "get": { "responses": { "200": { "description": "OK" } } } } }
}
`,
    },
    {
      name: 'oas3: no operations at all',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths: {}
`,
    },
  ],
  invalid: [
    {
      name: 'options: allowOptOut: an empty requirement {} and an operation no requirement covers are still reported (oas3.1)',
      options: { allowOptOut: true },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
paths:
  /api/health:
    get:
      security: []
      responses:
        '200': { description: OK }
  /api/users:
    get:
      security: [{}]
      responses:
        '200': { description: OK }
  /api/teams:
    get:
      responses:
        '200': { description: OK }
`,
      errors: [
        { path: ['paths', '/api/users', 'get', 'security'], line: 14, message: 'empty requirement' },
        { path: ['paths', '/api/teams', 'get'], line: 18, message: 'is not secured' },
      ],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
paths:
  /api/health:
    get:
      security: []
      responses:
        '200': { description: OK }
  /api/users:
    get:
      responses:
        '200': { description: OK }
  /api/teams:
    get:
      responses:
        '200': { description: OK }
security:
  - ApiKeyAuth: []
`,
    },
    {
      name: 'oas3.2: an unsecured QUERY and additionalOperations entry are flagged',
      document: `openapi: 3.2.0
info: { title: t, version: '1' }
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
paths:
  /api/orders:
    get:
      security: [{ ApiKeyAuth: [] }]
      responses: { '200': { description: OK } }
    query:
      requestBody: { content: { application/json: { schema: { type: object } } } }
      responses: { '200': { description: OK } }
    additionalOperations:
      PURGE:
        responses: { '204': { description: Purged } }
`,
      errors: [{ path: ['paths', '/api/orders', 'query'] }, { path: ['paths', '/api/orders', 'additionalOperations', 'PURGE'] }],
    },
    {
      name: 'oas3: no security anywhere; the fix adds an X-API-Key scheme',
      document: `openapi: 3.0.3
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
      errors: [
        { path: ['paths', '/api/users', 'get'], line: 5, message: 'declares no "security"' },
        { path: ['paths', '/api/users', 'post'], line: 8 },
      ],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
    post:
      responses:
        '201': { description: Created }
components:
  securitySchemes:
    ApiKeyAuth:
      type: apiKey
      in: header
      name: X-API-Key
security:
  - ApiKeyAuth: []
`,
    },
    {
      name: 'oas3: a scheme but no requirement; the fix names the existing scheme',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
components:
  securitySchemes:
    Bearer: { type: http, scheme: bearer }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/users', 'get'] }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
components:
  securitySchemes:
    Bearer: { type: http, scheme: bearer }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
security:
  - Bearer: []
`,
    },
    {
      name: 'oas3: root security: [] names no scheme',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
security: []
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/users', 'get'], message: 'root "security" names no scheme' }],
      output: `openapi: 3.0.3
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
    },
    {
      name: 'oas3.1: an operation opts out with security: []',
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
  /api/users:
    get:
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/health', 'get', 'security'], line: 11, message: 'opts out' }],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
security:
  - ApiKeyAuth: []
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
paths:
  /api/health:
    get:
      responses:
        '200': { description: OK }
  /api/users:
    get:
      responses:
        '200': { description: OK }
`,
    },
    {
      name: 'oas2: no security anywhere',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/users', 'get'] }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
securityDefinitions:
  ApiKeyAuth:
    type: apiKey
    in: header
    name: X-API-Key
security:
  - ApiKeyAuth: []
`,
    },
    {
      name: 'oas2: an empty requirement {} makes the key optional',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
securityDefinitions:
  ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
security:
  - ApiKeyAuth: []
paths:
  /api/users:
    get:
      security:
        - {}
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'security'], message: 'optional' }],
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
`,
    },
    {
      name: 'json: no security',
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
          "200": {
            "description": "OK"
          }
        }
      }
    }
  }
}
`,
      errors: [{ path: ['paths', '/api/users', 'get'], line: 9 }],
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
          "200": {
            "description": "OK"
          }
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "ApiKeyAuth": {
        "type": "apiKey",
        "in": "header",
        "name": "X-API-Key"
      }
    }
  },
  "security": [
    {
      "ApiKeyAuth": []
    }
  ]
}
`,
    },
    {
      name: '$ref: a path item in another file opts out',
      files: {
        'paths/users.yaml': `get:
  security: []
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
      errors: [{ path: ['get', 'security'], file: 'paths/users.yaml', line: 2 }],
    },
  ],
});
