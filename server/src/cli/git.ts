/**
 * Reading files at a git revision (`apiconv diff HEAD:api.yaml api.yaml`, `--base origin/main`,
 * the editor's `apiconv.diff.base`): through the `git` command, with one-line errors.
 */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

export class GitError extends Error {}

function git(args: string[], cwd: string): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
}

function stderrOf(e: unknown): string {
  const s = (e as { stderr?: unknown }).stderr;
  return (typeof s === 'string' ? s : Buffer.isBuffer(s) ? s.toString('utf8') : String((e as Error).message ?? e)).trim().split('\n')[0];
}

/** A revision of the repository that holds `dir`: reads its files by their work-tree paths. */
export class GitRevision {
  readonly root: string;
  readonly commit: string;
  private readonly present: Set<string>;

  /** Throws GitError: not a git repository, unknown revision. */
  constructor(
    readonly rev: string,
    dir: string,
  ) {
    try {
      this.root = path.resolve(git(['rev-parse', '--show-toplevel'], dir).trim());
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new GitError('git is not installed (needed to read a revision)');
      throw new GitError(`not a git repository: ${dir}`);
    }
    try {
      this.commit = git(['rev-parse', '--verify', '--quiet', `${rev}^{commit}`], this.root).trim();
    } catch {
      this.commit = '';
    }
    if (!this.commit) throw new GitError(`unknown revision '${rev}' in ${this.root}`);
    this.present = new Set(git(['ls-tree', '-r', '--name-only', '-z', this.commit], this.root).split('\0').filter(Boolean));
  }

  /** The path of `file` (absolute) in the repository, with `/`; undefined outside it. */
  relative(file: string): string | undefined {
    const rel = path.relative(this.root, path.resolve(file));
    if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
    return rel.split(path.sep).join('/');
  }

  has(file: string): boolean {
    const rel = this.relative(file);
    return rel !== undefined && this.present.has(rel);
  }

  /** Every file of the revision (absolute work-tree paths) under `dir`. */
  filesUnder(dir: string): string[] {
    const rel = this.relative(dir);
    if (rel === undefined) return [];
    const prefix = rel === '' ? '' : rel + '/';
    return [...this.present].filter(f => f.startsWith(prefix) || f === rel).map(f => path.join(this.root, ...f.split('/')));
  }

  /** The text of `file` at the revision; undefined when it does not exist there. */
  read(file: string): string | undefined {
    const rel = this.relative(file);
    if (rel === undefined || !this.present.has(rel)) return undefined;
    try {
      return git(['show', `${this.commit}:${rel}`], this.root);
    } catch (e) {
      throw new GitError(`cannot read ${rel} at ${this.rev}: ${stderrOf(e)}`);
    }
  }

  /** A `$ref` reader for the resolver: files of the revision only (a missing one is an invalid-ref, never the work tree's). */
  reader(): (file: string) => string {
    return file => {
      const t = this.read(file);
      if (t === undefined) throw new Error(`file not found at ${this.rev}: ${this.relative(file) ?? file}`);
      return t;
    };
  }
}
