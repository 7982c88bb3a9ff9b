/**
 * A wrong rule option is never ignored and never a bare "function does not accept any options": an unknown
 * option (with a did-you-mean), an option of another rule (naming it), a value outside the allowed ones (listing
 * them), options for a rule that takes none — each one line with the place, in the CLI (file:line:col, exit 2)
 * and in the editor's diagnostics of the config (same message, at the key or value).
 */
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { configProblems, ruleOptionsProblems } from '../../server/src/engine/configCheck';
import { configDiagnostics } from '../../server/src/lsp/configDiagnostics';
import { ensureBuilt, runCli, tempDir } from '../cli/helpers';

const CONFIG = [
  'extends: apiconv:recommended',
  'rules:',
  '  path-no-verbs:',
  '    then:',
  '      functionOptions:',
  '        extraVerb: [search]',
  '  servers-https:',
  '    then:',
  '      functionOptions: { local: sometimes }',
  '  path-no-verb-query:',
  '    then:',
  '      functionOptions: { local: off }',
  '  no-body-204-304:',
  '    then:',
  '      functionOptions: { strict: true }',
  '',
].join('\n');

const DOC = 'openapi: 3.0.3\ninfo: { title: t, version: "1" }\npaths: {}\n';

describe('wrong rule options: located, with what is allowed', () => {
  it('the engine names each problem, its place and what to write instead', () => {
    const problems = ruleOptionsProblems(CONFIG).sort((a, b) => a.start - b.start);
    const lineOf = (offset: number) => CONFIG.slice(0, offset).split('\n').length;
    assert.deepEqual(
      problems.map(p => [lineOf(p.start), p.message]),
      [
        [6, '"path-no-verbs" has no option "extraVerb" (did you mean "extraVerbs"?); its options: verbs, extraVerbs, allowed, actions.'],
        [9, '"local" of "servers-https" is "sometimes"; allowed: "info", "rule", "off", a boolean.'],
        [12, '"path-no-verb-query" has no option "local" ("local" is an option of "servers-https"); its options: names.'],
        [15, '"no-body-204-304" takes no options ("strict").'],
      ],
    );
  });

  it("right options cost no schema compile and give no problem; other config problems are not the loader's", () => {
    assert.deepEqual(ruleOptionsProblems('rules:\n  servers-https:\n    then:\n      functionOptions: { local: off }\n'), []);
    assert.deepEqual(ruleOptionsProblems('rules:\n  path-no-verbz: error\n'), []);
    assert.equal(configProblems('rules:\n  path-no-verbz: error\n').length, 1);
  });

  it('the editor shows the same messages on the config, at the option', () => {
    const ds = configDiagnostics(CONFIG);
    const lines = CONFIG.split('\n');
    const shown = ds.map(d => [lines[d.range.start.line].slice(d.range.start.character, d.range.end.character), String(d.message)]);
    assert.deepEqual(shown.map(s => s[0]).sort(), ['extraVerb', 'local', 'sometimes', 'strict']);
    for (const [, message] of shown)
      assert.ok(
        ruleOptionsProblems(CONFIG).some(p => p.message === message),
        message,
      );
  });

  describe('CLI', () => {
    before(() => ensureBuilt());
    it('apiconv lint refuses the config with each problem as file:line:col (exit 2)', () => {
      const dir = tempDir({ '.apiconv.yaml': CONFIG, 'api.yaml': DOC });
      const r = runCli(['lint', 'api.yaml'], { cwd: dir });
      assert.equal(r.code, 2, r.stderr);
      const file = path.join(dir, '.apiconv.yaml');
      const lines = r.stderr.trim().split('\n');
      assert.equal(lines.length, 4, r.stderr);
      assert.ok(lines[0].includes(`${file}:6:9: "path-no-verbs" has no option "extraVerb" (did you mean "extraVerbs"?)`), lines[0]);
      assert.ok(lines[1].includes(`${file}:9:33: "local" of "servers-https" is "sometimes"; allowed: "info", "rule", "off"`), lines[1]);
      assert.ok(lines[2].includes(`${file}:12:26:`), lines[2]);
      assert.ok(lines[3].includes(`${file}:15:26: "no-body-204-304" takes no options`), lines[3]);
    });
  });
});
