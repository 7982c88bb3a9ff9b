import { testRule } from '../test/helpers/testRule';

const list = `get:
      responses:
        '200':
          description: OK
          content: { application/json: { schema: { type: array, items: { type: object } } } }`;

testRule('path-collection-plural', {
  valid: [
    {
      name: "oas3: an RPC method (Slack's team.accessLogs) names no collection of teams",
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /team.accessLogs:
    ${list}
  /team.integrationLogs:
    ${list}
`,
    },
    {
      name: 'oas2: an RPC method under /api',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
basePath: /api
paths:
  /team.profile:
    get:
      responses:
        '200': { description: OK, schema: { type: array, items: { type: object } } }
`,
    },
  ],
  invalid: [
    {
      name: 'oas3.1: a format extension is no method: the name before it is judged',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /Account.json:
    ${list}
`,
      errors: [{ path: ['paths', '/Account.json'], message: 'Collection segment "Account.json" of "/Account.json" is not a plural noun' }],
    },
  ],
});
