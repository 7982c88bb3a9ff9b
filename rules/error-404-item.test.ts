import { testRule } from '../test/helpers/testRule';
import { opsDoc } from '../test/helpers/opsDoc';
import { ERROR_SCHEMA_OAS3 } from '../test/helpers/fixtureYaml';

testRule('error-404-item', {
  valid: [
    {
      name: 'options: methods [get], a PUT without 404 is not judged (oas3)',
      options: { methods: ['get'] },
      document: opsDoc('3.0.3', '/api/users/{id}', { get: { responses: ['200', '404'] }, put: { body: true, responses: ['200'] } }),
    },
    {
      name: 'options: methods [] turns the requirement off (oas2)',
      options: { methods: [] },
      document: opsDoc('2.0', '/api/users/{id}', { get: { responses: ['200'] } }),
    },
    {
      name: 'options: methods all, every method declares it (oas3.1)',
      options: { methods: 'all' },
      document: opsDoc('3.1.0', '/api/users/{id}', { get: { responses: ['200', '404'] } }),
    },
    {
      name: 'oas3: a collection path needs no 404',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
`,
    },
    {
      name: 'oas3: an item path with 404',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    get:
      responses:
        '200': { description: OK }
        '404': { description: Not found }
`,
    },
    {
      name: 'oas3.1: a sub-collection below an item',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}/orders:
    get:
      responses:
        '200': { description: OK }
`,
    },
    {
      name: 'oas2: an item path with 404',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '204': { description: Deleted }
        '404': { description: Not found }
`,
    },
    {
      name: 'json: item with 404',
      document: `{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users/{id}": {"get": {"responses": {"200": {"description": "OK"}, "404": {"description": "NF"}}}}}}
`,
    },
  ],
  invalid: [
    {
      name: 'options: methods [get, patch], the GET without 404 (oas3)',
      options: { methods: ['get', 'patch'] },
      document: opsDoc('3.0.3', '/api/users/{id}', { get: { responses: ['200'] }, put: { body: true, responses: ['200'] } }),
      errors: [{ path: ['paths', '/api/users/{id}', 'get', 'responses'], message: 'GET /api/users/{id} addresses one resource' }],
    },
    {
      name: 'options: methods all (oas2)',
      options: { methods: 'all' },
      document: opsDoc('2.0', '/api/users/{id}', { put: { body: true, responses: ['200'] } }),
      errors: [{ message: 'PUT /api/users/{id}' }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      parameters:
        - { name: id, in: path, required: true, type: string }
        - { name: body, in: body, schema: { type: object } }
      responses:
        '200': { description: x }
        '404':
          $ref: '#/responses/NotFound'
definitions:
  Error:
    type: object
    required:
      - status
      - code
      - message
    properties:
      status:
        type: string
        example: error
      code:
        type: integer
        example: 404
      message:
        type: string
      errors:
        type: object
        additionalProperties:
          type: string
responses:
  NotFound:
    description: 'Not found: the resource does not exist'
    schema:
      $ref: '#/definitions/Error'
`,
    },
    {
      name: 'oas3: GET and PUT on an item path; the fix adds NotFound once',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    get:
      responses:
        '200': { description: OK }
    put:
      responses:
        '204': { description: Replaced }
`,
      errors: [
        { path: ['paths', '/api/users/{id}', 'get', 'responses'], line: 6 },
        { path: ['paths', '/api/users/{id}', 'put', 'responses'], line: 9 },
      ],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    get:
      responses:
        '200': { description: OK }
        '404':
          $ref: '#/components/responses/NotFound'
    put:
      responses:
        '204': { description: Replaced }
        '404':
          $ref: '#/components/responses/NotFound'
components:
  schemas:
${ERROR_SCHEMA_OAS3}  responses:
    NotFound:
      description: 'Not found: the resource does not exist'
      content:
        application/json:
          schema:
            $ref: '#/components/schemas/Error'
`,
    },
    {
      name: 'oas3.1: the fix reuses the 404 response another operation uses',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    get:
      responses:
        '200': { description: OK }
        '404': { $ref: '#/components/responses/Missing' }
  /api/orders/{orderId}:
    get:
      responses:
        '200': { description: OK }
components:
  responses:
    Missing:
      description: Not found
`,
      errors: [{ path: ['paths', '/api/orders/{orderId}', 'get', 'responses'], message: 'GET /api/orders/{orderId}' }],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    get:
      responses:
        '200': { description: OK }
        '404': { $ref: '#/components/responses/Missing' }
  /api/orders/{orderId}:
    get:
      responses:
        '200': { description: OK }
        '404':
          $ref: '#/components/responses/Missing'
components:
  responses:
    Missing:
      description: Not found
`,
    },
    {
      name: 'oas2: the fix reuses responses.NotFound',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
responses:
  NotFound:
    description: Not found
paths:
  /api/users/{id}:
    get:
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'get', 'responses'] }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
responses:
  NotFound:
    description: Not found
paths:
  /api/users/{id}:
    get:
      responses:
        '200': { description: OK }
        '404':
          $ref: '#/responses/NotFound'
`,
    },
    {
      name: 'oas2: the fix adds responses.NotFound and reuses definitions.Error',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      responses:
        '200': { description: OK }
definitions:
  Error:
    type: object
    required: [status, code, message]
    properties:
      status: { type: string }
      code: { type: integer }
      message: { type: string }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'put', 'responses'] }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      responses:
        '200': { description: OK }
        '404':
          $ref: '#/responses/NotFound'
definitions:
  Error:
    type: object
    required: [status, code, message]
    properties:
      status: { type: string }
      code: { type: integer }
      message: { type: string }
responses:
  NotFound:
    description: 'Not found: the resource does not exist'
    schema:
      $ref: '#/definitions/Error'
`,
    },
    {
      name: 'json: item without 404',
      document: `{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users/{id}": {"get": {"responses": {"200": {"description": "OK"}}}}}}
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'get', 'responses'] }],
    },
    {
      name: '$ref: a path item in another file',
      files: {
        'paths/user.yaml': `get:
  responses:
    '200': { description: OK }
`,
      },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    $ref: './paths/user.yaml'
`,
      errors: [{ path: ['get', 'responses'], file: 'paths/user.yaml', line: 2 }],
    },
  ],
});
