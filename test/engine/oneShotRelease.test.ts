/**
 * A one-shot lint (pipeline/linter.ts) keeps nothing of its stages past the rules: the parsed data, the resolved
 * document and what rules memoize on its objects (the conventions' model) are garbage before the finish builds the
 * findings, which is where the peak memory of a big document was (the 200,000-path document). Checked on a linter
 * the test keeps alive: after its lint, a full collection frees what a rule saw.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Ruleset } from '@stoplight/spectral-core';
import { gcFunction } from '../../server/src/engine/pipeline/garbageCollection';
import { IncrementalLinter } from '../../server/src/engine/pipeline/linter';
import type { IncrementalRunner } from '../../server/src/engine/run/runner';

const DOC = `openapi: 3.0.3
info: {title: T, version: '1'}
paths:
  /items:
    get:
      responses:
        '200':
          $ref: '#/components/responses/Ok'
components:
  responses:
    Ok: {description: ok}
`;

/** A ruleset of one rule that remembers, weakly, the documents it was given and reports one finding. */
function watchingRuleset(seen: WeakRef<object>[]): Ruleset {
  const watch = (_input: unknown, _options: unknown, context: { document: { data: unknown }; documentInventory: { resolved: unknown } }) => {
    seen.push(new WeakRef(context.document.data as object), new WeakRef(context.documentInventory.resolved as object));
    return [{ message: 'seen', path: ['paths', '/items'] }];
  };
  return new Ruleset({ rules: { watch: { given: '$', severity: 'warn', then: { function: watch as never } } } } as never);
}

async function collect(): Promise<void> {
  const gc = gcFunction();
  assert.ok(gc, 'a full collection is available');
  for (let i = 0; i < 2; i++) await gc({ type: 'major', execution: 'async' });
}

describe('a one-shot lint releases its stages', () => {
  it('keeps neither the parsed data nor the resolved document once it has its findings', async () => {
    const seen: WeakRef<object>[] = [];
    const linter = new IncrementalLinter('/work/release.yaml', { oneShot: true });
    const result = await linter.lint(DOC, { ruleset: watchingRuleset(seen) });
    assert.deepEqual(
      result.problems.map(p => [p.code, p.message, p.path.join('/'), p.range.start.line]),
      [['watch', 'seen', 'paths//items', 3]],
    );
    assert.equal(seen.length, 2);
    await collect();
    assert.deepEqual(
      seen.map(r => r.deref() === undefined),
      [true, true],
      'the data and the resolved document are garbage',
    );
    assert.ok(linter.stats, 'the linter itself is still alive');
  });

  it("a one-shot run puts its units' results in no table, with the findings of a linter that keeps them", async () => {
    const text = DOC.replace('paths:\n', 'paths:\n  /a:\n    get:\n      responses: {}\n  /b:\n    post:\n      responses: {}\n');
    const oneShot = new IncrementalLinter('/work/release.yaml', { oneShot: true });
    // The tables as the run left them: the linter's reset after its stages is what the previous test checks.
    const runner = (oneShot as unknown as { runner: IncrementalRunner }).runner;
    runner.reset = () => {};
    const once = await oneShot.lint(text);
    const tables = runner as unknown as { unitsR: Map<string, unknown>; unitsU: Map<string, unknown> };
    assert.deepEqual([tables.unitsR.size, tables.unitsU.size], [0, 0]);
    const kept = await new IncrementalLinter('/work/release.yaml').lint(text);
    assert.ok(once.problems.length >= 6, `${once.problems.length} findings`);
    assert.deepEqual(once, kept);
  });

  it('an incremental linter keeps them for the next edit', async () => {
    const seen: WeakRef<object>[] = [];
    const linter = new IncrementalLinter('/work/release.yaml');
    await linter.lint(DOC, { ruleset: watchingRuleset(seen) });
    await collect();
    assert.equal(seen[0]!.deref() !== undefined, true, 'the parsed data is kept');
    assert.ok(linter.stats);
  });
});
