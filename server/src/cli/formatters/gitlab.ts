/**
 * GitLab Code Quality (a subset of Code Climate's issue format): a JSON array that GitLab shows in merge requests
 * when a job declares it as `artifacts: reports: codequality`. Each finding has a fingerprint that stays the same
 * when lines above it move (its rule, file and place in the document), so GitLab can tell new findings from old.
 */
import { createHash } from 'node:crypto';
import type { Formatter } from './types';
import { displayPath, jsonPathString } from './util';

/** Code Climate severities by our severity (error, warn, info, hint). */
const SEVERITY = ['major', 'minor', 'info', 'info'] as const;

export const gitlab: Formatter = (problems, ctx) => {
  const seen = new Map<string, number>();
  const issues = problems.map(p => {
    const file = displayPath(p.source, ctx.cwd);
    const key = `${p.code}\u0000${file}\u0000${jsonPathString(p.path)}\u0000${p.message}`;
    // Findings alike in all of these (rare) are told apart by their order.
    const nth = seen.get(key) ?? 0;
    seen.set(key, nth + 1);
    return {
      type: 'issue',
      check_name: p.code,
      description: p.message,
      categories: ['Style'],
      severity: SEVERITY[p.severity] ?? 'major',
      fingerprint: createHash('sha256').update(`${key}\u0000${nth}`).digest('hex').slice(0, 32),
      location: { path: file, lines: { begin: p.range.start.line + 1, end: p.range.end.line + 1 } },
    };
  });
  return JSON.stringify(issues, null, 2) + '\n';
};
