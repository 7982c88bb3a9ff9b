/**
 * The CLI's merge of the problems of several root files (cli/main.ts mergeProblems): a problem a `$ref`'d file
 * shared by two roots gives twice is reported once; problems that differ in any of source, code, path, range or
 * message are all kept; the result is in the report's order.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mergeProblems } from '../../server/src/cli/lintCommand';
import type { LintTaskResult } from '../../server/src/cli/lintOne';
import type { LintProblem } from '../../server/src/engine/problem';

const range = (line: number, from: number, to: number) => ({ start: { line, character: from }, end: { line, character: to } });
const problem = (over: Partial<LintProblem> = {}): LintProblem => ({
  code: 'error-500',
  message: 'Operation GET /a has no 500 response.',
  severity: 1,
  path: ['paths', '/a', 'get', 'responses'],
  range: range(3, 6, 15),
  source: '/api/shared.yaml',
  ...over,
});
const result = (file: string, problems: LintProblem[]): LintTaskResult => ({ file, problems, suppressed: [], files: [file], ms: 0 });

describe('mergeProblems', () => {
  it('keeps one of the problems two roots give for their shared file, and every problem that differs', () => {
    const shared = problem();
    const variants = [
      problem({ source: '/api/other.yaml' }),
      problem({ code: 'error-400' }),
      problem({ path: ['paths', '/a', 'get', 'responses', '200'] }),
      problem({ path: ['paths', '/a', 'get', 'response'] }),
      problem({ range: range(3, 6, 16) }),
      problem({ range: range(4, 6, 15) }),
      problem({ message: 'Operation GET /a has no 500 response!' }),
    ];
    const merged = mergeProblems([
      result('/api/a.yaml', [shared, ...variants]),
      result('/api/b.yaml', [{ ...shared, path: [...shared.path] }, ...variants.map(v => ({ ...v }))]),
    ]);
    assert.equal(merged.length, 1 + variants.length);
    assert.ok(merged.includes(shared), 'the first root’s problem is the one kept');
    for (const v of variants) assert.ok(merged.includes(v));
  });

  it('a path segment 1 and a segment "1" are different paths, as their JSON is', () => {
    const a = problem({ path: ['tags', 1] });
    const b = problem({ path: ['tags', '1'] });
    assert.equal(mergeProblems([result('/a.yaml', [a]), result('/b.yaml', [b])]).length, 2);
  });

  it('sorts what it keeps: by source, then range', () => {
    const late = problem({ range: range(9, 0, 1) });
    const early = problem({ range: range(1, 0, 1) });
    const other = problem({ source: '/api/a.yaml', range: range(20, 0, 1) });
    assert.deepEqual(mergeProblems([result('/x.yaml', [late, early, other])]), [other, early, late]);
  });

  it("one document's problems (none is twice: the finish stage kept one each) come back sorted, in an array of their own", () => {
    const list = [problem({ range: range(9, 0, 1) }), problem({ range: range(1, 0, 1) })];
    const merged = mergeProblems([result('/a.yaml', []), result('/x.yaml', list), result('/b.yaml', [])]);
    assert.deepEqual(merged, [list[1], list[0]]);
    assert.notEqual(merged, list);
    assert.equal(list[0]!.range.start.line, 9, 'the result is left as it was');
  });

  it('the suppressed problems are merged the same way', () => {
    const s = problem();
    const r1: LintTaskResult = { ...result('/a.yaml', []), suppressed: [s] };
    const r2: LintTaskResult = { ...result('/b.yaml', []), suppressed: [{ ...s }] };
    assert.deepEqual(mergeProblems([r1, r2], 'suppressed'), [s]);
  });
});
