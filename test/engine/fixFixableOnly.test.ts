/**
 * `--fix-dry-run` lints only the rules with fixes (asana's dry run within two lints): the incremental
 * engine's `onlyRules` runs the rules it keeps and no other, each with exactly the findings of a lint of all of them,
 * on a first lint and on the relint of a fixed text; fixFile's `lintFixableOnly` then makes the same fixes, in the
 * same order (the same texts, counts and files), and with `finalLint` (--fix) hands back the same lint of the fixed
 * texts, on documents of the vendored corpus (YAML, JSON, 2.0, multi-file), with safe fixes and with all of them.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fixFile } from '../../server/src/engine/fix/index';
import { IncrementalLinter } from '../../server/src/engine/pipeline/linter';
import { fixableOf, getDefaultRuleset } from '../../server/src/engine/ruleset';
import type { LintProblem } from '../../server/src/engine/problem';
import { VENDORED_CORPUS } from '../helpers/corpus';

const DOCS: [folder: string, entry: string][] = [
  ['burgershop', 'burgershop.openapi.yaml'],
  ['oai-petstore-expanded-v2', 'petstore-expanded.yaml'],
  ['oai-petstore-expanded-v3', 'petstore-expanded.json'],
  ['redocly-museum', 'openapi.yaml'],
  ['swagger-petstore-v3', 'petstorev3.json'],
  ['libopenapi-nested-files', 'openapi.yaml'],
  ['oai-uber-v2', 'uber.json'],
];

const key = (ps: readonly LintProblem[]) =>
  ps.map(
    p =>
      `${p.source} ${p.code} ${p.range.start.line}:${p.range.start.character}-${p.range.end.line}:${p.range.end.character} ${JSON.stringify(p.path)} ${p.severity} ${p.fixable ?? ''} ${p.message}`,
  );

function copyDoc(folder: string, entry: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-fixonly-'));
  fs.cpSync(path.join(VENDORED_CORPUS, folder), dir, { recursive: true });
  return path.join(dir, entry);
}

const ruleNames = new Set(Object.keys(getDefaultRuleset().rules));
const safeRule = (rule: string) => fixableOf(rule) === 'safe';

describe('onlyRules: the rules kept give the findings of a whole lint, the others none', () => {
  for (const [folder, entry] of DOCS) {
    it(`${folder}/${entry}`, async () => {
      const root = copyDoc(folder, entry);
      const text = fs.readFileSync(root, 'utf8');
      const whole = new IncrementalLinter(root);
      const only = new IncrementalLinter(root);
      const all = await whole.lint(text);
      const part = await only.lint(text, { onlyRules: safeRule });
      const kept = (ps: readonly LintProblem[]) => ps.filter(p => !ruleNames.has(p.code) || safeRule(p.code));
      assert.ok(
        all.problems.some(p => ruleNames.has(p.code) && !safeRule(p.code)),
        'the whole lint has findings of rules without safe fixes',
      );
      assert.ok(
        part.problems.every(p => !ruleNames.has(p.code) || safeRule(p.code)),
        'no finding of a rule left out',
      );
      assert.deepEqual(key(part.problems), key(kept(all.problems)), 'the kept rules: the same findings, in the same order');
      assert.ok(only.stats, 'linted by the incremental engine');
      // The relint of the fixed text (what the second pass of a dry run does).
      const fixed = await fixFile(text, root, { safeOnly: true });
      const out = fixed.files.get(root);
      if (out === undefined) return;
      const readFile = async (f: string) => fixed.files.get(f);
      const all2 = await whole.lint(out, { readFile });
      only.stats = undefined;
      const part2 = await only.lint(out, { readFile, onlyRules: safeRule });
      assert.ok(only.stats, 'relinted by the incremental engine');
      assert.deepEqual(key(part2.problems), key(kept(all2.problems)), 'after the fixes: the same findings of the kept rules');
    });
  }
});

describe('fixFile lintFixableOnly (--fix-dry-run, --fix with finalLint) makes the fixes of the whole lints', () => {
  for (const [folder, entry] of DOCS) {
    for (const safeOnly of [true, false]) {
      it(`${folder}/${entry} (${safeOnly ? 'safe fixes' : 'all fixes'})`, async () => {
        const root = copyDoc(folder, entry);
        const text = fs.readFileSync(root, 'utf8');
        const readFile = async () => undefined;
        const full = await fixFile(text, root, { safeOnly, readFile });
        const only = await fixFile(text, root, { safeOnly, readFile, lintFixableOnly: true });
        assert.ok(full.applied > 0, 'the document has fixes');
        assert.equal(only.applied, full.applied, 'as many fixes');
        assert.deepEqual([...only.perFile], [...full.perFile], 'the same fixes per file');
        assert.deepEqual([...only.files.keys()].sort(), [...full.files.keys()].sort(), 'the same files changed');
        for (const [f, t] of full.files) assert.equal(only.files.get(f), t, `the same text of ${path.basename(f)}`);
        assert.equal(only.final, undefined, 'no lint of the fixed texts is handed back: it ran some rules only');
        // --fix: the same, and the fixed texts linted with every rule at the end.
        const withFinal = await fixFile(text, root, { safeOnly, readFile, lintFixableOnly: true, finalLint: true });
        assert.equal(withFinal.applied, full.applied);
        for (const [f, t] of full.files) assert.equal(withFinal.files.get(f), t, `the same text of ${path.basename(f)}`);
        assert.ok(full.final && withFinal.final, 'both hand back the lint of the fixed texts');
        assert.deepEqual(key(withFinal.final.problems), key(full.final.problems), 'the same findings after the fixes');
        assert.deepEqual(key(withFinal.final.suppressed ?? []), key(full.final.suppressed ?? []));
        assert.deepEqual(withFinal.final.files, full.final.files);
      });
    }
  }
});
