/**
 * Findings on what has not changed since a revision, as hints (`apiconv.since`): a team adopting the linter on an
 * existing API sees at full weight only what its edits add, as `apiconv lint --since` reports it, and the rest stays
 * within reach (hints are drawn faintly and left out of the Problems view). "Changed" is the diff engine's changed
 * set (engine/diff/changed.ts) between each file's text at the revision and its text now (the open buffer, else
 * the disk). git runs only in a trusted workspace: in a restricted one, every finding keeps its severity.
 */
import { BaseVersion, ChangedNodes, GitError, type LintProblem } from '../engine';
import { Revisions } from './revisions';

/** How many files' changed sets are kept (each holds the text it was computed for). */
const KEPT_FILES = 64;

export class SinceHints {
  private readonly revs = new Revisions();
  /** The last changed set per file, with the commit and the head text it is for, and the file at that commit. */
  private readonly changes = new Map<string, { commit: string; head: string | undefined; nodes: ChangedNodes; base: BaseVersion | undefined }>();
  /** What was last said went wrong: said once, not at every lint. */
  private said: string | undefined;

  /**
   * Whether a finding of a lint of `root` is on what did not change since `rev`; undefined when that cannot be told
   * (`log` is told why, once: not a repository, no such revision). `headOf`: a file's text now.
   */
  unchangedTest(
    rev: string,
    root: string,
    headOf: (file: string) => string | undefined,
    log: (message: string) => void,
  ): ((p: LintProblem) => boolean) | undefined {
    const onError = (message: string): void => {
      if (message !== this.said) log((this.said = message));
    };
    let revision;
    try {
      revision = this.revs.of(rev, root);
    } catch (e) {
      onError(`apiconv.since: ${e instanceof GitError ? e.message : String(e)}`);
      return undefined;
    }
    const byFile = new Map<string, ChangedNodes>();
    return p => {
      let nodes = byFile.get(p.source);
      if (!nodes) {
        const head = headOf(p.source);
        const last = this.changes.get(p.source);
        if (last && last.commit === revision.commit && last.head === head) nodes = last.nodes;
        else {
          // The file at the revision is read and parsed once per commit, not at every keystroke.
          let base = last?.commit === revision.commit ? last.base : undefined;
          if (!base) {
            try {
              const text = revision.read(p.source);
              if (text !== undefined) base = new BaseVersion(text, p.source);
            } catch (e) {
              onError(`apiconv.since: ${(e as Error).message}`);
            }
          }
          nodes = ChangedNodes.ofTexts(base, head, p.source);
          this.changes.delete(p.source);
          this.changes.set(p.source, { commit: revision.commit, head, nodes, base });
          if (this.changes.size > KEPT_FILES) this.changes.delete(this.changes.keys().next().value!);
        }
        byFile.set(p.source, nodes);
      }
      return !nodes.has(p.path);
    };
  }
}
