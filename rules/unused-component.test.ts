import { testRule } from '../test/helpers/testRule';

testRule('unused-component', {
  valid: [
    {
      name: 'oas2: a definition, a parameter, a response and a security definition, each used',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
security:
  - ApiKeyAuth: []
paths:
  /pets:
    get:
      parameters:
        - $ref: '#/parameters/Limit'
      responses:
        '200':
          description: ok
          schema: { $ref: '#/definitions/Pets' }
        '404': { $ref: '#/responses/NotFound' }
definitions:
  Pets:
    type: array
    items: { $ref: '#/definitions/Pet' }
  Pet: { type: object }
parameters:
  Limit: { name: limit, in: query, type: integer }
responses:
  NotFound: { description: not found }
securityDefinitions:
  ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
`,
    },
    {
      name: 'oas3.0: a security scheme named in an operation security requirement, a schema used through a pointer into it',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /pets:
    get:
      security:
        - Bearer: []
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet/properties/tags' }
components:
  securitySchemes:
    Bearer: { type: http, scheme: bearer }
  schemas:
    Pet:
      type: object
      properties:
        tags: { type: array, items: { type: string } }
`,
    },
    {
      name: 'oas3.1: discriminator mappings (a reference and a bare name), a path item used by a webhook, a recursive schema in use',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
webhooks:
  newPet: { $ref: '#/components/pathItems/NewPet' }
components:
  pathItems:
    NewPet:
      post:
        requestBody:
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
        responses: { '200': { description: ok } }
  schemas:
    Pet:
      oneOf: [{ $ref: '#/components/schemas/Node' }]
      discriminator:
        propertyName: kind
        mapping:
          dog: '#/components/schemas/Dog'
          cat: Cat
    Dog: { type: object }
    Cat: { type: object }
    Node:
      type: object
      properties:
        children: { type: array, items: { $ref: '#/components/schemas/Node' } }
`,
    },
    {
      name: "oas3.2: components used from a $ref'd file that points back into the document",
      document: `openapi: 3.2.0
info: { title: t, version: '1' }
paths:
  /pets:
    $ref: './paths/pets.yaml'
components:
  schemas:
    Pet: { type: object }
  responses:
    Error:
      description: error
`,
      files: {
        'paths/pets.yaml': `get:
  responses:
    '200':
      description: ok
      content:
        application/json:
          schema: { $ref: '../doc.yaml#/components/schemas/Pet' }
    default: { $ref: '../doc.yaml#/components/responses/Error' }
`,
      },
    },
    {
      name: 'json: a used schema',
      document: `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/a": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/A"}}}}}}}}, "components": {"schemas": {"A": {"type": "object"}}}}
`,
    },
  ],
  invalid: [
    {
      name: 'oas2: an unused definition and an unused security definition',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /pets:
    get:
      responses:
        '200':
          description: ok
          schema: { $ref: '#/definitions/Pet' }
definitions:
  Pet: { type: object }
  Legacy: { type: object }
securityDefinitions:
  ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
`,
      errors: [
        { path: ['definitions', 'Legacy'], line: 12, message: 'The schema "Legacy" is used nowhere', severity: 'info' },
        { path: ['securityDefinitions', 'ApiKeyAuth'], line: 14, message: 'security scheme "ApiKeyAuth"' },
      ],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /pets:
    get:
      responses:
        '200':
          description: ok
          schema: { $ref: '#/definitions/Pet' }
definitions:
  Pet: { type: object }
securityDefinitions: {}
`,
    },
    {
      name: 'oas3.0: an unused parameter and response; the fix keeps every comment',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /pets:
    get:
      parameters:
        - $ref: '#/components/parameters/Limit'
      responses:
        '200': { description: ok }
components:
  parameters:
    # Page size.
    Limit: { name: limit, in: query, schema: { type: integer } }
    # Left from v1.
    Offset: { name: offset, in: query, schema: { type: integer } }
  responses:
    NotFound: # unused
      description: not found
  # The end.
`,
      errors: [
        { path: ['components', 'parameters', 'Offset'], line: 15, message: 'parameter "Offset"' },
        { path: ['components', 'responses', 'NotFound'], line: 17, message: 'response "NotFound"' },
      ],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /pets:
    get:
      parameters:
        - $ref: '#/components/parameters/Limit'
      responses:
        '200': { description: ok }
components:
  parameters:
    # Page size.
    Limit: { name: limit, in: query, schema: { type: integer } }
    # Left from v1.
  responses: {}
  # The end.
`,
    },
    {
      name: 'oas3.1: a chain of unused schemas and a recursive one, each reported; the fix leaves no $ref dangling',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        line: { $ref: '#/components/schemas/Line' }
    Line: { type: object }
    Tree:
      type: object
      properties:
        children: { type: array, items: { $ref: '#/components/schemas/Tree' } }
`,
      errors: [
        { path: ['components', 'schemas', 'Order'], line: 6 },
        { path: ['components', 'schemas', 'Line'], line: 10 },
        { path: ['components', 'schemas', 'Tree'], line: 11 },
      ],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
paths: {}
components:
  schemas: {}
`,
    },
    {
      name: "oas3.2: an unused schema beside a used one; a $ref'd file that uses another",
      document: `openapi: 3.2.0
info: { title: t, version: '1' }
paths:
  /pets:
    $ref: './paths/pets.yaml'
components:
  schemas:
    Pet: { type: object }
    Owner: { type: object }
`,
      files: {
        'paths/pets.yaml': `get:
  responses:
    '200':
      description: ok
      content:
        application/json:
          schema: { $ref: '../doc.yaml#/components/schemas/Pet' }
`,
      },
      errors: [{ path: ['components', 'schemas', 'Owner'], line: 9, message: 'schema "Owner"' }],
      output: `openapi: 3.2.0
info: { title: t, version: '1' }
paths:
  /pets:
    $ref: './paths/pets.yaml'
components:
  schemas:
    Pet: { type: object }
`,
    },
    {
      name: 'json: an unused schema',
      document: `{
  "openapi": "3.0.3",
  "info": {"title": "t", "version": "1"},
  "paths": {},
  "components": {
    "schemas": {
      "A": {"type": "object"},
      "B": {"type": "string"}
    }
  }
}
`,
      errors: [{ path: ['components', 'schemas', 'A'] }, { path: ['components', 'schemas', 'B'] }],
      output: `{
  "openapi": "3.0.3",
  "info": {"title": "t", "version": "1"},
  "paths": {},
  "components": {
    "schemas": {}
  }
}
`,
    },
  ],
});
