/**
 * The incremental engine's finish stage keeps its findings from one lint to the next (engine/finish/finishMemo.ts):
 * after random edits its findings are exactly a cold lint's, and a finding that did not change is the very object of
 * the lint before (what the language server's delta from worker to main thread relies on: lsp/problemsDelta.ts).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { lint } from '../../server/src/engine/lint';
import { IncrementalLinter } from '../../server/src/engine/pipeline/linter';
import type { LintProblem } from '../../server/src/engine/problem';
import { mulberry32 } from '../helpers/seeded';

const ROOT = path.resolve(__dirname, '..', '..');

/** Edits a designer makes while typing: a character into a value, a line deleted or doubled, blank lines inserted. */
function edit(text: string, r: () => number): string {
  const ls = text.split('\n');
  const i = Math.floor(r() * ls.length);
  const what = r();
  if (what < 0.5) ls[i] = ls[i] + (/:\s*\S/.test(ls[i]!) ? 'x' : '');
  else if (what < 0.65) ls.splice(i, 1);
  else if (what < 0.8) ls.splice(i, 0, ls[i]!);
  else ls.splice(i, 0, '');
  return ls.join('\n');
}

/** Every finding of `now` equal to one of `before` is that object. */
function unchangedKept(before: readonly LintProblem[], now: readonly LintProblem[]): number {
  let kept = 0;
  for (const p of now) {
    const same = before.find(q => isDeepStrictEqual(p, q));
    if (!same) continue;
    assert.equal(p, same, `an unchanged finding is a new object: ${p.code} at ${p.range.start.line}`);
    kept++;
  }
  return kept;
}

describe('the finish stage of the incremental engine', () => {
  for (const name of ['examples/unconventional.yaml', 'examples/swagger2.json']) {
    it(`${name}: after random edits, a cold lint's findings, the unchanged ones as the objects of the lint before`, { timeout: 120_000 }, async () => {
      const file = path.join(ROOT, name);
      const original = fs.readFileSync(file, 'utf8');
      const json = name.endsWith('.json');
      const r = mulberry32(37);
      const linter = new IncrementalLinter(file);
      let last = await linter.lint(original);
      let kept = 0;
      let text = original;
      for (let i = 0; i < 40; i++) {
        // JSON is typed into inside a string (a character before a closing quote); YAML at a line's end.
        text = json ? text.replace(/"description": "([^"]*)"/, (_, d: string) => `"description": "${d}x"`) : i % 10 === 9 ? original : edit(text, r);
        const now = await linter.lint(text);
        const cold = await lint(text, file);
        assert.deepEqual(now.problems, cold.problems, `edit ${i}`);
        assert.deepEqual(now.suppressed, cold.suppressed, `edit ${i}`);
        kept += unchangedKept(last.problems, now.problems);
        last = now;
      }
      assert.equal(linter.failures, 0);
      assert.ok(kept > 0, 'findings were kept from one lint to the next');
    });
  }

  it('a finding whose result is made again with the same content (a convention run again) stays the same object', async () => {
    const file = path.join(ROOT, 'examples/unconventional.yaml');
    const text = fs.readFileSync(file, 'utf8');
    const linter = new IncrementalLinter(file);
    await linter.lint(text);
    const before = await linter.lint(text.replace('http://shop.example.com', 'http://shop.example.org'));
    // The server URL is read by the conventions: they run again, and give new results for all their findings.
    const after = await linter.lint(text.replace('http://shop.example.com', 'http://shop.example.net'));
    assert.equal(linter.stats?.conventionsReused, false);
    const changed = after.problems.filter(p => !before.problems.some(q => isDeepStrictEqual(p, q)));
    assert.deepEqual(
      changed.map(p => p.code),
      ['servers-https'],
      'the one finding that names the URL changed',
    );
    assert.equal(unchangedKept(before.problems, after.problems), after.problems.length - 1);
  });
});
