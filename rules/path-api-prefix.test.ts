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
    {
      name: 'options: prefix /v1 (oas3 server URL)',
      options: { prefix: '/v1' },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
servers: [{ url: 'https://x.example.com/v1' }]
paths:
  /users: {}
`,
    },
    {
      name: 'options: a list of prefixes, any one will do (oas2)',
      options: { prefix: ['/v1', '/v2'] },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /v1/users: {}
  /v2/users: {}
`,
    },
    {
      name: 'options: prefix auto, every path under the same first segment (oas3.1)',
      options: { prefix: 'auto' },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /2010-04-01/Accounts: {}
  /2010-04-01/Calls: {}
`,
    },
    {
      name: 'options: prefix auto: a resource most paths start with is no prefix (oas3)',
      options: { prefix: 'auto' },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /users: {}
  /users/{id}: {}
  /getUsers: {}
`,
    },
    {
      name: 'options: prefix auto, no majority: no convention to hold the paths to',
      options: { prefix: 'auto' },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /users: {}
  /orders: {}
`,
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
    {
      name: 'options: prefix /v1: /api is not it (oas3)',
      options: { prefix: '/v1' },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users: {}
  /v1x/users: {}
  /v1/users: {}
`,
      errors: [
        { path: ['paths', '/api/users'], message: 'Path "/api/users" does not start with /v1/: put resources under /v1/ (in the path or the server URL).' },
        { path: ['paths', '/v1x/users'] },
      ],
    },
    {
      name: 'options: a list of prefixes (oas2)',
      options: { prefix: ['/v1', '/v2'] },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /v3/users: {}
`,
      errors: [{ path: ['paths', '/v3/users'], message: 'does not start with /v1/ or /v2/: put resources under /v1/ or /v2/' }],
    },
    {
      name: 'options: prefix auto: the paths outside the majority, with what the rest does (oas3.1)',
      options: { prefix: 'auto' },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /v1/users: {}
  /v1/orders: {}
  /v1/invoices: {}
  /legacy/users: {}
`,
      errors: [{ path: ['paths', '/legacy/users'], message: 'Path "/legacy/users" does not start with /v1/: 3 of 4 paths start with /v1/.' }],
    },
  ],
});
