/**
 * The config schema (server/src/engine/configSchema.ts → schema/apiconv-config.schema.json): complete (every rule
 * id of every ruleset, every rule's options), up to date on disk, shipped, and right about real configs.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import { parse as parseYaml } from 'yaml';
import { oas } from '@stoplight/spectral-rulesets';
import { rules } from '../../rules/index';
import { recommended, all } from '../../rules/ruleset';
import { CONFIG_SCHEMA_FILE, configSchema, optionsSchemaOf } from '../../server/src/engine/configSchema';
import { configTemplate } from '../../server/src/cli/initCommand';
import { schemaUrl } from '../../server/src/engine/configSchema';
import { configDiagnostics } from '../../server/src/lsp/configDiagnostics';

const ROOT = path.resolve(__dirname, '../..');
const schema = configSchema();
const ruleProps = (
  schema.definitions as {
    rules: { properties: Record<string, { anyOf: { properties?: { then?: { anyOf: { properties: { functionOptions: unknown } }[] } } }[] }> };
  }
).rules.properties;
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
const valid = (cfg: unknown) => validate(cfg) as boolean;

describe('config schema', () => {
  it('schema/apiconv-config.schema.json is what the rule registry gives (npm run build writes it)', () => {
    const onDisk = fs.readFileSync(path.join(ROOT, CONFIG_SCHEMA_FILE), 'utf8');
    assert.equal(onDisk, JSON.stringify(schema, null, 2) + '\n', 'stale: run npm run build and commit the schema');
  });

  it('names every rule of apiconv:recommended, apiconv:all and spectral:oas, with its description', () => {
    const ids = new Set([
      ...rules.map(r => r.id),
      ...Object.keys((recommended as unknown as { rules: object }).rules),
      ...Object.keys((all as unknown as { rules: object }).rules),
      ...Object.keys((oas as unknown as { rules: object }).rules),
    ]);
    assert.ok(ids.size > 90);
    assert.deepEqual(Object.keys(ruleProps).sort(), [...ids].sort());
    for (const r of rules) assert.ok(JSON.stringify(ruleProps[r.id]).includes(JSON.stringify(r.meta.description).slice(1, -1)), r.id);
  });

  it("every rule with options has its function's options schema under then.functionOptions", () => {
    const withOptions = rules.filter(r => optionsSchemaOf(r.id) !== undefined).map(r => r.id);
    assert.ok(withOptions.includes('path-no-verbs') && withOptions.includes('servers-https'), String(withOptions));
    for (const id of withOptions) {
      const then = ruleProps[id].anyOf[1].properties!.then!.anyOf[0];
      assert.deepEqual(then.properties.functionOptions, optionsSchemaOf(id), id);
    }
  });

  it("accepts the config apiconv init writes, uncommented too, and the README's", () => {
    const template = configTemplate(schemaUrl('1.0.0'));
    assert.ok(valid(parseYaml(template)));
    assert.ok(valid(parseYaml(configTemplate(schemaUrl('1.0.0'), '.spectral.yaml'))), 'extending a Spectral config');
    const uncommented = template
      .split('\n')
      .map(l => (/^#\s+([\w-]+:( |$)|- )/.test(l) && !/yaml-language-server/.test(l) ? l.replace(/^# /, '') : l))
      .join('\n');
    assert.ok(valid(parseYaml(uncommented)), JSON.stringify(validate.errors));
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const block = /```yaml\n# \.apiconv\.yaml\n([\s\S]*?)```/.exec(readme);
    assert.ok(block, 'the README has a .apiconv.yaml example');
    assert.ok(valid(parseYaml(block[1])), JSON.stringify(validate.errors));
  });

  it('accepts Spectral forms: severities, booleans, numbers, extends with modes, custom rules, x- keys', () => {
    assert.ok(
      valid({
        extends: [['spectral:oas', 'all'], 'apiconv:recommended', './base.yaml'],
        rules: { 'path-no-verbs': 'off', 'oas3-schema': true, 'error-500': 2 },
      }),
    );
    assert.ok(
      valid({
        extends: 'https://example.com/ruleset.yaml',
        rules: { 'my-rule': { given: '$.info', then: { field: 'contact', function: 'truthy' }, severity: 'warn' } },
      }),
    );
    assert.ok(valid({ 'x-team': 'api', overrides: [{ files: ['legacy/**'], rules: { 'security-required': 'off' } }] }));
    assert.ok(valid({ rules: { 'servers-https': { then: { functionOptions: { local: 'off' } } } } }));
  });

  it('rejects: a misspelt rule id, a bad severity, a misspelt built-in ruleset, an unknown option, an override without files', () => {
    assert.ok(!valid({ rules: { 'path-no-verb': 'error' } }));
    assert.ok(!valid({ rules: { 'path-no-verbs': 'warning' } }));
    assert.ok(!valid({ extends: 'apiconv:recomended' }));
    assert.ok(!valid({ rules: { 'path-no-verbs': { then: { functionOptions: { extraVerb: ['x'] } } } } }));
    assert.ok(!valid({ rules: { 'servers-https': { then: { functionOptions: { local: 'sometimes' } } } } }));
    assert.ok(!valid({ overrides: [{ rules: {} }] }));
    assert.ok(!valid({ rulez: {} }));
  });

  it('is shipped: in the npm package (.npmignore allowlist; test/package checks the tarball), the .vsix, and contributed for YAML and JSON configs', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.match(fs.readFileSync(path.join(ROOT, '.npmignore'), 'utf8'), new RegExp(`^!/${CONFIG_SCHEMA_FILE.replace(/\./g, '\\.')}$`, 'm'));
    assert.match(fs.readFileSync(path.join(ROOT, '.vscodeignore'), 'utf8'), new RegExp(`^!${CONFIG_SCHEMA_FILE.replace(/\./g, '\\.')}$`, 'm'));
    const yaml = pkg.contributes.yamlValidation as { fileMatch: string | string[]; url: string }[];
    const json = pkg.contributes.jsonValidation as { fileMatch: string | string[]; url: string }[];
    assert.deepEqual(
      yaml.map(v => [v.fileMatch, v.url]),
      [[['.apiconv.yaml', '.apiconv.yml'], `./${CONFIG_SCHEMA_FILE}`]],
    );
    assert.deepEqual(
      json.map(v => [v.fileMatch, v.url]),
      [[['.apiconv.json'], `./${CONFIG_SCHEMA_FILE}`]],
    );
  });
});

describe('config diagnostics (the language server)', () => {
  const at = (text: string, d: { range: { start: { line: number; character: number }; end: { line: number; character: number } } }) => {
    const lines = text.split('\n');
    return lines[d.range.start.line].slice(d.range.start.character, d.range.end.line === d.range.start.line ? d.range.end.character : undefined);
  };

  it('a valid config: none', () => {
    assert.deepEqual(configDiagnostics(configTemplate(schemaUrl('1.0.0'))), []);
    assert.deepEqual(configDiagnostics('{ "extends": "apiconv:all", "rules": { "path-no-verbs": "warn" } }'), []);
  });

  it('each problem at its key or value, with a suggestion', () => {
    const text = [
      'extends: apiconv:recomended',
      'rules:',
      '  path-no-verbz: error',
      '  path-api-prefix: warning',
      '  path-no-verbs:',
      '    then:',
      '      functionOptions:',
      '        extraVerb: [search]',
      'overides: []',
      '',
    ].join('\n');
    const ds = configDiagnostics(text);
    const got = ds.map(d => [at(text, d), String(d.message)]).sort((a, b) => a[0].localeCompare(b[0]));
    assert.equal(ds.length, 5, JSON.stringify(got));
    for (const d of ds) assert.equal(d.code, 'config-schema');
    const by = new Map(got.map(([k, m]) => [k, m]));
    assert.match(by.get('apiconv:recomended')!, /did you mean "apiconv:recommended"/);
    assert.match(by.get('path-no-verbz')!, /no rule of apiconv:recommended or apiconv:all \(did you mean "path-no-verbs"\?\)/);
    assert.match(by.get('warning')!, /severity \(error, warn, info, hint or off\)/);
    assert.match(by.get('extraVerb')!, /"path-no-verbs" has no option "extraVerb" \(did you mean "extraVerbs"\?\); its options: verbs, extraVerbs, allowed/);
    assert.match(by.get('overides')!, /did you mean "overrides"/);
  });

  it('JSON configs, and a syntax error in one diagnostic', () => {
    const json = '{\n  "rules": {\n    "error-500": "loud"\n  }\n}\n';
    const [d] = configDiagnostics(json);
    assert.equal(at(json, d), '"loud"');
    const broken = configDiagnostics('rules:\n  a: [\n');
    assert.equal(broken.length, 1);
    assert.equal(broken[0].code, 'config-syntax');
  });
});
