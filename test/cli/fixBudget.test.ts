/**
 * `--fix` and `--fix-dry-run` with the repository's JavaScript: the fixes are computed in a worker
 * under the custom functions' time budget, as a lint is (trust.test.ts). A function that loops for ever or never
 * settles is stopped: one finding names its rule, the other rules' findings and fixes are kept, the process ends.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ensureBuilt, runCli, tempDir, type JsonFinding } from './helpers';

// Safe fixes to make: a Cache-Control header on the 200 of a GET, a 500 response.
const DOC = `openapi: 3.0.3
info:
  title: T
  version: '1'
servers:
  - url: http://insecure.example.com/api/v1
paths:
  /users:
    get:
      responses:
        '200':
          description: ok
`;

const FUNCTIONS = {
  'functions/loop.js': 'module.exports = function loop() { for (;;) {} };\n',
  'functions/never.js': 'module.exports = function never() { return new Promise(() => {}); };\n',
  'functions/fine.js': "module.exports = function fine() { return [{ message: 'fine ran' }]; };\n",
};

const RULES = (fns: string[]) =>
  [
    'extends: apiconv:recommended',
    `functions: [${fns.join(', ')}]`,
    'rules:',
    ...fns.map(f => `  ${f}-rule: { given: $.info, severity: warn, then: { function: ${f} } }`),
    '',
  ].join('\n');

/** A folder holding the document and `ruleset` as .apiconv.yaml (or the files given). */
const folder = (files: Record<string, string>) => tempDir({ 'api.yaml': DOC, ...FUNCTIONS, ...files });
const fix = (dir: string, mode: '--fix' | '--fix-dry-run') =>
  runCli(['lint', '-f', 'json', '--function-budget', '1000', mode, 'api.yaml'], { cwd: dir, timeout: 120_000 });

describe("apiconv CLI: --fix under the custom functions' time budget", () => {
  // What the built-in rules' fixes make of DOC, with a ruleset that runs no JavaScript.
  let fixedPlain: string;
  let findingsPlain: JsonFinding[];
  let diffPlain: string;
  before(() => {
    ensureBuilt();
    const plain = folder({ '.apiconv.yaml': 'extends: apiconv:recommended\n' });
    diffPlain = fix(plain, '--fix-dry-run').stdout;
    const r = fix(plain, '--fix');
    assert.equal(r.code, 1, r.stderr);
    fixedPlain = fs.readFileSync(path.join(plain, 'api.yaml'), 'utf8');
    findingsPlain = JSON.parse(r.stdout) as JsonFinding[];
    assert.notEqual(fixedPlain, DOC, 'the document has safe fixes');
    assert.match(diffPlain, /^\+\+\+ /m);
  });

  for (const fn of ['loop', 'never']) {
    it(`--fix with a function that ${fn === 'loop' ? 'loops for ever' : 'never settles'}: stopped, one finding names the rule, the other findings and every fix kept`, () => {
      const dir = folder({ '.apiconv.yaml': RULES([fn, 'fine']) });
      const r = fix(dir, '--fix');
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, /applied \d+ fix(es)? to 1 file: api\.yaml/);
      assert.equal(fs.readFileSync(path.join(dir, 'api.yaml'), 'utf8'), fixedPlain, 'the same fixes as without the custom rules');
      const findings = JSON.parse(r.stdout) as JsonFinding[];
      const stuck = findings.filter(f => f.code === `${fn}-rule`);
      assert.equal(stuck.length, 1, JSON.stringify(findings.map(f => f.code)));
      assert.match(stuck[0]!.message, new RegExp(`rule "${fn}-rule": its custom function ran past the time budget \\(1000 ms`));
      assert.equal(stuck[0]!.severity, 0);
      assert.ok(
        findings.some(f => f.code === 'fine-rule' && f.message === 'fine ran'),
        'the other custom rule is kept',
      );
      const builtIn = (fs: JsonFinding[]) => fs.filter(f => !/-rule$/.test(f.code)).map(f => `${f.code} ${JSON.stringify(f.path)}`);
      assert.deepEqual(builtIn(findings), builtIn(findingsPlain), "the built-in rules' findings after the fixes are kept");
    });
  }

  it('--fix-dry-run with a function that loops for ever: the rule is named on stderr, the diff is the fixes of the other rules, nothing written', () => {
    const dir = folder({ '.apiconv.yaml': RULES(['loop']) });
    const r = fix(dir, '--fix-dry-run');
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /api\.yaml: rule "loop-rule": its custom function ran past the time budget \(1000 ms/);
    assert.match(r.stderr, /would change 1 file: api\.yaml \(dry run: nothing written\)/);
    assert.equal(r.stdout, diffPlain);
    assert.equal(fs.readFileSync(path.join(dir, 'api.yaml'), 'utf8'), DOC);
  });

  it('--fix with a JavaScript ruleset whose custom function loops for ever: stopped, named, fixed', () => {
    const dir = folder({
      '.spectral.js': [
        "import { oas3 } from '@stoplight/spectral-formats';",
        "import recommended from 'apiconv:recommended';",
        'function spin() { for (;;) {} }',
        "export default { extends: [recommended], rules: { 'spin-rule': { given: '$.info', formats: [oas3], then: { function: spin } } } };",
        '',
      ].join('\n'),
    });
    const r = fix(dir, '--fix');
    assert.equal(r.code, 1, r.stderr);
    const findings = JSON.parse(r.stdout) as JsonFinding[];
    assert.ok(
      findings.some(f => f.code === 'spin-rule' && /ran past the time budget/.test(f.message)),
      JSON.stringify(findings.map(f => f.code)),
    );
    assert.ok(findings.some(f => f.code === 'servers-https'));
    assert.equal(fs.readFileSync(path.join(dir, 'api.yaml'), 'utf8'), fixedPlain);
  });

  it('--fix with a JavaScript ruleset whose loading never ends: exit 2 with a message, nothing written', () => {
    const dir = folder({ '.spectral.js': 'for (;;) {}\n' });
    const r = fix(dir, '--fix');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /did not finish loading within the time budget \(1000 ms\)/);
    assert.equal(fs.readFileSync(path.join(dir, 'api.yaml'), 'utf8'), DOC);
  });
});
