import { testRule } from '../test/helpers/testRule';

testRule('security-scheme-conventional', {
  valid: [
    {
      name: 'oas3: X-API-Key (any casing), bearer and OAuth 2',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: x-api-key }
    Bearer: { type: http, scheme: bearer }
    OAuth:
      type: oauth2
      flows:
        clientCredentials: { tokenUrl: 'https://x.example.com/token', scopes: {} }
paths: {}
`,
    },
    {
      name: 'oas3.1: api_key in the query, OpenID Connect, Authorization header key',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
components:
  securitySchemes:
    QueryKey: { type: apiKey, in: query, name: api_key }
    Oidc: { type: openIdConnect, openIdConnectUrl: 'https://x.example.com/.well-known/openid-configuration' }
    AuthHeader: { type: apiKey, in: header, name: Authorization }
paths: {}
`,
    },
    {
      name: 'oas2: basic and X-API-Key',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
securityDefinitions:
  Basic: { type: basic }
  ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
paths: {}
`,
    },
    {
      name: 'json: X-API-Key',
      document: `{
  "openapi": "3.0.3",
  "info": { "title": "t", "version": "1" },
  "components": { "securitySchemes": { "ApiKeyAuth": { "type": "apiKey", "in": "header", "name": "X-API-Key" } } },
  "paths": {}
}
`,
    },
    {
      name: "options: headers: the team's own header (oas3)",
      options: { headers: ['X-Auth-Token'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths: {}
components:
  securitySchemes:
    token: { type: apiKey, in: header, name: x-auth-token }
    bearer: { type: http, scheme: bearer }
`,
    },
    {
      name: "options: query: the team's query name (oas2)",
      options: { query: ['token'] },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths: {}
securityDefinitions:
  key: { type: apiKey, in: query, name: token }
`,
    },
  ],
  invalid: [
    {
      name: 'oas3: another header name; the fix renames it',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
components:
  securitySchemes:
    Token:
      type: apiKey
      in: header
      name: X-Auth-Token
paths: {}
`,
      errors: [{ path: ['components', 'securitySchemes', 'Token', 'name'], line: 8, message: '"X-Auth-Token"' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
components:
  securitySchemes:
    Token:
      type: apiKey
      in: header
      name: X-API-Key
paths: {}
`,
    },
    {
      name: 'oas3.1: a cookie key; the fix moves it to the X-API-Key header',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
components:
  securitySchemes:
    Session:
      type: apiKey
      in: cookie
      name: SESSION
paths: {}
`,
      errors: [{ path: ['components', 'securitySchemes', 'Session', 'in'], line: 7, message: 'a cookie' }],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
components:
  securitySchemes:
    Session:
      type: apiKey
      in: header
      name: X-API-Key
paths: {}
`,
    },
    {
      name: 'oas3.1: mutualTLS is not a way to pass the key (no fix)',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
components:
  securitySchemes:
    Mtls: { type: mutualTLS }
paths: {}
`,
      errors: [{ path: ['components', 'securitySchemes', 'Mtls', 'type'], message: 'mutualTLS' }],
    },
    {
      name: 'oas2: another query parameter name; the fix renames it api_key',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
securityDefinitions:
  Key:
    type: apiKey
    in: query
    name: key
paths: {}
`,
      errors: [{ path: ['securityDefinitions', 'Key', 'name'], message: '"api_key"' }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
securityDefinitions:
  Key:
    type: apiKey
    in: query
    name: api_key
paths: {}
`,
    },
    {
      name: 'oas2: another header name',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
securityDefinitions:
  Token: { type: apiKey, in: header, name: Api-Token }
paths: {}
`,
      errors: [{ path: ['securityDefinitions', 'Token', 'name'] }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
securityDefinitions:
  Token: { type: apiKey, in: header, name: X-API-Key }
paths: {}
`,
    },
    {
      name: 'json: another header name',
      document: `{
  "openapi": "3.0.3",
  "info": {
    "title": "t",
    "version": "1"
  },
  "components": {
    "securitySchemes": {
      "Token": {
        "type": "apiKey",
        "in": "header",
        "name": "Token"
      }
    }
  },
  "paths": {}
}
`,
      errors: [{ path: ['components', 'securitySchemes', 'Token', 'name'], line: 12 }],
      output: `{
  "openapi": "3.0.3",
  "info": {
    "title": "t",
    "version": "1"
  },
  "components": {
    "securitySchemes": {
      "Token": {
        "type": "apiKey",
        "in": "header",
        "name": "X-API-Key"
      }
    }
  },
  "paths": {}
}
`,
    },
    {
      name: '$ref: a scheme in another file',
      files: {
        'schemes.yaml': `Token:
  type: apiKey
  in: header
  name: X-Token
`,
      },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
components:
  securitySchemes:
    Token:
      $ref: './schemes.yaml#/Token'
paths: {}
`,
      errors: [{ path: ['Token', 'name'], file: 'schemes.yaml', line: 4 }],
    },
    {
      name: "options: headers X-Auth-Token, query none: X-API-Key and a query key are reported with the API's own places (oas3)",
      options: { headers: ['X-Auth-Token'], query: [] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths: {}
components:
  securitySchemes:
    key: { type: apiKey, in: header, name: X-API-Key }
    q: { type: apiKey, in: query, name: api_key }
`,
      errors: [
        { line: 6, message: 'Security scheme "key" sends the key in header "X-API-Key": use the "X-Auth-Token" header.' },
        { line: 7, message: 'Security scheme "q" sends the key in a query: send it in the "X-Auth-Token" header.' },
      ],
      // The fix moves both keys to the team's one header.
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths: {}
components:
  securitySchemes:
    key: { type: apiKey, in: header, name: X-Auth-Token }
    q: { type: apiKey, in: header, name: X-Auth-Token }
`,
    },
    {
      name: "options: headers: two of the team's own: which one is its choice, no fix (oas2)",
      options: { headers: ['X-Auth-Token', 'X-Session-Token'] },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths: {}
securityDefinitions:
  key: { type: apiKey, in: header, name: X-API-Key }
`,
      errors: [{ line: 5, message: 'use the "X-Auth-Token" or "X-Session-Token" header.' }],
      noFix: true,
    },
    {
      name: "options: query token: api_key is not the API's name (oas3.1)",
      options: { query: ['token'] },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths: {}
components:
  securitySchemes:
    q: { type: apiKey, in: query, name: api_key }
`,
      errors: [{ line: 6, message: 'Security scheme "q" sends the key in query parameter "api_key": the API\'s names are "token".' }],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
paths: {}
components:
  securitySchemes:
    q: { type: apiKey, in: query, name: token }
`,
    },
  ],
});
