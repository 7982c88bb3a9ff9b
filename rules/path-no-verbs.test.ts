import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { testRule, ruleset1 } from '../test/helpers/testRule';
import { splitWords } from './_lib/words';

const oas3 = (paths: string, v = '3.0.3') => `openapi: ${v}
info: { title: t, version: '1' }
paths:
${paths}`;

testRule('path-no-verbs', {
  valid: [
    {
      name: 'oas3: nouns that are also verbs in the lexicon are not flagged (order, search, leave, email)',
      document: oas3(`  /api/orders/{id}: {}
  /api/order/{id}: {}
  /api/search: {}
  /api/employees/{id}/leave: {}
  /api/users/{id}/email: {}
  /api/accounts/{id}/balance: {}
`),
    },
    {
      name: 'oas3: nouns, and settings is not "set"',
      document: oas3(`  /api/v1/settings: {}
  /api/v1/users/{id}/orders: {}
  /api/v1/getaways: {}
`),
    },
    {
      name: 'oas3.1: a noun-like verb before an {id} names a collection',
      document: oas3(
        `  /api/post/{id}: {}
  /api/list/{listId}/items: {}
`,
        '3.1.0',
      ),
    },
    {
      name: 'oas2: nouns only',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
basePath: /api/v1
paths:
  /users/{id}/activations: {}
`,
    },
    {
      name: 'options: allowed words are not flagged',
      document: oas3(`  /api/reset: {}
`),
      options: { allowed: ['reset'] },
    },
    {
      name: 'options: verbs replaces the default list',
      document: oas3(`  /api/getUsers: {}
`),
      options: { verbs: ['frobnicate'] },
    },
    {
      name: 'options: actions post: a verb ending a POST-only path is an action',
      document: oas3(`  /api/invoices/{id}/activate: { post: { responses: { '200': { description: ok } } } }
  /api/accounts/get: { post: { responses: { '200': { description: ok } } } }
`),
      options: { actions: 'post' },
    },
    {
      name: 'options: actions post: a path item with no operation takes no method but POST (oas3.1)',
      document: oas3(
        `  /api/transactions/recurring/deactivate: {}
  /api/items/{id}/notify: { summary: Notify }
`,
        '3.1.0',
      ),
      options: { actions: 'post' },
    },
    {
      name: 'oas3: a #fragment is no part of the path (Box: a second PUT on one URL)',
      document: oas3(`  /api/folders/{folder_id}: { put: { responses: { '200': { description: ok } } } }
  /api/folders/{folder_id}#update_shared_link: { put: { responses: { '200': { description: ok } } } }
`),
    },
    {
      name: 'json',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {}, "/api/add-ons": {}}}`,
    },
    {
      name: 'oas3: count and query are nouns, as search and login are',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/count: {}
  /api/query: {}
  /api/search/emails: {}
  /api/login: {}
`,
    },
    {
      name: 'oas3.1: /query and /count',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/logs/query: {}
  /api/orders/count: {}
`,
    },
    {
      name: 'oas2: /count',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/projects/{id}/issues/count: {}
`,
    },
    {
      name: 'oas3: an adjective before a plural noun names things (new-releases, newReleases)',
      document: oas3(`  /api/albums/new-releases: { get: { responses: { '200': { description: ok } } } }
  /api/newReleases: {}
`),
    },
    {
      name: 'oas2: new_arrivals is a noun phrase',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/new_arrivals: {}
`,
    },
    {
      name: 'oas3: change_events and change-requests are nouns (PagerDuty)',
      document: `openapi: 3.0.2
info: { title: t, version: '1' }
paths:
  /change_events: {}
  /change_events/{id}: {}
  /services/{id}/change_events: {}
  /api/change-requests/{id}: {}
`,
    },
  ],
  invalid: [
    {
      name: 'oas3: verbs of the lexicon (manage_items, RevertToDraft, reassign)',
      document: oas3(`  /api/manage_items: {}
  /api/Invoices/{InvoiceID}/RevertToDraft: {}
  /api/incidents/{id}/reassign: {}
`),
      errors: [
        { path: ['paths', '/api/manage_items'], message: 'action verb "manage"' },
        { path: ['paths', '/api/Invoices/{InvoiceID}/RevertToDraft'], message: 'action verb "revert"' },
        { path: ['paths', '/api/incidents/{id}/reassign'], message: 'action verb "reassign"' },
      ],
    },
    {
      name: 'oas3: camelCase, kebab-case, snake_case and a trailing action',
      document: oas3(`  /api/getUsers: {}
  /api/create-order: {}
  /api/delete_item: {}
  /api/users/{id}/activate: {}
`),
      errors: [
        { path: ['paths', '/api/getUsers'], line: 4, message: '"get"' },
        { path: ['paths', '/api/create-order'], line: 5, message: '"create"' },
        { path: ['paths', '/api/delete_item'], line: 6, message: '"delete"' },
        { path: ['paths', '/api/users/{id}/activate'], line: 7, message: '"activate"' },
      ],
    },
    {
      name: 'oas3.1: PascalCase and a Google-style custom method',
      document: oas3(
        `  /api/Users/{id}/DeleteItem: {}
  /api/orders/{id}:cancel: {}
`,
        '3.1.0',
      ),
      errors: [
        { path: ['paths', '/api/Users/{id}/DeleteItem'], message: '"DeleteItem"' },
        { path: ['paths', '/api/orders/{id}:cancel'], message: '"cancel"' },
      ],
    },
    {
      name: 'oas2: a verb in the middle of the path',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users/fetch/{id}: {}
`,
      errors: [{ path: ['paths', '/api/users/fetch/{id}'], line: 4 }],
    },
    {
      name: 'options: extraVerbs adds to the list',
      document: oas3(`  /api/search: {}
  /api/getUsers: {}
`),
      options: { extraVerbs: ['search'] },
      errors: [{ path: ['paths', '/api/search'] }, { path: ['paths', '/api/getUsers'] }],
    },
    {
      name: 'options: actions post: a verb not last, on a path that also takes GET, or with the default (oas2)',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/getUsers/{id}/pay: { post: { responses: { '200': { description: ok } } } }
  /api/invoices/{id}/send: { get: { responses: { '200': { description: ok } } }, post: { responses: { '200': { description: ok } } } }
`,
      options: { actions: 'post' },
      errors: [
        { path: ['paths', '/api/getUsers/{id}/pay'], message: 'Path segment "getUsers"' },
        { path: ['paths', '/api/invoices/{id}/send'], message: 'Path segment "send"' },
      ],
    },
    {
      name: 'options: actions post: a verb not last on a path item with no operation (oas3)',
      document: oas3(`  /api/withdraw/ledger: {}
`),
      options: { actions: 'post' },
      errors: [{ path: ['paths', '/api/withdraw/ledger'], message: 'Path segment "withdraw"' }],
    },
    {
      name: 'oas2: a verb before the #fragment is still a verb',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/createFolder#copy: { post: { responses: { '200': { description: ok } } } }
`,
      errors: [{ path: ['paths', '/api/createFolder#copy'], message: 'Path segment "createFolder"' }],
    },
    {
      name: 'a verb ending a POST-only path, with the default actions none',
      document: oas3(`  /api/invoices/{id}/activate: { post: { responses: { '200': { description: ok } } } }
`),
      errors: [{ path: ['paths', '/api/invoices/{id}/activate'], message: 'Path segment "activate" is the action verb "activate"' }],
    },
    {
      name: 'oas3.1: new before a singular noun, or alone, still reads as the action',
      document: oas3(
        `  /api/new-user: {}
  /api/users/new: {}
`,
        '3.1.0',
      ),
      errors: [
        { path: ['paths', '/api/new-user'], message: 'the action verb "new"' },
        { path: ['paths', '/api/users/new'], message: 'the action verb "new"' },
      ],
    },
    {
      name: 'options: a replaced verb list is used',
      document: oas3(`  /api/frobnicate-things: {}
`),
      options: { verbs: ['frobnicate'] },
      errors: [{ path: ['paths', '/api/frobnicate-things'] }],
    },
    {
      name: 'json',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/updateUser": {}}}`,
      errors: [{ path: ['paths', '/api/updateUser'], line: 1 }],
    },
  ],
});

describe('path-no-verbs options and words', () => {
  it('rejects options that do not match the schema', () => {
    assert.throws(() => ruleset1('path-no-verbs', { verbs: 'get' }));
    assert.throws(() => ruleset1('path-no-verbs', { unknown: ['x'] }));
    assert.doesNotThrow(() => ruleset1('path-no-verbs', { verbs: ['get'], extraVerbs: ['search'], allowed: ['set'] }));
  });
  it('splits every casing style into words', () => {
    assert.deepEqual(splitWords('getUsers'), ['get', 'users']);
    assert.deepEqual(splitWords('GetHTTPStatus'), ['get', 'http', 'status']);
    assert.deepEqual(splitWords('create-order'), ['create', 'order']);
    assert.deepEqual(splitWords('delete_item'), ['delete', 'item']);
    assert.deepEqual(splitWords('settings'), ['settings']);
  });
});

describe('the lexicon word lists (rules/_lib/lexicon-words.ts)', () => {
  it('are what rules/_lib/gen-verbs.mjs derives from the installed en-lexicon', () => {
    const r = spawnSync(process.execPath, [path.join(__dirname, '_lib', 'gen-verbs.mjs'), '--check'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  });
});
