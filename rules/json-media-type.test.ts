import { testRule } from '../test/helpers/testRule';

testRule('json-media-type', {
  valid: [
    {
      name: 'oas2: a POST that consumes form data is left to post-request-body (root consumes too)',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
consumes: [application/xml]
produces: [application/json]
paths:
  /api/orders:
    post:
      parameters:
        - { name: body, in: body, schema: { type: object } }
      responses: { '201': { description: OK } }
  /api/files:
    post:
      consumes: [multipart/form-data]
      parameters:
        - { name: file, in: formData, type: file }
      responses: { '201': { description: OK } }
`,
    },
    {
      name: 'oas3: JSON, charset, +json vendor and problem types, XML next to JSON',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/orders:
    post:
      requestBody:
        content:
          application/json; charset=utf-8: { schema: { type: object } }
      responses:
        '201':
          description: Created
          content:
            application/vnd.acme.v2+json: { schema: { type: object } }
            application/xml: { schema: { type: object } }
        '400':
          description: Bad
          content:
            application/problem+json: { schema: { type: object } }
        '204': { description: No body }
`,
    },
    {
      name: 'oas3.1: shared response through $ref',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/orders:
    get:
      responses:
        '200': { $ref: '#/components/responses/Ok' }
components:
  responses:
    Ok:
      description: OK
      content: { application/json: { schema: { type: array } } }
`,
    },
    {
      name: 'oas2: consumes/produces JSON; */* consumes on a GET without body',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
consumes: [application/json]
produces: [application/json, application/xml]
paths:
  /api/orders:
    get:
      consumes: ['*/*']
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'json',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/api/orders": {"get": {"responses": {"200": {"description": "OK", "content": {"application/json": {}}}}}}}}`,
    },
    {
      name: 'oas3: an image, a PDF and an octet-stream download are files, not representations',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}/avatar:
    get:
      responses:
        '200':
          description: The avatar
          content: { image/png: { schema: { type: string, format: binary } } }
    put:
      requestBody:
        content: { image/jpeg: {}, image/png: {} }
      responses: { '204': { description: Replaced } }
  /api/invoices/{id}/document:
    get:
      responses:
        '200': { description: The invoice, content: { application/pdf: {} } }
  /api/exports/{id}:
    get:
      responses:
        '200': { description: The export, content: { application/octet-stream: {} } }
  /api/audio/speech:
    post:
      requestBody: { content: { application/json: { schema: { type: object } } } }
      responses:
        '200': { description: The audio, or its chunks as events, content: { audio/mpeg: {}, text/event-stream: {} } }
`,
    },
    {
      name: 'oas3.1: a text type whose schema says the content is bytes',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/files/{id}/content:
    get:
      responses:
        '200':
          description: The file
          content:
            text/plain:
              schema: { type: string, contentMediaType: application/x-font-ttf, contentEncoding: base64 }
`,
    },
    {
      // The bytes test the body rules' uploads use too (fileBodies.ts): a string of format byte is base64 bytes.
      name: 'oas3: a text type whose schema is a string of format byte',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/files/{id}/content:
    get:
      responses:
        '200':
          description: The file, base64-encoded
          content:
            text/plain:
              schema: { type: string, format: byte }
`,
    },
    {
      name: 'oas2: produces an image',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/maps/{id}/tile:
    get:
      produces: [image/png, image/webp]
      responses:
        '200': { description: The tile, schema: { type: file } }
`,
    },
    {
      name: 'oas3: the form body of a GET is left to get-no-request-body (the body should go, not become JSON)',
      document: `openapi: 3.0.0
info: { title: t, version: '1' }
paths:
  /v1/reviews/{review}:
    get:
      requestBody:
        content: { application/x-www-form-urlencoded: { schema: { type: object } } }
      responses:
        '200': { description: OK, content: { application/json: { schema: { type: object } } } }
    delete:
      requestBody:
        content: { text/plain: {} }
      responses: { '204': { description: Deleted } }
`,
    },
    {
      name: 'oas3.1: a HEAD with a body',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/files/{id}:
    head:
      requestBody: { content: { text/plain: {} } }
      responses: { '200': { description: OK } }
`,
    },
    {
      name: 'oas2: a GET taking form data',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/search:
    get:
      consumes: [application/x-www-form-urlencoded]
      parameters: [{ name: q, in: formData, type: string }]
      responses: { '200': { description: OK, schema: { type: object } } }
`,
    },
  ],
  invalid: [
    {
      name: 'oas3: a file type beside XML: the XML is flagged',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/reports/{id}:
    get:
      responses:
        '200':
          description: The report
          content: { application/pdf: {}, application/xml: {} }
`,
      errors: [{ path: ['paths', '/api/reports/{id}', 'get', 'responses', '200', 'content', 'application/xml'], message: 'uses "application/xml", not JSON' }],
    },
    {
      name: 'oas3: a PUT form body and an XML-only response',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/orders:
    put:
      requestBody:
        content:
          application/x-www-form-urlencoded: { schema: { type: object } }
      responses:
        '201':
          description: Created
          content:
            application/xml: { schema: { type: object } }
            text/plain: { schema: { type: string } }
`,
      errors: [
        {
          path: ['paths', '/api/orders', 'put', 'requestBody', 'content', 'application/x-www-form-urlencoded'],
          line: 8,
          message: 'request body of PUT /api/orders',
        },
        { path: ['paths', '/api/orders', 'put', 'responses', '201', 'content', 'application/xml'], line: 13, message: '"application/xml", "text/plain"' },
      ],
    },
    {
      name: 'oas3: the request body of a POST is left to post-request-body (its XML response is still flagged)',
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/orders:
    post:
      requestBody:
        content:
          application/x-www-form-urlencoded: { schema: { type: object } }
      responses:
        '201':
          description: Created
          content:
            application/xml: { schema: { type: object } }
`,
      errors: [{ path: ['paths', '/api/orders', 'post', 'responses', '201', 'content', 'application/xml'], line: 13 }],
    },
    {
      name: 'oas3.1: a shared response is reported once where it is defined',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/a:
    get:
      responses: { '200': { $ref: '#/components/responses/Csv' } }
  /api/b:
    get:
      responses: { '200': { $ref: '#/components/responses/Csv' } }
components:
  responses:
    Csv:
      description: CSV
      content:
        text/csv: { schema: { type: string } }
`,
      errors: [{ path: ['components', 'responses', 'Csv', 'content', 'text/csv'], line: 15 }],
    },
    {
      name: 'oas2: root produces XML only, operation consumes form data for a body',
      document: `swagger: '2.0'
info: { title: t, version: '1' }
produces: [application/xml]
paths:
  /api/orders:
    put:
      consumes: [multipart/form-data]
      parameters:
        - { name: file, in: formData, type: file }
      responses: { '200': { description: OK } }
`,
      errors: [
        { path: ['produces', '0'], line: 3, message: 'produces lists "application/xml"' },
        { path: ['paths', '/api/orders', 'put', 'consumes', '0'], line: 7, message: 'PUT /api/orders consumes' },
      ],
    },
    {
      name: 'json',
      document: `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"},
"paths": {"/api/orders": {"get": {"responses": {"200": {"description": "OK", "content": {"text/html": {}}}}}}}}`,
      errors: [{ line: 2, message: '"text/html"' }],
    },
  ],
});
