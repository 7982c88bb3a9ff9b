/** The score (engine/score.ts), its size scaling and grades, and `apiconv score` with its gates. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { rules } from '../../rules/index';
import { SCORE_CATEGORIES, gradeOf, meetsGrade, scoreFindings } from '../../server/src/engine/score';
import { operationCount } from '../../server/src/engine/apiSize';
import type { LintProblem } from '../../server/src/engine/problem';
import { ROOT, runCli } from '../cli/helpers';

const finding = (code: string, severity: LintProblem['severity'] = 1, fixable?: 'safe'): LintProblem => ({
  code,
  message: 'm',
  severity,
  path: [],
  range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
  source: '/a.yaml',
  ...(fixable ? { fixable } : {}),
});

describe('score', () => {
  it('every convention rule of apiconv:recommended is in exactly one category, and every category rule exists', () => {
    const listed = SCORE_CATEGORIES.flatMap(c => c.rules);
    assert.equal(new Set(listed).size, listed.length, 'a rule in two categories');
    assert.deepEqual(
      [...listed].sort(),
      rules
        .filter(r => r.meta.recommended !== false)
        .map(r => r.id)
        .sort(),
    );
  });

  it('100 and A without findings; findings of rules outside the categories are counted apart', () => {
    const s = scoreFindings([finding('operation-operationId'), finding('parser', 0)], 10);
    assert.equal(s.score, 100);
    assert.equal(s.grade, 'A');
    assert.equal(s.unscored, 2);
    assert.equal(s.categories.length, 7);
  });

  it('is scaled by the size of the API: the same findings weigh less in a larger API', () => {
    const found = [finding('path-no-verbs'), finding('path-no-verbs'), finding('error-400', 0)];
    const small = scoreFindings(found, 2);
    const large = scoreFindings(found, 200);
    assert.ok(small.score < large.score, `${small.score} < ${large.score}`);
    // Half a point per operation halves a category: one warning in a one-operation API.
    assert.equal(scoreFindings([finding('cache-control-get', 1)], 1).categories.find(c => c.id === 'caching')!.score, 50);
    // Heavier severities cost more.
    assert.ok(scoreFindings([finding('error-400', 0)], 4).score < scoreFindings([finding('error-400', 3)], 4).score);
  });

  it('opportunities: the rules whose findings cost most first, with how many --fix fixes', () => {
    const s = scoreFindings(
      [
        finding('error-400', 1, 'safe'),
        finding('error-400', 1, 'safe'),
        finding('path-no-verbs', 3),
        finding('security-required', 0),
        finding('security-required', 0),
      ],
      3,
    );
    assert.deepEqual(
      s.opportunities.map(o => o.rule),
      ['security-required', 'error-400', 'path-no-verbs'],
    );
    assert.equal(s.opportunities[1]!.fixable, 2);
    assert.ok(s.opportunities.every(o => o.gain > 0));
  });

  it('grades and gates', () => {
    assert.deepEqual([95, 90, 89.9, 80, 70, 60, 50, 49.9, 0].map(gradeOf), ['A', 'A', 'B', 'B', 'C', 'D', 'E', 'F', 'F']);
    assert.ok(meetsGrade('A', 'B'));
    assert.ok(meetsGrade('B', 'B'));
    assert.ok(!meetsGrade('C', 'B'));
  });

  it('operations: each method of each path item and webhook, not other keys', () => {
    const doc = {
      paths: { '/a': { get: {}, post: {}, parameters: [], summary: 's' }, '/b': { delete: {}, additionalOperations: { COPY: {} } } },
      webhooks: { hook: { post: {} } },
    };
    assert.equal(operationCount(doc), 5);
    assert.equal(operationCount({ swagger: '2.0' }), 0);
  });
});

describe('apiconv score', () => {
  const examples = path.join(ROOT, 'examples');

  it('prints the grade, the categories and the opportunities; the gates set the exit code', () => {
    const r = runCli(['score', 'unconventional.yaml'], { cwd: examples });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^apiconv score: [A-F] \(\d+\.\d \/ 100\), \d+ operations in 1 document/);
    assert.match(r.stdout, /Versioning and lifecycle/);
    assert.match(r.stdout, /Opportunities/);
    const json = JSON.parse(runCli(['score', '-f', 'json', 'unconventional.yaml'], { cwd: examples }).stdout);
    assert.ok(json.operations > 0);
    const gateA = runCli(['score', '--min-grade', 'A', 'unconventional.yaml'], { cwd: examples });
    assert.equal(gateA.code, json.grade === 'A' ? 0 : 1);
    assert.match(gateA.stderr, /worse than --min-grade A/);
    assert.equal(runCli(['score', `--min-score=${json.score}`, 'unconventional.yaml'], { cwd: examples }).code, 0);
    assert.equal(runCli(['score', '--min-score', String(json.score + 0.1), 'unconventional.yaml'], { cwd: examples }).code, 1);
    assert.equal(runCli(['score', '--min-grade', 'A', 'conventional.yaml'], { cwd: examples }).code, 0, 'a conventional API is graded A');
  });

  it('usage errors: a bad gate, a lint-only option, nothing to score', () => {
    for (const args of [['--min-score', '101'], ['--min-grade', 'G'], ['--fix'], ['-o', 'x']]) {
      const r = runCli(['score', ...args, 'unconventional.yaml'], { cwd: examples });
      assert.equal(r.code, 2, args.join(' '));
    }
    const none = runCli(['score', 'no-such-folder-*.yaml'], { cwd: examples });
    assert.equal(none.code, 2);
  });
});
