import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Ruleset } from '@stoplight/spectral-core';
import { recommended } from './ruleset';
import { lint } from '../server/src/engine/lint';
import { testRule } from '../test/helpers/testRule';

testRule('servers-https', {
  valid: [
    {
      name: 'oas3: https and relative URLs',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
servers:
  - url: https://shop.example.com/api/v1
  - url: /api/v1
  - url: https://localhost:8443/api/v1
paths: {}
`,
    },
    {
      name: 'oas3: local development URLs with local: off',
      options: { local: 'off' },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
servers:
  - url: http://localhost:8080/api/v1
  - url: http://127.0.0.1/api
paths: {}
`,
    },
    {
      name: 'oas3.1: the scheme variable defaults to https',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
servers:
  - url: '{scheme}://shop.example.com/api'
    variables:
      scheme: { default: https, enum: [https, http] }
paths: {}
`,
    },
    {
      name: 'oas2: schemes https only',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
host: shop.example.com
schemes: [https]
paths: {}
`,
    },
    {
      name: 'oas2: no schemes (the scheme the document is served over)',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths: {}
`,
    },
    {
      name: 'oas2: a local development host with local: false',
      options: { local: false },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
host: localhost:8080
schemes: [http]
paths: {}
`,
    },
    {
      name: 'json: https',
      document: `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "servers": [{"url": "https://x.example.com"}], "paths": {}}
`,
    },
  ],
  invalid: [
    {
      name: 'oas3: an http server URL; the fix changes it to https',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
servers:
  - url: http://shop.example.com/api/v1
    description: production
paths: {}
`,
      errors: [{ path: ['servers', '0', 'url'], line: 4, message: 'plain-text http', severity: 'error' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
servers:
  - url: https://shop.example.com/api/v1
    description: production
paths: {}
`,
    },
    {
      name: 'oas3: path and operation servers',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
servers:
  - url: https://shop.example.com/api
paths:
  /users:
    servers:
      - url: http://users.example.com/api
    get:
      servers:
        - url: HTTP://ops.example.com/api
      responses:
        '200': { description: OK }
`,
      errors: [
        { path: ['paths', '/users', 'servers', '0', 'url'], line: 8 },
        { path: ['paths', '/users', 'get', 'servers', '0', 'url'], line: 11 },
      ],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
servers:
  - url: https://shop.example.com/api
paths:
  /users:
    servers:
      - url: https://users.example.com/api
    get:
      servers:
        - url: https://ops.example.com/api
      responses:
        '200': { description: OK }
`,
    },
    {
      name: 'oas3.1: the scheme variable defaults to http',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
servers:
  - url: '{scheme}://shop.example.com/api'
    variables:
      scheme:
        default: http
        enum: [http]
paths: {}
`,
      errors: [{ path: ['servers', '0', 'variables', 'scheme', 'default'], line: 7 }],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
servers:
  - url: '{scheme}://shop.example.com/api'
    variables:
      scheme:
        default: https
        enum: [https]
paths: {}
`,
    },
    {
      name: 'oas3.1: ws becomes wss',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
servers:
  - url: ws://stream.example.com/api
paths: {}
`,
      errors: [{ path: ['servers', '0', 'url'], message: 'use wss' }],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
servers:
  - url: wss://stream.example.com/api
paths: {}
`,
    },
    {
      name: 'oas3: local development URLs are reported at info by default; the fix still offers https',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
servers:
  - url: http://shop.example.com/api
  - url: http://localhost:8080/api
  - url: http://127.0.0.1/api
paths: {}
`,
      errors: [
        { path: ['servers', '0', 'url'], line: 4, severity: 'error' },
        { path: ['servers', '1', 'url'], line: 5, message: '(local development server)', severity: 'info' },
        { path: ['servers', '2', 'url'], line: 6, message: '(local development server)', severity: 'info' },
      ],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
servers:
  - url: https://shop.example.com/api
  - url: https://localhost:8080/api
  - url: https://127.0.0.1/api
paths: {}
`,
    },
    {
      name: "oas3: local URLs at the rule's severity with local: rule",
      options: { local: 'rule' },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
servers:
  - url: http://localhost:8080/api
paths: {}
`,
      errors: [{ path: ['servers', '0', 'url'], message: '(local development server)', severity: 'error' }],
    },
    {
      name: 'oas3: local: true is local: rule',
      options: { local: true },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
servers:
  - url: http://[::1]:8080/api
paths: {}
`,
      errors: [{ path: ['servers', '0', 'url'], message: '(local development server)', severity: 'error' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
servers:
  - url: https://[::1]:8080/api
paths: {}
`,
    },
    {
      name: 'oas2: a local development host: its http schemes at info',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
host: localhost:8080
schemes: [http]
paths: {}
`,
      errors: [{ path: ['schemes', '0'], line: 4, message: '(local development host)', severity: 'info' }],
    },
    {
      name: 'oas2: http beside https; the fix removes it',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
host: shop.example.com
schemes:
  - http
  - https
paths: {}
`,
      errors: [{ path: ['schemes', '0'], line: 5 }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
host: shop.example.com
schemes:
  - https
paths: {}
`,
    },
    {
      name: 'oas2: http only, also on an operation',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
host: shop.example.com
schemes: [http]
paths:
  /api/users:
    get:
      schemes: [http]
      responses:
        '200': { description: OK }
`,
      errors: [
        { path: ['schemes', '0'], line: 4 },
        { path: ['paths', '/api/users', 'get', 'schemes', '0'], line: 8 },
      ],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
host: shop.example.com
schemes: [https]
paths:
  /api/users:
    get:
      schemes: [https]
      responses:
        '200': { description: OK }
`,
    },
    {
      name: 'json: http',
      document: `{
  "openapi": "3.0.3",
  "info": { "title": "t", "version": "1" },
  "servers": [
    { "url": "http://x.example.com" }
  ],
  "paths": {}
}
`,
      errors: [{ path: ['servers', '0', 'url'], line: 5 }],
      output: `{
  "openapi": "3.0.3",
  "info": { "title": "t", "version": "1" },
  "servers": [
    { "url": "https://x.example.com" }
  ],
  "paths": {}
}
`,
    },
    {
      name: '$ref: path item servers in another file',
      files: {
        'paths/users.yaml': `servers:
  - url: http://users.example.com
get:
  responses:
    '200': { description: OK }
`,
      },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    $ref: './paths/users.yaml'
`,
      errors: [{ path: ['servers', '0', 'url'], file: 'paths/users.yaml', line: 2 }],
    },
  ],
});

describe('servers-https: local servers at info under user severities', () => {
  const doc = `openapi: 3.0.3
info: { title: t, version: '1' }
servers:
  - url: http://shop.example.com/api
  - url: http://localhost:8080/api
paths: {}
`;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-https-')), 'doc.yaml');
  fs.writeFileSync(file, doc);
  const severities = async (rules: Record<string, unknown>) => {
    const ruleset = new Ruleset({ extends: [[recommended as never, 'off']], rules } as never, { severity: 'recommended' });
    const r = await lint(doc, file, { ruleset });
    return r.problems.filter(p => p.code === 'servers-https').map(p => [p.range.start.line + 1, p.severity]);
  };

  it('error (default): remote error, local info', async () => {
    assert.deepEqual(await severities({ 'servers-https': 'error' }), [
      [4, 0],
      [5, 2],
    ]);
  });
  it('warn: remote warn, local stays info', async () => {
    assert.deepEqual(await severities({ 'servers-https': 'warn' }), [
      [4, 1],
      [5, 2],
    ]);
  });
  it("hint: both hint (never raised above the user's level)", async () => {
    assert.deepEqual(await severities({ 'servers-https': 'hint' }), [
      [4, 3],
      [5, 3],
    ]);
  });
  it('off: nothing', async () => {
    assert.deepEqual(await severities({ 'servers-https': 'off' }), []);
  });
  it('concurrent lints keep their own severities', async () => {
    const def = (recommended as unknown as { rules: Record<string, { then: Record<string, unknown> }> }).rules['servers-https'];
    const asRule = { 'servers-https': { ...def, then: { ...def.then, functionOptions: { local: 'rule' } } } };
    const runs = await Promise.all([severities({ 'servers-https': 'error' }), severities(asRule), severities({ 'servers-https': 'warn' }), severities(asRule)]);
    assert.deepEqual(runs, [
      [
        [4, 0],
        [5, 2],
      ],
      [
        [4, 0],
        [5, 0],
      ],
      [
        [4, 1],
        [5, 2],
      ],
      [
        [4, 0],
        [5, 0],
      ],
    ]);
  });
});
