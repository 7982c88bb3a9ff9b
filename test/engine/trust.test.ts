/**
 * Untrusted rulesets are loaded as data only (server/src/engine/rulesetData.ts): for each way a ruleset can reach
 * the repository's JavaScript — the nine and generated spellings of them (quoting, flow/block style,
 * anchors and aliases, escapes, explicit keys, merge keys, nesting in extends and overrides) — the data loader
 * refuses it and none of the repository's code runs (its functions and modules write a marker file when they run:
 * the test asserts it is absent). Each variant is also loaded trusted, as the CLI does: there the code runs and its
 * rule reports — so every variant really is a way to run code, and the refusal is what stops it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { lint } from '../../server/src/engine/lint';
import { BUILTIN_RULESETS, loadRulesetByBundling, loadRulesetFile } from '../../server/src/engine/ruleset';
import { RulesetRefusedError, loadDataRulesetDefinition } from '../../server/src/engine/rulesetData';
import { RulesetLoadError } from '../../server/src/engine/problem';
import { DOC, EVIL_RULE, NINE, workspace } from '../helpers/trustCases';

/** Spellings of the key `functions: [evil]` (a YAML mapping entry, or the whole JSON object). */
const FUNCTIONS_KEY_YAML = [
  'functions: [evil]',
  "'functions': [evil]",
  '"functions": [evil]',
  '"function\\x73": [evil]',
  '"\\u0066unctions": [evil]',
  '? "func\\\n  tions"\n: [evil]',
  '? functions\n: [evil]',
  '? "functions"\n: - evil',
  'functions:\n  - evil',
  'functions: !!seq [evil]',
  '!!str functions: [evil]',
  'x-names: &fns [evil]\nfunctions: *fns',
  'x-dir: &d lib\nfunctionsDir: *d\nfunctions: [evil]',
  '<<: { functions: [evil] }',
  'x-base: &base { functions: [evil] }\n<<: *base',
  'functions: [evil]\nfunctionsDir: functions',
  'functionsDir: lib\nfunctions: [evil]',
];

const EXTENDS_JS_YAML = [
  'extends: ./evil.js',
  "extends: './evil.js'",
  'extends: "./evi\\u006c.js"',
  'extends: [[./evil.js, all]]',
  'extends:\n  - apiconv:recommended\n  - ./evil.cjs',
  'extends: [apiconv:recommended, ./evil]',
  'x-target: &t ./evil.js\nextends: [*t]',
  '? extends\n: ./evil.mjs',
  'extends: evil-ruleset',
  'extends: [[evil-ruleset, recommended]]',
  'overrides:\n  - files: ["*.yaml"]\n    extends: [./evil.js]',
  'overrides: [{ files: ["**/*"], extends: [[./evil.mjs, off]] }]',
];

interface Variant {
  name: string;
  files: Record<string, string>;
  ruleset: string;
}

function variants(): Variant[] {
  const out: Variant[] = NINE.map(n => ({ ...n }));
  for (const key of FUNCTIONS_KEY_YAML) {
    const text = `extends: apiconv:recommended\n${key}\n${EVIL_RULE}\n`;
    out.push({ name: `functions spelled ${JSON.stringify(key)}`, ruleset: '.apiconv.yaml', files: { '.apiconv.yaml': text } });
    // The same, one and two levels down an extends chain, and behind an overrides entry.
    out.push({
      name: `functions spelled ${JSON.stringify(key)}, in an extended file`,
      ruleset: '.spectral.yaml',
      files: { '.spectral.yaml': 'extends: [apiconv:recommended, ./a.yaml]\n', 'a.yaml': text },
    });
    out.push({
      name: `functions spelled ${JSON.stringify(key)}, two extends down`,
      ruleset: '.spectral.yaml',
      files: { '.spectral.yaml': "extends: ['./a.yaml']\n", 'a.yaml': 'extends: [[./sub/b.yaml, recommended]]\n', 'sub/b.yaml': text },
    });
    out.push({
      name: `functions spelled ${JSON.stringify(key)}, in a file an overrides entry extends`,
      ruleset: '.spectral.yaml',
      // (Spectral cannot extend a ruleset with aliases, as apiconv:recommended, in an override: b.yaml has its rule alone.)
      files: {
        '.spectral.yaml': 'extends: apiconv:recommended\noverrides:\n  - files: ["api.yaml"]\n    extends: ./b.yaml\n',
        'b.yaml': `${EVIL_RULE}\n${key}\n`,
      },
    });
  }
  for (const ext of EXTENDS_JS_YAML) {
    out.push({
      name: `JavaScript extended as ${JSON.stringify(ext)}`,
      ruleset: '.spectral.yaml',
      files: {
        '.spectral.yaml': ext.startsWith('extends') || ext.startsWith('?') || ext.startsWith('x-') ? ext + '\n' : `extends: apiconv:recommended\n${ext}\n`,
      },
    });
    out.push({
      name: `JavaScript extended as ${JSON.stringify(ext)}, in an extended file`,
      ruleset: '.spectral.yaml',
      files: { '.spectral.yaml': 'extends: [./a.yaml]\n', 'a.yaml': ext + '\n' },
    });
  }
  // JSON spellings of the key.
  for (const key of ['"functions"', '"function\\u0073"', '"\\u0066\\u0075nctions"']) {
    out.push({
      name: `JSON key ${key}`,
      ruleset: '.apiconv.json',
      files: {
        '.apiconv.json': `{ "extends": ["apiconv:recommended"], ${key}: ["evil"], "rules": { "evil-rule": { "given": "$.info", "severity": "error", "then": { "function": "evil" } } } }\n`,
      },
    });
  }
  return out;
}

