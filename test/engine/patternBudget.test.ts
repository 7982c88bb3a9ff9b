/**
 * The budget reaches the example rules' regular expressions (rules/_lib/boundedRegExp.ts): a schema `pattern` whose
 * match on its example backtracks for ever stops the rule at the budget, with one finding at the schema it stopped
 * on, and the lint ends with the other rules' findings — in the engine and in its Spectral fallback; a pattern that
 * cannot run away is tested as before.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lintDocument } from '../../server/src/engine';
import { boundedPattern } from '../../rules/_lib/boundedRegExp';
import { setCallDeadline } from '../../rules/_lib/budget';
import { catastrophicPattern } from '../fuzz/hostile';

const FILE = '/virtual/api.yaml';

describe('the budget of a pattern test', () => {
  // The engine, and its fallback to Spectral's own run (a `!!binary` tag is read by Spectral's runner: pipeline/linter.ts).
  const texts: [string, string][] = [
    ['the engine', catastrophicPattern()],
    ["the engine's Spectral fallback", `${catastrophicPattern()}x-logo: !!binary |\n  R0lGODlhDAAMAIQAAP//9/X17unp5WZmZgAAAOfn515eXvPz7Y6OjuDg4J+fn5\n`],
  ];
  for (const [where, text] of texts)
    it(`a catastrophic pattern on its example, in ${where}: the example rule is stopped at the budget, one finding at the schema`, async () => {
      const t0 = Date.now();
      const r = await lintDocument(text, FILE, { functionBudget: { ms: 300 } });
      assert.ok(Date.now() - t0 < 20_000, `${Date.now() - t0} ms`);
      const stopped = r.problems.filter(p => p.code === 'oas3-valid-schema-example');
      assert.equal(stopped.length, 1);
      assert.equal(
        stopped[0]!.message,
        'rule "oas3-valid-schema-example" ran past the time budget (300 ms for this document) and was stopped here; ' +
          "the rule is skipped for this document, the other rules' findings are kept",
      );
      assert.deepEqual(stopped[0]!.path, ['paths', '/api/v1/items', 'get', 'responses', '200', 'content', 'application/json', 'schema']);
      assert.deepEqual(stopped[0]!.range.start, { line: 11, character: 14 }, 'at the key of the schema');
      assert.ok(
        r.problems.some(p => p.code === 'security-required'),
        r.problems.map(p => p.code).join(),
      );
    });

  it('a pattern that cannot run away is the RegExp itself; one that can is bounded only under a deadline', () => {
    const plain = /^[a-z]+$/;
    assert.equal(boundedPattern(plain), plain);
    const nested = boundedPattern(/^(a+)+$/);
    assert.notEqual(nested, /^(a+)+$/);
    assert.equal(String(nested), '/^(a+)+$/', 'Ajv keys its compiled patterns by their text');
    assert.equal(nested.test('aaaa'), true);
    assert.equal(nested.test('aaab!'), false);
    const outer = setCallDeadline(Date.now() + 200);
    try {
      assert.equal(nested.test('aaaa'), true, 'within the deadline, the bounded test answers');
      assert.throws(() => nested.test(`${'a'.repeat(40)}!`), { name: 'BudgetSpent' });
    } finally {
      setCallDeadline(outer);
    }
  });
});
