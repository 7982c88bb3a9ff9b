import { testRule } from '../test/helpers/testRule';

testRule('status-code-standard', {
  valid: [
    {
      name: 'oas3: registered codes, ranges and default',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: x }
        '201': { description: x }
        '304': { description: x }
        4XX: { description: x }
        5XX: { description: x }
        default: { description: x }
`,
    },
    {
      name: 'oas3.1: rarer registered codes',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '103': { description: x }
        '226': { description: x }
        '308': { description: x }
        '451': { description: x }
        '511': { description: x }
`,
    },
    {
      name: 'oas2: codes and an extension key',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: x }
        '404': { description: x }
        default: { description: x }
        x-note: { description: x }
`,
    },
    {
      name: 'json: registered codes',
      document: `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"get": {"responses": {"200": {"description": "x"}, "429": {"description": "x"}}}}}}
`,
    },
  ],
  invalid: [
    {
      name: 'oas3: unregistered codes',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: x }
        '299': { description: x }
        '432': { description: x }
`,
      errors: [
        {
          path: ['paths', '/api/users', 'get', 'responses', '299'],
          line: 8,
          message: 'not in the IANA status code registry; use a registered code (or the range "2XX")',
        },
        { path: ['paths', '/api/users', 'get', 'responses', '432'], line: 9 },
      ],
    },
    {
      name: 'oas3: a lower-case range',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: x }
        4xx: { description: x }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '4xx'], message: 'write the range in capitals: "4XX"' }],
    },
    {
      name: 'oas3.1: 306 and 418 are unused in the registry',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '306': { description: x }
        '418': { description: x }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '306'] }, { path: ['paths', '/api/users', 'get', 'responses', '418'] }],
    },
    {
      name: 'oas2: out of range and not a code',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: x }
        '600': { description: x }
        ok: { description: x }
        Default: { description: x }
`,
      errors: [
        { path: ['paths', '/api/users', 'get', 'responses', '600'], message: 'between 100 and 599' },
        { path: ['paths', '/api/users', 'get', 'responses', 'ok'], message: 'three-digit' },
        { path: ['paths', '/api/users', 'get', 'responses', 'Default'], message: '"default"' },
      ],
    },
    {
      name: 'json: an unregistered code',
      document: `{
  "swagger": "2.0",
  "info": { "title": "t", "version": "1" },
  "paths": { "/api/users": { "get": { "responses": {
    "200": { "description": "x" },
    "499": { "description": "x" }
  } } } }
}
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '499'], line: 6 }],
    },
    {
      name: '$ref: a path item in another file',
      files: {
        'paths/users.yaml': `get:
  responses:
    '200': { description: OK }
    '250': { description: Odd }
`,
      },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    $ref: './paths/users.yaml'
`,
      errors: [{ path: ['get', 'responses', '250'], file: 'paths/users.yaml', line: 4 }],
    },
  ],
});
