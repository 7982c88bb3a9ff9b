/** The built CLI's --fix, --fix-dry-run, --baseline, --baseline-write and the summary's suppressed/baselined counts. */
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BAD_DOC, ensureBuilt, runCli, tempDir, type JsonFinding } from './helpers';

/** version-param-400 has a safe fix (add a 400 response); path-api-prefix has none. */
const FIXABLE = `openapi: 3.0.3
info:
  title: Fixable
  version: '1'
servers:
  - url: https://x.example.com/api
paths:
  /users:
    get:
      parameters:
        - name: version
          in: query
          schema:
            type: string
      responses:
        '200':
          description: ok
`;

describe('apiconv CLI: fixes, baselines, suppressions', () => {
  before(() => ensureBuilt());

  it('--fix-dry-run prints a unified diff and changes nothing; exit 1 when there is something to fix', () => {
    const d = tempDir({ 'api.yaml': FIXABLE });
    const r = runCli(['lint', '--fix-dry-run', 'api.yaml'], { cwd: d });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^--- a\/api\.yaml\n\+\+\+ b\/api\.yaml\n@@ /);
    assert.match(r.stdout, /^\+ {8}'400':$/m);
    assert.match(r.stderr, /would change 1 file: api\.yaml \(dry run/);
    assert.equal(fs.readFileSync(path.join(d, 'api.yaml'), 'utf8'), FIXABLE, 'unchanged');
    // Only a rule without a fix: nothing to change, exit 0.
    const clean = tempDir({ 'api.yaml': BAD_DOC, '.apiconv.yaml': 'extends: [[apiconv:recommended, off]]\nrules:\n  path-no-verbs: error\n' });
    const none = runCli(['lint', '--fix-dry-run', 'api.yaml'], { cwd: clean });
    assert.equal(none.stdout, '');
    assert.equal(none.code, 0, none.stderr);
    assert.match(none.stderr, /0 fixes would change 0 files/);
  });

  it('--fix applies safe fixes in place, keeps comments, then reports what remains', () => {
    const before = `# top comment\n${FIXABLE}`;
    const d = tempDir({ 'api.yaml': before });
    const pre = JSON.parse(runCli(['lint', '-f', 'json', 'api.yaml'], { cwd: d }).stdout) as JsonFinding[];
    assert.ok(pre.some(f => f.code === 'version-param-400'));
    const r = runCli(['lint', '--fix', '-f', 'json', 'api.yaml'], { cwd: d });
    assert.match(r.stderr, /applied [1-9]\d* fix(es)? to 1 file: api\.yaml/);
    const after = fs.readFileSync(path.join(d, 'api.yaml'), 'utf8');
    assert.notEqual(after, before);
    assert.ok(after.startsWith('# top comment\n'), 'comments kept');
    const remaining = JSON.parse(r.stdout) as JsonFinding[];
    assert.ok(!remaining.some(f => f.code === 'version-param-400'), 'the fixed finding is gone');
    // Relinting the written file gives the same report.
    assert.deepEqual(JSON.parse(runCli(['lint', '-f', 'json', 'api.yaml'], { cwd: d }).stdout), remaining);
  });

  it('--baseline-write records the findings; --baseline reports only new ones and lists stale entries', () => {
    const d = tempDir({ 'api.yaml': BAD_DOC });
    const w = runCli(['lint', 'api.yaml', '--baseline-write', 'baseline.json'], { cwd: d });
    assert.equal(w.code, 0, 'the recorded findings are accepted');
    assert.match(w.stderr, /wrote \d+ findings? .* to the baseline baseline\.json/);
    const baseline = JSON.parse(fs.readFileSync(path.join(d, 'baseline.json'), 'utf8'));
    assert.equal(baseline.version, 1);
    assert.ok(baseline.entries.some((e: { rule: string; file: string }) => e.rule === 'path-no-verbs' && e.file === 'api.yaml'));

    const same = runCli(['lint', 'api.yaml', '-f', 'json', '--baseline', 'baseline.json'], { cwd: d });
    assert.equal(same.code, 0);
    assert.deepEqual(JSON.parse(same.stdout), []);

    // Rename the path: the old findings are stale, the new path's findings are new.
    fs.writeFileSync(path.join(d, 'api.yaml'), BAD_DOC.replace('/getUsers', '/fetchOrders'));
    const changed = runCli(['lint', 'api.yaml', '-f', 'json', '--baseline', 'baseline.json'], { cwd: d });
    assert.equal(changed.code, 1);
    const fresh = JSON.parse(changed.stdout) as JsonFinding[];
    assert.ok(fresh.some(f => f.code === 'path-no-verbs' && f.path[1] === '/fetchOrders'));
    assert.ok(fresh.every(f => !(f.path[1] === '/getUsers')));
    assert.match(changed.stderr, /stale: api\.yaml path-no-verbs \/paths\/~1getUsers/);

    const summary = runCli(['lint', 'api.yaml', '-f', 'summary', '--baseline', 'baseline.json'], { cwd: d });
    assert.match(summary.stdout, /\d+ findings? reported, 0 suppressed, \d+ baselined\./);

    const missing = runCli(['lint', 'api.yaml', '--baseline', 'nope.json'], { cwd: d });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /^apiconv: baseline not found: .*nope\.json\n$/);
  });

  it('summary counts findings silenced by apiconv-ignore comments as suppressed', () => {
    const doc = BAD_DOC.replace('  /getUsers:', '  # apiconv-ignore path-no-verbs kept for old clients\n  /getUsers:');
    const d = tempDir({ 'api.yaml': doc });
    const json = JSON.parse(runCli(['lint', '-f', 'json', 'api.yaml'], { cwd: d }).stdout) as JsonFinding[];
    assert.ok(!json.some(f => f.code === 'path-no-verbs'));
    const r = runCli(['lint', '-f', 'summary', 'api.yaml'], { cwd: d });
    assert.match(r.stdout, /^path-no-verbs\s+0\s+0\s+0\s+0\s+1\s+0\s+1$/m);
    assert.match(r.stdout, /, 1 suppressed, 0 baselined\./);
  });
});
