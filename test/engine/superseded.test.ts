/**
 * A lint made moot by a newer version of its document (LintOptions.superseded: the language server's worker, an edit
 * came while it ran) ends between two of the engine's stages, and the next lint, of a later text, builds on what the
 * stages before the end did: it still gives what a fresh lint of that text gives. Each place the lint may end is
 * tried, on clean and on broken texts (a broken big text is parsed whole: what a stale lint spends most on).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { lint } from '../../server/src/engine/lint';
import { LintSuperseded } from '../../server/src/engine/lintOptions';
import { IncrementalLinter } from '../../server/src/engine/pipeline/linter';
import { usersApi } from '../helpers/usersApi';

const FILE = path.resolve('superseded.yaml');

const DOC = usersApi('superseded');

/** The stages a lint passes between: after the parse, after the resolve, after the rules. */
const BOUNDARIES = 3;

/** Asked at the boundaries: true from the `at`th question on. */
function supersededAt(at: number): { superseded: () => boolean; asked: () => number } {
  let n = 0;
  return { superseded: () => ++n > at, asked: () => n };
}

const edits: [string, (t: string) => string, (t: string) => string][] = [
  ['clean texts', t => t.replace('List the users', 'List users'), t => t.replace('type: string\n          example: 1', 'type: integer\n          example: 1')],
  [
    'a broken text, then a mended one',
    t => t.replace('      summary: Get a user', '      summary: "Get a user'),
    t => t.replace('/getUsers:', '/users:').replace('example: 1', 'example: one'),
  ],
  ['a clean text, then a broken one', t => t.replace('/users/{id}:', '/users/{userId}:'), t => t.replace('  schemas:', '  schemas: [')],
  ['two broken texts', t => t.replace('description: ok', 'description: [ok'), t => t.replace('        id:', '      id:\n  bad')],
];

describe('a lint made moot by a newer version', () => {
  for (const [name, first, second] of edits) {
    for (let at = 0; at < BOUNDARIES; at++) {
      it(`ends at its boundary ${at + 1} of ${BOUNDARIES}; the next lint gives a fresh lint's findings (${name})`, async () => {
        const linter = new IncrementalLinter(FILE);
        await linter.lint(DOC);
        const stale = first(DOC);
        const next = second(stale);
        assert.notEqual(stale, DOC);
        assert.notEqual(next, stale);
        const s = supersededAt(at);
        await assert.rejects(linter.lint(stale, { superseded: s.superseded }), LintSuperseded);
        assert.equal(s.asked(), at + 1, 'it ended at the first boundary where it was told');
        assert.deepEqual(await linter.lint(next), await lint(next, FILE));
        assert.equal(linter.failures, 0, 'no fallback to the full engine');
        // And the state it leaves serves the edits after.
        const after = next.replace('title: superseded', 'title: superseded again');
        assert.deepEqual(await linter.lint(after), await lint(after, FILE));
      });
    }
  }

  it('a lint not told runs to its end, asking at each boundary', async () => {
    const linter = new IncrementalLinter(FILE);
    await linter.lint(DOC);
    const s = supersededAt(BOUNDARIES);
    const text = DOC.replace('Get a user', 'Get one user');
    assert.deepEqual(await linter.lint(text, { superseded: s.superseded }), await lint(text, FILE));
    assert.equal(s.asked(), BOUNDARIES);
  });
});
