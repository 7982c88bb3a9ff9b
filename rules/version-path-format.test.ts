import { testRule } from '../test/helpers/testRule';

testRule('version-path-format', {
  valid: [
    {
      name: 'options: formats auto: every version a date (oas3)',
      options: { formats: 'auto' },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /2010-04-01/Accounts: { get: { responses: { '200': { description: OK } } } }
  /2010-04-01/Calls: { get: { responses: { '200': { description: OK } } } }
`,
    },
    {
      name: 'options: formats auto: a tie decides nothing (oas2)',
      options: { formats: 'auto' },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /v1/users: { get: { responses: { '200': { description: OK } } } }
  /2010-04-01/Calls: { get: { responses: { '200': { description: OK } } } }
`,
    },
    {
      name: 'oas3: v1 in the server URL, v10 in a path, a server variable default',
      document: `openapi: 3.0.3
info: { title: t, version: '1.2.0' }
servers:
  - url: 'https://x.io/api/{version}'
    variables: { version: { default: v2 } }
paths:
  /users: {}
  /api/v10/orders: {}
`,
    },
    {
      name: 'oas3.1: words that start with v are not versions',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/v1/videos/{id}/variants: {}
`,
    },
    {
      name: 'oas2: basePath',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
basePath: /api/v3
paths:
  /users: {}
`,
    },
    {
      name: 'json',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/v1/users": {}}}`,
    },
    {
      name: 'options: formats date: a dated version (oas3)',
      options: { formats: ['date'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /2010-04-01/Accounts: {}
`,
    },
    {
      name: 'options: formats v<n>.<m> (oas2 basePath)',
      options: { formats: ['v<n>.<m>'] },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
basePath: /api/v1.2
paths:
  /users: {}
`,
    },
  ],
  invalid: [
    {
      name: 'oas3: minor, upper case, spelled out, zero',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/v1.2/users: {}
  /api/V1/users: {}
  /api/version1/users: {}
  /api/v0/users: {}
`,
      errors: [
        { path: ['paths', '/api/v1.2/users'], line: 4, message: '"v1.2"' },
        { path: ['paths', '/api/V1/users'], line: 5, message: '"V1"' },
        { path: ['paths', '/api/version1/users'], line: 6, message: '"version1"' },
        { path: ['paths', '/api/v0/users'], line: 7, message: '"v0"' },
      ],
    },
    {
      name: 'oas3.1: a server URL, a server variable default, a path-level server',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
servers:
  - url: https://x.io/api/v2.0
  - url: 'https://{host}/api/{version}'
    variables:
      host: { default: x.io }
      version: { default: '2' }
paths:
  /users:
    servers: [{ url: /api/v1beta }]
`,
      errors: [
        { path: ['servers', '0', 'url'], line: 4, message: '"v2.0"' },
        { path: ['servers', '1', 'variables', 'version', 'default'], line: 8, message: '"2"' },
        { path: ['paths', '/users', 'servers', '0', 'url'], line: 11, message: '"v1beta"' },
      ],
    },
    {
      name: 'oas3.0: operation-level servers (each operation checked once, under its own path item)',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /a:
    get:
      servers: [{ url: /api/v1.1 }]
      responses: { '200': { description: ok } }
    post:
      responses: { '201': { description: ok } }
  /b:
    put:
      servers: [{ url: /api/v3 }, { url: /api/V2 }]
      responses: { '200': { description: ok } }
`,
      errors: [
        { path: ['paths', '/a', 'get', 'servers', '0', 'url'], line: 6, message: '"v1.1"' },
        { path: ['paths', '/b', 'put', 'servers', '1', 'url'], line: 12, message: '"V2"' },
      ],
    },
    {
      name: 'oas2: basePath with a bare number; a dated path',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
basePath: /api/1
paths:
  /users: {}
`,
      errors: [{ path: ['basePath'], line: 3, message: '"1"' }],
    },
    {
      name: 'json: a dated version',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/2010-04-01/Accounts": {}}}`,
      errors: [{ path: ['paths', '/2010-04-01/Accounts'], message: '"2010-04-01"' }],
    },
    {
      name: 'options: formats date: v1 is not a date (oas3.1)',
      options: { formats: ['date'] },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/v1/users: {}
`,
      errors: [{ path: ['paths', '/api/v1/users'], message: 'Version segment "v1" in "/api/v1/users" is not a date (YYYY-MM-DD) (2010-04-01).' }],
    },
    {
      name: 'options: formats v<n> and <n>.<m>: V2 is neither (oas3 server)',
      options: { formats: ['v<n>', '<n>.<m>'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
servers: [{ url: 'https://x.io/api/V2' }]
paths:
  /users: {}
  /2.0/users: {}
`,
      errors: [{ line: 3, message: 'is not v + a positive integer (v1), or a major version and an optional minor one (2.0).' }],
    },
    {
      name: 'options: formats auto: the version written otherwise than most, with the counts (oas3.1)',
      options: { formats: 'auto' },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /2010-04-01/Accounts: { get: { responses: { '200': { description: OK } } } }
  /2010-04-01/Calls: { get: { responses: { '200': { description: OK } } } }
  /v1/Other: { get: { responses: { '200': { description: OK } } } }
`,
      errors: [
        {
          path: ['paths', '/v1/Other'],
          message: 'Version segment "v1" in "/v1/Other" is not a date (YYYY-MM-DD) (2010-04-01): 2 of 3 path items with a version segment write it so.',
        },
      ],
    },
    {
      name: 'options: formats auto (oas2)',
      options: { formats: 'auto' },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /v1/users: { get: { responses: { '200': { description: OK } } } }
  /v2/teams: { get: { responses: { '200': { description: OK } } } }
  /1.0/jobs: { get: { responses: { '200': { description: OK } } } }
`,
      errors: [{ path: ['paths', '/1.0/jobs'], message: '2 of 3 path items with a version segment write it so' }],
    },
  ],
});
