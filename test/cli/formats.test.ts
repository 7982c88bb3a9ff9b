/**
 * Report formats against what their consumers check: SARIF rule names (Microsoft's SARIF
 * multitool: SARIF1001 name ≠ id, SARIF2012 PascalCase) and JUnit failures that agree with
 * the exit code (a finding below the fail severity does not fail the run, so it is no failure).
 */
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { BAD_DOC, ensureBuilt, findAll, parseXml, runCli, tempDir } from './helpers';
import { sarifRuleName } from '../../server/src/cli/formatters/sarif';

describe('report formats', () => {
  let dir: string;
  before(() => {
    ensureBuilt();
    // path-no-verbs as info, path-api-prefix as a warning: neither fails the run by default.
    dir = tempDir({
      '.apiconv.yaml': 'extends: [[apiconv:recommended, off]]\nrules:\n  path-api-prefix: warn\n  path-no-verbs: info\n',
      'api.yaml': BAD_DOC,
    });
  });

  it('sarif: every rule has a PascalCase name that differs from its id', () => {
    const r = runCli(['lint', '-f', 'sarif', 'api.yaml'], { cwd: dir });
    const rules = JSON.parse(r.stdout).runs[0].tool.driver.rules as { id: string; name: string }[];
    assert.ok(rules.length >= 2);
    for (const rule of rules) {
      assert.notEqual(rule.name, rule.id);
      assert.match(rule.name, /^[A-Z][A-Za-z0-9]*$/, rule.name);
    }
    assert.equal(rules.find(x => x.id === 'path-no-verbs')?.name, 'PathNoVerbs');
    assert.equal(sarifRuleName('oas3-schema'), 'Oas3Schema');
    assert.equal(sarifRuleName('my.custom_rule'), 'MyCustomRule');
    assert.equal(sarifRuleName('Foo'), 'FooRule');
    assert.equal(sarifRuleName('2xx-only'), 'Rule2xxOnly');
  });

  it('junit: failures are the findings that fail the run, as the exit code says', () => {
    const byFail: [string[], number, number][] = [
      [[], 0, 0], // default fail severity error: the warning and the info pass
      [['--fail-severity', 'warn'], 1, 1],
      [['--fail-severity', 'info'], 2, 1],
    ];
    for (const [extra, failures, code] of byFail) {
      const r = runCli(['lint', '-f', 'junit', ...extra, 'api.yaml'], { cwd: dir });
      assert.equal(r.code, code, `${extra.join(' ')}: exit ${r.code} ${r.stderr}`);
      const root = parseXml(r.stdout);
      assert.equal(findAll(root, 'failure').length, failures, extra.join(' '));
      assert.equal(Number(root.attrs.failures), failures);
      const suite = findAll(root, 'testsuite')[0];
      assert.equal(Number(suite.attrs.failures), failures);
      // Every finding is still a test case; those that pass show the finding in their output.
      const cases = findAll(root, 'testcase');
      assert.equal(cases.length, 2);
      assert.equal(findAll(root, 'system-out').length, 2 - failures);
      assert.ok(
        findAll(root, 'system-out').every(o => /^(warn|info) path-/.test(o.text)),
        'the passing finding is described',
      );
    }
  });
});
