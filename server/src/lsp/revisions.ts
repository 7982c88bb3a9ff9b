/**
 * Git revisions as the server reads them (the diff's `apiconv.diff.base`, the hints' `apiconv.since`): one
 * `GitRevision` per revision name and repository folder, trusted for a moment, then checked with one
 * `git rev-parse` (a commit or a fetch moves `HEAD` or `origin/main`) and made again when it moved.
 */
import * as path from 'node:path';
import { GitRevision } from '../engine';

/** How long a revision's commit is trusted before `git rev-parse` is asked again. */
const REV_TTL_MS = 3000;

export class Revisions {
  private readonly revs = new Map<string, { rev: GitRevision; at: number }>();

  /** The revision `rev` of the repository that holds `file`. Throws GitError (not a repository, unknown revision). */
  of(rev: string, file: string): GitRevision {
    const dir = path.dirname(file);
    const key = `${rev}\0${dir}`;
    const hit = this.revs.get(key);
    if (hit && performance.now() - hit.at < REV_TTL_MS) return hit.rev;
    if (hit && hit.rev.stillCurrent()) {
      hit.at = performance.now();
      return hit.rev;
    }
    const r = new GitRevision(rev, dir);
    this.revs.set(key, { rev: r, at: performance.now() });
    return r;
  }

  clear(): void {
    this.revs.clear();
  }
}
