import { testRule } from '../test/helpers/testRule';

const answers200 = `responses:
        '200': { description: OK }`;

testRule('post-create-201', {
  valid: [
    {
      name: 'options: actions non-collections: a last segment that is no plural noun acts, it creates nothing (oas3)',
      options: { actions: 'non-collections' },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /me/player/next:
    post:
      ${answers200}
  /ai/extract:
    post:
      ${answers200}
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
      ${answers200}
`,
    },
    {
      name: 'options: actions non-collections with statuses 200 (oas3.1)',
      options: { actions: 'non-collections', statuses: ['200'] },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /me/player/previous:
    post:
      responses:
        '204': { description: No Content }
`,
    },
  ],
  invalid: [
    {
      name: 'without actions (the default) a singular last segment is a collection POSTed to (oas3)',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /me/player/next:
    post:
      ${answers200}
`,
      errors: [{ message: 'POST /me/player/next answers 200: POST on a collection creates a resource and answers 201 Created.' }],
    },
    {
      name: 'options: actions non-collections: a plural collection still creates (oas3.1)',
      options: { actions: 'non-collections' },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /me/playlists:
    post:
      ${answers200}
  /ai/extract:
    post:
      ${answers200}
`,
      errors: [{ path: ['paths', '/me/playlists', 'post', 'responses', '200'], message: 'POST /me/playlists answers 200' }],
    },
    {
      name: 'options: actions non-collections: an uncountable noun names a collection (oas2)',
      options: { actions: 'non-collections' },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /users/{id}/feedback:
    post:
      ${answers200}
`,
      errors: [{ message: 'POST /users/{id}/feedback answers 200' }],
    },
  ],
});
