/**
 * A trusted YAML/JSON ruleset that reaches no code is read as data (engine/ruleset.ts loadAsData), as an untrusted
 * one is: the same definition Spectral's migrate-bundle-evaluate gives, without loading rollup (a third of a second
 * of every lint with a config). One that reaches code still goes the bundling way, and its code runs.
 * Each test file runs in its own process (node --test): what this one loads is what these tests loaded.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { lint } from '../../server/src/engine/lint';
import { loadRulesetByBundling, loadRulesetFile } from '../../server/src/engine/ruleset';
import { DOC, EVIL_RULE, workspace } from '../helpers/trustCases';

const bundlerLoaded = () => Object.keys(require.cache).some(k => /[\\/](spectral-ruleset-bundler|rollup)[\\/]/.test(k));
const summary = (rs: Awaited<ReturnType<typeof loadRulesetFile>>) =>
  Object.entries(rs.rules).map(([k, v]) => [k, v.severity, v.enabled, v.then.map(t => t.function.name)]);

/** What `apiconv init` writes, and what most configs are: the built-in rules, severities, apiconv diff's settings. */
const CONFIG = [
  '# apiconv config',
  'extends: [apiconv:recommended, ./team.yaml]',
  'rules:',
  '  servers-https: warn',
  '  path-collection-plural: off',
  '  path-no-verbs:',
  '    then:',
  '      functionOptions:',
  '        extraVerbs: [search, login]',
  'overrides:',
  '  - files: ["**/legacy/**"]',
  '    rules:',
  '      security-required: off',
  'diff:',
  '  rules:',
  '    response-property-removed: warn',
  '',
].join('\n');

describe('rulesets: a trusted data ruleset is read as data', () => {
  it('a data config (with extends, severities and a diff: section) loads without rollup, and means what the bundled one means', async () => {
    const { dir } = workspace({
      '.apiconv.yaml': CONFIG,
      'team.yaml': 'rules:\n  info-title-short:\n    given: $.info.title\n    then: { function: length, functionOptions: { max: 3 } }\ndiff:\n  rules: {}\n',
    });
    const file = path.join(dir, '.apiconv.yaml');
    assert.equal(bundlerLoaded(), false);
    const read = await loadRulesetFile(file);
    assert.equal(bundlerLoaded(), false, 'the bundler was loaded for a data ruleset');
    const bundled = await loadRulesetByBundling(file);
    assert.equal(bundlerLoaded(), true);
    assert.deepEqual(summary(read), summary(bundled));
    assert.deepEqual(read.rules['path-no-verbs']?.then, bundled.rules['path-no-verbs']?.then);
    assert.deepEqual(read.overrides, bundled.overrides);
    const a = await lint(DOC, path.join(dir, 'api.yaml'), { ruleset: read });
    const b = await lint(DOC, path.join(dir, 'api.yaml'), { ruleset: bundled });
    assert.deepEqual(a.problems, b.problems);
    assert.ok(a.problems.some(p => p.code === 'servers-https' && p.severity === 1));
    assert.ok(a.problems.some(p => p.code === 'info-title-short'));
  });

  it("an untrusted config with a diff: section loads (the section is apiconv diff's, not a ruleset error)", async () => {
    const { dir } = workspace({ '.apiconv.yaml': CONFIG, 'team.yaml': 'rules: {}\n' });
    const rs = await loadRulesetFile(path.join(dir, '.apiconv.yaml'), { dataOnly: true });
    assert.equal(rs.rules['servers-https']?.severity, 1);
    assert.equal(rs.rules['path-collection-plural']?.enabled, false);
  });

  it('a trusted config that reaches code is bundled, and its function runs', async () => {
    const { dir, marks } = workspace({ '.apiconv.yaml': `extends: apiconv:recommended\nfunctions: [evil]\n${EVIL_RULE}\n` });
    const rs = await loadRulesetFile(path.join(dir, '.apiconv.yaml'));
    const r = await lint(DOC, path.join(dir, 'api.yaml'), { ruleset: rs });
    assert.ok(r.problems.some(p => p.code === 'evil-rule'));
    assert.deepEqual(marks(), ['MARK-function']);
  });
});

describe("a format that is not Spectral's", () => {
  it('formats: [oas9] is "unknown format", as data and trusted, not "reaches JavaScript"', async () => {
    const { dir } = workspace({
      '.apiconv.yaml': 'extends: apiconv:recommended\nrules:\n  r:\n    given: $.info\n    formats: [oas9]\n    then: { field: title, function: truthy }\n',
    });
    for (const dataOnly of [true, false]) {
      await assert.rejects(loadRulesetFile(path.join(dir, '.apiconv.yaml'), { dataOnly }), (e: Error) => {
        assert.match(e.message, /unknown format "oas9" \(Spectral's formats: oas2, oas3/);
        assert.doesNotMatch(e.message, /JavaScript|not exported/);
        return true;
      });
    }
  });

  it('names the format as the ruleset writes it, not as the migrator spells it for an import', async () => {
    for (const [written, listed] of [
      ['oas3.7', 'oas3.7'],
      ['json-schema-draft-2099-01', 'json-schema-draft-2099-01'],
      ["'../../../etc/passwd'", '../../../etc/passwd'],
    ]) {
      const { dir } = workspace({ '.spectral.yaml': `extends: apiconv:recommended\nformats: [oas3.0, ${written}]\n` });
      for (const dataOnly of [true, false]) {
        await assert.rejects(loadRulesetFile(path.join(dir, '.spectral.yaml'), { dataOnly }), (e: Error) => {
          assert.ok(e.message.includes(`unknown format "${listed}" (Spectral's formats: oas2, oas3`), e.message);
          return true;
        });
      }
    }
  });
});
