/**
 * The methods rules' helpers, and their fixes across files (testRule checks
 * the root file's output only).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fixFile } from '../../server/src/engine/fix/index';
import { ruleset1, writeCase } from '../../test/helpers/testRule';
import { followLocalPath, removeRequestBodyOps, withIndexes } from './methods';
import { admitsJson } from './oas';

describe('methods helpers', () => {
  it('admitsJson: JSON, +json and wildcards', () => {
    assert.deepEqual(
      ['application/json; charset=utf-8', 'application/vnd.acme.v2+json', '*/*', 'application/*', 'text/plain', 'multipart/form-data'].map(admitsJson),
      [true, true, true, true, false, false],
    );
  });

  it('followLocalPath follows local refs, gives up on other files and dangling refs', () => {
    const data = {
      a: { $ref: '#/b' },
      b: { $ref: '#/c~1d' },
      'c/d': { x: 1 },
      ext: { $ref: 'other.yaml#/x' },
      dangling: { $ref: '#/nope' },
      list: [{ $ref: '#/b' }],
    };
    assert.deepEqual(followLocalPath(data, ['a']), ['c/d']);
    assert.equal(followLocalPath(data, ['ext']), undefined);
    assert.equal(followLocalPath(data, ['dangling']), undefined);
    assert.deepEqual(followLocalPath(data, ['list', '0']), ['c/d']);
    assert.deepEqual(withIndexes(data, ['list', '0']), ['list', 0]);
    const loop = { a: { $ref: '#/b' }, b: { $ref: '#/a' } };
    assert.equal(followLocalPath(loop, ['a']), undefined);
  });

  it('removeRequestBodyOps removes Swagger 2 body parameters from the last to the first', () => {
    const data = {
      paths: { '/x': { get: { parameters: [{ in: 'body' }, { in: 'query', name: 'q' }, { $ref: '#/parameters/F' }] } } },
      parameters: { F: { in: 'formData' } },
    };
    const ctx = { data, isRoot: true, spec: 'oas2' as const, path: [], message: '', options: {}, optionsOf: () => ({}) };
    assert.deepEqual(removeRequestBodyOps(ctx, ['paths', '/x', 'get']), [
      { kind: 'remove', path: ['paths', '/x', 'get', 'parameters', 2] },
      { kind: 'remove', path: ['paths', '/x', 'get', 'parameters', 0] },
    ]);
  });
});

describe("methods fixes in a $ref'd path item file", () => {
  const root = `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    $ref: './user.yaml'
`;
  const user = `delete:
  # remove a user
  responses:
    '200':
      description: Gone
      content: { application/json: {} }
`;

  it('delete-success-204 renames the 200 and drops its body in that file', async () => {
    const file = writeCase({ name: 'mf', document: root, files: { 'user.yaml': user } });
    const r = await fixFile(root, file, { ruleset: ruleset1('delete-success-204'), safeOnly: false });
    const userFile = path.join(path.dirname(file), 'user.yaml');
    assert.equal(r.files.get(file), undefined, 'the root file is unchanged');
    assert.equal(
      r.files.get(userFile),
      `delete:
  # remove a user
  responses:
    '204':
      description: Gone
`,
    );
    assert.equal(fs.readFileSync(userFile, 'utf8'), user, 'fixFile returns texts and writes nothing');
  });

  it('delete-404 adds the 404 inline there (a #/components ref would point into the wrong file)', async () => {
    const file = writeCase({ name: 'mf', document: root, files: { 'user.yaml': user } });
    const r = await fixFile(root, file, { ruleset: ruleset1('delete-404'), safeOnly: true });
    const out = r.files.get(path.join(path.dirname(file), 'user.yaml'));
    assert.ok(out?.startsWith(user), 'existing text kept');
    assert.match(out!, /\n {4}'404':\n {6}description: 'Not found: the resource does not exist'\n {6}content:\n/);
    assert.doesNotMatch(out!, /\$ref/);
  });
});
