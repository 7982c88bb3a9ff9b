import { testRule } from '../test/helpers/testRule';

const arrayBody = `
          description: OK
          content:
            application/json:
              schema: { type: array, items: { type: object } }`;

/** A list GET with these query parameters (and a Link header on its 200 when `link`). */
const listDoc = (version: string, params: string[], link = false) =>
  version.startsWith('2')
    ? `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:${params.length ? params.map(n => `\n        - { name: ${n}, in: query, type: integer }`).join('') : ' []'}
      responses:
        '200':
          description: OK
          schema: { type: array, items: { type: object } }${link ? '\n          headers: { Link: { type: string } }' : ''}
`
    : `openapi: ${version}
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:${params.length ? params.map(n => `\n        - { name: ${n}, in: query, schema: { type: integer } }`).join('') : ' []'}
      responses:
        '200':
          description: OK${link ? '\n          headers: { Link: { schema: { type: string } } }' : ''}
          content: { application/json: { schema: { type: array, items: { type: object } } } }
`;

/** A list GET that takes one query parameter, `ids`, required or not. */
const lookupDoc = (version: string, required: boolean, name = 'ids') =>
  version.startsWith('2')
    ? `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/albums:
    get:
      parameters:
        - { name: ${name}, in: query, type: string, required: ${required} }
      responses:
        '200':
          description: OK
          schema: { type: array, items: { type: object } }
`
    : `openapi: ${version}
info: { title: t, version: '1' }
paths:
  /api/albums:
    get:
      parameters:
        - { name: ${name}, in: query, schema: { type: string }, required: ${required} }
      responses:
        '200':${arrayBody}
`;

/** A list GET without paging parameters whose 200 body is `{ tracks: [...] }`, with `total` (a page) when `page`. */
const wholeDoc = (version: string, page: boolean) => {
  const props = `{ tracks: { type: array, items: { type: object } }${page ? ', total: { type: integer }' : ''} }`;
  return version.startsWith('2')
    ? `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/artists/{id}/top-tracks:
    get:
      parameters: [{ name: id, in: path, required: true, type: string }]
      responses:
        '200':
          description: OK
          schema: { type: object, properties: ${props} }
`
    : `openapi: ${version}
info: { title: t, version: '1' }
paths:
  /api/artists/{id}/top-tracks:
    get:
      responses:
        '200':
          description: OK
          content: { application/json: { schema: { type: object, properties: ${props} } } }
`;
};

