// error-schema with `auto` and `mediaTypes`: the error body and its media type taken from the document's majority,
// or set; the fixes write what the options (or the majority) chose. The seed's cases are in error-schema.test.ts.
import { testRule } from '../test/helpers/testRule';

const SHAPE_B = `type: object
      properties: { error: { type: string } }
      required: [error]`;

const PROBLEM = `type: object
      properties: { type: { type: string }, title: { type: string }, status: { type: integer } }
      required: [title]`;

testRule('error-schema', {
  valid: [
    {
      name: 'options: shapes auto: every error body has the shape most of them have (oas3)',
      options: { shapes: 'auto' },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '400': { description: Bad, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
        '404': { description: Missing, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
components:
  schemas:
    Error:
      ${SHAPE_B}
`,
    },
    {
      name: "options: shapes auto: most bodies are the team's own: auto has no shape to ask for (oas3.1)",
      options: { shapes: 'auto' },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '400': { description: Bad, content: { application/json: { schema: { $ref: '#/components/schemas/Fault' } } } }
        '404': { description: Missing, content: { application/json: { schema: { $ref: '#/components/schemas/Fault' } } } }
        '500': { description: Failed, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
components:
  schemas:
    Fault:
      type: object
      properties: { ok: { type: boolean }, reason: { type: string } }
    Error:
      ${SHAPE_B}
`,
    },
    {
      name: 'options: mediaTypes auto: every error body in the media type most use (oas2)',
      options: { mediaTypes: 'auto' },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
produces: [application/json]
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404': { description: Missing, schema: { type: object, properties: { error: { type: string } }, required: [error] } }
`,
    },
    {
      name: 'options: mediaTypes problem+json with shapes problem (oas3.1)',
      options: { shapes: ['problem'], mediaTypes: ['application/problem+json'] },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '404': { description: Missing, content: { 'application/problem+json; charset=utf-8': { schema: { $ref: '#/components/schemas/Problem' } } } }
components:
  schemas:
    Problem:
      ${PROBLEM}
`,
    },
  ],
  invalid: [
    {
      name: 'options: shapes auto: a shape A body in a shape B API; the fix references the shape B schema (oas3)',
      options: { shapes: 'auto' },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '400': { description: Bad, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
        '404': { description: Missing, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
        '500':
          description: Failed
          content:
            application/json:
              schema:
                type: object
                properties: { status: { type: string }, code: { type: integer }, message: { type: string } }
                required: [status, code, message]
components:
  schemas:
    Error:
      ${SHAPE_B}
`,
      errors: [
        {
          path: ['paths', '/api/users', 'get', 'responses', '500', 'content', 'application/json', 'schema'],
          message: "GET /api/users: the 500 response body is not shape B, which 2 of the document's 3 error responses with a JSON body have.",
        },
      ],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '400': { description: Bad, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
        '404': { description: Missing, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
        '500':
          description: Failed
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Error'
components:
  schemas:
    Error:
      ${SHAPE_B}
`,
    },
    {
      name: 'options: shapes auto: a response without a body is asked for the majority shape (oas2)',
      options: { shapes: 'auto' },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '400': { description: Bad, schema: { $ref: '#/definitions/Error' } }
        '404': { description: Missing }
definitions:
  Error:
    type: object
    properties: { error: { type: string } }
    required: [error]
`,
      errors: [
        {
          path: ['paths', '/api/users', 'get', 'responses', '404'],
          message:
            "GET /api/users: the 404 response has no JSON error body: give it shape B, which 1 of the document's 1 error responses with a JSON body have.",
        },
      ],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '400': { description: Bad, schema: { $ref: '#/definitions/Error' } }
        '404': { description: Missing, schema: { $ref: '#/definitions/Error' } }
definitions:
  Error:
    type: object
    properties: { error: { type: string } }
    required: [error]
`,
    },
    {
      name: 'options: mediaTypes auto: an application/json error body in a problem+json API; the fix renames its type (oas3)',
      options: { shapes: ['problem'], mediaTypes: 'auto' },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '400': { description: Bad, content: { application/problem+json: { schema: { $ref: '#/components/schemas/Problem' } } } }
        '404': { description: Missing, content: { application/problem+json: { schema: { $ref: '#/components/schemas/Problem' } } } }
        '500':
          description: Failed
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Problem' }
components:
  schemas:
    Problem:
      ${PROBLEM}
`,
      errors: [
        {
          path: ['paths', '/api/users', 'get', 'responses', '500', 'content', 'application/json'],
          message:
            'GET /api/users: the 500 response writes its error body as application/json, but 2 of the document\'s 3 error responses with a JSON body are application/problem+json: send it as "application/problem+json".',
        },
      ],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '400': { description: Bad, content: { application/problem+json: { schema: { $ref: '#/components/schemas/Problem' } } } }
        '404': { description: Missing, content: { application/problem+json: { schema: { $ref: '#/components/schemas/Problem' } } } }
        '500':
          description: Failed
          content:
            application/problem+json:
              schema: { $ref: '#/components/schemas/Problem' }
components:
  schemas:
    Problem:
      ${PROBLEM}
`,
    },
    {
      name: 'options: mediaTypes problem+json: the fix adds the seed shape in that type (oas3.1)',
      options: { mediaTypes: ['application/problem+json'] },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '404': { description: Missing }
components:
  schemas:
    Error:
      ${SHAPE_B}
`,
      errors: [{ message: 'GET /api/users: the 404 response has no JSON error body: give it shape A, or shape B.' }],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '404': { description: Missing, content: { application/problem+json: { schema: { $ref: '#/components/schemas/Error' } } } }
components:
  schemas:
    Error:
      ${SHAPE_B}
`,
    },
    {
      name: "options: mediaTypes problem+json: Swagger 2's produces is the team's to change, no fix (oas2)",
      options: { mediaTypes: ['application/problem+json'] },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      produces: [application/json]
      responses:
        '404': { description: Missing, schema: { type: object, properties: { error: { type: string } }, required: [error] } }
`,
      errors: [
        {
          path: ['paths', '/api/users', 'get', 'responses', '404'],
          message:
            'GET /api/users: the 404 response writes its error body as application/json, not as the API\'s error bodies are: send it as "application/problem+json".',
        },
      ],
      noFix: true,
    },
    {
      name: 'json: mediaTypes auto and shapes auto together',
      options: { shapes: 'auto', mediaTypes: 'auto' },
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"get": {"responses": {
  "400": {"description": "Bad", "content": {"application/json": {"schema": {"type": "object", "properties": {"error": {"type": "string"}}, "required": ["error"]}}}},
  "404": {"description": "Missing", "content": {"application/json": {"schema": {"type": "object", "properties": {"error": {"type": "string"}}, "required": ["error"]}}}},
  "500": {"description": "Failed", "content": {"application/vnd.error+json": {"schema": {"type": "object", "properties": {"message": {"type": "string"}}}}}}
}}}}}`,
      errors: [
        { path: ['paths', '/api/users', 'get', 'responses', '500', 'content', 'application/vnd.error+json'], message: 'send it as "application/json"' },
        { path: ['paths', '/api/users', 'get', 'responses', '500', 'content', 'application/vnd.error+json', 'schema'], message: 'is not shape B, which 2 of' },
      ],
    },
  ],
});
