// What the GitHub Action knows of the run it is in, from the environment GitHub sets: the event, whether a pull
// request comes from a fork (its token is read-only: a code-scanning upload fails), and the files it changes.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';

/** The event of this run: its name and its payload ($GITHUB_EVENT_PATH), `{}` when there is none. */
export function readEvent(env = process.env) {
  let payload = {};
  try {
    if (env.GITHUB_EVENT_PATH) payload = JSON.parse(fs.readFileSync(env.GITHUB_EVENT_PATH, 'utf8'));
  } catch {
    payload = {};
  }
  const pr = payload.pull_request;
  return {
    name: env.GITHUB_EVENT_NAME ?? '',
    pullRequest: pr ? { baseSha: pr.base?.sha, fork: isFork(pr) } : undefined,
    privateRepository: payload.repository?.private === true,
  };
}

/** A pull request whose head is another repository (a deleted fork has none). */
function isFork(pr) {
  const head = pr.head?.repo?.full_name;
  return head === undefined || head === null || head !== pr.base?.repo?.full_name;
}

function git(args, cwd) {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return r.status === 0 ? r.stdout : undefined;
}

/**
 * The files a pull request changes (paths relative to the repository's root, with `/`), or undefined when the
 * checkout does not hold what tells (actions/checkout fetches one commit by default: the merge commit, whose
 * first parent is the base when `fetch-depth` is 2 or more).
 */
export function changedFiles(baseSha, cwd) {
  const out = (baseSha && git(['diff', '--name-only', '-z', `${baseSha}...HEAD`], cwd)) ?? git(['diff', '--name-only', '-z', 'HEAD^1', 'HEAD'], cwd);
  return out === undefined ? undefined : new Set(out.split('\0').filter(Boolean));
}

/** The repository's root, for paths as git names them. */
export function repositoryRoot(cwd) {
  return git(['rev-parse', '--show-toplevel'], cwd)?.trim();
}
