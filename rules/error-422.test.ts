import { testRule } from '../test/helpers/testRule';
import { opsDoc } from '../test/helpers/opsDoc';
import { ERROR_SCHEMA_OAS2, ERROR_SCHEMA_OAS3 } from '../test/helpers/fixtureYaml';

testRule('error-422', {
  valid: [
    {
      name: 'options: methods [post], a PATCH with a body is not judged (oas3)',
      options: { methods: ['post'] },
      document: opsDoc('3.0.3', '/api/users/{id}', { patch: { body: true, responses: ['200'] } }),
    },
    {
      name: 'options: methods [] turns the requirement off (oas2)',
      options: { methods: [] },
      document: opsDoc('2.0', '/api/users', { post: { body: true, responses: ['201'] } }),
    },
    {
      name: 'options: methods all (oas3.1)',
      options: { methods: 'all' },
      document: opsDoc('3.1.0', '/api/users', { post: { body: true, responses: ['201', '422'] } }),
    },
    {
      name: 'oas3: GET without a body',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: page, in: query, schema: { type: integer } }
      responses:
        '200': { description: OK }
`,
    },
    {
      name: 'oas3: POST with 422',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      requestBody:
        content:
          application/json: { schema: { type: object } }
      responses:
        '201': { description: Created }
        '422': { description: Validation failed }
`,
    },
    {
      name: 'oas3.1: PUT with 422',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      requestBody:
        content:
          application/json: { schema: { type: object } }
      responses:
        '200': { description: OK }
        '422': { description: Validation failed }
`,
    },
    {
      name: 'oas2: formData with 422',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      parameters:
        - { name: name, in: formData, type: string }
      responses:
        '201': { description: Created }
        '422': { description: Validation failed }
`,
    },
    {
      name: 'json: POST with 422',
      document: `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"post": {"requestBody": {"content": {"application/json": {}}}, "responses": {"201": {"description": "C"}, "422": {"description": "V"}}}}}}
`,
    },
  ],
  invalid: [
    {
      name: 'options: methods [post, put], the PUT without 422 (oas3)',
      options: { methods: ['post', 'put'] },
      document: opsDoc('3.0.3', '/api/users/{id}', { put: { body: true, responses: ['200'] }, patch: { body: true, responses: ['200'] } }),
      errors: [{ path: ['paths', '/api/users/{id}', 'put', 'responses'], message: 'PUT /api/users/{id} takes a request body' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    put:
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      requestBody: { content: { application/json: { schema: { type: object } } } }
      responses:
        '200': { description: x }
        '422':
          $ref: '#/components/responses/UnprocessableEntity'
    patch:
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      requestBody: { content: { application/json: { schema: { type: object } } } }
      responses:
        '200': { description: x }
components:
  schemas:
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
    UnprocessableEntity:
      description: Validation failed
      content:
        application/json:
          schema:
            $ref: '#/components/schemas/Error'
`,
    },
    {
      name: 'options: methods all (oas2)',
      options: { methods: 'all' },
      document: opsDoc('2.0', '/api/users', { post: { body: true, responses: ['201'] } }),
      errors: [{ message: 'POST /api/users' }],
    },
    {
      name: 'oas3: the fix reuses components.responses.UnprocessableEntity',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      requestBody:
        content:
          application/json: { schema: { type: object } }
      responses:
        '201': { description: Created }
components:
  responses:
    UnprocessableEntity:
      description: Validation failed
`,
      errors: [{ path: ['paths', '/api/users', 'post', 'responses'], line: 9 }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      requestBody:
        content:
          application/json: { schema: { type: object } }
      responses:
        '201': { description: Created }
        '422':
          $ref: '#/components/responses/UnprocessableEntity'
components:
  responses:
    UnprocessableEntity:
      description: Validation failed
`,
    },
    {
      name: 'oas3: a request body via $ref; the fix adds the response and the Error schema',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      requestBody: { $ref: '#/components/requestBodies/User' }
      responses:
        '201': { description: Created }
components:
  requestBodies:
    User:
      content:
        application/json: { schema: { type: object } }
`,
      errors: [{ path: ['paths', '/api/users', 'post', 'responses'] }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      requestBody: { $ref: '#/components/requestBodies/User' }
      responses:
        '201': { description: Created }
        '422':
          $ref: '#/components/responses/UnprocessableEntity'
components:
  requestBodies:
    User:
      content:
        application/json: { schema: { type: object } }
  schemas:
${ERROR_SCHEMA_OAS3}  responses:
    UnprocessableEntity:
      description: Validation failed
      content:
        application/json:
          schema:
            $ref: '#/components/schemas/Error'
`,
    },
    {
      name: 'oas3.1: PATCH',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    patch:
      requestBody:
        content:
          application/json: { schema: { type: object } }
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'patch', 'responses'] }],
    },
    {
      name: 'oas2: a body parameter; the fix adds responses.UnprocessableEntity, reusing definitions.Error',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      parameters:
        - { name: user, in: body, schema: { type: object } }
      responses:
        '201': { description: Created }
definitions:
  Error:
    type: object
    required: [status, code, message]
    properties:
      status: { type: string }
      code: { type: integer }
      message: { type: string }
`,
      errors: [{ path: ['paths', '/api/users', 'post', 'responses'] }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      parameters:
        - { name: user, in: body, schema: { type: object } }
      responses:
        '201': { description: Created }
        '422':
          $ref: '#/responses/UnprocessableEntity'
definitions:
  Error:
    type: object
    required: [status, code, message]
    properties:
      status: { type: string }
      code: { type: integer }
      message: { type: string }
responses:
  UnprocessableEntity:
    description: Validation failed
    schema:
      $ref: '#/definitions/Error'
`,
    },
    {
      name: 'oas2: no definitions; the fix adds the Error schema',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    put:
      parameters:
        - { name: user, in: body, schema: { type: object } }
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/users', 'put', 'responses'] }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    put:
      parameters:
        - { name: user, in: body, schema: { type: object } }
      responses:
        '200': { description: OK }
        '422':
          $ref: '#/responses/UnprocessableEntity'
definitions:
${ERROR_SCHEMA_OAS2}responses:
  UnprocessableEntity:
    description: Validation failed
    schema:
      $ref: '#/definitions/Error'
`,
    },
    {
      name: 'json: POST without 422',
      document: `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"post": {"requestBody": {"content": {"application/json": {}}}, "responses": {"201": {"description": "C"}}}}}}
`,
      errors: [{ path: ['paths', '/api/users', 'post', 'responses'] }],
    },
    {
      name: '$ref: an operation in another file',
      files: {
        'ops/create-user.yaml': `requestBody:
  content:
    application/json: { schema: { type: object } }
responses:
  '201': { description: Created }
`,
      },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      $ref: './ops/create-user.yaml'
`,
      errors: [{ path: ['responses'], file: 'ops/create-user.yaml', line: 4 }],
    },
  ],
});
