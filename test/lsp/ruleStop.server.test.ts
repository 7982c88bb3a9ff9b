/**
 * A rule of ours stopped by the time budget, as the language server reports it: one diagnostic on the value it
 * stopped on (a schema whose `pattern` backtracks without end on its example), not on line 1; the others kept.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { TestClient, tmpWorkspace } from './client';
import { catastrophicPattern } from '../fuzz/hostile';

const text = (m: string | { value: string }) => (typeof m === 'string' ? m : m.value);

describe('language server: a rule stopped by its budget', () => {
  it('is one diagnostic at the schema it stopped on; the other rules are kept', { timeout: 120_000 }, async () => {
    const ws = tmpWorkspace({ 'api.yaml': catastrophicPattern() });
    const c = await TestClient.start({ folder: ws, settings: { debounceMs: 0, functionBudgetMs: 500 } });
    try {
      const uri = c.open(path.join(ws, 'api.yaml'), catastrophicPattern());
      const d = await c.diagnostics(uri, x => x.some(y => y.code === 'oas3-valid-schema-example'), 0, 60_000);
      const stopped = d.filter(y => y.code === 'oas3-valid-schema-example');
      assert.equal(stopped.length, 1);
      assert.match(text(stopped[0]!.message), /^rule "oas3-valid-schema-example" ran past the time budget \(500 ms for this document\) and was stopped here;/);
      assert.deepEqual(stopped[0]!.range.start, { line: 11, character: 14 });
      assert.ok(
        d.some(y => y.code === 'security-required'),
        'the other rules ran',
      );
    } finally {
      await c.stop();
    }
  });
});
