/**
 * What error-schema's fix writes: with `schemas`, the team's own error schema (a `$ref` to it); else the document's
 * shape, counted as error-schema-consistent counts it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ruleset1, testRule, writeCase } from '../test/helpers/testRule';
import { lint } from '../server/src/engine/lint';
import { fixFile } from '../server/src/engine/fix/index';

const BASIC_ERROR = `    basic-error:
      type: object
      properties: { message: { type: string }, documentation_url: { type: string } }
`;

testRule('error-schema', {
  valid: [],
  invalid: [
    {
      name: "options: schemas: a response without a body gets a $ref to the team's schema (oas3)",
      options: { schemas: ['basic-error'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '403': { description: Forbidden, content: { application/json: { schema: { $ref: '#/components/schemas/basic-error' } } } }
        '404': { description: Not found }
components:
  schemas:
${BASIC_ERROR}`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '404'], message: 'give it shape A, or shape B, or the schema "basic-error"' }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '403': { description: Forbidden, content: { application/json: { schema: { $ref: '#/components/schemas/basic-error' } } } }
        '404': { description: Not found, content: { application/json: { schema: { $ref: '#/components/schemas/basic-error' } } } }
components:
  schemas:
${BASIC_ERROR}`,
    },
    {
      name: "options: schemas: an inline body of another shape is replaced by a $ref to the team's schema, not shape A (oas3.1)",
      options: { schemas: ['basic-error'] },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '500':
          description: Oops
          content:
            application/json:
              schema:
                type: object
                properties: { msg: { type: string } }
components:
  schemas:
${BASIC_ERROR}`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '500', 'content', 'application/json', 'schema'] }],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '500':
          description: Oops
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/basic-error'
components:
  schemas:
${BASIC_ERROR}`,
    },
    {
      name: "options: schemas: Swagger 2 references the team's schema under definitions",
      options: { schemas: ['ApiError'] },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404': { description: Not found }
definitions:
  ApiError:
    type: object
    properties: { Type: { type: string }, Message: { type: string } }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '404'] }],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404': { description: Not found, schema: { $ref: '#/definitions/ApiError' } }
definitions:
  ApiError:
    type: object
    properties: { Type: { type: string }, Message: { type: string } }
`,
    },
    {
      name: "options: schemas: a shared schema used as an error body becomes a $ref to the team's schema (oas3)",
      options: { schemas: ['basic-error'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '403': { description: Forbidden, content: { application/json: { schema: { $ref: '#/components/schemas/basic-error' } } } }
        '422': { description: Invalid, content: { application/json: { schema: { $ref: '#/components/schemas/Oops' } } } }
components:
  schemas:
${BASIC_ERROR}    Oops:
      type: object
      properties: { reason: { type: string } }
`,
      errors: [{ path: ['components', 'schemas', 'Oops'] }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '403': { description: Forbidden, content: { application/json: { schema: { $ref: '#/components/schemas/basic-error' } } } }
        '422': { description: Invalid, content: { application/json: { schema: { $ref: '#/components/schemas/Oops' } } } }
components:
  schemas:
${BASIC_ERROR}    Oops:
      $ref: '#/components/schemas/basic-error'
`,
    },
    {
      // The shape error-schema-consistent holds the others to (its test of a like document): a HEAD's error schemas
      // are not counted, having no body to describe.
      name: "default options: the fix writes the document's shape, counted without HEAD's error responses (oas3)",
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404': { description: Not found, content: { application/json: { schema: { type: object, required: [status, code, message], properties: { status: { type: string }, code: { type: integer }, message: { type: string } } } } } }
        '500': { description: Oops }
    head:
      responses:
        '200': { description: OK }
        '404': { description: Not found, content: { application/json: { schema: { type: object, required: [error], properties: { error: { type: string } } } } } }
        '500': { description: Oops, content: { application/json: { schema: { type: object, required: [error], properties: { error: { type: string } } } } } }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '500'] }],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404': { description: Not found, content: { application/json: { schema: { type: object, required: [status, code, message], properties: { status: { type: string }, code: { type: integer }, message: { type: string } } } } } }
        '500': { description: Oops, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
    head:
      responses:
        '200': { description: OK }
        '404': { description: Not found, content: { application/json: { schema: { type: object, required: [error], properties: { error: { type: string } } } } } }
        '500': { description: Oops, content: { application/json: { schema: { type: object, required: [error], properties: { error: { type: string } } } } } }
components:
  schemas:
    Error:
      type: object
      required:
        - status
        - code
        - message
      properties:
        status:
          type: string
          example: error
        code:
          type: integer
          example: 404
        message:
          type: string
        errors:
          type: object
          additionalProperties:
            type: string
`,
    },
    {
      name: 'options: schemas: a schema the document does not have is not written (oas3)',
      options: { schemas: ['basic-error'] },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '404': { description: Not found }
`,
      errors: [{ path: ['paths', '/api/users', 'get', 'responses', '404'] }],
      noFix: true,
    },
  ],
});

/** The fixes in a `$ref`'d file: the team's schema is the root document's, reached through its file name. */
describe("error-schema schemas: in a $ref'd file", () => {
  const ROOT = `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    $ref: './paths/users.yaml'
components:
  schemas:
${BASIC_ERROR}`;
  const PATH_ITEM = `get:
  responses:
    '200': { description: OK }
    '404': { description: Not found }
`;

  it("error-schema's fix references the root document's schema", async () => {
    const file = writeCase({ name: 'fragment', document: ROOT, files: { 'paths/users.yaml': PATH_ITEM } });
    const fragment = path.join(path.dirname(file), 'paths', 'users.yaml');
    const ruleset = ruleset1('error-schema', { schemas: ['basic-error'] });
    const before = await lint(ROOT, file, { ruleset });
    assert.deepEqual(
      before.problems.map(p => [p.code, p.source]),
      [['error-schema', fragment]],
      'the finding is in the path item file',
    );
    const { files } = await fixFile(ROOT, file, { ruleset, safeOnly: false });
    const text = files.get(fragment) ?? PATH_ITEM;
    assert.equal(
      text,
      `get:
  responses:
    '200': { description: OK }
    '404': { description: Not found, content: { application/json: { schema: { $ref: ../doc.yaml#/components/schemas/basic-error } } } }
`,
    );
    fs.writeFileSync(fragment, text);
    const after = await lint(ROOT, file, { ruleset });
    assert.deepEqual(after.problems, [], 'no finding left, and the $ref resolves');
  });
});
