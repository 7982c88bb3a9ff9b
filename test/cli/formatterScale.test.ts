/** The reports of a document with hundreds of thousands of findings (200,000 paths with the default rules give 600,000). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatters, reportText } from '../../server/src/cli/formatters';
import { ITEMS_PLACE, jsonPieces } from '../../server/src/cli/formatters/util';
import type { LintProblem } from '../../server/src/engine/problem';

const COUNT = 200_000;

function manyProblems(n: number): LintProblem[] {
  return Array.from({ length: n }, (_, i) => ({
    code: 'security-required',
    message: `GET /p${i} has no security requirement`,
    severity: 0 as const,
    path: ['paths', `/p${i}`, 'get'],
    range: { start: { line: i + 2, character: 4 }, end: { line: i + 2, character: 7 } },
    source: '/work/api.yaml',
  }));
}

describe('reports of 200,000 findings in one document', () => {
  const problems = manyProblems(COUNT);
  const ctx = { cwd: '/work', files: ['/work/api.yaml'], version: '0.0.0', color: false, suppressed: [], baselined: [] };

  it('stylish lists each one in aligned columns (the widths were a spread of every row: a stack overflow)', () => {
    const lines = reportText(formatters.stylish(problems, ctx)).split('\n');
    assert.equal(lines[0], 'api.yaml');
    assert.equal(lines[1], `  3:5       error  security-required  GET /p0 has no security requirement  paths."/p0".get`);
    assert.equal(lines[COUNT], `  ${COUNT + 2}:5  error  security-required  GET /p${COUNT - 1} has no security requirement  paths."/p${COUNT - 1}".get`);
    assert.match(lines.at(-2)!, /✖ 200000 problems \(200000 errors, 0 warnings, 0 infos, 0 hints\)/);
  });

  it('summary counts them', () => {
    assert.match(reportText(formatters.summary(problems, ctx)), /\nsecurity-required {2}200000 {5}0 {5}0 {5}0 {11}0 {10}0 {2}200000\n/);
  });

  it('json, sarif and stylish are written piece by piece: no piece grows with the findings (SARIF of 600,000 was past the longest string)', () => {
    const some = problems.slice(0, 20_000);
    for (const name of ['json', 'sarif', 'stylish'] as const) {
      const report = formatters[name](some, ctx);
      assert.notEqual(typeof report, 'string', name);
      let longest = 0;
      const pieces: string[] = [];
      for (const piece of report) {
        longest = Math.max(longest, piece.length);
        pieces.push(piece);
      }
      assert.ok(longest < 4096, `${name}: a piece of ${longest} characters`);
      if (name === 'json') assert.equal(JSON.parse(pieces.join('')).length, some.length);
      if (name === 'sarif') assert.equal(JSON.parse(pieces.join('')).runs[0].results.length, some.length);
    }
  });
});

describe('jsonPieces', () => {
  it("gives JSON.stringify's text, the items at any depth, none or many", () => {
    const items = [{ a: [1, { b: 'x\ny' }], c: {} }, [], 'text', null, { d: [[]] }];
    for (const list of [[], items.slice(0, 1), items]) {
      for (const at of [(x: unknown) => x, (x: unknown) => ({ k: x, after: [1] }), (x: unknown) => ({ runs: [{ before: 1, results: x, z: { y: 2 } }] })]) {
        assert.equal([...jsonPieces(at(ITEMS_PLACE), list)].join(''), JSON.stringify(at(list), null, 2));
      }
    }
  });
});
