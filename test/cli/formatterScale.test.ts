/** The reports of a document with hundreds of thousands of findings (200,000 paths with the default rules give 600,000). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatters } from '../../server/src/cli/formatters';
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
    const lines = formatters.stylish(problems, ctx).split('\n');
    assert.equal(lines[0], 'api.yaml');
    assert.equal(lines[1], `  3:5       error  security-required  GET /p0 has no security requirement  paths."/p0".get`);
    assert.equal(lines[COUNT], `  ${COUNT + 2}:5  error  security-required  GET /p${COUNT - 1} has no security requirement  paths."/p${COUNT - 1}".get`);
    assert.match(lines.at(-2)!, /✖ 200000 problems \(200000 errors, 0 warnings, 0 infos, 0 hints\)/);
  });

  it('summary counts them', () => {
    assert.match(formatters.summary(problems, ctx), /\nsecurity-required {2}200000 {5}0 {5}0 {5}0 {11}0 {10}0 {2}200000\n/);
  });
});
