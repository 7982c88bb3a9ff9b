import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { testRule } from '../test/helpers/testRule';
import { nestingProblem } from './path-resource-nesting';

const pathsDoc = (version: string, ...keys: string[]) =>
  `${version.startsWith('2') ? "swagger: '2.0'" : `openapi: ${version}`}
info: { title: t, version: '1' }
paths:
${keys.map(k => `  ${k}: {}`).join('\n')}
`;

testRule('path-resource-nesting', {
  valid: [
    { name: 'options: maxDepth 2, two collections (oas3)', options: { maxDepth: 2 }, document: pathsDoc('3.0.3', '/api/users/{id}/orders/{orderId}') },
    { name: 'options: maxDepth none, four collections (oas2)', options: { maxDepth: 'none' }, document: pathsDoc('2.0', '/api/a/{a}/b/{b}/c/{c}/d') },
    { name: 'options: idTemplate camelCase (oas3.1)', options: { idTemplate: 'camelCase' }, document: pathsDoc('3.1.0', '/api/users/{userId}/orders/{id}') },
    { name: 'options: idTemplate snake_case (oas2)', options: { idTemplate: 'snake_case' }, document: pathsDoc('2.0', '/api/users/{user_id}/orders/{id}') },
    {
      name: 'options: idTemplate PascalCase (oas3)',
      options: { idTemplate: 'PascalCase' },
      document: pathsDoc('3.0.3', '/api/Accounts/{AccountSid}/Calls/{Sid}'),
    },
    {
      name: 'options: compoundIds, a repository by its owner and name (oas3)',
      options: { compoundIds: ['{owner}/{repo}'] },
      document: pathsDoc('3.0.3', '/repos/{owner}/{repo}/issues/{number}'),
    },
    {
      name: 'options: namespaces, left out of the alternation and the depth (oas3.1)',
      options: { namespaces: ['radar', 'me'], maxDepth: 1 },
      document: pathsDoc('3.1.0', '/v1/radar/early_fraud_warnings/{id}', '/v1/me/albums'),
    },
    { name: 'options: idTemplate any (oas3)', options: { idTemplate: 'any' }, document: pathsDoc('3.0.3', '/api/users/{User-ID}') },
    {
      // Xero payroll (v3.0): the server base path /payroll.xro/2.0 is the provider's prefix (path-api-prefix reports it).
      name: 'oas3: a non-/api server base path is not judged as resources',
      document: `openapi: 3.0.0
info: { title: Xero Payroll UK, version: 2.0.0 }
servers:
  - url: https://api.xero.com/payroll.xro/2.0
paths:
  /Employees: {}
  /Employees/{EmployeeID}: {}
  /Employees/{EmployeeID}/Leave: {}
`,
    },
    {
      name: 'oas3: a prefix of the path key that ends in a version is not judged either',
      document: `openapi: 3.0.0
info: { title: t, version: '1' }
paths:
  /payroll.xro/2.0/Employees/{EmployeeID}: {}
  /2010-04-01/Accounts/{AccountSid}/Calls: {}
`,
    },
    {
      name: 'oas3: alternating, version in the server URL',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
servers: [{ url: 'https://x.io/api/v1' }]
paths:
  /users: {}
  /users/{id}: {}
  /users/{id}/orders: {}
  /users/{id}/orders/{orderId}: {}
`,
    },
    {
      name: 'oas3.1: no /api prefix, a leading version',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /v2/users/{id}/avatar: {}
  /: {}
`,
    },
    {
      name: 'oas2: basePath /api',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
basePath: /api
paths:
  /orders/{id}/items/{itemId}: {}
`,
    },
    {
      name: 'json',
      document: `{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/v1/users/{id}": {}}}`,
    },
    {
      name: 'options: singletons, a literal below one that names one resource (oas3)',
      options: { singletons: true },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /app/hook/config:
    get: { responses: { '200': { description: OK, content: { application/json: { schema: { type: object } } } } } }
  /app/hook/deliveries/{delivery_id}: {}
  /repos/{owner}/actions/permissions/workflow: {}
`,
    },
    {
      name: 'options: singletons, an API in RPC style (oas2)',
      options: { singletons: true },
      document: pathsDoc('2.0', '/asset_report/audit_copy/get', '/item/public_token/exchange'),
    },
    {
      name: 'options: singletons, the item of a Twilio collection written with its format extension (oas3.1)',
      options: { singletons: true },
      document: pathsDoc('3.1.0', '/2010-04-01/Accounts/{AccountSid}/SIP/Domains/{DomainSid}/Auth/Calls.json'),
    },
    {
      name: 'options: actions post, a verb ending a POST-only path acts on what comes before it (oas3)',
      options: { actions: 'post' },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /groups/terminate_sessions:
    post: { responses: { '200': { description: OK } } }
  /projects/{project_gid}/sections/insert:
    post: { responses: { '200': { description: OK } } }
`,
    },
    {
      name: 'options: actions post, a path item with no operation yet (oas3.1)',
      options: { actions: 'post' },
      document: pathsDoc('3.1.0', '/custom_fields/{id}/enum_options/insert'),
    },
    {
      name: 'options: actions post (oas2)',
      options: { actions: 'post' },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /users/terminate_sessions:
    post: { responses: { '200': { description: OK } } }
`,
    },
  ],
  invalid: [
    {
      name: 'options: actions post, a verb on a path that also takes GET, a noun, or not last (oas3)',
      options: { actions: 'post' },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /groups/terminate_sessions:
    get: { responses: { '200': { description: OK } } }
    post: { responses: { '200': { description: OK } } }
  /groups/sessions:
    post: { responses: { '200': { description: OK } } }
  /groups/terminate/sessions:
    post: { responses: { '200': { description: OK } } }
`,
      errors: [
        { path: ['paths', '/groups/terminate_sessions'], message: 'two collections in a row ("groups/terminate_sessions")' },
        { path: ['paths', '/groups/sessions'], message: 'two collections in a row ("groups/sessions")' },
        { path: ['paths', '/groups/terminate/sessions'], message: 'two collections in a row ("groups/terminate")' },
      ],
    },
    {
      name: 'without actions (the default) a verb ending a POST-only path is a collection (oas3.1)',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /projects/{project_gid}/sections/insert:
    post: { responses: { '200': { description: OK } } }
`,
      errors: [{ path: ['paths', '/projects/{project_gid}/sections/insert'], message: 'two collections in a row ("sections/insert")' }],
    },
    {
      name: 'options: actions post, the rest of the path is still judged (oas2)',
      options: { actions: 'post' },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /groups/members/terminate_sessions:
    post: { responses: { '200': { description: OK } } }
`,
      errors: [{ path: ['paths', '/groups/members/terminate_sessions'], message: 'two collections in a row ("groups/members")' }],
    },
    {
      name: 'options: singletons, a literal below a collection that has items is still two collections (oas3)',
      options: { singletons: true },
      document: pathsDoc('3.0.3', '/api/users/{id}', '/api/users/search'),
      errors: [{ path: ['paths', '/api/users/search'], message: 'two collections in a row ("users/search")' }],
    },
    {
      name: 'options: singletons, below a collection that lists (oas3.1)',
      options: { singletons: true },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get: { responses: { '200': { description: OK, content: { application/json: { schema: { type: array, items: { type: object } } } } } } }
  /api/users/export: {}
`,
      errors: [{ path: ['paths', '/api/users/export'], message: 'two collections in a row ("users/export")' }],
    },
    {
      name: 'options: singletons, below a collection posted to (oas2)',
      options: { singletons: true },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/orders:
    post: { responses: { '201': { description: Created } } }
  /api/orders/bulk: {}
`,
      errors: [{ path: ['paths', '/api/orders/bulk'], message: 'two collections in a row ("orders/bulk")' }],
    },
    {
      name: 'without singletons (the default) a literal below a singleton is reported (oas3)',
      document: pathsDoc('3.0.3', '/app/hook/config'),
      errors: [{ path: ['paths', '/app/hook/config'], message: 'two collections in a row ("app/hook")' }],
    },
    {
      name: 'options: maxDepth 1, a sub-collection is one too deep (oas3)',
      options: { maxDepth: 1 },
      document: pathsDoc('3.0.3', '/api/users/{id}', '/api/users/{id}/orders'),
      errors: [{ path: ['paths', '/api/users/{id}/orders'], message: 'nests 2 collections: the API nests at most 1' }],
    },
    {
      name: 'options: compoundIds: another pair of templates in a row (oas2)',
      options: { compoundIds: ['{owner}/{repo}'] },
      document: pathsDoc('2.0', '/repos/{owner}/{repo}/issues/{number}', '/orgs/{org}/{team}/members'),
      errors: [{ path: ['paths', '/orgs/{org}/{team}/members'], message: 'has two templates in a row ("{org}/{team}")' }],
    },
    {
      name: 'options: namespaces: another segment is judged as before (oas2)',
      options: { namespaces: ['radar'] },
      document: pathsDoc('2.0', '/v1/radar/value_lists/{id}', '/v1/terminal/readers/{id}'),
      errors: [{ path: ['paths', '/v1/terminal/readers/{id}'], message: 'has two collections in a row ("terminal/readers")' }],
    },
    {
      name: 'options: maxDepth 2 (oas2)',
      options: { maxDepth: 2 },
      document: pathsDoc('2.0', '/api/users/{id}/orders/{orderId}/lines'),
      errors: [{ message: 'nests 3 collections' }],
    },
    {
      name: 'options: idTemplate camelCase, {user_id} (oas3.1)',
      options: { idTemplate: 'camelCase' },
      document: pathsDoc('3.1.0', '/api/users/{user_id}'),
      errors: [{ path: ['paths', '/api/users/{user_id}'], message: 'the template "{user_id}": the API names item templates in camelCase' }],
    },
    {
      name: 'options: idTemplate snake_case, {userId} (oas2)',
      options: { idTemplate: 'snake_case' },
      document: pathsDoc('2.0', '/api/users/{userId}/orders'),
      errors: [{ message: '"{userId}": the API names item templates in snake_case' }],
    },
    {
      name: 'options: idTemplate PascalCase, {id} (oas3)',
      options: { idTemplate: 'PascalCase' },
      document: pathsDoc('3.0.3', '/api/Accounts/{id}'),
      errors: [{ message: 'in PascalCase ({Sid}, {AccountSid})' }],
    },
    {
      name: 'oas3: two collections, two templates, a template first',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/orders: {}
  /api/users/{id}/{orderId}: {}
  /api/v1/{id}: {}
`,
      errors: [
        { path: ['paths', '/api/users/orders'], line: 4, message: 'two collections in a row ("users/orders")' },
        { path: ['paths', '/api/users/{id}/{orderId}'], line: 5, message: 'two templates in a row' },
        { path: ['paths', '/api/v1/{id}'], line: 6, message: 'starts with the template' },
      ],
    },
    {
      name: 'oas3.1: the server base path adds a collection',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
servers: [{ url: 'https://x.io/api/v1/shop' }]
paths:
  /users: {}
`,
      errors: [{ path: ['paths', '/users'], message: '/api/v1/shop/users' }],
    },
    {
      name: 'oas2',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
basePath: /api/v1
paths:
  /users/me: {}
`,
      errors: [{ path: ['paths', '/users/me'], line: 5 }],
    },
    {
      name: 'json',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/{tenant}/users": {}}}`,
      errors: [{ path: ['paths', '/api/{tenant}/users'] }],
    },
  ],
});

describe('nestingProblem', () => {
  it('accepts the conventional shapes', () => {
    for (const p of ['/api', '/api/v1', '/api/users', '/api/users/{id}', '/api/v3/users/{id}/orders/{o}/lines']) {
      assert.equal(nestingProblem(p), undefined, p);
    }
  });
});
