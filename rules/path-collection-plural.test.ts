import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { testRule } from '../test/helpers/testRule';
import { isPluralOrUncountable, pluralize } from './_lib/words';

const list = `
    get:
      responses:
        '200':
          description: OK
          content: { application/json: { schema: { type: array, items: { type: object } } } }`;

testRule('path-collection-plural', {
  valid: [
    {
      // Swagger petstore (v2): GET /pet/findByStatus returns an array; "find" is path-no-verbs' finding, not a collection name.
      name: 'oas2: an action segment and an adjective are not asked for a plural',
      document: `swagger: '2.0'
info: { title: Swagger Petstore, version: 1.0.7 }
basePath: /api/v2
paths:
  /pet/findByStatus:
    get:
      responses:
        '200': { description: successful operation, schema: { type: array, items: { type: object } } }
  /employees/{employeeId}/sick:
    get:
      responses:
        '200': { description: OK, schema: { type: array, items: { type: object } } }
`,
    },
    {
      name: 'oas3: plurals, irregulars, uncountables; a singleton is not judged',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/v1/users/{id}/avatar: {}
  /api/v1/people/{id}: {}
  /api/v1/categories/{id}/children: ${list}
  /api/v1/media/{id}: {}
  /api/v1/codes_of_conduct/{key}: {}
  /api/v1/health: {}
`,
    },
    {
      name: 'oas3.1: a non-list GET on a singular path is not a collection',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/profile:
    get:
      responses:
        '200':
          description: OK
          content: { application/json: { schema: { type: object, properties: { name: { type: string } } } } }
`,
    },
    {
      name: 'oas2: Twilio-style file extensions',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /Accounts/{Sid}/Calls.json:
    get:
      responses:
        '200': { description: OK, schema: { type: array, items: { type: object } } }
`,
    },
    {
      name: 'json',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/orders/{id}": {}}}`,
    },
    {
      name: 'options: form singular (oas3)',
      options: { form: 'singular' },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/user/{id}: {}
  /api/person/{id}/address/{addressId}: {}
  /api/news/{id}: {}
`,
    },
    {
      name: 'options: form either: the number is not judged (oas2)',
      options: { form: 'either' },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/user/{id}: {}
  /api/orders/{id}: {}
`,
    },
    {
      name: 'options: case snake_case (oas3.1)',
      options: { case: 'snake_case' },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/payment_intents/{id}: {}
  /api/users/{id}: {}
  /api/calls.json/{id}: {}
`,
    },
    {
      name: 'options: form auto: a document that names its collections in the singular keeps them (oas2)',
      options: { form: 'auto' },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/user/{id}: {}
  /api/order/{id}: {}
  /api/invoice/{id}: {}
  /api/news/{id}: {}
`,
    },
    {
      name: 'options: form and case auto: a split document has no majority, and judges nothing (oas3)',
      options: { form: 'auto', case: 'auto' },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/user/{id}: {}
  /api/order/{id}: {}
  /api/payment_intents/{id}: {}
  /api/tax-rates/{id}: {}
`,
    },
    {
      name: 'oas3: a superlative, a plural in -is and a mass noun are not asked for a plural',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/v1/incidents/oldest: ${list}
  /api/v1/sites/{site_id}/well-known-uris: ${list}
  /api/v1/governance/{policy_id}: {}
`,
    },
    {
      name: 'oas3.1: comparatives and abstract mass nouns (compliance, maintenance)',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/reports/newest: ${list}
  /api/devices/{id}/compliance: ${list}
  /api/maintenance/{window_id}: {}
  /api/kpis/{kpi_id}: {}
`,
    },
    {
      name: 'oas2: oldest and governance',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
basePath: /api
paths:
  /messages/oldest:
    get:
      responses:
        '200': { description: OK, schema: { type: array, items: { type: object } } }
  /governance/{id}: {}
`,
    },
  ],
  invalid: [
    {
      name: 'oas3: singular before an {id}',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/v1/user/{id}: {}
  /api/v1/users/{id}/address/{addressId}: {}
`,
      errors: [
        { path: ['paths', '/api/v1/user/{id}'], line: 4, message: '"user" → "users"' },
        { path: ['paths', '/api/v1/users/{id}/address/{addressId}'], line: 5, message: '"address" → "addresses"' },
      ],
    },
    {
      name: 'oas3.1: a list endpoint with a singular name (list through a $ref)',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/category:
    get:
      responses:
        '200': { $ref: '#/components/responses/List' }
components:
  responses:
    List:
      description: OK
      content: { application/json: { schema: { type: object, properties: { data: { type: array } } } } }
`,
      errors: [{ path: ['paths', '/api/category'], message: '"categories"' }],
    },
    {
      name: 'oas3: Greek singulars in -sis / -xis and countable -ance nouns are still singular',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/analysis/{id}: {}
  /api/instance/{id}: {}
`,
      errors: [
        { path: ['paths', '/api/analysis/{id}'], message: '"analysis" → "analyses"' },
        { path: ['paths', '/api/instance/{id}'], message: '"instance" → "instances"' },
      ],
    },
    {
      name: 'oas2',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
basePath: /api
paths:
  /person/{id}: {}
`,
      errors: [{ path: ['paths', '/person/{id}'], message: '"people"' }],
    },
    {
      name: 'json',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/order-item/{id}": {}}}`,
      errors: [{ path: ['paths', '/api/order-item/{id}'], message: '"items"' }],
    },
    {
      name: 'options: form singular: a plural collection is flagged, with its singular (oas3)',
      options: { form: 'singular' },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/user/{id}: {}
  /api/categories/{id}: {}
  /api/people/{id}: {}
`,
      errors: [
        { path: ['paths', '/api/categories/{id}'], message: 'is a plural noun: name collections in the singular ("categories" → "category")' },
        { path: ['paths', '/api/people/{id}'], message: '"people" → "person"' },
      ],
    },
    {
      name: 'options: form auto: the singular collection of a plural API, with the counts (oas3)',
      options: { form: 'auto' },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}: {}
  /api/orders/{id}: {}
  /api/category/{id}: {}
  /api/media/{id}: {}
`,
      errors: [
        {
          path: ['paths', '/api/category/{id}'],
          message:
            'Collection segment "category" of "/api/category/{id}" is singular, but 2 of the document\'s 3 collection names are plural: name it in the plural ("category" → "categories").',
        },
      ],
    },
    {
      name: 'options: form auto: the plural collection of a singular API (oas2)',
      options: { form: 'auto' },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/user/{id}: {}
  /api/order/{id}: {}
  /api/invoices/{id}: {}
`,
      errors: [
        {
          path: ['paths', '/api/invoices/{id}'],
          message: 'is plural, but 2 of the document\'s 3 collection names are singular: name it in the singular ("invoices" → "invoice")',
        },
      ],
    },
    {
      name: 'options: case auto: a kebab-case segment in a snake_case API (oas3.1)',
      options: { case: 'auto' },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/payment_intents/{id}: {}
  /api/setup_intents/{id}: {}
  /api/tax-rates/{id}: {}
  /api/users/{id}: {}
`,
      errors: [
        {
          path: ['paths', '/api/tax-rates/{id}'],
          message:
            'Collection segment "tax-rates" of "/api/tax-rates/{id}" is not snake_case (as 2 of the document\'s 3 collection names of several words or capitalized are): write it "tax_rates".',
        },
      ],
    },
    {
      name: 'options: case kebab-case: snake_case and camelCase segments (oas2)',
      options: { case: 'kebab-case' },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/payment_intents/{id}: {}
  /api/lineItems/{id}: {}
  /api/order-items/{id}: {}
`,
      errors: [
        {
          path: ['paths', '/api/payment_intents/{id}'],
          message: 'Collection segment "payment_intents" of "/api/payment_intents/{id}" is not kebab-case: write it "payment-intents".',
        },
        { path: ['paths', '/api/lineItems/{id}'], message: 'write it "line-items"' },
      ],
    },
    {
      name: 'options: case camelCase (json)',
      options: { case: 'camelCase' },
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/line-items/{id}": {}, "/api/lineItems/{id}": {}}}`,
      errors: [{ path: ['paths', '/api/line-items/{id}'], message: 'write it "lineItems"' }],
    },
    {
      name: 'options: case PascalCase: an acronym keeps its capitals (SMSMessages), a file extension is left out (oas3)',
      options: { case: 'PascalCase' },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/Accounts/{Sid}/SMSMessages/{Id}: {}
  /api/Accounts/{Sid}/IncomingPhoneNumbers.json: { get: { responses: { '200': { description: ok, content: { application/json: { schema: { type: array, items: { type: object } } } } } } } }
  /api/Accounts/{Sid}/phone_numbers/{Id}: {}
  /api/Accounts/{Sid}/recordings/{Id}: {}`,
      errors: [
        {
          path: ['paths', '/api/Accounts/{Sid}/phone_numbers/{Id}'],
          message: 'Collection segment "phone_numbers" of "/api/Accounts/{Sid}/phone_numbers/{Id}" is not PascalCase: write it "PhoneNumbers".',
        },
        { path: ['paths', '/api/Accounts/{Sid}/recordings/{Id}'], message: 'write it "Recordings"' },
      ],
    },
  ],
});

describe('plural heuristic', () => {
  it('knows plurals, singulars and uncountables', () => {
    for (const w of ['users', 'categories', 'people', 'children', 'data', 'news', 'indices', 'statuses', 'uris', 'apis', 'governance', 'compliance'])
      assert.ok(isPluralOrUncountable(w), w);
    for (const w of ['user', 'address', 'status', 'analysis', 'axis', 'arthritis', 'chassis', 'person', 'child', 'box', 'instance', 'reference'])
      assert.ok(!isPluralOrUncountable(w), w);
  });
  it('pluralizes', () => {
    assert.deepEqual(['user', 'category', 'box', 'match', 'person', 'day'].map(pluralize), ['users', 'categories', 'boxes', 'matches', 'people', 'days']);
  });
});
