import { testRule } from '../test/helpers/testRule';
import { ERROR_SCHEMA_OAS3 } from '../test/helpers/fixtureYaml';

testRule('delete-404', {
  valid: [
    {
      name: 'oas3: 404 declared',
      document: `openapi: 3.0.3
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
      name: 'oas3.1: 404 from a $ref',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '204': { description: Deleted }
        '404': { $ref: '#/components/responses/NotFound' }
components:
  responses:
    NotFound: { description: Not found }
`,
    },
    {
      name: 'oas2: 404 declared; GET without 404 is not checked',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    get:
      responses:
        '200': { description: OK }
    delete:
      responses:
        '204': { description: Deleted }
        '404': { description: Not found }
`,
    },
    {
      name: 'json: oas3',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users/{id}": {"delete": {"responses": {"204": {"description": "Deleted"}, "404": {"description": "Not found"}}}}}}`,
    },
  ],
  invalid: [
    {
      name: 'oas3.2: a DELETE without 404 beside QUERY and additionalOperations',
      document: `openapi: 3.2.0
info: { title: t, version: '1' }
paths:
  /api/orders:
    query:
      requestBody: { content: { application/json: { schema: { type: object } } } }
      responses: { '200': { description: OK } }
    additionalOperations:
      COPY:
        responses: { '204': { description: Copied } }
  /api/items/{id}:
    delete:
      responses: { '204': { description: Deleted } }
`,
      errors: [{ path: ['paths', '/api/items/{id}', 'delete', 'responses'] }],
    },
    {
      name: 'oas3: no 404: a shared NotFound response and Error schema are added',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '204': { description: Deleted } # gone
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'delete', 'responses'], line: 6, message: 'DELETE /api/users/{id} declares no 404 response' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      responses:
        '204': { description: Deleted } # gone
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
      name: 'oas3.1: the 404 response another operation uses ($ref) is reused',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    get:
      responses:
        '200': { description: OK }
        '404': { $ref: '#/components/responses/Missing' }
    delete:
      responses:
        '204': { description: Deleted }
components:
  responses:
    Missing: { description: Not found }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'delete', 'responses'], line: 10 }],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    get:
      responses:
        '200': { description: OK }
        '404': { $ref: '#/components/responses/Missing' }
    delete:
      responses:
        '204': { description: Deleted }
        '404':
          $ref: '#/components/responses/Missing'
components:
  responses:
    Missing: { description: Not found }
`,
    },
    {
      name: 'oas2: no responses key: the method key; existing Error schema reused',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      summary: Delete a user
definitions:
  Error:
    type: object
    required: [error]
    properties: { error: { type: string } }
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'delete'], line: 5 }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      summary: Delete a user
      responses:
        '404':
          $ref: '#/responses/NotFound'
definitions:
  Error:
    type: object
    required: [error]
    properties: { error: { type: string } }
responses:
  NotFound:
    description: 'Not found: the resource does not exist'
    schema:
      $ref: '#/definitions/Error'
`,
    },
    {
      name: 'oas3: path item in another file: the 404 goes inline there',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    $ref: './user.yaml'
`,
      files: {
        'user.yaml': `delete:
  responses:
    '204': { description: Deleted }
`,
      },
      errors: [{ path: ['delete', 'responses'], line: 2, file: 'user.yaml' }],
    },
    {
      name: 'json: oas2',
      document: `{
  "swagger": "2.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users/{id}": {
      "delete": {
        "responses": {
          "204": { "description": "Deleted" }
        }
      }
    }
  },
  "responses": {
    "NotFound": { "description": "Not found" }
  }
}
`,
      errors: [{ path: ['paths', '/api/users/{id}', 'delete', 'responses'], line: 7 }],
      output: `{
  "swagger": "2.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users/{id}": {
      "delete": {
        "responses": {
          "204": { "description": "Deleted" },
          "404": {
            "$ref": "#/responses/NotFound"
          }
        }
      }
    }
  },
  "responses": {
    "NotFound": { "description": "Not found" }
  }
}
`,
    },
  ],
});
