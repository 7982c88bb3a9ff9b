/**
 * `apiconv lint --since <rev>`: only the findings on what changed since a revision, so that a team adopting the
 * linter on an existing API sees what it adds, without keeping a baseline file. A finding stays when the node it is
 * on was added or changed: nothing at its path at the revision, or something else there. A file that is new keeps
 * all its findings, a file unchanged none; a finding on a document as a whole stays when the document changed.
 */
import * as fs from 'node:fs';
import equal from 'fast-deep-equal';
import { formatOf, parseData, type GitRevision, type JsonPath, type LintProblem } from '../engine';

export interface SinceResult {
  problems: LintProblem[];
  /** Findings on nodes the revision already had as they are. */
  dropped: number;
}

function nodeAt(data: unknown, path: JsonPath): unknown {
  let node = data;
  for (const seg of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[seg];
  }
  return node;
}

/** Whether the node at each path differs between two versions of a file; undefined: tell by the whole text. */
function changeTest(base: string | undefined, head: string | undefined, file: string): (path: JsonPath) => boolean {
  if (base === undefined || head === undefined) return () => true;
  if (base === head) return () => false;
  const baseData = parseData(base, formatOf(base, file));
  const headData = parseData(head, formatOf(head, file));
  if (baseData === undefined || headData === undefined) return () => true;
  const memo = new Map<string, boolean>();
  return path => {
    const key = JSON.stringify(path);
    let changed = memo.get(key);
    if (changed === undefined) {
      const then = nodeAt(baseData, path);
      changed = then === undefined || !equal(then, nodeAt(headData, path));
      memo.set(key, changed);
    }
    return changed;
  };
}

/** `texts`: the head texts that are not on the disk (stdin). */
export function findingsSince(problems: readonly LintProblem[], rev: GitRevision, texts?: ReadonlyMap<string, string>): SinceResult {
  const tests = new Map<string, (path: JsonPath) => boolean>();
  const kept = problems.filter(p => {
    let test = tests.get(p.source);
    if (!test) {
      let head = texts?.get(p.source);
      if (head === undefined) {
        try {
          head = fs.readFileSync(p.source, 'utf8');
        } catch {
          head = undefined;
        }
      }
      tests.set(p.source, (test = changeTest(rev.read(p.source), head, p.source)));
    }
    return test(p.path);
  });
  return { problems: kept, dropped: problems.length - kept.length };
}
