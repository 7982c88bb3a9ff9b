/** The built CLI's `apiconv init --infer`: writes the API's conventions, the same file twice, never overwrites without --force. */
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ensureBuilt, runCli, tempDir, type JsonFinding } from './helpers';

const list = (name: string) => `    get:
      parameters:
        - ${name === 'per_page' ? "$ref: '#/components/parameters/PerPage'" : `{ name: ${name}, in: query, schema: { type: integer } }`}
      responses:
        '200': { description: ok }
`;
const API = `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /v1/users:
${list('per_page')}  /v1/teams:
${list('per_page')}  /v1/repos:
${list('limit')}components:
  parameters:
    PerPage: { name: per_page, in: query, schema: { type: integer } }
`;

describe('apiconv init --infer', () => {
  before(() => ensureBuilt());

  it('writes the conventions with their evidence; the minority is what remains', () => {
    const d = tempDir({ 'api.yaml': API });
    const before = JSON.parse(runCli(['lint', '-f', 'json', 'api.yaml'], { cwd: d }).stdout) as JsonFinding[];
    const r = runCli(['init', '--infer', 'api.yaml'], { cwd: d });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /wrote \.apiconv\.yaml: the conventions of 1 document/);
    const text = fs.readFileSync(path.join(d, '.apiconv.yaml'), 'utf8');
    assert.match(text, /# limit: per_page in 2 of 3 list operations, limit in 1/);
    assert.deepEqual(parseYaml(text).rules['path-api-prefix'], { then: { functionOptions: { prefix: '/v1' } } });
    const after = JSON.parse(runCli(['lint', '-f', 'json', 'api.yaml'], { cwd: d }).stdout) as JsonFinding[];
    const codes = (fs: JsonFinding[], code: string) => fs.filter(f => f.code === code);
    assert.equal(codes(before, 'path-api-prefix').length, 3);
    assert.equal(codes(after, 'path-api-prefix').length, 0);
    assert.deepEqual(
      codes(after, 'list-param-names').map(f => f.path.join('.')),
      ['paths./v1/repos.get.parameters.0.name'],
      'the one list operation calling it limit',
    );
  });

  it('gives the same file twice, refuses to overwrite, replaces it with --force; reads a folder', () => {
    const d = tempDir({ 'api/api.yaml': API });
    assert.equal(runCli(['init', '--infer', 'api'], { cwd: d }).code, 0);
    const file = path.join(d, '.apiconv.yaml');
    const first = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, 'extends: apiconv:recommended\n');
    const refused = runCli(['init', '--infer', 'api'], { cwd: d });
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /\.apiconv\.yaml exists: kept as it is \(--force replaces it\)/);
    assert.equal(fs.readFileSync(file, 'utf8'), 'extends: apiconv:recommended\n');
    assert.equal(runCli(['init', '--infer', 'api', '--force'], { cwd: d }).code, 0);
    assert.equal(fs.readFileSync(file, 'utf8'), first);
  });

  it('says so when there is no OpenAPI document, and --force only goes with --infer', () => {
    const d = tempDir({ 'notes.yaml': 'a: 1\n' });
    const r = runCli(['init', '--infer', '.'], { cwd: d });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /no OpenAPI document in \./);
    assert.equal(runCli(['init', '--force'], { cwd: d }).code, 2);
  });
});
