/**
 * A path item `$ref`'d from another file: its path-level findings (on the path key) are reported at the key in the
 * document that names the path, not at line 1 of the path item's file — by the engine, cold and incremental, and by
 * Spectral's own run of the same rules (both place them as written: rules/_lib/ruleFunction.ts `modelRule`).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { lint } from '../../server/src/engine/lint';
import type { LintOptions } from '../../server/src/engine/lintOptions';
import { lintWithSpectral } from '../../server/src/engine/spectralReference';
import { IncrementalLinter } from '../../server/src/engine/pipeline/linter';
import type { LintProblem } from '../../server/src/engine/problem';
import { PATH_RULES, VERSIONS, pathItemRefsProject } from '../helpers/pathItemRefs';

type Run = (text: string, file: string, options: LintOptions) => Promise<{ problems: LintProblem[] }>;

const runners: [string, Run][] = [
  ['lint()', (t, f, o) => lint(t, f, o)],
  ['lintWithSpectral()', (t, f, o) => lintWithSpectral(t, f, o)],
  ['IncrementalLinter', (t, f, o) => new IncrementalLinter(f).lint(t, o)],
];

const pathLevel = (problems: LintProblem[]) => problems.filter(p => PATH_RULES.includes(p.code));
const placed = (p: LintProblem, dir: string) =>
  `${p.code} ${(p.source ?? '').replace(dir, '')} ${p.range.start.line}:${p.range.start.character} ${p.path.join('|')}`;

describe("path-level findings of a $ref'd path item", () => {
  for (const version of VERSIONS) {
    for (const [name, run] of runners) {
      it(`OpenAPI ${version}, ${name}: at the path key in the root document`, async () => {
        const p = pathItemRefsProject(version);
        const found = pathLevel((await run(p.text, p.root, {})).problems);
        assert.deepEqual(new Set(found.map(f => f.code)), new Set(PATH_RULES.filter(r => r !== 'path-resource-nesting')), 'each path-level rule has a finding');
        for (const f of found) {
          const key = f.path[1] as string;
          assert.equal(f.source, p.root, placed(f, p.dir));
          assert.deepEqual(f.path, ['paths', key], placed(f, p.dir));
          assert.deepEqual(f.range.start, { line: p.lines[key], character: 2 }, placed(f, p.dir));
        }
        // The $ref'd path items' own findings stay in their files (a GET without a Cache-Control header…).
        const inFragments = (await run(p.text, p.root, {})).problems.filter(f => Object.values(p.files).includes(f.source ?? ''));
        assert.ok(inFragments.length > 0 && inFragments.every(f => f.path.length > 0), JSON.stringify(inFragments.map(f => placed(f, p.dir))));
      });
    }
  }

  it("version-path-format: a server written in the path item's file is reported at the path key too", async () => {
    const p = pathItemRefsProject('3.1');
    // A key whose own segments are fine: one finding per place, and the key's own would be the one kept.
    const key = '/v1/getUsers';
    fs.appendFileSync(p.files[key]!, 'servers:\n  - url: https://api.example.com/V3\n');
    for (const [name, run] of runners) {
      const found = (await run(p.text, p.root, {})).problems.filter(f => f.code === 'version-path-format' && f.message.includes('"V3"'));
      assert.deepEqual(
        found.map(f => placed(f, p.dir)),
        [`version-path-format /api.yaml ${p.lines[key]}:2 paths|${key}`],
        name,
      );
    }
  });

  it('an edit of the root document moves them with their key; an edit elsewhere keeps them', async () => {
    const p = pathItemRefsProject('3.0');
    const linter = new IncrementalLinter(p.root);
    const first = pathLevel((await linter.lint(p.text, {})).problems);
    // A line above the paths and the verb renamed: the same findings, one line down, the verb's gone.
    const edited = p.text.replace('paths:\n', 'x-note: moved\npaths:\n').replace('/v1/getUsers:', '/v1/users:');
    const second = pathLevel((await linter.lint(edited, {})).problems);
    assert.deepEqual(
      second.map(f => placed(f, p.dir)).sort(),
      first
        .filter(f => f.code !== 'path-no-verbs')
        .map(f =>
          placed(
            {
              ...f,
              path: f.path.map(s => (s === '/v1/getUsers' ? '/v1/users' : s)),
              range: { ...f.range, start: { ...f.range.start, line: f.range.start.line + 1 } },
            },
            p.dir,
          ),
        )
        .sort(),
    );
    const third = pathLevel((await linter.lint(edited.replace('title: Path refs', 'title: Path references'), {})).problems);
    assert.deepEqual(
      third.map(f => placed(f, p.dir)),
      second.map(f => placed(f, p.dir)),
    );
    assert.equal(linter.stats?.conventionsReused, true, 'the model rules were not run again');
  });
});
