/**
 * Meta test: a rule's options are declared once (rules/_lib/options.ts) and everything that speaks of them
 * agrees with that declaration — the function Spectral calls validates exactly them, the config schema offers
 * exactly them, each default and example is a value the schema accepts, the rule's docs have a row per option
 * in their options table with its default and example (and no row for an option the rule does not take), and
 * the rule's tests set each option.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import { rules } from '../../rules/index';
import { options as structureOptions, structureRule } from '../../rules/_lib/oasStructure';
import { configSchema } from '../../server/src/engine/configSchema';
import { configProblems } from '../../server/src/engine/configCheck';

const rulesDir = path.join(__dirname, '..', '..', 'rules');
const ajv = new Ajv({ strict: false, allErrors: true });
const ruleProps = (
  configSchema().definitions as {
    rules: { properties: Record<string, { anyOf: { properties?: { then?: { anyOf: { properties: { functionOptions: unknown } }[] } } }[] }> };
  }
).rules.properties;

/** The rows of the first table under `## Options`: option name → its cells. */
export function optionsTable(md: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  const at = md.indexOf('\n## Options\n');
  if (at < 0) return rows;
  const end = md.indexOf('\n## ', at + 1);
  for (const line of md.slice(at, end < 0 ? undefined : end).split('\n')) {
    const m = /^\| `([A-Za-z]\w*)` \|(.*)\|$/.exec(line);
    if (m)
      rows.set(
        m[1],
        m[2].split(' | ').map(c => c.trim()),
      );
  }
  return rows;
}

/** The text of a rule's tests: `<id>.test.ts` and the files beside it named `<id>.<part>.test.ts`. */
function testsOf(id: string): string {
  const files = fs.readdirSync(rulesDir).filter(f => f === `${id}.test.ts` || (f.startsWith(`${id}.`) && f.endsWith('.test.ts')));
  return files.map(f => fs.readFileSync(path.join(rulesDir, f), 'utf8')).join('\n');
}

/** The README's table of the rules' options: per rule id, the text of its entry (up to the next rule's). */
function readmeOptions(): Map<string, string> {
  const md = fs.readFileSync(path.join(rulesDir, '..', 'README.md'), 'utf8');
  const at = md.indexOf('| group | rule: options |');
  const table = md.slice(at, md.indexOf('\n\n', at));
  const entries = new Map<string, string>();
  for (const m of table.matchAll(/`([a-z0-9-]+)`((?:, `[a-z0-9-]+`)*): (.*?)(?=; `[a-z0-9-]+`(?:, `[a-z0-9-]+`)*: | \|$)/gm)) {
    for (const id of [m[1], ...[...m[2].matchAll(/`([a-z0-9-]+)`/g)].map(x => x[1])]) entries.set(id, m[3]);
  }
  return entries;
}

/** The rules that take options: apiconv's, and the spectral:oas rule apiconv gives one (oas3-schema). */
const optionRules = [
  ...rules.filter(r => r.options !== undefined).map(r => ({ id: r.id, options: r.options!, then: r.spectral.then, fix: r.fix })),
  { id: structureOptions.rule, options: structureOptions, then: (structureRule()[structureOptions.rule] as { then: never }).then, fix: undefined },
];

/** Whether an option's schema accepts `auto` (the document's own majority). */
const takesAuto = (schema: unknown): boolean => JSON.stringify(schema).includes('"auto"');

/** The compat test, which runs every `auto` inside spectral lint. */
const compatTest = fs.readFileSync(path.join(rulesDir, '..', 'test', 'compat', 'spectral.test.ts'), 'utf8');

/**
 * The test cases of a rule's tests that set options and check what the fix does with them (its `output`, or that it
 * offers none): the chunks between two case names.
 */
