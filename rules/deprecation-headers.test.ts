import { testRule } from '../test/helpers/testRule';

testRule('deprecation-headers', {
  valid: [
    {
      name: 'oas3: all three headers (any casing); error responses and live operations are not judged',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/v1/users:
    get:
      deprecated: true
      responses:
        '200':
          description: OK
          headers:
            deprecation: { schema: { type: string } }
            SUNSET: { schema: { type: string } }
            Link: { schema: { type: string }, example: '</api/v2/users>; rel="successor-version"' }
        '404': { description: Missing }
    post:
      responses:
        '201': { description: Created }
`,
    },
    {
      name: 'oas3.1: headers through $ref to components',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/v1/users:
    get:
      deprecated: true
      responses:
        '200':
          description: OK
          headers:
            Deprecation: { $ref: '#/components/headers/Deprecation' }
            Sunset: { $ref: '#/components/headers/Sunset' }
            Link: { $ref: '#/components/headers/Link' }
components:
  headers:
    Deprecation: { schema: { type: string } }
    Sunset: { schema: { type: string } }
    Link: { schema: { type: string }, description: 'rel="successor-version"' }
`,
    },
    {
      name: 'oas2',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/v1/users:
    get:
      deprecated: true
      responses:
        '200':
          description: OK
          headers:
            Deprecation: { type: string }
            Sunset: { type: string }
            Link: { type: string, description: 'successor-version link' }
`,
    },
    {
      name: 'json: not deprecated',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"get": {"deprecated": false, "responses": {"200": {"description": "OK"}}}}}}`,
    },
    {
      name: 'oas3: a 304 Not Modified is not asked for the headers',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/v1/users:
    get:
      deprecated: true
      responses:
        '200':
          description: OK
          headers:
            Deprecation: { schema: { type: string } }
            Sunset: { schema: { type: string } }
            Link: { schema: { type: string }, example: '</api/v2/users>; rel="successor-version"' }
        '304': { description: Not modified }
`,
    },
  ],
  invalid: [
    {
      name: 'oas3: Deprecation missing, Sunset reused from components, Link already there',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/v1/users:
    get:
      deprecated: true # use /api/v2/users
      responses:
        '200':
          description: OK
          headers:
            Link:
              description: Successor, rel="successor-version"
              schema: { type: string }
components:
  headers:
    Sunset:
      schema: { type: string }
      example: Sun, 01 Nov 2026 00:00:00 GMT
`,
      errors: [{ path: ['paths', '/api/v1/users', 'get', 'responses', '200'], line: 8, message: 'does not declare Deprecation, Sunset:' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/v1/users:
    get:
      deprecated: true # use /api/v2/users
      responses:
        '200':
          description: OK
          headers:
            Link:
              description: Successor, rel="successor-version"
              schema: { type: string }
            Deprecation:
              $ref: '#/components/headers/Deprecation'
            Sunset:
              $ref: '#/components/headers/Sunset'
components:
  headers:
    Sunset:
      schema: { type: string }
      example: Sun, 01 Nov 2026 00:00:00 GMT
    Deprecation:
      description: The operation is deprecated.
      schema:
        type: string
      example: 'true'
`,
    },
    {
      name: 'oas2: headers inline',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/v1/users:
    delete:
      deprecated: true
      responses:
        '204':
          description: Deleted
`,
      errors: [{ path: ['paths', '/api/v1/users', 'delete', 'responses', '204'], line: 8, message: 'Deprecation, Sunset, Link' }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/v1/users:
    delete:
      deprecated: true
      responses:
        '204':
          description: Deleted
          headers:
            Deprecation:
              type: string
              description: 'The operation is deprecated. Example: true'
            Sunset:
              type: string
              description: 'The HTTP date on which the operation is switched off. Example: Sun, 01 Nov 2026 00:00:00 GMT'
            Link:
              type: string
              description: 'The successor of the operation (relation successor-version). Example: </api/v2/resource>; rel="successor-version"'
`,
    },
    {
      name: 'json oas3.1: shared components added',
      document: `{
  "openapi": "3.1.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/v1/users": {
      "get": {
        "deprecated": true,
        "responses": {
          "200": { "description": "OK" }
        }
      }
    }
  }
}
`,
      errors: [{ line: 9 }],
      output: `{
  "openapi": "3.1.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/v1/users": {
      "get": {
        "deprecated": true,
        "responses": {
          "200": { "description": "OK", "headers": { "Deprecation": { "$ref": "#/components/headers/Deprecation" }, "Sunset": { "$ref": "#/components/headers/Sunset" }, "Link": { "$ref": "#/components/headers/Link" } } }
        }
      }
    }
  },
  "components": {
    "headers": {
      "Deprecation": {
        "description": "The operation is deprecated.",
        "schema": {
          "type": "string"
        },
        "example": "true"
      },
      "Sunset": {
        "description": "The HTTP date on which the operation is switched off.",
        "schema": {
          "type": "string"
        },
        "example": "Sun, 01 Nov 2026 00:00:00 GMT"
      },
      "Link": {
        "description": "The successor of the operation (relation successor-version).",
        "schema": {
          "type": "string"
        },
        "example": "</api/v2/resource>; rel=\\"successor-version\\""
      }
    }
  }
}
`,
    },
    {
      name: 'oas3: a shared response is reported where it is defined (no fix there); a Link without successor-version',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/v1/users:
    get:
      deprecated: true
      responses:
        '200': { $ref: '#/components/responses/Ok' }
        '201':
          description: OK
          headers:
            Deprecation: { schema: { type: string } }
            Sunset: { schema: { type: string } }
            Link: { schema: { type: string }, example: '</api/v1/users?page=2>; rel="next"' }
components:
  responses:
    Ok: { description: OK }
`,
      errors: [
        { path: ['paths', '/api/v1/users', 'get', 'responses', '201', 'headers', 'Link'], line: 14, message: 'successor-version' },
        { path: ['components', 'responses', 'Ok'], line: 17 },
      ],
    },
    {
      name: 'oas3: a deprecated operation that answers 301 to its successor',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/v1/teams/{id}/members:
    get:
      deprecated: true
      description: Moved to /api/v2/teams/{id}/memberships.
      responses:
        '301':
          description: Moved permanently
          headers:
            Location: { schema: { type: string } }
        '404': { description: Not found }
`,
      errors: [
        {
          path: ['paths', '/api/v1/teams/{id}/members', 'get', 'responses', '301'],
          line: 9,
          message: 'its 301 response does not declare Deprecation, Sunset, Link',
        },
      ],
    },
    {
      name: 'oas3.1: a 308 redirect',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/v1/files:
    post:
      deprecated: true
      responses:
        '308': { description: Permanent redirect }
`,
      errors: [{ path: ['paths', '/api/v1/files', 'post', 'responses', '308'] }],
    },
    {
      name: 'oas2: a 302 redirect',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/v1/reports/{id}:
    get:
      deprecated: true
      responses:
        '302': { description: Found }
`,
      errors: [{ path: ['paths', '/api/v1/reports/{id}', 'get', 'responses', '302'] }],
    },
  ],
});
