import { testRule } from '../test/helpers/testRule';

const ok = `responses:
        '200': { description: OK }`;

testRule('post-request-body', {
  valid: [
    {
      name: 'options: actions non-collections: a last segment that is no plural noun is an action (oas3)',
      options: { actions: 'non-collections' },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /check-runs/{check_run_id}/rerequest:
    post:
      ${ok}
  /me/player/previous:
    post:
      ${ok}
`,
    },
    {
      name: 'options: actions non-collections: an RPC method (oas2)',
      options: { actions: 'non-collections' },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /dnd.endSnooze:
    post:
      ${ok}
`,
    },
    {
      name: 'options: actions non-collections: a singular name with a format extension (oas3.1)',
      options: { actions: 'non-collections' },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /Accounts/{AccountSid}/Queue.json:
    post:
      ${ok}
`,
    },
  ],
  invalid: [
    {
      name: 'options: actions non-collections: a plural collection, an item, a file format are no actions (oas3)',
      options: { actions: 'non-collections' },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    post:
      ${ok}
  /api/users/{id}:
    post:
      ${ok}
  /Accounts/Calls.json:
    post:
      ${ok}
`,
      errors: [
        { path: ['paths', '/api/users', 'post'], message: 'POST /api/users has no request body' },
        { path: ['paths', '/api/users/{id}', 'post'], message: 'POST /api/users/{id} has no request body' },
        { path: ['paths', '/Accounts/Calls.json', 'post'], message: 'POST /Accounts/Calls.json has no request body' },
      ],
    },
    {
      name: 'actions verbs (the default): a last segment that is no verb nor plural is still reported (oas3.1)',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /check-runs/{check_run_id}/rerequest:
    post:
      ${ok}
`,
      errors: [{ path: ['paths', '/check-runs/{check_run_id}/rerequest', 'post'], message: 'has no request body: POST sends the new resource as JSON' }],
    },
    {
      name: 'options: actions non-collections: an RPC method under a plural family still needs no body, a plural one does (oas2)',
      options: { actions: 'non-collections' },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /conversations.archive:
    post:
      ${ok}
  /api/sessions:
    post:
      ${ok}
`,
      errors: [{ path: ['paths', '/api/sessions', 'post'], message: 'POST /api/sessions has no request body' }],
    },
  ],
});