const fixCasesWithOptions = (tests: string): string[] =>
  tests.split(/\n\s*name: /).filter(c => /\boptions: \{/.test(c) && /\n\s*(output: |noFix: true)/.test(c));

/** How the docs write a value in the table: YAML flow, which JSON is. */
const shown = (v: unknown) => '`' + JSON.stringify(v) + '`';

describe('rule options: declaration, function, config schema, docs and tests agree', () => {
  it('the rules that take options are the ones the docs give an options table', () => {
    for (const rule of rules) {
      const md = fs.readFileSync(path.join(rulesDir, `${rule.id}.md`), 'utf8');
      assert.equal(optionsTable(md).size > 0, rule.options !== undefined, `${rule.id}: options table iff the rule declares options`);
    }
  });

  it("the README's options table names each rule that takes options, and only those", () => {
    const readme = readmeOptions();
    assert.deepEqual([...readme.keys()].sort(), optionRules.map(r => r.id).sort());
  });

  for (const rule of optionRules) {
    const options = rule.options;
    describe(rule.id, () => {
      it("Spectral's function validates the declared options, and the config schema offers them", () => {
        const then = rule.then;
        const fn = (Array.isArray(then) ? then[0] : then).function as unknown as { schemas?: { options?: unknown } };
        assert.deepEqual(fn.schemas?.options, options.schema);
        assert.equal(options.rule, rule.id);
        const entry = ruleProps[rule.id].anyOf[1].properties!.then!.anyOf[0].properties.functionOptions as {
          properties: object;
          additionalProperties: boolean;
        };
        assert.deepEqual(Object.keys(entry.properties), Object.keys(options.specs));
        assert.equal(entry.additionalProperties, false);
      });

      it('each default and example is valid, and the example is no default', () => {
        const validate = ajv.compile(options.schema);
        for (const [name, spec] of Object.entries(options.specs)) {
          assert.ok(validate({ [name]: spec.default }), `${name} default: ${JSON.stringify(validate.errors)}`);
          assert.ok(validate({ [name]: spec.example }), `${name} example: ${JSON.stringify(validate.errors)}`);
          assert.notDeepEqual(spec.example, spec.default, `${name}: the example shows another value than the default`);
          assert.ok(spec.description.length > 10, `${name}: a description`);
        }
        assert.ok(!validate({ noSuchOption: 1 }), 'an unknown option is refused');
      });

      it('the docs table has a row per option with its default and example', () => {
        const md = fs.readFileSync(path.join(rulesDir, `${rule.id}.md`), 'utf8');
        const table = optionsTable(md);
        assert.deepEqual([...table.keys()].sort(), Object.keys(options.specs).sort(), 'the table names the declared options');
        for (const [name, spec] of Object.entries(options.specs)) {
          const cells = table.get(name)!.join(' | ');
          assert.ok(cells.includes(shown(spec.default)), `${name}: the row shows the default ${shown(spec.default)}: ${cells}`);
          assert.ok(cells.includes(shown(spec.example)), `${name}: the row shows the example ${shown(spec.example)}: ${cells}`);
        }
      });

      it('the configs the docs show under Options are valid', () => {
        const md = fs.readFileSync(path.join(rulesDir, `${rule.id}.md`), 'utf8');
        const section = md.slice(md.indexOf('\n## Options\n'), md.indexOf('\n## ', md.indexOf('\n## Options\n') + 1));
        const blocks = [...section.matchAll(/```yaml\n([\s\S]*?)```/g)].map(m => m[1]);
        assert.ok(blocks.length > 0, 'the docs show a config that sets the options');
        for (const block of blocks) assert.deepEqual(configProblems(block), [], block);
      });

      it("the README's table names each option, and where one takes auto, says so", () => {
        const entry = readmeOptions().get(rule.id) ?? '';
        for (const [name, spec] of Object.entries(options.specs)) {
          assert.ok(entry.includes('`' + name + '`'), `README: ${rule.id} names "${name}": ${entry}`);
          if (takesAuto(spec.schema)) assert.ok(entry.includes('auto'), `README: ${rule.id} says "${name}" takes auto: ${entry}`);
        }
      });

      it('each option that takes auto: its docs say so, and the compat test runs it inside spectral lint', () => {
        const table = optionsTable(fs.readFileSync(path.join(rulesDir, `${rule.id}.md`), 'utf8'));
        for (const [name] of Object.entries(options.specs).filter(([, sp]) => takesAuto(sp.schema))) {
          assert.match(table.get(name)!.join(' | '), /\bauto\b/, `${name}: the docs table's row says it takes auto`);
          const entry = new RegExp(`'${rule.id}': \\{[^\\n]*\\b${name}: [^\\n]*'auto'`);
          assert.match(compatTest, entry, `test/compat/spectral.test.ts sets ${rule.id}'s "${name}" to auto`);
        }
      });

      if (rule.fix !== undefined)
        it('a fix test with options: what the fix writes (or that it offers none) under a non-default option', () => {
          assert.ok(fixCasesWithOptions(testsOf(rule.id)).length > 0, `${rule.id}: a case with options and an output or noFix`);
        });

      it("the rule's tests set each option", () => {
        const tests = testsOf(rule.id);
        for (const name of Object.keys(options.specs)) {
          assert.match(tests, new RegExp(`options: \\{[^\\n]*\\b${name}:`), `${rule.id}.test.ts sets "${name}" in a case's options`);
        }
      });
    });
  }
});
