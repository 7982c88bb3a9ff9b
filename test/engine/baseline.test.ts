/** Baselines: keyed by file, rule and JSON path (not lines); new findings only; stale entries. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { applyBaseline, BaselineError, createBaseline, readBaseline, writeBaseline } from '../../server/src/engine/baseline';
import { lint } from '../../server/src/engine/lint';

const doc = `openapi: 3.0.3
info:
  title: Pets
  version: '1.0'
paths:
  /pets:
    get:
      responses:
        '200':
          description: ok
  /toys:
    get:
      responses:
        '200':
          description: ok
`;

describe('baseline', () => {
  it('records findings, survives edits elsewhere, reports only new ones and stale entries', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-baseline-'));
    const file = path.join(dir, 'api', 'doc.yaml');
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, doc);
    const first = await lint(doc, file);
    assert.ok(first.problems.length >= 2);
    const baseline = createBaseline([first], dir);
    const bfile = path.join(dir, '.apiconv-baseline.json');
    writeBaseline(bfile, baseline);
    const read = readBaseline(bfile);
    assert.deepEqual(read, baseline);
    const entry = read.entries.find(e => e.rule === 'path-api-prefix' && e.path === '/paths/~1pets');
    assert.ok(entry, 'path-api-prefix entry for /pets as a JSON pointer');
    assert.equal(entry.file, 'api/doc.yaml', 'relative to the baseline folder, / separators');
    assert.ok(!JSON.stringify(read).includes('"line"'), 'no line numbers');

    // Same findings after lines moved: nothing new, nothing stale.
    const moved = doc.replace('info:\n', '# a new comment\n# and another\ninfo:\n');
    const same = applyBaseline(read, (await lint(moved, file)).problems, dir);
    assert.deepEqual(same.problems, []);
    assert.deepEqual(same.stale, []);
    assert.equal(same.baselined.length, first.problems.length);

    // A new path is new; a removed one is stale.
    const changed = moved.replace('  /toys:', '  /cats:');
    const next = applyBaseline(read, (await lint(changed, file)).problems, dir);
    assert.deepEqual(
      next.problems.filter(p => p.code === 'path-api-prefix').map(p => p.path),
      [['paths', '/cats']],
    );
    assert.deepEqual(
      next.stale.filter(e => e.rule === 'path-api-prefix'),
      [{ file: 'api/doc.yaml', rule: 'path-api-prefix', path: '/paths/~1toys', count: 1 }],
    );
  });

  it('counts findings per key: a second finding at the same key is new', () => {
    const p = (code: string) => ({
      code,
      message: 'm',
      severity: 1 as const,
      path: ['paths', '/a'],
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
      source: '/w/doc.yaml',
    });
    const b = createBaseline([p('r'), p('r')], '/w');
    assert.deepEqual(b.entries, [{ file: 'doc.yaml', rule: 'r', path: '/paths/~1a', count: 2 }]);
    const r = applyBaseline(b, [p('r'), p('r'), p('r')], '/w');
    assert.equal(r.baselined.length, 2);
    assert.equal(r.problems.length, 1);
    const fewer = applyBaseline(b, [p('r')], '/w');
    assert.deepEqual(fewer.stale, [{ file: 'doc.yaml', rule: 'r', path: '/paths/~1a', count: 1 }]);
    // Entries of files not linted this run are not stale.
    assert.deepEqual(applyBaseline(b, [], '/w', ['/w/other.yaml']).stale, []);
  });

  it('rejects a missing or malformed baseline with a typed error', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-baseline-'));
    assert.throws(
      () => readBaseline(path.join(dir, 'missing.json')),
      (e: unknown) => e instanceof BaselineError && /not found/.test(e.message),
    );
    fs.writeFileSync(path.join(dir, 'bad.json'), '{"version": 1, "entries": [{"file": 1}]}');
    assert.throws(() => readBaseline(path.join(dir, 'bad.json')), BaselineError);
    fs.writeFileSync(path.join(dir, 'broken.json'), '{');
    assert.throws(() => readBaseline(path.join(dir, 'broken.json')), BaselineError);
  });
});
