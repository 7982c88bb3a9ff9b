/**
 * Meta test: every rule of the catalog (test/meta/rule-ids.txt) exists, is named
 * after its file, has docs with the required headings and a test file, and its
 * docs' bad example yields a finding while the good one does not.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { rules } from '../../rules/index';
import { runRule } from '../helpers/testRule';

const rulesDir = path.join(__dirname, '..', '..', 'rules');
const catalog = fs
  .readFileSync(path.join(__dirname, 'rule-ids.txt'), 'utf8')
  .split('\n')
  .map(s => s.trim())
  .filter(Boolean);

const HEADINGS = ['## What it checks', '## Why', '## Bad example', '## Good example', '## Fix', '## Options', '## When not to use it'];

export function docExamples(md: string): { bad?: string; good?: string } {
  const block = (heading: string) => {
    const at = md.indexOf(heading);
    if (at < 0) return undefined;
    const m = /```(?:ya?ml|json)\n([\s\S]*?)```/.exec(md.slice(at));
    return m?.[1];
  };
  return { bad: block('## Bad example'), good: block('## Good example') };
}

describe('rule catalog', () => {
  it('every catalog id is registered, and every registered rule is in the catalog', () => {
    const ids = rules.map(r => r.id);
    assert.deepEqual(
      catalog.filter(id => !ids.includes(id)),
      [],
      'catalog ids without a rule',
    );
    assert.deepEqual(
      ids.filter(id => !catalog.includes(id)),
      [],
      'rules not in the catalog',
    );
    assert.equal(new Set(ids).size, ids.length, 'duplicate ids');
  });

  for (const rule of rules) {
    describe(rule.id, () => {
      it('file name = id, docs and tests exist', () => {
        assert.ok(fs.existsSync(path.join(rulesDir, `${rule.id}.ts`)), `${rule.id}.ts`);
        assert.ok(fs.existsSync(path.join(rulesDir, `${rule.id}.test.ts`)), `${rule.id}.test.ts`);
        const md = fs.readFileSync(path.join(rulesDir, `${rule.id}.md`), 'utf8');
        assert.match(md, /^---\ndescription: .+\n---\n/, 'front-matter description');
        for (const h of HEADINGS) assert.ok(md.includes(`\n${h}\n`), `heading "${h}"`);
        assert.ok(md.includes('> '), 'docs quote the conventions');
        if (rule.meta.fixable) assert.ok(rule.fix, 'a fixable rule has a fix function');
        else assert.equal(rule.fix, undefined, 'a rule with a fix says it is fixable');
      });
      it('the docs bad example yields a finding and the good one none', async () => {
        const md = fs.readFileSync(path.join(rulesDir, `${rule.id}.md`), 'utf8');
        const { bad, good } = docExamples(md);
        assert.ok(bad && good, 'docs have a bad and a good example in a fenced yaml/json block');
        const badRun = await runRule(rule.id, { name: 'bad', document: bad });
        assert.ok(badRun.problems.length > 0, 'bad example yields a finding');
        const goodRun = await runRule(rule.id, { name: 'good', document: good });
        assert.deepEqual(
          goodRun.problems.map(p => p.message),
          [],
          'good example yields none',
        );
      });
    });
  }
});