const refuseFetch = (async (url: string) => {
  throw new Error(`no network in tests: ${url}`);
}) as never;

describe('untrusted rulesets: loaded as data only, no repository code runs', () => {
  const all = variants();

  it(`generates ${all.length} variants`, () => assert.ok(all.length >= 100, String(all.length)));

  for (const v of all) {
    it(`refused, nothing ran; runs when trusted: ${v.name}`, async () => {
      const { dir, marks } = workspace(v.files);
      const file = path.join(dir, v.ruleset);
      // Untrusted: refused, with what reaches JavaScript named.
      await assert.rejects(loadRulesetFile(file, { dataOnly: true }), (e: unknown) => {
        assert.ok(e instanceof RulesetRefusedError, `refused, not ${String(e)}`);
        assert.match(e.message, /reaches JavaScript \(.+\)/);
        return true;
      });
      // The reading of the migrated tree refuses on its own too (without the inspection that names things first).
      await assert.rejects(loadDataRulesetDefinition(file, { builtinRulesets: BUILTIN_RULESETS, fetch: refuseFetch, inspect: false }), RulesetRefusedError);
      assert.deepEqual(marks(), [], 'no repository code ran');
      // Trusted (the CLI, a trusted workspace): the code loads and runs.
      const ruleset = await loadRulesetFile(file);
      const r = await lint(DOC, path.join(dir, 'api.yaml'), { ruleset });
      assert.ok(marks().length > 0, `the variant runs code when trusted: ${JSON.stringify(r.problems.map(p => p.code))}`);
    });
  }

  it('a data ruleset loads the same read as data and bundled, and lints the same', async () => {
    const { dir, marks } = workspace({
      '.spectral.yaml': [
        'extends: [[spectral:oas, off], apiconv:recommended, ./base.yaml]',
        'formats: [oas3]',
        'x-anchor: &sev warn',
        'rules:',
        '  info-title-short:',
        '    given: $.info.title',
        '    severity: *sev',
        '    then: { function: length, functionOptions: { max: 3 } }',
        '  "path-no-verbs": off',
        'overrides:',
        '  - files: ["api.yaml#/info"]',
        '    rules: { info-title-short: error }',
        '',
      ].join('\n'),
      'base.yaml': 'extends: [apiconv:all]\nrules:\n  servers-https: hint\n',
    });
    const file = path.join(dir, '.spectral.yaml');
    const data = await loadRulesetFile(file, { dataOnly: true });
    // Spectral's way (migrated, bundled, evaluated): what a trusted data ruleset meant before it was read as data.
    const trusted = await loadRulesetByBundling(file);
    const summary = (rs: typeof data) => Object.entries(rs.rules).map(([k, v]) => [k, v.severity, v.enabled, v.then.map(t => t.function.name)]);
    assert.deepEqual(summary(data), summary(trusted));
    const a = await lint(DOC, path.join(dir, 'api.yaml'), { ruleset: data });
    const b = await lint(DOC, path.join(dir, 'api.yaml'), { ruleset: trusted });
    assert.deepEqual(a.problems, b.problems);
    assert.ok(a.problems.some(p => p.code === 'info-title-short' && p.severity === 0));
    assert.ok(a.problems.some(p => p.code === 'servers-https' && p.severity === 3));
    assert.deepEqual(marks(), []);
  });

  it('a ruleset that extends itself, or a cycle of them: an error naming the cycle, at once, trusted or not', async () => {
    const { dir } = workspace({
      '.spectral.yaml': 'extends: [apiconv:recommended, ./.spectral.yaml]\n',
      'a.yaml': 'extends: ./b.yaml\n',
      'b.yaml': 'extends: [[./a.yaml, all]]\n',
    });
    for (const dataOnly of [true, false]) {
      const t0 = Date.now();
      await assert.rejects(
        loadRulesetFile(path.join(dir, '.spectral.yaml'), { dataOnly }),
        (e: unknown) => e instanceof RulesetLoadError && /extends itself: \.spectral\.yaml → \.spectral\.yaml/.test(e.message),
      );
      await assert.rejects(
        loadRulesetFile(path.join(dir, 'a.yaml'), { dataOnly }),
        (e: unknown) => e instanceof RulesetLoadError && /extends itself: a\.yaml → b\.yaml → a\.yaml/.test(e.message),
      );
      assert.ok(Date.now() - t0 < 5000);
    }
  });
});
