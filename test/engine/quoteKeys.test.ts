/** Unquoted status codes (`200:` in YAML): the finding names OpenAPI's rule, and a safe fix quotes the keys. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { lint } from '../../server/src/engine/lint';
import { computeFixes, fixFile } from '../../server/src/engine/fix/index';
import { runCli, tempDir } from '../cli/helpers';

const DOC = `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        200:   # the list
          description: OK
        404: { description: Not found }
components:
  schemas:
    Code:
      type: string
      x-enumDescriptions:
        08: Frictionless
`;

describe('status codes written as numbers', () => {
  it('the finding says the OpenAPI rule and is safely fixable', async () => {
    const { problems } = await lint(DOC, '/virtual/unquoted.yaml');
    const keys = problems.filter(p => p.code === 'parser');
    assert.deepEqual(
      keys.map(p => p.path.join('/')),
      ['paths//api/users/get/responses/200', 'paths//api/users/get/responses/404', 'components/schemas/Code/x-enumDescriptions/08'],
    );
    assert.match(
      keys[0]!.message,
      /^Mapping key must be a string scalar rather than number: an OpenAPI status code is a string: "This field MUST be enclosed in quotation marks/,
    );
    assert.match(keys[0]!.message, /quote it: '200'\.$/);
    assert.match(keys[2]!.message, /Keys used in YAML maps MUST be limited to a scalar string/);
    assert.ok(keys.every(p => p.fixable === 'safe'));
    const fixes = computeFixes(keys, '/virtual/unquoted.yaml', () => DOC);
    assert.deepEqual(
      fixes.map(f => f.fix.title),
      ['Quote the key 200', 'Quote the key 404', 'Quote the key 08'],
    );
  });

  it('--fix quotes every such key and keeps comments and layout', async () => {
    const { files } = await fixFile(DOC, '/virtual/unquoted.yaml', { filter: p => p.code === 'parser' });
    const fixed = files.get(path.resolve('/virtual/unquoted.yaml'));
    assert.equal(fixed, DOC.replace('200:   #', "'200':   #").replace('404: {', "'404': {").replace('08: F', "'08': F"));
    const again = await lint(fixed!, '/virtual/unquoted.yaml');
    assert.deepEqual(
      again.problems.filter(p => p.code === 'parser'),
      [],
    );
  });

  it('the CLI: lint --fix writes the quoted keys', () => {
    const dir = tempDir();
    const file = path.join(dir, 'api.yaml');
    fs.writeFileSync(file, DOC);
    runCli(['lint', '--fix', '-f', 'json', file]);
    assert.match(fs.readFileSync(file, 'utf8'), /^ {8}'200': {3}# the list$/m);
  });
});
