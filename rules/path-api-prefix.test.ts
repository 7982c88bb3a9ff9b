import { testRule } from '../test/helpers/testRule';

testRule('path-api-prefix', {
  valid: [
    {
      name: 'oas3: prefix in the server URL',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
servers: [{ url: 'https://x.example.com/api/v1' }]
paths:
  /users: {}
`,
    },
    {
      name: 'oas3.1: prefix in the path key, server variables',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
servers:
  - url: 'https://{host}/{base}'
    variables: { host: { default: x.io }, base: { default: api } }
paths:
  /users: {}
`,
    },
    {
      name: 'oas2: basePath',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
basePath: /api/v2
paths:
  /users: {}
`,
    },
    {
      name: 'json',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {}}}`,
    },
  ],
  invalid: [
    {
      name: 'oas3: no prefix',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
servers: [{ url: 'https://x.example.com/v1' }]
paths:
  /users: {}
`,
      errors: [{ path: ['paths', '/users'], line: 5, message: '/v1/users' }],
    },
    {
      name: 'oas3.1: /apis is not /api',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /apis/users: {}
`,
      errors: [{ path: ['paths', '/apis/users'], line: 4 }],
    },
    {
      name: 'oas2: basePath without /api',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
basePath: /v2
paths:
  /users: {}
`,
      errors: [{ path: ['paths', '/users'] }],
    },
  ],
});
