/**
 * The CLI and the repository's JavaScript: it runs a repository's JavaScript rulesets by design,
 * as Spectral does, in worker threads with a time budget; `--no-custom-functions` loads rulesets as data only.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ensureBuilt, runCli, tempDir, type JsonFinding } from './helpers';
import { NINE, workspace } from '../helpers/trustCases';

const DOC = `openapi: 3.0.3
info:
  title: T
  version: '1'
servers:
  - url: http://insecure.example.com/api/v1
paths: {}
`;

const RULES = (fns: string[]) =>
  [
    'extends: apiconv:recommended',
    `functions: [${fns.join(', ')}]`,
    'rules:',
    ...fns.map(f => `  ${f}-rule: { given: $.info, severity: warn, then: { function: ${f} } }`),
    '',
  ].join('\n');

describe('apiconv CLI: custom functions', () => {
  let dir: string;
  before(() => {
    ensureBuilt();
    dir = tempDir({
      'api.yaml': DOC,
      'functions/loop.js': 'module.exports = function loop() { for (;;) {} };\n',
      'functions/never.js': 'module.exports = function never() { return new Promise(() => {}); };\n',
      'functions/asyncLoop.js': 'module.exports = async function asyncLoop() { await null; for (;;) {} };\n',
      'functions/fine.js': "module.exports = function fine() { return [{ message: 'fine ran' }]; };\n",
    });
    fs.writeFileSync(
      path.join(dir, 'functions/evil.js'),
      `module.exports = function evil() { require('fs').writeFileSync(${JSON.stringify(path.join(dir, 'MARK'))}, 'ran'); return []; };\n`,
    );
  });

  const lintWith = (ruleset: string, args: string[] = []) => {
    fs.writeFileSync(path.join(dir, '.apiconv.yaml'), ruleset);
    return runCli(['lint', '-f', 'json', '--function-budget', '1000', ...args, 'api.yaml'], { cwd: dir, timeout: 120_000 });
  };

  for (const fn of ['loop', 'never']) {
    it(`a function that ${fn === 'loop' ? 'loops for ever' : 'never settles'} is stopped: one finding names its rule, the others are kept, exit 1`, () => {
      const r = lintWith(RULES([fn, 'fine']));
      assert.equal(r.code, 1, r.stderr);
      const findings = JSON.parse(r.stdout) as JsonFinding[];
      const stuck = findings.filter(f => f.code === `${fn}-rule`);
      assert.equal(stuck.length, 1);
      assert.match(stuck[0].message, new RegExp(`rule "${fn}-rule": its custom function ran past the time budget \\(1000 ms`));
      assert.equal(stuck[0].severity, 0, 'an error');
      assert.ok(
        findings.some(f => f.code === 'fine-rule'),
        'the other custom rule is kept',
      );
      assert.ok(
        findings.some(f => f.code === 'servers-https'),
        'the built-in rules are kept',
      );
    });
  }

  it('an async function that blocks the worker after an await (outside the metered call): stopped by the backstop', () => {
    const r = lintWith(RULES(['asyncLoop']));
    assert.equal(r.code, 1, r.stderr);
    const findings = JSON.parse(r.stdout) as JsonFinding[];
    assert.ok(findings.some(f => f.code === 'asyncLoop-rule' && /ran past the time budget/.test(f.message)));
    assert.ok(
      findings.some(f => f.code === 'servers-https'),
      'the built-in rules are kept',
    );
  });

  it('a JavaScript ruleset with a format function that loops for ever: stopped, named, the built-in rules kept', () => {
    const d = tempDir({
      'api.yaml': DOC,
      '.spectral.js': [
        "import { oas3 } from '@stoplight/spectral-formats';",
        "import { truthy } from '@stoplight/spectral-functions';",
        "import recommended from 'apiconv:recommended';",
        'function loopy() { for (;;) {} }',
        "export default { extends: [recommended], rules: { 'loopy-format-rule': { given: '$.info', formats: [loopy, oas3], then: { field: 'nope', function: truthy } } } };",
        '',
      ].join('\n'),
    });
    const r = runCli(['lint', '-f', 'json', '--function-budget', '1000', 'api.yaml'], { cwd: d, timeout: 120_000 });
    assert.equal(r.code, 1, r.stderr);
    const findings = JSON.parse(r.stdout) as JsonFinding[];
    assert.ok(
      findings.some(f => f.code === 'format loopy' && /the custom format "loopy" ran past the time budget/.test(f.message)),
      JSON.stringify(findings.map(f => f.code)),
    );
    assert.ok(findings.some(f => f.code === 'servers-https'));
  });

  it('a JavaScript ruleset whose loading never ends: exit 2 with a message', () => {
    const d = tempDir({ 'api.yaml': DOC, '.spectral.js': 'for (;;) {}\n' });
    const r = runCli(['lint', '--function-budget', '1000', 'api.yaml'], { cwd: d, timeout: 120_000 });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /did not finish loading within the time budget \(1000 ms\)/);
  });

  it('a ruleset that extends itself: exit 2 at once, naming the cycle', () => {
    const d = tempDir({ 'api.yaml': DOC, '.spectral.yaml': 'extends: [apiconv:recommended, ./more.yaml]\n', 'more.yaml': 'extends: ./.spectral.yaml\n' });
    const r = runCli(['lint', 'api.yaml'], { cwd: d, timeout: 120_000 });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /extends itself: \.spectral\.yaml → more\.yaml → \.spectral\.yaml/);
  });

  it('runs the JavaScript of a repository ruleset by design; --no-custom-functions refuses it (exit 2), nothing runs', () => {
    const rules = RULES(['evil']);
    fs.rmSync(path.join(dir, 'MARK'), { force: true });
    const refused = lintWith(rules, ['--no-custom-functions']);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /--no-custom-functions: \.apiconv\.yaml was not loaded: it reaches JavaScript \(functions \["evil"\]/);
    assert.equal(fs.existsSync(path.join(dir, 'MARK')), false, 'no repository code ran');
    const ran = lintWith(rules);
    assert.equal(ran.code, 1, ran.stderr);
    assert.equal(fs.existsSync(path.join(dir, 'MARK')), true, 'the CLI runs the custom function');
  });

  it('--no-custom-functions refuses the nine ways (exit 2, naming what), and nothing runs', () => {
    for (const n of NINE) {
      const k = workspace(n.files);
      const r = runCli(['lint', '--no-custom-functions', 'api.yaml'], { cwd: k.dir, timeout: 120_000 });
      assert.equal(r.code, 2, `${n.name}: ${r.stderr}`);
      assert.match(r.stderr, new RegExp(`--no-custom-functions: ${n.ruleset.replace('.', '\\.')} was not loaded: it reaches JavaScript \\(.+\\)`), n.name);
      assert.deepEqual(k.marks(), [], `${n.name}: no repository code ran`);
    }
  });

  it('--no-custom-functions lints with a data ruleset as without the flag', () => {
    const rules =
      'extends: apiconv:recommended\nrules:\n  servers-https: warn\n  info-short: { given: $.info.title, severity: error, then: { function: length, functionOptions: { max: 0 } } }\n';
    const a = lintWith(rules, ['--no-custom-functions']);
    const b = lintWith(rules);
    assert.equal(a.code, 1);
    assert.deepEqual(JSON.parse(a.stdout), JSON.parse(b.stdout));
    assert.ok((JSON.parse(a.stdout) as JsonFinding[]).some(f => f.code === 'info-short'));
  });
});
