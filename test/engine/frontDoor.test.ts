/**
 * The engine's entry (server/src/engine/index.ts): what a lint needs comes with its options, so that two lints
 * asking for different things run side by side in one thread and each gets its own answer.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { IncrementalLinter, RulesetCache, lintDocument, refPolicyOf, type LintResult } from '../../server/src/engine';
import { tempDir } from '../cli/helpers';

const HEAD = "openapi: 3.0.3\ninfo:\n  title: t\n  version: '1'\n";
const DOC = `${HEAD}paths: {}\ncomponents:\n  schemas:\n    S:\n      $ref: '../shared.yaml'\n`;

const refFindings = (r: LintResult) => r.problems.filter(p => p.code === 'invalid-ref').map(p => p.message);

describe('the engine entry', () => {
  it('two lints with different $ref policies, side by side: each reads under its own', async () => {
    const d = tempDir({ 'api/a.yaml': DOC, 'shared.yaml': 'type: string\n' });
    const file = path.join(d, 'api', 'a.yaml');
    const inside = refPolicyOf({ roots: [path.join(d, 'api')], widenHint: 'allow it with --allow-refs-outside' });
    const anywhere = refPolicyOf({});
    const [bounded, open, bounded2] = await Promise.all([
      lintDocument(DOC, file, { refPolicy: inside }),
      lintDocument(DOC, file, { refPolicy: anywhere }),
      lintDocument(DOC, file, { refPolicy: inside }),
    ]);
    assert.equal(refFindings(bounded).length, 1);
    assert.match(refFindings(bounded)[0]!, /shared\.yaml is outside the project .*--allow-refs-outside/);
    assert.deepEqual(refFindings(open), []);
    assert.deepEqual(refFindings(bounded2), refFindings(bounded));
  });

  it("a document's linter relints under the policy of each lint", async () => {
    const d = tempDir({ 'api/a.yaml': DOC, 'shared.yaml': 'type: string\n' });
    const file = path.join(d, 'api', 'a.yaml');
    const linter = new IncrementalLinter(file);
    const inside = refPolicyOf({ roots: [path.join(d, 'api')] });
    assert.equal(refFindings(await lintDocument(DOC, file, { linter, refPolicy: inside })).length, 1);
    assert.deepEqual(refFindings(await lintDocument(DOC, file, { linter })), []);
    assert.equal(refFindings(await lintDocument(DOC, file, { linter, refPolicy: inside })).length, 1);
  });

  it('two lints with different skipped rules, side by side: each skips its own, and names what it skipped', async () => {
    const d = tempDir({
      '.spectral.js': [
        "import { oas3 } from '@stoplight/spectral-formats';",
        "import recommended from 'apiconv:recommended';",
        "async function said() { await new Promise(r => setTimeout(r, 20)); return [{ message: 'said' }]; }",
        "export default { extends: [recommended], rules: { 'said-rule': { given: '$.info', formats: [oas3], then: { function: said } } } };",
        '',
      ].join('\n'),
      'api.yaml': `${HEAD}paths: {}\n`,
    });
    const ruleset = await new RulesetCache().get(path.join(d, '.spectral.js'));
    const file = path.join(d, 'api.yaml');
    const text = fs.readFileSync(file, 'utf8');
    const [skipping, running] = await Promise.all([
      lintDocument(text, file, { ruleset, functionBudget: { ms: 5000, skip: ['said-rule'] } }),
      lintDocument(text, file, { ruleset, functionBudget: { ms: 5000 } }),
    ]);
    const said = (r: LintResult) => r.problems.filter(p => p.code === 'said-rule').map(p => p.message);
    assert.deepEqual(said(running), ['said']);
    assert.equal(said(skipping).length, 1);
    assert.match(said(skipping)[0]!, /rule "said-rule": its custom function ran past the time budget \(5000 ms/);
  });

  it('a BOM: linted without it, the findings in the text with it', async () => {
    // One line of JSON: every finding is on the line the BOM is on.
    const text = '{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "servers": [{"url": "http://example.com"}], "paths": {}}\n';
    const plain = await lintDocument(text, '/v/bom.json');
    const bom = await lintDocument(`\uFEFF${text}`, '/v/bom.json');
    assert.ok(plain.problems.length > 0);
    const at = (r: LintResult) => r.problems.map(p => [p.code, p.range.start.character, p.range.end.character]);
    assert.deepEqual(
      at(bom),
      at(plain).map(([code, start, end]) => [code, (start as number) + 1, (end as number) + 1]),
    );
  });
});
