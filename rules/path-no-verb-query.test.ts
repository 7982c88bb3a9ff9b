import { testRule } from '../test/helpers/testRule';

testRule('path-no-verb-query', {
  valid: [
    {
      name: 'oas3: list parameters',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/orders:
    get:
      parameters:
        - { name: page, in: query, schema: { type: integer } }
        - { name: action, in: header, schema: { type: string } }
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'oas3.1: a path parameter named op is not a query',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/ops/{op}:
    get:
      parameters:
        - { name: op, in: path, required: true, schema: { type: string } }
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'oas2: filter',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/orders:
    get:
      parameters:
        - { name: filter, in: query, type: string }
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'json',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/orders": {"get": {"parameters": [{"name": "sort", "in": "query"}], "responses": {"200": {"description": "OK"}}}}}}`,
    },
    {
      name: 'options: names replaces the list: "method" is a parameter of yours (oas3)',
      options: { names: ['cmd'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/payments:
    get:
      parameters:
        - { name: method, in: query, schema: { type: string } }
      responses: { '200': { description: OK } }
`,
    },
  ],
  invalid: [
    {
      name: 'oas3: action on the operation, cmd on the path item',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/orders:
    parameters:
      - { name: cmd, in: query, schema: { type: string } }
    post:
      parameters:
        - name: action
          in: query
          schema: { type: string }
      responses: { '200': { description: OK } }
    get:
      responses: { '200': { description: OK } }
`,
      errors: [
        { path: ['paths', '/api/orders', 'parameters', '0', 'name'], line: 6, message: '"cmd"' },
        { path: ['paths', '/api/orders', 'post', 'parameters', '0', 'name'], line: 9, message: '"action"' },
      ],
    },
    {
      name: 'oas3.1: through a $ref, reported once at the shared parameter',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/orders:
    get:
      parameters: [{ $ref: '#/components/parameters/Op' }]
      responses: { '200': { description: OK } }
  /api/items:
    get:
      parameters: [{ $ref: '#/components/parameters/Op' }]
      responses: { '200': { description: OK } }
components:
  parameters:
    Op:
      name: Operation
      in: query
      schema: { type: string }
`,
      errors: [{ path: ['components', 'parameters', 'Op', 'name'], line: 15, message: '"Operation"' }],
    },
    {
      name: 'oas2: method and verb',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/orders:
    get:
      parameters:
        - { name: method, in: query, type: string }
        - { name: verb, in: query, type: string }
      responses: { '200': { description: OK } }
`,
      errors: [
        { line: 7, message: '"method"' },
        { line: 8, message: '"verb"' },
      ],
    },
    {
      name: 'multi-file: the parameter in another file',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/orders:
    get:
      parameters: [{ $ref: 'params.yaml#/Do' }]
      responses: { '200': { description: OK } }
`,
      files: { 'params.yaml': 'Do:\n  name: do\n  in: query\n  schema: { type: string }\n' },
      errors: [{ file: 'params.yaml', line: 2, path: ['Do', 'name'] }],
    },
    {
      name: 'json',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"},
 "paths": {"/api/orders": {"get": {"parameters": [{"name": "command", "in": "query"}], "responses": {"200": {"description": "OK"}}}}}}`,
      errors: [{ line: 2, message: '"command"' }],
    },
    {
      name: "options: names: a name of the team's own, in any case (oas2)",
      options: { names: ['rpc'] },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/things:
    get:
      parameters:
        - { name: RPC, in: query, type: string }
        - { name: action, in: query, type: string }
      responses: { '200': { description: OK } }
`,
      errors: [{ line: 7, message: 'Query parameter "RPC" selects an action' }],
    },
  ],
});
