/**
 * The budget of our own rule functions (rules/_lib/budget.ts `runBudgeted`): one that runs away in its traversal
 * loop is stopped in the thread it runs in, the lint ends with the other rules' findings and one finding naming the
 * stopped rule where it stopped; outside a call nothing is checked.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Ruleset } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { IncrementalLinter, lintDocument } from '../../server/src/engine';
import { BUILTIN_RULESETS } from '../../server/src/engine/ruleset';
import { checkBudget, setCallDeadline } from '../../rules/_lib/budget';
import { modelRule } from '../../rules/_lib/ruleFunction';

const TEXT =
  "openapi: 3.0.3\ninfo:\n  title: t\n  version: '1'\nservers:\n  - url: https://x.example.com/api/v1\npaths:\n  /getUsers:\n    get:\n      responses:\n        '200':\n          description: ok\n";
const FILE = '/virtual/api.yaml';

/** A rule built as ours are (modelRule) whose check walks for `ms` milliseconds, checking the budget as it goes. */
function runaway(ms: number) {
  let calls = 0;
  const rule = modelRule('runaway', () => {
    calls++;
    const t0 = Date.now();
    while (Date.now() - t0 < ms) checkBudget();
    return [{ message: 'walked the whole document', path: ['info'] }];
  });
  return { rule: { ...rule, formats: [oas3], message: '{{error}}', severity: 'warn' as const }, calls: () => calls };
}

function rulesetWith(rule: object): Ruleset {
  return new Ruleset({ extends: [BUILTIN_RULESETS['apiconv:recommended']], rules: { 'runaway-rule': rule } } as never);
}

describe('the budget of our own rule functions', () => {
  it("a runaway rule is stopped at the budget: the lint ends with the other rules' findings and one located finding naming it", async () => {
    // Slow rather than endless, so that a run that does not stop it ends too (with the rule's own finding).
    const { rule, calls } = runaway(3000);
    const r = await lintDocument(TEXT, FILE, { ruleset: rulesetWith(rule), functionBudget: { ms: 300 } });
    assert.equal(calls(), 1);
    const stopped = r.problems.filter(p => p.code === 'runaway-rule');
    assert.equal(stopped.length, 1);
    assert.match(
      stopped[0]!.message,
      /^rule "runaway-rule" ran past the time budget \(300 ms for this document\) and was stopped; the rule is skipped for this document, the other rules' findings are kept$/,
    );
    // A rule over the whole document stopped on it: the finding is the document's, as the rule's own findings would be.
    assert.equal(stopped[0]!.source, FILE);
    assert.deepEqual(stopped[0]!.path, []);
    assert.equal(stopped[0]!.severity, 1, "the rule's severity");
    assert.ok(
      r.problems.some(p => p.code === 'path-no-verbs'),
      'the other rules ran',
    );
  });

  it("a document's linter: the relint after a stop runs the rule again (nothing of the stopped run is reused)", async () => {
    const { rule, calls } = runaway(1500);
    const ruleset = rulesetWith(rule);
    const linter = new IncrementalLinter(FILE);
    const first = await lintDocument(TEXT, FILE, { ruleset, linter, functionBudget: { ms: 300 } });
    assert.match(first.problems.find(p => p.code === 'runaway-rule')!.message, /ran past the time budget/);
    // An edit the model rules do not read: their last results would be reused.
    const second = await lintDocument(TEXT.replace('title: t', 'title: t2'), FILE, { ruleset, linter, functionBudget: { ms: 5000 } });
    assert.equal(calls(), 2);
    assert.deepEqual(
      second.problems.filter(p => p.code === 'runaway-rule').map(p => p.message),
      ['walked the whole document'],
    );
  });

  it('within the budget, the rule gives its findings', async () => {
    const { rule } = runaway(20);
    const r = await lintDocument(TEXT, FILE, { ruleset: rulesetWith(rule), functionBudget: { ms: 5000 } });
    assert.deepEqual(
      r.problems.filter(p => p.code === 'runaway-rule').map(p => p.message),
      ['walked the whole document'],
    );
  });

  it('no deadline set: checkBudget never throws; a deadline passed: it does', () => {
    const walk = () => {
      for (let i = 0; i < 10_000; i++) checkBudget();
    };
    walk();
    const outer = setCallDeadline(Date.now() - 1);
    try {
      assert.throws(walk, { name: 'BudgetSpent' });
    } finally {
      setCallDeadline(outer);
    }
  });
});
