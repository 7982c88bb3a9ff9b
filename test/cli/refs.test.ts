/** `apiconv refs` and `apiconv rename` end to end (the built CLI) on the three files of test/fixtures/refs. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCli, tempDir } from './helpers';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'refs');
const NAMES = ['api.yaml', 'paths/pet.yaml', 'schemas.yaml'];
const project = () => tempDir(Object.fromEntries(NAMES.map(n => [n, fs.readFileSync(path.join(FIXTURES, n), 'utf8')])));

describe('apiconv refs / rename', () => {
  it('lists where a schema is declared and named, in every file', () => {
    const dir = project();
    const r = runCli(['refs', 'api.yaml#/components/schemas/Pet'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.stdout.trim().split('\n'), [
      'api.yaml:28:5  declaration  Pet',
      'api.yaml:20:23  ref  #/components/schemas/Pet',
      'api.yaml:40:16  mapping  #/components/schemas/Pet',
      'api.yaml:41:18  mapping  Pet',
      'schemas.yaml:5:13  ref  api.yaml#/components/schemas/Pet',
      'paths/pet.yaml:11:19  ref  ../api.yaml#/components/schemas/Pet/properties/owner',
    ]);
    const json = JSON.parse(runCli(['refs', '-f', 'json', 'paths/pet.yaml#/get/operationId'], { cwd: dir }).stdout) as { file: string; role: string }[];
    assert.deepEqual(
      json.map(o => `${o.file} ${o.role}`),
      ['paths/pet.yaml declaration'],
    );
  });

  it('renames a schema in the three files; the project then has no dangling $ref', () => {
    const dir = project();
    const r = runCli(['rename', 'api.yaml#/components/schemas/Pet', 'Animal'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /renamed "Pet" to "Animal": 6 changes in 3 files/);
    const all = NAMES.map(n => fs.readFileSync(path.join(dir, n), 'utf8')).join('\n');
    assert.doesNotMatch(all, /schemas\/Pet\b|plain: Pet/);
    const lint = runCli(['lint', '-f', 'json', 'api.yaml'], { cwd: dir });
    assert.ok(!(JSON.parse(lint.stdout) as { code: string }[]).some(p => p.code === 'invalid-ref'), lint.stdout);
  });

  it('refuses a taken name (exit 2, nothing written); --dry-run writes nothing', () => {
    const dir = project();
    const before = fs.readFileSync(path.join(dir, 'api.yaml'), 'utf8');
    const r = runCli(['rename', 'api.yaml#/components/schemas/Pet', 'Owner'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /cannot rename "Pet": "Owner" already exists in components\/schemas/);
    const dry = runCli(['rename', '--dry-run', 'api.yaml#/tags/0/name', 'animals'], { cwd: dir });
    assert.equal(dry.code, 0, dry.stderr);
    assert.deepEqual(dry.stdout.trim().split('\n'), ['api.yaml:4:11  pets → animals', 'api.yaml:11:14  pets → animals', 'paths/pet.yaml:4:7  pets → animals']);
    assert.equal(fs.readFileSync(path.join(dir, 'api.yaml'), 'utf8'), before);
    assert.equal(runCli(['refs', 'api.yaml#/info/title'], { cwd: dir }).code, 2);
  });
});
