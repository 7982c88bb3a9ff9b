/**
 * `apiconv lint --since <rev>`: only the findings on what changed since a revision, so that a team adopting the
 * linter on an existing API sees what it adds, without keeping a baseline file. A finding stays when the node it is
 * on was added or changed, as the diff engine tells (engine/diff/changed.ts). A file that is new keeps all its
 * findings, a file unchanged none; a finding on a document as a whole stays when the document changed.
 */
import * as fs from 'node:fs';
import { ChangedNodes, type GitRevision, type LintProblem } from '../engine';

export interface SinceResult {
  problems: LintProblem[];
  /** Findings on nodes the revision already had as they are. */
  dropped: number;
}

/** `texts`: the head texts that are not on the disk (stdin). */
export function findingsSince(problems: readonly LintProblem[], rev: GitRevision, texts?: ReadonlyMap<string, string>): SinceResult {
  const changes = new Map<string, ChangedNodes>();
  const kept = problems.filter(p => {
    let changed = changes.get(p.source);
    if (!changed) changes.set(p.source, (changed = ChangedNodes.ofTexts(rev.read(p.source), texts?.get(p.source) ?? readText(p.source), p.source)));
    return changed.has(p.path);
  });
  return { problems: kept, dropped: problems.length - kept.length };
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
