/**
 * What an editing session keeps of the rules' matches (run/runner.ts). A unit run again after an edit keeps its
 * matches — one per node and rule — so that typing on into it runs again only those on the way down to the string
 * typed into. Kept for every unit ever edited, they added up over a long session to a match per node and rule of the
 * whole document (stripe: 40 MB of the lint worker's heap after its first 18 edits). Counted by the runner's stats.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { IncrementalLinter } from '../../server/src/engine/pipeline/linter';
import { MAX_MATCHES_HELD } from '../../server/src/engine/run/heldMatches';

/** The matches the linter's units keep for a replay after its last run (run/runner.ts stats). */
const matchesHeld = (linter: IncrementalLinter): number => linter['runner'].stats.matchesHeld;

const PATHS = 24;
/** Properties of the schema every path item's response is: a resolved unit of thousands of matches. */
const PROPERTIES = 3000;

/** Path item `i`'s operation, its description typed into `typed` characters (`x`s); its response is the big schema. */
function pathItem(i: number, typed: number): string {
  return (
    `  /items${i}:\n    get:\n      operationId: listItems${i}\n      description: Lists the items of kind ${i}${'x'.repeat(typed)}\n      responses:\n` +
    `        '200':\n          description: The items\n          content:\n            application/json:\n              schema:\n                $ref: '#/components/schemas/Item'\n`
  );
}

/**
 * The document with each path item's description typed into as `typed` says. Each path item's response is the same
 * big schema: resolved, each unit holds all of it, and a match per node and rule.
 */
function documentWith(typed: number[]): string {
  const props = Array.from({ length: PROPERTIES }, (_, p) => `        field_${p}:\n          type: string\n          description: Field ${p}.\n`).join('');
  const schema = `components:\n  schemas:\n    Item:\n      type: object\n      properties:\n${props}`;
  return `openapi: 3.0.3\ninfo:\n  title: Items\n  version: '1'\npaths:\n${typed.map((n, i) => pathItem(i, n)).join('')}${schema}`;
}

describe("an editing session keeps the rules' matches of the units being typed into, not of every unit edited", () => {
  it('typing into one unit after another: the matches of the last one are kept', async () => {
    const typed = new Array<number>(PATHS).fill(0);
    const linter = new IncrementalLinter('/work/kept-matches.yaml');
    await linter.lint(documentWith(typed));
    let replayed = true;
    /** Three keystrokes into unit `i`'s description: the first runs the unit again, the next replay its matches. */
    const typeInto = async (i: number): Promise<void> => {
      for (let k = 0; k < 3; k++) {
        typed[i]!++;
        await linter.lint(documentWith(typed));
        assert.equal(linter.stats?.parseFull, false, 'an edit re-parses its piece only');
        if (k > 0) replayed &&= (linter.stats?.unitsReplayed ?? 0) > 0;
      }
    };
    await typeInto(0);
    const oneUnit = matchesHeld(linter);
    assert.ok(oneUnit > PROPERTIES, `a unit typed into keeps its matches (${oneUnit})`);
    // Back and forth between two units: each keeps its matches, the first keystroke back replays.
    await typeInto(1);
    typed[0]!++;
    await linter.lint(documentWith(typed));
    assert.ok((linter.stats?.unitsReplayed ?? 0) > 0, 'typing again into the unit typed into before replays its matches');
    for (let i = 2; i < PATHS; i++) await typeInto(i);
    assert.ok(replayed, 'typing on into a unit replays its matches');
    // Each unit's matches kept, it was PATHS times one unit's.
    assert.ok(PATHS * oneUnit > 1.5 * MAX_MATCHES_HELD, 'the units typed into hold more matches than are kept');
    assert.ok(matchesHeld(linter) <= MAX_MATCHES_HELD, `matches held after typing into ${PATHS} units: ${matchesHeld(linter)}`);
    const fresh = await new IncrementalLinter('/work/kept-matches.yaml').lint(documentWith(typed));
    assert.deepStrictEqual(await linter.lint(documentWith(typed)), fresh, 'the same findings as a fresh linter');
  });
});