testRule('list-pagination', {
  valid: [
    {
      name: 'oas3: a resource with array fields, one called pages, is no list (an array is no paging property)',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/meta:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: object
                properties:
                  verifiable_password_authentication: { type: boolean }
                  hooks: { type: array, items: { type: string } }
                  web: { type: array, items: { type: string } }
                  api: { type: array, items: { type: string } }
                  pages: { type: array, items: { type: string } }
`,
    },
    {
      name: 'oas3.1: a resource whose pages field is an array is no list',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/meta:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: object
                properties:
                  verifiable_password_authentication: { type: boolean }
                  hooks: { type: array, items: { type: string } }
                  web: { type: array, items: { type: string } }
                  api: { type: array, items: { type: string } }
                  pages: { type: array, items: { type: string } }
`,
    },
    {
      name: 'oas2: a resource whose pages field is an array is no list',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/meta:
    get:
      responses:
        '200':
          description: OK
          schema:
            type: object
            properties:
              verifiable_password_authentication: { type: boolean }
              hooks: { type: array, items: { type: string } }
              web: { type: array, items: { type: string } }
              api: { type: array, items: { type: string } }
              pages: { type: array, items: { type: string } }
`,
    },
    {
      name: 'oas3: a list paged as SCIM pages it (startIndex, count: RFC 7644) is paged',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /scim/v2/Users:
    get:
      parameters:
        - { name: startIndex, in: query, schema: { type: integer, minimum: 1 } }
        - { name: count, in: query, schema: { type: integer, minimum: 0 } }
        - { name: filter, in: query, schema: { type: string } }
      responses:
        '200':
          description: OK
          content: { application/scim+json: { schema: { type: object, properties: { Resources: { type: array, items: { type: object } }, totalResults: { type: integer } } } } }
`,
    },
    {
      name: 'oas3.1: a SCIM list is paged',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /scim/v2/Users:
    get:
      parameters:
        - { name: startIndex, in: query, schema: { type: integer, minimum: 1 } }
        - { name: count, in: query, schema: { type: integer, minimum: 0 } }
        - { name: filter, in: query, schema: { type: string } }
      responses:
        '200':
          description: OK
          content: { application/scim+json: { schema: { type: object, properties: { Resources: { type: array, items: { type: object } }, totalResults: { type: integer } } } } }
`,
    },
    {
      name: 'oas2: a SCIM list is paged',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /scim/v2/Users:
    get:
      parameters:
        - { name: startIndex, in: query, type: integer, minimum: 1 }
        - { name: count, in: query, type: integer, minimum: 0 }
      responses:
        '200':
          description: OK
          schema: { type: object, properties: { Resources: { type: array, items: { type: object } }, totalResults: { type: integer } } }
`,
    },
    { name: 'options: styles offset, offset and limit (oas3)', options: { styles: ['offset'] }, document: listDoc('3.0.3', ['offset', 'limit']) },
    { name: 'options: styles offset, offset and limit (oas2)', options: { styles: ['offset'] }, document: listDoc('2.0', ['offset', 'limit']) },
    {
      name: 'options: styles cursor with names starting_after and per_page (oas3.1)',
      options: { styles: ['cursor'], names: { cursor: 'starting_after', limit: 'per_page' } },
      document: listDoc('3.1.0', ['starting_after', 'per_page']),
    },
    { name: 'options: styles link, a Link header on the 200 (oas3)', options: { styles: ['link'] }, document: listDoc('3.0.3', [], true) },
    { name: 'options: styles link, a Link header on the 200 (oas2)', options: { styles: ['link'] }, document: listDoc('2.0', [], true) },
    {
      name: 'options: styles page or cursor, either will do (oas3)',
      options: { styles: ['page', 'cursor'] },
      document: listDoc('3.0.3', ['cursor', 'limit']),
    },
    { name: 'options: boundedBy ids, a lookup by the ids it requires (oas3)', options: { boundedBy: ['ids'] }, document: lookupDoc('3.0.3', true) },
    { name: 'options: boundedBy ids (oas2)', options: { boundedBy: ['ids'] }, document: lookupDoc('2.0', true) },
    { name: 'options: boundedBy start, a time window (oas3.1)', options: { boundedBy: ['start', 'end'] }, document: lookupDoc('3.1.0', true, 'start') },
    { name: 'options: names.page page_number (oas3)', options: { names: { page: 'page_number' } }, document: listDoc('3.0.3', ['page_number', 'limit']) },
    {
      name: 'oas3.2: page and limit as properties of an in: querystring parameter',
      document: `openapi: 3.2.0
info: { title: t, version: '1' }
paths:
  /api/orders:
    get:
      parameters:
        - name: selector
          in: querystring
          content:
            application/x-www-form-urlencoded:
              schema:
                type: object
                properties:
                  page: { type: integer, minimum: 1 }
                  limit: { type: integer, minimum: 1, maximum: 100 }
      responses:
        '200':
          description: OK
          content: { application/json: { schema: { type: array, items: { type: object } } } }
`,
    },
    {
      // A HAL resource (Rebilly's GET /profile shape): links and an array field make no page.
      name: 'oas3: GET /me and a profile with _links are single objects, not lists',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/me:
    get:
      responses:
        '200':
          description: The current user.
          content:
            application/json:
              schema:
                type: object
                properties:
                  id: { type: string }
                  permissions: { type: array, items: { type: string } }
                  _links: { type: array, items: { type: object } }
  /api/profile:
    get:
      responses:
        '200':
          description: Profile retrieved.
          content:
            application/json:
              schema:
                type: object
                properties:
                  id: { type: string }
                  email: { type: string }
                  firstName: { type: string }
                  permissions: { type: array, items: { type: string } }
                  _links: { type: array, items: { type: object } }
`,
    },
    {
      name: 'oas3: page and limit on the operation',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: page, in: query, schema: { type: integer } }
        - { name: limit, in: query, schema: { type: integer } }
      responses:
        '200':${arrayBody}
  /api/users/{id}:
    get:
      responses:
        '200':${arrayBody}
`,
    },
    {
      name: 'oas3.1: on the path item, via $ref; a resource with an array field is not a list',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    parameters:
      - $ref: '#/components/parameters/Page'
      - { name: limit, in: query, schema: { type: integer } }
    get:
      responses:
        '200':${arrayBody}
  /api/me:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: object
                properties: { id: {}, name: {}, email: {}, roles: { type: array }, created: {} }
components:
  parameters:
    Page: { name: page, in: query, schema: { type: integer } }
`,
    },
    {
      name: 'oas2: a non-list and a POST',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/stats:
    get:
      responses:
        '200': { description: OK, schema: { type: object, properties: { a: { type: integer } } } }
    post:
      responses:
        '200': { description: OK, schema: { type: array, items: {} } }
`,
    },
    {
      name: 'json: a 204 list path has no body',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"get": {"responses": {"204": {"description": "none"}}}}}}`,
    },
    { name: 'options: wholeLists, a list answered whole, no page (oas3)', options: { wholeLists: true }, document: wholeDoc('3.0.3', false) },
    { name: 'options: wholeLists, a bare set of items (oas3.1)', options: { wholeLists: true }, document: lookupDoc('3.1.0', false) },
    { name: 'options: wholeLists (oas2)', options: { wholeLists: true }, document: wholeDoc('2.0', false) },
  ],
  invalid: [
    {
      name: 'options: boundedBy ids, a list that takes ids without requiring them is paged like any other (oas3)',
      options: { boundedBy: ['ids'] },
      document: lookupDoc('3.0.3', false),
      errors: [{ path: ['paths', '/api/albums', 'get'], message: 'does not declare the query parameters "page" and "limit"' }],
    },
    {
      name: 'options: boundedBy ids, another required parameter bounds nothing (oas2)',
      options: { boundedBy: ['ids'] },
      document: lookupDoc('2.0', true, 'market'),
      errors: [{ path: ['paths', '/api/albums', 'get'] }],
    },
    {
      name: 'options: boundedBy start, without it required (oas3.1)',
      options: { boundedBy: ['start'] },
      document: lookupDoc('3.1.0', false, 'start'),
      errors: [{ path: ['paths', '/api/albums', 'get'] }],
    },
    {
      name: 'options: styles offset, page and limit are not offset paging; no fix (oas3)',
      options: { styles: ['offset'] },
      document: listDoc('3.0.3', ['page', 'limit']),
      errors: [{ path: ['paths', '/api/users', 'get'], message: 'paged in none of the API\'s styles: offset paging (missing "offset")' }],
      noFix: true,
    },
    {
      name: "options: styles cursor: the fix adds the team's cursor and page size names (oas3.1)",
      options: { styles: ['cursor'], names: { cursor: 'starting_after', limit: 'per_page' } },
      document: listDoc('3.1.0', []),
      errors: [{ message: 'cursor paging (missing "starting_after" and "per_page")' }],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - name: starting_after
          in: query
          description: Where the page starts (the cursor the previous page returned).
          schema:
            type: string
        - name: per_page
          in: query
          description: Number of items per page (1 to 100).
          schema:
            type: integer
            minimum: 1
            maximum: 100
            default: 20
      responses:
        '200':
          description: OK
          content: { application/json: { schema: { type: array, items: { type: object } } } }
`,
    },
    {
      name: "options: styles offset: the fix adds offset, the page size bounded by list-param-schema's default (oas2)",
      options: { styles: ['offset'] },
      document: listDoc('2.0', ['limit']),
      errors: [{ message: 'offset paging (missing "offset")' }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: limit, in: query, type: integer }
        - name: offset
          in: query
          description: Number of items to skip, starting at 0.
          type: integer
          minimum: 0
          default: 0
      responses:
        '200':
          description: OK
          schema: { type: array, items: { type: object } }
`,
    },
    {
      name: "options: styles page or cursor: which one is the team's choice, no fix (oas3)",
      options: { styles: ['page', 'cursor'] },
      document: listDoc('3.0.3', []),
      errors: [{ message: 'page paging (missing "page" and "limit"); cursor paging (missing "cursor" and "limit")' }],
      noFix: true,
    },
    {
      name: "options: styles link: the header is the server's to send, no fix (oas2)",
      options: { styles: ['link'] },
      document: listDoc('2.0', []),
      errors: [{ message: 'Link header paging' }],
      noFix: true,
    },
    {
      name: 'options: styles offset (oas2)',
      options: { styles: ['offset'] },
      document: listDoc('2.0', []),
      errors: [{ message: 'offset paging (missing "offset" and "limit")' }],
    },
    {
      name: 'options: styles cursor with its names: the default cursor name does not count (oas3.1)',
      options: { styles: ['cursor'], names: { cursor: 'starting_after' } },
      document: listDoc('3.1.0', ['cursor', 'limit']),
      errors: [{ message: 'cursor paging (missing "starting_after")' }],
    },
    {
      name: 'options: styles link, no Link header (oas3)',
      options: { styles: ['link'] },
      document: listDoc('3.0.3', ['page', 'limit']),
      errors: [{ message: 'Link header paging (missing a Link header on the 200 response)' }],
    },
    {
      name: 'options: styles page or link, neither: both named (oas2)',
      options: { styles: ['page', 'link'] },
      document: listDoc('2.0', ['limit']),
      errors: [{ message: 'page paging (missing "page"); Link header paging (missing a Link header on the 200 response)' }],
    },
    {
      name: 'options: names.limit per_page, limit alone is not the page size (oas3)',
      options: { names: { limit: 'per_page' } },
      document: listDoc('3.0.3', ['page', 'limit']),
      errors: [{ message: 'page paging (missing "per_page")' }],
    },
    {
      name: 'oas3.2: an in: querystring parameter without limit',
      document: `openapi: 3.2.0
info: { title: t, version: '1' }
paths:
  /api/orders:
    get:
      parameters:
        - name: selector
          in: querystring
          content:
            application/x-www-form-urlencoded:
              schema:
                type: object
                properties:
                  page: { type: integer, minimum: 1 }
      responses:
        '200':
          description: OK
          content: { application/json: { schema: { type: array, items: { type: object } } } }
`,
      errors: [{ path: ['paths', '/api/orders', 'get'], message: 'does not declare the query parameter "limit"' }],
    },
    {
      name: 'oas3: both missing (fix appends them after the existing parameter)',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      # list users
      parameters:
        - name: sort
          in: query
          schema: { type: string }
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: array
                items: { type: object }
`,
      errors: [{ path: ['paths', '/api/users', 'get'], line: 5, message: '"page" and "limit"' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      # list users
      parameters:
        - name: sort
          in: query
          schema: { type: string }
        - name: page
          in: query
          description: Page number, starting at 1.
          schema:
            type: integer
            minimum: 1
            default: 1
        - name: limit
          in: query
          description: Number of items per page (1 to 100).
          schema:
            type: integer
            minimum: 1
            maximum: 100
            default: 20
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: array
                items: { type: object }
`,
    },
    {
      name: 'oas2: both missing (fix creates the parameter list)',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200':
          description: OK
          schema:
            type: array
            items: { type: object }
`,
      errors: [{ path: ['paths', '/api/users', 'get'], line: 5 }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200':
          description: OK
          schema:
            type: array
            items: { type: object }
      parameters:
        - name: page
          in: query
          description: Page number, starting at 1.
          type: integer
          minimum: 1
          default: 1
        - name: limit
          in: query
          description: Number of items per page (1 to 100).
          type: integer
          minimum: 1
          maximum: 100
          default: 20
`,
    },
    {
      name: 'json, oas3.1 list envelope through $ref: limit missing, the shared Limit parameter is reused',
      document: `{
  "openapi": "3.1.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users": {
      "get": {
        "parameters": [{ "$ref": "#/components/parameters/Page" }],
        "responses": {
          "200": {
            "description": "OK",
            "content": { "application/json": { "schema": { "type": "object", "properties": { "data": { "type": "array" } } } } }
          }
        }
      }
    }
  },
  "components": {
    "parameters": {
      "Page": { "name": "page", "in": "query", "schema": { "type": "integer", "minimum": 1 } },
      "Limit": { "name": "limit", "in": "query", "schema": { "type": "integer", "minimum": 1, "maximum": 50 } }
    }
  }
}
`,
      errors: [{ path: ['paths', '/api/users', 'get'], line: 6, message: 'parameter "limit"' }],
      output: `{
  "openapi": "3.1.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users": {
      "get": {
        "parameters": [{ "$ref": "#/components/parameters/Page" }, { "$ref": "#/components/parameters/Limit" }],
        "responses": {
          "200": {
            "description": "OK",
            "content": { "application/json": { "schema": { "type": "object", "properties": { "data": { "type": "array" } } } } }
          }
        }
      }
    }
  },
  "components": {
    "parameters": {
      "Page": { "name": "page", "in": "query", "schema": { "type": "integer", "minimum": 1 } },
      "Limit": { "name": "limit", "in": "query", "schema": { "type": "integer", "minimum": 1, "maximum": 50 } }
    }
  }
}
`,
    },
    {
      name: 'oas3: per_page counts as limit (list-param-names renames it); page is missing',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: per_page, in: query, schema: { type: integer } }
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { type: array, items: { type: object } }
`,
      errors: [{ message: 'parameter "page":' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: per_page, in: query, schema: { type: integer } }
        - name: page
          in: query
          description: Page number, starting at 1.
          schema:
            type: integer
            minimum: 1
            default: 1
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { type: array, items: { type: object } }
`,
    },
    {
      name: 'options: wholeLists: a list that answers with a page is still asked for paging (oas3.1)',
      options: { wholeLists: true },
      document: wholeDoc('3.1.0', true),
      errors: [{ path: ['paths', '/api/artists/{id}/top-tracks', 'get'], message: 'does not declare the query parameters "page" and "limit"' }],
    },
    {
      name: 'options: wholeLists off (the default): a list answered whole is asked for paging (oas2)',
      document: wholeDoc('2.0', false),
      errors: [{ path: ['paths', '/api/artists/{id}/top-tracks', 'get'] }],
    },
  ],
});
