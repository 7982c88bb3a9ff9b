import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { testRule } from '../test/helpers/testRule';
import { isImfFixdate } from './_lib/versioning';

testRule('sunset-http-date', {
  valid: [
    {
      name: 'oas3: example, schema example, examples; no value at all',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/v1/users:
    get:
      responses:
        '200':
          description: OK
          headers:
            Sunset:
              schema: { type: string, example: 'Sun, 01 Nov 2026 00:00:00 GMT' }
              examples: { a: { value: 'Wed, 21 Oct 2015 07:28:00 GMT' } }
        '201':
          description: OK
          headers:
            sunset: { schema: { type: string } }
`,
    },
    {
      name: 'oas3.1: schema examples list, via components',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/v1/users:
    get:
      responses:
        '200':
          description: OK
          headers: { Sunset: { $ref: '#/components/headers/Sunset' } }
components:
  headers:
    Sunset: { schema: { type: string, examples: ['Fri, 01 Jan 2027 12:00:00 GMT'] } }
`,
    },
    {
      name: 'oas2: default',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/v1/users:
    get:
      responses:
        '200':
          description: OK
          headers: { Sunset: { type: string, default: 'Sun, 01 Nov 2026 00:00:00 GMT' } }
`,
    },
    {
      name: 'json: another header with a date-like example is not judged',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"get": {"responses": {"200": {"description": "OK", "headers": {"Expires": {"example": "2026-01-01"}}}}}}}}`,
    },
  ],
  invalid: [
    {
      name: 'oas3: ISO date, wrong weekday, a named example',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/v1/users:
    get:
      responses:
        '200':
          description: OK
          headers:
            Sunset:
              schema: { type: string }
              example: '2026-11-01'
        '202':
          description: OK
          headers:
            Sunset:
              schema: { type: string }
              examples:
                soon: { value: 'Mon, 01 Nov 2026 00:00:00 GMT' }
`,
      errors: [
        { path: ['paths', '/api/v1/users', 'get', 'responses', '200', 'headers', 'Sunset', 'example'], line: 12, message: '"2026-11-01"' },
        { path: ['paths', '/api/v1/users', 'get', 'responses', '202', 'headers', 'Sunset', 'examples', 'soon', 'value'], line: 19 },
      ],
    },
    {
      name: 'oas3.1: in a shared header, reported where it is defined',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/v1/users:
    get:
      responses:
        '200':
          description: OK
          headers: { Sunset: { $ref: '#/components/headers/Sunset' } }
components:
  headers:
    Sunset:
      schema:
        type: string
        examples: ['1 Nov 2026']
`,
      errors: [{ path: ['components', 'headers', 'Sunset', 'schema', 'examples', '0'], line: 15 }],
    },
    {
      name: 'oas2: a default in local time, in a shared response',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/v1/users:
    get:
      responses:
        '200': { $ref: '#/responses/Old' }
responses:
  Old:
    description: OK
    headers:
      Sunset: { type: string, default: 'Sun, 01 Nov 2026 00:00:00 CET' }
`,
      errors: [{ path: ['responses', 'Old', 'headers', 'Sunset', 'default'], line: 12 }],
    },
    {
      name: 'json',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/users": {"get": {"responses": {"200": {"description": "OK",
"headers": {"Sunset": {"example": "tomorrow"}}}}}}}}`,
      errors: [{ line: 2, message: '"tomorrow"' }],
    },
  ],
});

describe('isImfFixdate', () => {
  it('accepts only real IMF-fixdates', () => {
    assert.ok(isImfFixdate('Sun, 06 Nov 1994 08:49:37 GMT'));
    assert.ok(isImfFixdate('Thu, 29 Feb 2024 23:59:59 GMT'));
    for (const bad of [
      'Sunday, 06-Nov-94 08:49:37 GMT',
      'Sun Nov  6 08:49:37 1994',
      'Sun, 6 Nov 1994 08:49:37 GMT',
      'Mon, 06 Nov 1994 08:49:37 GMT',
      'Thu, 30 Feb 2024 00:00:00 GMT',
      'Sun, 06 Nov 1994 24:00:00 GMT',
      '1994-11-06T08:49:37Z',
    ]) {
      assert.ok(!isImfFixdate(bad), bad);
    }
  });
});
