/**
 * Spectral's functions compile their input and options schemas on first use in the bundles (scripts/vendorPatches.mjs,
 * `lazy-function-schemas`; engine/functionSchemas.ts): a user's function and a user's options still meet them
 * when the ruleset loads, as in Spectral, and a function's input schema still decides whether it runs.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ensureBuilt, runCli, tempDir, type JsonFinding } from './helpers';

const DOC = "openapi: 3.0.3\ninfo:\n  title: T\n  version: '1'\npaths: {}\n";
const define = (schemas: string, body: string) =>
  `const { createRulesetFunction } = require('@stoplight/spectral-core');\nmodule.exports = createRulesetFunction(${schemas}, function ${body});\n`;

describe('apiconv CLI: function schemas', () => {
  let dir: string;
  before(() => {
    ensureBuilt();
    dir = tempDir({
      'api.yaml': DOC,
      'functions/bad.js': define("{ input: null, options: { type: 'nonsense' } }", 'bad() { return []; }'),
      'functions/typed.js': define(
        "{ input: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] }, options: null }",
        "typed(input) { return [{ message: 'typed ran on ' + input.title }]; }",
      ),
    });
  });
  const lintWith = (ruleset: string) => {
    fs.writeFileSync(path.join(dir, '.apiconv.yaml'), ruleset);
    return runCli(['lint', '-f', 'json', 'api.yaml'], { cwd: dir, timeout: 120_000 });
  };

  it('a custom function whose options schema Ajv refuses is an error of the ruleset when it loads (exit 2), as in Spectral', () => {
    const r = lintWith('extends: apiconv:recommended\nfunctions: [bad]\nrules:\n  bad-rule: { given: $.info, then: { function: bad } }\n');
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /invalid ruleset .*\.apiconv\.yaml: schema is invalid: data\/type must be equal to one of the allowed values/);
  });

  it("a core function's options are checked when the ruleset loads (exit 2, the option named)", () => {
    const r = lintWith(
      'extends: apiconv:recommended\nrules:\n  pat-rule: { given: $.info.title, then: { function: pattern, functionOptions: { nope: 1 } } }\n',
    );
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /rules\.pat-rule\.then\.functionOptions\.nope: "pattern" function does not support "nope" option/);
  });

  it("a custom function's input schema decides where it runs: on info, not on paths", () => {
    const r = lintWith('extends: apiconv:recommended\nfunctions: [typed]\nrules:\n  typed-rule: { given: [$.info, $.paths], then: { function: typed } }\n');
    const findings = (JSON.parse(r.stdout) as JsonFinding[]).filter(f => f.code === 'typed-rule');
    assert.deepEqual(
      findings.map(f => f.message),
      ['typed ran on T'],
      r.stderr,
    );
  });
});
