/**
 * `apiconv lint --fix` with a config whose options differ from the seed's: the fixes write the configured
 * convention (error responses with error-schema's problem details), against the built CLI.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCli, tempDir } from './helpers';

const DOC = `openapi: 3.0.3
info: { title: t, version: '1' }
servers:
  - url: https://example.com/api/v1
security:
  - key: []
paths:
  /users/{id}:
    get:
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200': { description: OK }
        '400': { description: Bad request, content: { application/problem+json: { schema: { $ref: '#/components/schemas/Problem' } } } }
        '401': { description: Unauthorized, content: { application/problem+json: { schema: { $ref: '#/components/schemas/Problem' } } } }
        '403': { description: Forbidden, content: { application/problem+json: { schema: { $ref: '#/components/schemas/Problem' } } } }
        '500': { description: Oops, content: { application/problem+json: { schema: { $ref: '#/components/schemas/Problem' } } } }
components:
  securitySchemes:
    key: { type: apiKey, in: header, name: X-API-Key }
  schemas:
    Problem:
      type: object
      required: [title]
      properties: { type: { type: string }, title: { type: string }, status: { type: integer }, detail: { type: string } }
`;

const PROBLEM_CONFIG = `extends: apiconv:recommended
rules:
  error-schema:
    then:
      functionOptions:
        shapes: [problem]
`;

describe('apiconv lint --fix follows the rules options', () => {
  it("error-404-item's fix adds a 404 with the problem details body error-schema asks for", () => {
    const d = tempDir({ 'api.yaml': DOC, '.apiconv.yaml': PROBLEM_CONFIG });
    const r = runCli(['lint', '--no-progress', '--fix', 'api.yaml'], { cwd: d });
    const fixed = fs.readFileSync(path.join(d, 'api.yaml'), 'utf8');
    assert.match(fixed, /'404':\n {10}\$ref: '#\/components\/responses\/NotFound'/, r.stdout + r.stderr);
    assert.match(
      fixed,
      /NotFound:\n {6}description: .*\n {6}content:\n {8}application\/problem\+json:\n {10}schema:\n {12}\$ref: '#\/components\/schemas\/Problem'/,
    );
    assert.doesNotMatch(fixed, /Error:|application\/json/);
    assert.doesNotMatch(r.stdout, /error-404-item|error-schema/, 'nothing left of either rule');
  });

  it("error-schema's mediaTypes: error-404-item's fix writes the seed's shape in the one media type listed", () => {
    const config = `extends: apiconv:recommended
rules:
  error-schema:
    then:
      functionOptions: { shapes: [A], mediaTypes: [application/problem+json] }
`;
    const d = tempDir({ 'api.yaml': DOC, '.apiconv.yaml': config });
    const r = runCli(['lint', '--no-progress', '--fix', 'api.yaml'], { cwd: d });
    const fixed = fs.readFileSync(path.join(d, 'api.yaml'), 'utf8');
    assert.match(
      fixed,
      /NotFound:\n {6}description: .*\n {6}content:\n {8}application\/problem\+json:\n {10}schema:\n {12}\$ref: '#\/components\/schemas\/Error'/,
      r.stdout + r.stderr,
    );
    assert.match(fixed, /Error:\n {6}type: object\n {6}required:\n {8}- status/);
  });

  it("under shapes: auto the status fixes add nothing: the document's majority is not the fix's to count", () => {
    const config = `extends: apiconv:recommended
rules:
  error-schema:
    then:
      functionOptions: { shapes: auto }
`;
    const d = tempDir({ 'api.yaml': DOC, '.apiconv.yaml': config });
    const r = runCli(['lint', '--no-progress', '--fix', 'api.yaml'], { cwd: d });
    assert.doesNotMatch(fs.readFileSync(path.join(d, 'api.yaml'), 'utf8'), /'404'|NotFound/);
    assert.match(r.stdout, /error-404-item/, 'the finding stays');
  });

  it("error-schema's schemas: error-404-item's fix adds a 404 whose body is a $ref to the team's schema", () => {
    const doc = DOC.replace(/Problem/g, 'ApiError').replace(/application\/problem\+json/g, 'application/json');
    const config = `extends: apiconv:recommended
rules:
  error-schema:
    then:
      functionOptions: { schemas: [ApiError] }
`;
    const d = tempDir({ 'api.yaml': doc, '.apiconv.yaml': config });
    const r = runCli(['lint', '--no-progress', '--fix', 'api.yaml'], { cwd: d });
    const fixed = fs.readFileSync(path.join(d, 'api.yaml'), 'utf8');
    assert.match(
      fixed,
      /NotFound:\n {6}description: .*\n {6}content:\n {8}application\/json:\n {10}schema:\n {12}\$ref: '#\/components\/schemas\/ApiError'/,
      r.stdout + r.stderr,
    );
    assert.doesNotMatch(fixed, /Error:\n {6}type: object\n {6}required:\n {8}- status/, "no shape A schema beside the team's");
    assert.doesNotMatch(r.stdout, /error-404-item|error-schema/, 'nothing left of either rule');
  });

  it("error-schema's schemas: in a $ref'd path item, the 404 added references the root document's schema", () => {
    const root = `openapi: 3.0.3
info: { title: t, version: '1' }
security:
  - key: []
paths:
  /api/users/{id}:
    $ref: './paths/user.yaml'
components:
  securitySchemes:
    key: { type: apiKey, in: header, name: X-API-Key }
  schemas:
    ApiError: { type: object, properties: { message: { type: string } } }
`;
    const item = `get:
  parameters:
    - { name: id, in: path, required: true, schema: { type: string } }
  responses:
    '200': { description: OK }
    '400': { description: Bad, content: { application/json: { schema: { $ref: '../api.yaml#/components/schemas/ApiError' } } } }
    '401': { description: Who, content: { application/json: { schema: { $ref: '../api.yaml#/components/schemas/ApiError' } } } }
    '403': { description: No, content: { application/json: { schema: { $ref: '../api.yaml#/components/schemas/ApiError' } } } }
    '500': { description: Oops, content: { application/json: { schema: { $ref: '../api.yaml#/components/schemas/ApiError' } } } }
`;
    const config = `extends: apiconv:recommended
rules:
  error-schema:
    then:
      functionOptions: { schemas: [ApiError] }
`;
    const d = tempDir({ 'api.yaml': root, 'paths/user.yaml': item, '.apiconv.yaml': config });
    const r = runCli(['lint', '--no-progress', '--fix', 'api.yaml'], { cwd: d });
    const fixed = fs.readFileSync(path.join(d, 'paths', 'user.yaml'), 'utf8');
    assert.match(
      fixed,
      /'404':\n {6}description: .*\n {6}content:\n {8}application\/json:\n {10}schema:\n {12}\$ref: \.\.\/api\.yaml#\/components\/schemas\/ApiError/,
      r.stdout + r.stderr,
    );
    assert.equal(fs.readFileSync(path.join(d, 'api.yaml'), 'utf8'), root, 'the root document is not changed');
    assert.doesNotMatch(r.stdout, /error-404-item|error-schema|invalid-ref/, 'nothing left, and the $ref resolves');
  });

  it('without the option, the same fix writes the seed’s Error schema', () => {
    const d = tempDir({ 'api.yaml': DOC });
    runCli(['lint', '--no-progress', '--fix', 'api.yaml'], { cwd: d });
    const fixed = fs.readFileSync(path.join(d, 'api.yaml'), 'utf8');
    assert.match(fixed, /NotFound:[^]*application\/json:[^]*\$ref: '#\/components\/schemas\/Error'/);
  });
});
