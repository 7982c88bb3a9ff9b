import { testRule } from '../test/helpers/testRule';

testRule('method-path-fit', {
  valid: [
    {
      name: 'oas3: POST on the collection, PUT/PATCH/DELETE on the item',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get: { responses: { '200': { description: OK } } }
    post: { responses: { '201': { description: Created } } }
  /api/users/{id}:
    get: { responses: { '200': { description: OK } } }
    put: { responses: { '200': { description: OK } } }
    patch: { responses: { '200': { description: OK } } }
    delete: { responses: { '204': { description: Deleted } } }
`,
    },
    {
      name: 'oas3.1: nested sub-collection',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users/{id}/orders:
    post: { responses: { '201': { description: Created } } }
  /api/users/{id}/orders/{orderId}:
    delete: { responses: { '204': { description: Deleted } } }
`,
    },
    {
      name: 'oas2: GET anywhere is fine',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
basePath: /api
paths:
  /users/{id}:
    get: { responses: { '200': { description: OK } } }
    put: { responses: { '200': { description: OK } } }
`,
    },
    {
      name: 'json: oas3',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"post": {"responses": {"201": {"description": "Created"}}}}}}`,
    },
    {
      name: 'oas3: PATCH, PUT and DELETE on singleton sub-resources (Kubernetes status, an avatar, /me)',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/v1/namespaces/{namespace}/pods/{name}/ephemeralcontainers:
    get:
      responses:
        '200': { description: The pod, content: { application/json: { schema: { type: object } } } }
    patch:
      responses: { '200': { description: OK } }
  /api/users/{id}/avatar:
    put: { responses: { '204': { description: Replaced } } }
    delete: { responses: { '204': { description: Removed } } }
  /api/me:
    patch: { responses: { '200': { description: OK } } }
`,
    },
    {
      name: 'oas3.1: /status below an item',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/deployments/{name}/status:
    put: { responses: { '200': { description: OK } } }
`,
    },
    {
      name: 'oas2: /scale below an item',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/deployments/{name}/scale:
    patch: { responses: { '200': { description: OK } } }
`,
    },
    {
      name: 'options: itemMethods with post, an update by POST on the item (oas3)',
      options: { itemMethods: ['post', 'put', 'patch', 'delete'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /v1/customers:
    post: { responses: { '200': { description: Created } } }
  /v1/customers/{customer}:
    post: { responses: { '200': { description: Updated } } }
`,
    },
    {
      name: 'options: itemMethods with post (oas2)',
      options: { itemMethods: ['post', 'put', 'patch', 'delete'] },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json:
    post: { responses: { '200': { description: Updated } } }
`,
    },
    {
      name: 'options: collectionMethods with put and delete, several items saved and removed at once (oas3.1)',
      options: { collectionMethods: ['post', 'put', 'delete'] },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /v1/me/albums:
    get:
      responses:
        '200': { description: OK, content: { application/json: { schema: { type: array, items: { type: object } } } } }
    put: { responses: { '200': { description: Saved } } }
    delete: { responses: { '200': { description: Removed } } }
`,
    },
    {
      name: 'options: collectionMethods with put, a creation by PUT on the collection (oas2)',
      options: { collectionMethods: ['post', 'put'] },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api.xro/2.0/Invoices:
    put: { responses: { '200': { description: Created } } }
`,
    },
    {
      name: 'options: singletons, a literal path that names one resource (oas3)',
      options: { singletons: true },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /app/hook/config:
    get:
      responses:
        '200': { description: OK, content: { application/json: { schema: { type: object } } } }
    patch: { responses: { '200': { description: OK } } }
`,
    },
    {
      name: 'options: singletons (oas2)',
      options: { singletons: true },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /orgs/{org}/actions/permissions:
    put: { responses: { '204': { description: Set } } }
`,
    },
  ],
  invalid: [
    {
      name: 'options: singletons, a path that lists is still a collection (oas3.1)',
      options: { singletons: true },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /runners/labels:
    get:
      responses:
        '200': { description: OK, content: { application/json: { schema: { type: array, items: { type: string } } } } }
    delete: { responses: { '204': { description: Deleted } } }
`,
      errors: [
        { path: ['paths', '/runners/labels', 'delete'], message: 'DELETE on the collection path "/runners/labels": the API sends DELETE to item paths only.' },
      ],
    },
    {
      name: 'options: the methods a team accepts elsewhere are still judged, with what the API does (oas3)',
      options: { collectionMethods: ['post', 'put'], itemMethods: ['post', 'put', 'patch', 'delete'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    put: { responses: { '200': { description: OK } } }
    delete: { responses: { '204': { description: Deleted } } }
  /api/users/{id}:
    post: { responses: { '200': { description: Updated } } }
`,
      errors: [
        { path: ['paths', '/api/users', 'delete'], line: 6, message: 'DELETE on the collection path "/api/users": the API sends DELETE to item paths only.' },
      ],
    },
    {
      name: 'options: collectionMethods without post, itemMethods with it: POST on a collection (oas2)',
      options: { collectionMethods: [], itemMethods: ['post', 'put', 'patch', 'delete'] },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/orders:
    post: { responses: { '200': { description: OK } } }
`,
      errors: [
        { path: ['paths', '/api/orders', 'post'], line: 5, message: 'POST on the collection path "/api/orders": the API sends POST to item paths only.' },
      ],
    },
    {
      name: 'options: a method in neither list (oas3.1)',
      options: { itemMethods: ['put', 'delete'] },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/orders/{id}:
    patch: { responses: { '200': { description: OK } } }
`,
      errors: [{ path: ['paths', '/api/orders/{id}', 'patch'], line: 5, message: 'PATCH on the item path "/api/orders/{id}": the API does not use PATCH.' }],
    },
    {
      name: 'oas3: a sub-collection that lists is no singleton: DELETE on it is flagged',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}/roles:
    get:
      responses:
        '200': { description: OK, content: { application/json: { schema: { type: array, items: { type: object } } } } }
    delete: { responses: { '204': { description: Deleted } } }
`,
      errors: [{ path: ['paths', '/api/users/{id}/roles', 'delete'], message: 'DELETE on the collection path' }],
    },
    {
      name: 'oas3: a POST on a Twilio item path ({Sid}.json) is a POST on an item',
      document: `openapi: 3.0.1
info: { title: t, version: '1' }
paths:
  /2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json:
    post:
      responses: { '200': { description: OK } }
`,
      errors: [{ path: ['paths', '/2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json', 'post'], message: 'POST on the item path' }],
    },
    {
      name: 'oas3.2: a DELETE on a collection beside QUERY and additionalOperations',
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
  /api/items:
    delete:
      responses: { '204': { description: Deleted } }
`,
      errors: [{ path: ['paths', '/api/items', 'delete'] }],
    },
    {
      name: 'oas3: POST on an item path, DELETE on a collection',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    delete: { responses: { '204': { description: Deleted } } }
  /api/users/{id}:
    post: { responses: { '201': { description: Created } } }
`,
      errors: [
        { path: ['paths', '/api/users', 'delete'], line: 5, message: 'DELETE on the collection path "/api/users"' },
        { path: ['paths', '/api/users/{id}', 'post'], line: 7, message: 'POST on the item path "/api/users/{id}"' },
      ],
    },
    {
      name: 'oas3.1: PUT and PATCH on a collection; effective path from the server',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
servers: [{ url: 'https://x.io/api/v1' }]
paths:
  /users:
    put: { responses: { '200': { description: OK } } }
    patch: { responses: { '200': { description: OK } } }
`,
      errors: [
        { path: ['paths', '/users', 'put'], line: 6, message: '"/api/v1/users"' },
        { path: ['paths', '/users', 'patch'], line: 7, message: 'PATCH' },
      ],
    },
    {
      name: 'oas2: POST on an item path',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/orders/{id}:
    post:
      responses:
        '200': { description: OK }
`,
      errors: [{ path: ['paths', '/api/orders/{id}', 'post'], line: 5 }],
    },
    {
      name: 'oas3: path item from another file ($ref)',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/orders:
    $ref: './orders.yaml'
`,
      files: {
        'orders.yaml': `put:
  responses:
    '200': { description: OK }
`,
      },
      errors: [{ path: ['put'], line: 1, file: 'orders.yaml' }],
    },
    {
      name: 'json: oas2 DELETE on a collection',
      document: `{
  "swagger": "2.0",
  "info": { "title": "t", "version": "1" },
  "paths": {
    "/api/orders": {
      "delete": { "responses": { "204": { "description": "Deleted" } } }
    }
  }
}
`,
      errors: [{ path: ['paths', '/api/orders', 'delete'], line: 6 }],
    },
  ],
});
