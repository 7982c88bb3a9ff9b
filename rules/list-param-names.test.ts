import { testRule } from '../test/helpers/testRule';

testRule('list-param-names', {
  valid: [
    {
      name: 'oas3: a list paged as SCIM pages it (startIndex, count: RFC 7644) keeps the name count',
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
      name: 'oas3.1: a SCIM list keeps the name count',
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
      name: 'oas2: a SCIM list keeps the name count',
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
    {
      name: 'oas3: conventional names; aliases outside list GETs are not judged',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: page, in: query, schema: { type: integer } }
        - { name: limit, in: query, schema: { type: integer } }
        - { name: sort, in: query, schema: { type: string } }
        - { name: filter, in: query, schema: { type: string } }
        - { name: size, in: header, schema: { type: string } }
      responses: { '200': { description: OK } }
    post:
      parameters:
        - { name: count, in: query, schema: { type: integer } }
      responses: { '201': { description: OK } }
  /api/images/{id}:
    get:
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
        - { name: size, in: query, schema: { type: string } }
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'oas3.1',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters: [{ name: sort, in: query }]
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'oas2',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters: [{ name: limit, in: query, type: integer }]
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'json',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"get": {"parameters": [{"name": "page", "in": "query"}], "responses": {"200": {"description": "OK"}}}}}}`,
    },
    {
      name: "options: names.limit per_page: the team's page size name (oas3)",
      options: { names: { limit: 'per_page' } },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: page, in: query, schema: { type: integer } }
        - { name: per_page, in: query, schema: { type: integer } }
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'options: names.limit auto: every list operation uses the same name (oas3.1)',
      options: { names: { limit: 'auto' } },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: pageSize, in: query, schema: { type: integer } }
      responses: { '200': { description: OK } }
  /api/orders:
    get:
      parameters:
        - { name: pageSize, in: query, schema: { type: integer } }
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'options: names.sort auto: a tie is no convention (oas3)',
      options: { names: { sort: 'auto' } },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: order_by, in: query, schema: { type: integer } }
      responses: { '200': { description: OK } }
  /api/orders:
    get:
      parameters:
        - { name: sortBy, in: query, schema: { type: integer } }
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'oas3: a sort direction (order of asc, desc) beside sort is no sort field',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/issues:
    get:
      parameters:
        - { name: sort, in: query, schema: { type: string, enum: [created, updated] } }
        - { name: order, in: query, schema: { type: string, enum: [asc, desc] } }
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'oas2: a direction alone (order of ascending, descending)',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/issues:
    get:
      parameters:
        - { name: order, in: query, type: string, enum: [ascending, descending] }
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'oas3.1: a direction in a shared parameter',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/issues:
    get:
      parameters:
        - $ref: '#/components/parameters/order'
      responses: { '200': { description: OK } }
components:
  parameters:
    order: { name: order, in: query, schema: { type: string, enum: [desc, asc], default: desc } }
`,
    },
  ],
  invalid: [
    {
      name: 'oas3.2: a property of an in: querystring parameter is flagged at its key (no fix: the schema is renamed by hand)',
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
                  per_page: { type: integer, minimum: 1, maximum: 100 }
      responses:
        '200':
          description: OK
          content: { application/json: { schema: { type: array, items: { type: object } } } }
`,
      errors: [
        {
          path: ['paths', '/api/orders', 'get', 'parameters', '0', 'content', 'application/x-www-form-urlencoded', 'schema', 'properties', 'per_page'],
          line: 15,
          message: 'call it "limit"',
        },
      ],
    },
    {
      // Xero (v3.0): page, pageSize and order in their own case.
      name: 'oas3: names in another case (Page, PageSize, Order)',
      document: `openapi: 3.0.0
info: { title: t, version: '1' }
paths:
  /api/Invoices:
    get:
      parameters:
        - { name: Page, in: query, schema: { type: integer } }
        - { name: PageSize, in: query, schema: { type: integer } }
        - { name: Order, in: query, schema: { type: string } }
      responses: { '200': { description: OK } }
`,
      errors: [
        { line: 7, message: '"Page" is a list parameter with an unconventional name: call it "page"' },
        { line: 8, message: 'call it "limit"' },
        { line: 9, message: 'call it "sort"' },
      ],
      output: `openapi: 3.0.0
info: { title: t, version: '1' }
paths:
  /api/Invoices:
    get:
      parameters:
        - { name: page, in: query, schema: { type: integer } }
        - { name: limit, in: query, schema: { type: integer } }
        - { name: sort, in: query, schema: { type: string } }
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'oas3: two aliases, each renamed (comment kept)',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - name: pageSize # items per page
          in: query
          schema: { type: integer }
        - { name: orderBy, in: query, schema: { type: string } }
      responses:
        '200': { description: OK }
`,
      errors: [
        { path: ['paths', '/api/users', 'get', 'parameters', '0', 'name'], line: 7, message: 'call it "limit"' },
        { path: ['paths', '/api/users', 'get', 'parameters', '1', 'name'], line: 10, message: 'call it "sort"' },
      ],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - name: limit # items per page
          in: query
          schema: { type: integer }
        - { name: sort, in: query, schema: { type: string } }
      responses:
        '200': { description: OK }
`,
    },
    {
      name: 'oas2: a shared parameter through $ref is renamed where it is defined',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - $ref: '#/parameters/PerPage'
      responses:
        '200': { description: OK }
parameters:
  PerPage:
    name: per_page
    in: query
    type: integer
`,
      errors: [{ path: ['parameters', 'PerPage', 'name'], line: 12 }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - $ref: '#/parameters/PerPage'
      responses:
        '200': { description: OK }
parameters:
  PerPage:
    name: limit
    in: query
    type: integer
`,
    },
    {
      name: 'json oas3.1: where → filter',
      document: `{
  "openapi": "3.1.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users": {
      "get": {
        "parameters": [
          { "name": "where", "in": "query", "schema": { "type": "string" } }
        ],
        "responses": { "200": { "description": "OK" } }
      }
    }
  }
}
`,
      errors: [{ line: 8, message: '"filter"' }],
      output: `{
  "openapi": "3.1.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/users": {
      "get": {
        "parameters": [
          { "name": "filter", "in": "query", "schema": { "type": "string" } }
        ],
        "responses": { "200": { "description": "OK" } }
      }
    }
  }
}
`,
    },
    {
      name: 'oas3: the conventional name exists already: no rename, keep one',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: p, in: query, schema: { type: integer } }
        - { name: page, in: query, schema: { type: integer } }
      responses: { '200': { description: OK } }
`,
      errors: [{ line: 7, message: 'duplicates "page"' }],
    },
    {
      name: 'options: names.limit per_page: limit and pageSize are asked to be per_page; the fix renames (oas3)',
      options: { names: { limit: 'per_page' } },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: limit, in: query, schema: { type: integer } }
      responses: { '200': { description: OK } }
  /api/orders:
    get:
      parameters:
        - { name: pageSize, in: query, schema: { type: integer } }
      responses: { '200': { description: OK } }
`,
      errors: [
        { line: 7, message: 'Query parameter "limit" is a list parameter with an unconventional name: call it "per_page".' },
        { line: 12, message: 'call it "per_page"' },
      ],
    },
    {
      name: 'options: names.limit auto: the minority is reported with what the rest does; the fix renames to the majority (oas3)',
      options: { names: { limit: 'auto' } },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: limit, in: query, schema: { type: integer } }
      responses: { '200': { description: OK } }
  /api/orders:
    get:
      parameters:
        - { name: limit, in: query, schema: { type: integer } }
      responses: { '200': { description: OK } }
  /api/items:
    get:
      parameters:
        - { name: per_page, in: query, schema: { type: integer } }
      responses: { '200': { description: OK } }
`,
      errors: [
        {
          line: 17,
          message:
            'Query parameter "per_page" is the page size under another name than in the rest of the API (2 of 3 list operations with a page size call it "limit"): call it "limit".',
        },
      ],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: limit, in: query, schema: { type: integer } }
      responses: { '200': { description: OK } }
  /api/orders:
    get:
      parameters:
        - { name: limit, in: query, schema: { type: integer } }
      responses: { '200': { description: OK } }
  /api/items:
    get:
      parameters:
        - { name: limit, in: query, schema: { type: integer } }
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'options: names.page page_number (oas2)',
      options: { names: { page: 'page_number' } },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      parameters:
        - { name: page, in: query, type: integer }
      responses: { '200': { description: OK } }
`,
      errors: [{ line: 7, message: 'call it "page_number"' }],
    },
    {
      name: 'oas3: order whose values are fields is the sort field under another name',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/issues:
    get:
      parameters:
        - { name: order, in: query, schema: { type: string, enum: [created, asc] } }
      responses: { '200': { description: OK } }
`,
      errors: [{ message: 'Query parameter "order" is a list parameter with an unconventional name: call it "sort".' }],
    },
  ],
});
