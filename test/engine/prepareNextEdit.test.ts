/**
 * The work a document's first edit would do ahead of it (IncrementalLinter.prepareNextEdit, run by the lint worker in
 * the pause after opening it): the ranges of the findings looked up in the pieces of the text the whole-text parse
 * was cut into. Those ranges are the whole-text parse's, and the relint after the edit finds them ready and still
 * gives what a fresh lint gives.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { lint } from '../../server/src/engine/lint';
import { IncrementalLinter } from '../../server/src/engine/pipeline/linter';
import { IncrementalParser } from '../../server/src/engine/parse/parser';
import type { LintResult } from '../../server/src/engine/problem';
import { usersApi } from '../helpers/usersApi';

const FILE = path.resolve('prepare-next-edit.yaml');

const DOC = usersApi('prepared');

/** A piece's looked-up ranges (parsedDocs.ts pieceRange), per piece of a pieces view. */
function pieceMemos(doc: unknown): Map<string, unknown>[] {
  const out: Map<string, unknown>[] = [];
  const visit = (node: { t: number; piece?: { ranges?: Map<string, unknown> }; header?: { ranges?: Map<string, unknown> }; children?: unknown[] }) => {
    for (const p of [node.piece, node.header]) if (p) out.push(p.ranges ?? new Map());
    for (const c of node.children ?? []) visit(c as typeof node);
  };
  for (const top of (doc as { tree: { tops: unknown[] } }).tree.tops) visit(top as never);
  return out;
}

const rootPaths = (r: LintResult) => r.problems.filter(p => p.source === FILE).map(p => p.path);

describe('prepareNextEdit', () => {
  it('the pieces view of a whole-text parse gives the ranges that parse gives', async () => {
    const result = await lint(DOC, FILE);
    assert.ok(rootPaths(result).length >= 3, 'the fixture has findings in the root document');
    const parser = new IncrementalParser(FILE, 'yaml');
    const whole = parser.update(DOC).doc;
    const view = parser.piecesView();
    assert.ok(view, 'a whole-text parse of clean YAML is cut into pieces');
    for (const p of [...rootPaths(result), ['paths'], ['components', 'schemas', 'User'], ['paths', '/users/{id}', 'get', 'parameters', 0]])
      assert.deepEqual(view.getRangeForJsonPath(p), whole.getRangeForJsonPath(p), JSON.stringify(p));
  });

  it('no view once the last parse was an incremental one (its pieces are what the next edit reads)', () => {
    const parser = new IncrementalParser(FILE, 'yaml');
    parser.update(DOC);
    parser.update(DOC.replace('List the users', 'List the users!'));
    assert.equal(parser.piecesView(), undefined);
  });

  it('looks the findings up in their pieces, and the relint after an edit still gives a fresh lint’s findings', async () => {
    const linter = new IncrementalLinter(FILE);
    const opened = await linter.lint(DOC);
    const view = (linter as unknown as { parser: IncrementalParser }).parser.piecesView()!;
    assert.equal(
      pieceMemos(view).reduce((n, m) => n + m.size, 0),
      0,
      'nothing looked up yet',
    );
    linter.prepareNextEdit(opened);
    const memos = pieceMemos(view);
    assert.ok(memos.reduce((n, m) => n + m.size, 0) >= rootPaths(opened).length / 2, 'the findings’ ranges are kept by their pieces');
    const edited = DOC.replace('Get a user', 'Get a userx');
    assert.deepEqual(await linter.lint(edited), await lint(edited, FILE));
    assert.equal(linter.stats?.parseFull, false);
  });
});
