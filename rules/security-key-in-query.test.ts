import { testRule } from '../test/helpers/testRule';

testRule('security-key-in-query', {
  valid: [
    {
      name: 'oas3: header key',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
paths: {}
`,
    },
    {
      name: 'oas3.1: bearer token',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
components:
  securitySchemes:
    Bearer: { type: http, scheme: bearer }
paths: {}
`,
    },
    {
      name: 'oas2: header key',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
securityDefinitions:
  ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
paths: {}
`,
    },
    {
      name: 'json: header key',
      document: `{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "securityDefinitions": {"K": {"type": "apiKey", "in": "header", "name": "X-API-Key"}}, "paths": {}}
`,
    },
  ],
  invalid: [
    {
      name: 'oas3: api_key in the query',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
components:
  securitySchemes:
    QueryKey:
      type: apiKey
      in: query
      name: api_key
paths: {}
`,
      errors: [{ path: ['components', 'securitySchemes', 'QueryKey', 'in'], line: 7, message: 'query string' }],
    },
    {
      name: 'oas3.1: two schemes, one in the query',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
    QueryKey: { type: apiKey, in: query, name: key }
paths: {}
`,
      errors: [{ path: ['components', 'securitySchemes', 'QueryKey', 'in'], line: 6 }],
    },
    {
      name: 'oas2: securityDefinitions in the query',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
securityDefinitions:
  QueryKey: { type: apiKey, in: query, name: api_key }
paths: {}
`,
      errors: [{ path: ['securityDefinitions', 'QueryKey', 'in'] }],
    },
    {
      name: 'json: in the query',
      document: `{
  "swagger": "2.0",
  "info": { "title": "t", "version": "1" },
  "securityDefinitions": { "QueryKey": { "type": "apiKey", "in": "query", "name": "api_key" } },
  "paths": {}
}
`,
      errors: [{ path: ['securityDefinitions', 'QueryKey', 'in'], line: 4 }],
    },
    {
      name: '$ref: a scheme in another file',
      files: {
        'schemes.yaml': `QueryKey:
  type: apiKey
  in: query
  name: api_key
`,
      },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
components:
  securitySchemes:
    QueryKey:
      $ref: './schemes.yaml#/QueryKey'
paths: {}
`,
      errors: [{ path: ['QueryKey', 'in'], file: 'schemes.yaml', line: 3 }],
    },
  ],
});
