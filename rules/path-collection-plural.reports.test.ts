import { testRule } from '../test/helpers/testRule';

const list = `get:
      responses:
        '200':
          description: OK
          content: { application/json: { schema: { type: array, items: { type: object } } } }`;

testRule('path-collection-plural', {
  valid: [
    {
      name: 'options: reports: a singular list end with no item below it is a report (oas3)',
      options: { reports: true },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /repos/{owner}/stats/code_frequency:
    ${list}
  /me/player/queue:
    ${list}
`,
    },
    {
      name: 'options: reports: a view of a collection, written with a format (oas3.1)',
      options: { reports: true },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /Accounts/{AccountSid}/Usage/Records/Yesterday.json:
    ${list}
`,
    },
    {
      name: 'options: reports (oas2)',
      options: { reports: true },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /repos/{owner}/stats/punch_card:
    get:
      responses:
        '200': { description: OK, schema: { type: array, items: { type: integer } } }
`,
    },
  ],
  invalid: [
    {
      name: 'options: reports: a singular name with an item below it, or before an {id}, is a collection (oas3)',
      options: { reports: true },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/invoice:
    ${list}
  /api/invoice/{id}: {}
  /api/team/{id}/members:
    ${list}
`,
      errors: [
        { path: ['paths', '/api/invoice'], message: 'Collection segment "invoice"' },
        { path: ['paths', '/api/invoice/{id}'], message: 'Collection segment "invoice"' },
        { path: ['paths', '/api/team/{id}/members'], message: 'Collection segment "team"' },
      ],
    },
    {
      name: 'without reports (the default) a singular list end is judged (oas3.1)',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /repos/{owner}/stats/code_frequency:
    ${list}
`,
      errors: [{ path: ['paths', '/repos/{owner}/stats/code_frequency'], message: '"frequency" → "frequencies"' }],
    },
    {
      name: 'options: reports: the names before the report are still judged (oas2)',
      options: { reports: true },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /repo/{owner}/stats/punch_card:
    get:
      responses:
        '200': { description: OK, schema: { type: array, items: { type: integer } } }
`,
      errors: [{ path: ['paths', '/repo/{owner}/stats/punch_card'], message: 'Collection segment "repo"' }],
    },
  ],
});
