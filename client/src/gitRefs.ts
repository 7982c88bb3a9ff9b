/**
 * The revisions a repository has, for the revision picker: its branches, remote branches and
 * tags as `git for-each-ref` lists them (most recent commit first). No VS Code API here.
 */
import { execFile } from 'node:child_process';

export interface Revision {
  /** The short name git takes as a revision: `main`, `origin/main`, `v1.2.0`. */
  name: string;
  kind: 'branch' | 'remote branch' | 'tag';
}

const KINDS: [string, Revision['kind']][] = [
  ['refs/heads/', 'branch'],
  ['refs/remotes/', 'remote branch'],
  ['refs/tags/', 'tag'],
];

/** Reads `git for-each-ref` output: one full ref name a line. A remote's symbolic HEAD (`origin/HEAD`) is left out. */
export function parseRefs(output: string): Revision[] {
  const out: Revision[] = [];
  for (const line of output.split('\n')) {
    const ref = line.trim();
    const kind = KINDS.find(([prefix]) => ref.startsWith(prefix));
    if (!kind) continue;
    const name = ref.slice(kind[0].length);
    if (kind[1] === 'remote branch' && /\/HEAD$/.test(name)) continue;
    out.push({ name, kind: kind[1] });
  }
  return out;
}

/** The repository's revisions around `cwd` (none when it is not in a repository, or git is missing). */
export function listRevisions(cwd: string, max = 200): Promise<Revision[]> {
  return new Promise(resolve => {
    execFile(
      'git',
      ['for-each-ref', '--sort=-committerdate', `--count=${max}`, '--format=%(refname)', 'refs/heads', 'refs/remotes', 'refs/tags'],
      { cwd, timeout: 5000 },
      (err, stdout) => resolve(err ? [] : parseRefs(stdout)),
    );
  });
}
