import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { IncrementalParser } from '../../server/src/engine/parse/parser';
import { runLintTask, warmUpTasks, type ServerLintTask as LintTask } from '../../server/src/lsp/lintWorker';

describe('warm-up', () => {
  it('edits YAML and JSON, then types into them: in JSON one string at a time (the string-edit way)', async () => {
    const lints = [...warmUpTasks()].filter((s): s is LintTask => !('forget' in s));
    const parsers = new Map<string, IncrementalParser>();
    let strings = 0;
    let jsonSteps = 0;
    for (const t of lints) {
      const kind = t.file.endsWith('.json') ? 'json' : 'yaml';
      let p = parsers.get(t.file);
      const fresh = !p;
      if (!p) parsers.set(t.file, (p = new IncrementalParser(t.file, kind)));
      const u = p.update(t.text);
      if (fresh) continue; // the first text of each file is parsed whole
      if (kind === 'json') {
        jsonSteps++;
        if (u.stringEdit) strings++;
      }
    }
    assert.ok(strings >= 20, `typed JSON steps take the string-edit way (${strings} of ${jsonSteps})`);
    // The steps lint cleanly, with findings.
    for (const t of [lints[0]!, lints.at(-1)!]) {
      const reply = await runLintTask(t);
      assert.ok(reply.result.problems.length > 0, `${t.file}: findings`);
    }
  });
});
