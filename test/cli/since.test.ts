/**
 * `apiconv lint --since <rev>` on a real pair: the OpenAPI Initiative's petstore (OpenAPI 3.0) at a commit, then with an
 * operation added and one changed. Reported: exactly the findings whose node is new or differs, as the YAML parser
 * tells apart both versions (the oracle), and among them those of the added operation.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { ROOT, ensureBuilt, runCli, tempDir, type JsonFinding } from './helpers';

const BASE = fs.readFileSync(path.join(ROOT, 'test', 'corpus', 'oai-petstore-v3', 'petstore.yaml'), 'utf8');

function git(cwd: string, ...args: string[]): void {
  const r = spawnSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' },
  });
  assert.equal(r.status, 0, r.stderr);
}

function nodeAt(data: unknown, p: (string | number)[]): unknown {
  return p.reduce<unknown>((n, k) => (n !== null && typeof n === 'object' ? (n as Record<string, unknown>)[k] : undefined), data);
}

/** The longest start of `p` that leads to a node of `data`: a finding on a field that is missing is on what lacks it. */
function reached(data: unknown, p: (string | number)[]): (string | number)[] {
  let n = 0;
  while (n < p.length && nodeAt(data, p.slice(0, n + 1)) !== undefined) n++;
  return p.slice(0, n);
}

describe('apiconv lint --since', () => {
  let dir: string;
  let head: string;
  before(() => {
    ensureBuilt();
    dir = tempDir({ 'api.yaml': BASE });
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'base');
    // An operation added (a verb in its path), and the existing GET /pets/{petId} changed (now deprecated).
    head = BASE.replace(
      /^paths:\n/m,
      "paths:\n  /getPetNames:\n    get:\n      operationId: getPetNames\n      responses:\n        '200':\n          description: names\n",
    ).replace('      summary: Info for a specific pet\n', '      summary: Info for a specific pet\n      deprecated: true\n');
    assert.notEqual(head, BASE);
    fs.writeFileSync(path.join(dir, 'api.yaml'), head);
  });

  it('reports exactly the findings on added or changed nodes', () => {
    const all = JSON.parse(runCli(['lint', '-f', 'json', 'api.yaml'], { cwd: dir }).stdout) as JsonFinding[];
    const r = runCli(['lint', '-f', 'json', '--since', 'HEAD', 'api.yaml'], { cwd: dir });
    assert.ok(r.code === 0 || r.code === 1, r.stderr);
    const since = JSON.parse(r.stdout) as JsonFinding[];
    const baseData = parseYaml(BASE);
    const headData = parseYaml(head);
    const changed = (f: JsonFinding) => {
      const at = reached(headData, f.path);
      return nodeAt(baseData, at) === undefined || !isDeepStrictEqual(nodeAt(baseData, at), nodeAt(headData, at));
    };
    assert.deepEqual(since, all.filter(changed));
    assert.ok(since.length > 0 && since.length < all.length, `${since.length} of ${all.length}`);
    assert.ok(
      since.some(f => f.code === 'path-no-verbs' && f.path[1] === '/getPetNames'),
      'the added operation',
    );
    assert.ok(
      since.some(f => f.path[1] === '/pets/{petId}'),
      'the changed operation',
    );
    assert.ok(!since.some(f => f.path[1] === '/pets'), 'an operation left as it was');
    assert.match(r.stderr, new RegExp(`${all.length - since.length} findings on what did not change since HEAD not reported`));
  });

  it('nothing changed: nothing reported, exit 0; a bad revision is an error', () => {
    const clean = tempDir({ 'api.yaml': BASE });
    git(clean, 'init', '-q');
    git(clean, 'add', '.');
    git(clean, 'commit', '-q', '-m', 'base');
    const r = runCli(['lint', '-f', 'json', '--since', 'HEAD', 'api.yaml'], { cwd: clean });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), []);
    const bad = runCli(['lint', '--since', 'no-such-rev', 'api.yaml'], { cwd: clean });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--since: unknown revision 'no-such-rev'/);
  });
});
