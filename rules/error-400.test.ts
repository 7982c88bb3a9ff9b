import { testRule } from '../test/helpers/testRule';
import { opsDoc } from '../test/helpers/opsDoc';
import { ERROR_SCHEMA_OAS2, ERROR_SCHEMA_OAS3 } from '../test/helpers/fixtureYaml';

testRule('error-400', {
  valid: [
    {
      name: 'options: methods [post, put, patch], a GET with a parameter is not judged (oas3)',
      options: { methods: ['post', 'put', 'patch'] },
      document: opsDoc('3.0.3', '/api/users', { get: { param: true, responses: ['200'] }, post: { body: true, responses: ['201', '400'] } }),
    },
    {
      name: 'options: methods [] turns the requirement off (oas2)',
      options: { methods: [] },
      document: opsDoc('2.0', '/api/users', { post: { body: true, responses: ['201'] } }),
    },
    {
      name: 'options: methods all (oas3.1)',
      options: { methods: 'all' },
      document: opsDoc('3.1.0', '/api/users', { get: { param: true, responses: ['200', '400'] } }),
    },
    {
      name: 'oas3: no input, no 400 needed',
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
      name: 'oas3: a query parameter and 400',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: page, in: query, schema: { type: integer } }
      responses:
        '200': { description: OK }
        '400': { description: Bad request }
`,
    },
    {
      name: 'oas3.1: a request body and 400',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      requestBody:
        content:
          application/json: { schema: { type: object } }
      responses:
        '201': { description: Created }
        '400': { description: Bad request }
`,
    },
    {
      name: 'oas2: a body parameter and 400',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      parameters:
        - { name: user, in: body, schema: { type: object } }
      responses:
        '201': { description: Created }
        '400': { description: Bad request }
`,
    },
    {
      name: 'json: no input',
      document: `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"get": {"responses": {"200": {"description": "OK"}}}}}}
