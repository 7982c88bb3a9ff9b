import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { IncrementalParser } from '../../server/src/engine/incremental/parse';
import { runLintTask, warmUpTasks, type LintTask } from '../../server/src/lsp/lintWorker';

describe('warm-up', () => {
  it('types into an operation and the title, in YAML and JSON: each step one incremental edit, JSON ones inside a string', async () => {
    const steps = [...warmUpTasks(4)];
    const lints = steps.filter((s): s is LintTask => !('forget' in s));
    assert.equal(lints.length, 1 + 2 * 2 * 4, 'a full lint, then 4 typed characters per string and format');
    assert.equal(steps.length - lints.length, 2, 'each format is forgotten after its edits');
    const parsers = new Map<string, IncrementalParser>();
    let strings = 0;
    for (const [i, t] of lints.entries()) {
      const kind = t.file.endsWith('.json') ? 'json' : 'yaml';
      let p = parsers.get(t.file);
      const fresh = !p;
      if (!p) parsers.set(t.file, (p = new IncrementalParser(t.file, kind)));
      const u = p.update(t.text);
      if (fresh) continue; // the first text of each file is parsed whole
      assert.equal(u.full, false, `step ${i} (${kind}) is incremental`);
      assert.equal(u.changedUnits.size, 1, `step ${i} (${kind}) changes one unit`);
      if (kind === 'json') {
        assert.equal(u.stringEdit, true, `step ${i}: a JSON step is a string edit`);
        strings++;
      }
    }
    assert.equal(strings, 2 * 4 - 1, 'every JSON step after the first is a string edit (the first is the JSON file\'s first text)');
    // The steps lint cleanly: the warm-up document has findings, and no lint fails.
    for (const t of lints.slice(0, 3)) {
      const reply = await runLintTask(t);
      assert.ok(reply.result.problems.length > 0, `${t.file}: findings`);
    }
  });
});