`,
    },
  ],
  invalid: [
    {
      name: 'options: methods [post], the POST without 400 (oas3)',
      options: { methods: ['post'] },
      document: opsDoc('3.0.3', '/api/users', { get: { param: true, responses: ['200'] }, post: { body: true, responses: ['201'] } }),
      errors: [{ path: ['paths', '/api/users', 'post', 'responses'], message: 'POST /api/users takes a request body' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: q, in: query, schema: { type: string } }
      responses:
        '200': { description: x }
    post:
      requestBody: { content: { application/json: { schema: { type: object } } } }
      responses:
        '201': { description: x }
        '400':
          $ref: '#/components/responses/BadRequest'
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
    BadRequest:
      description: 'Bad request: the request is invalid or asks for an unsupported version'
      content:
        application/json:
          schema:
            $ref: '#/components/schemas/Error'
`,
    },
    {
      name: 'options: methods all (oas2)',
      options: { methods: 'all' },
      document: opsDoc('2.0', '/api/users', { get: { param: true, responses: ['200'] } }),
      errors: [{ message: 'GET /api/users takes parameters' }],
    },
    {
      name: 'oas3.2: QUERY and an additionalOperations entry are operations; the fix adds 400 to each',
      document: `openapi: 3.2.0
info: { title: t, version: '1' }
paths:
  /api/orders:
    query:
      requestBody:
        content:
          application/json: { schema: { type: object } }
      responses:
        '200': { description: OK }
    additionalOperations:
      COPY:
        parameters:
          - { name: Destination, in: header, required: true, schema: { type: string } }
        responses:
          '204': { description: Copied }
components:
  schemas:
    Error:
      type: object
      required: [status, code, message]
      properties:
        status: { type: string }
        code: { type: integer }
        message: { type: string }
`,
      errors: [
        { path: ['paths', '/api/orders', 'query', 'responses'], line: 9, message: 'QUERY /api/orders takes a request body' },
        { path: ['paths', '/api/orders', 'additionalOperations', 'COPY', 'responses'], line: 15, message: 'COPY /api/orders takes parameters' },
      ],
      output: `openapi: 3.2.0
info: { title: t, version: '1' }
paths:
  /api/orders:
    query:
      requestBody:
        content:
          application/json: { schema: { type: object } }
      responses:
        '200': { description: OK }
        '400':
          $ref: '#/components/responses/BadRequest'
    additionalOperations:
      COPY:
        parameters:
          - { name: Destination, in: header, required: true, schema: { type: string } }
        responses:
          '204': { description: Copied }
          '400':
            $ref: '#/components/responses/BadRequest'
components:
  schemas:
    Error:
      type: object
      required: [status, code, message]
      properties:
        status: { type: string }
        code: { type: integer }
        message: { type: string }
  responses:
    BadRequest:
      description: 'Bad request: the request is invalid or asks for an unsupported version'
      content:
        application/json:
          schema:
            $ref: '#/components/schemas/Error'
`,
    },
    {
      name: 'oas3.1: a query key is no operation before 3.2',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/orders:
    get:
      parameters:
        - { name: q, in: query, schema: { type: string } }
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/orders', 'get', 'responses'] }],
    },
    {
      name: 'oas3: a query parameter; the fix adds BadRequest and the Error schema',
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
      errors: [{ path: ['paths', '/api/users', 'get', 'responses'], line: 8, message: 'takes parameters' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: page, in: query, schema: { type: integer } }
      responses:
        '200': { description: OK }
        '400':
          $ref: '#/components/responses/BadRequest'
components:
  schemas:
${ERROR_SCHEMA_OAS3}  responses:
    BadRequest:
      description: 'Bad request: the request is invalid or asks for an unsupported version'
      content:
        application/json:
          schema:
            $ref: '#/components/schemas/Error'
`,
    },
    {
      name: 'oas3: path-item parameters count; the fix reuses the existing Error schema',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    parameters:
      - { name: id, in: path, required: true, schema: { type: string } }
    get:
      responses:
        '200': { description: OK }
components:
  schemas:
    Error:
      type: object
      required: [status, code, message]
      properties:
        status: { type: string }
        code: { type: integer }
        message: { type: string }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'get', 'responses'] }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    parameters:
      - { name: id, in: path, required: true, schema: { type: string } }
    get:
      responses:
        '200': { description: OK }
        '400':
          $ref: '#/components/responses/BadRequest'
components:
  schemas:
    Error:
      type: object
      required: [status, code, message]
      properties:
        status: { type: string }
        code: { type: integer }
        message: { type: string }
  responses:
    BadRequest:
      description: 'Bad request: the request is invalid or asks for an unsupported version'
      content:
        application/json:
          schema:
            $ref: '#/components/schemas/Error'
`,
    },
    {
      name: 'oas3.1: a request body',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      requestBody:
        content:
          application/json: { schema: { type: object } }
      responses:
        '201': { description: Created }
`,
      errors: [{ path: ['paths', '/api/users', 'post', 'responses'], message: 'takes a request body' }],
    },
    {
      name: 'oas2: a body parameter; the fix reuses the 400 response another operation uses',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
responses:
  Invalid:
    description: Invalid request
    schema: { $ref: '#/definitions/Error' }
paths:
  /api/users:
    get:
      parameters:
        - { name: page, in: query, type: integer }
      responses:
        '200': { description: OK }
        '400': { $ref: '#/responses/Invalid' }
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
responses:
  Invalid:
    description: Invalid request
    schema: { $ref: '#/definitions/Error' }
paths:
  /api/users:
    get:
      parameters:
        - { name: page, in: query, type: integer }
      responses:
        '200': { description: OK }
        '400': { $ref: '#/responses/Invalid' }
    post:
      parameters:
        - { name: user, in: body, schema: { type: object } }
      responses:
        '201': { description: Created }
        '400':
          $ref: '#/responses/Invalid'
definitions:
  Error:
    type: object
    required: [status, code, message]
    properties:
      status: { type: string }
      code: { type: integer }
      message: { type: string }
`,
    },
    {
      name: 'oas2: formData; the fix adds responses.BadRequest and definitions.Error',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      consumes: [application/x-www-form-urlencoded]
      parameters:
        - { name: name, in: formData, type: string }
      responses:
        '201': { description: Created }
`,
      errors: [{ path: ['paths', '/api/users', 'post', 'responses'], message: 'takes a request body' }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      consumes: [application/x-www-form-urlencoded]
      parameters:
        - { name: name, in: formData, type: string }
      responses:
        '201': { description: Created }
        '400':
          $ref: '#/responses/BadRequest'
definitions:
${ERROR_SCHEMA_OAS2}responses:
  BadRequest:
    description: 'Bad request: the request is invalid or asks for an unsupported version'
    schema:
      $ref: '#/definitions/Error'
`,
    },
    {
      name: 'json: a header parameter',
      document: `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"get": {"parameters": [{"name": "X-Trace", "in": "header", "schema": {"type": "string"}}], "responses": {"200": {"description": "OK"}}}}}}
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses'], line: 1 }],
    },
    {
      name: '$ref: a path item in another file',
      files: {
        'paths/user.yaml': `parameters:
  - { name: id, in: path, required: true, schema: { type: string } }
get:
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
      errors: [{ path: ['get', 'responses'], file: 'paths/user.yaml', line: 4 }],
    },
  ],
});
