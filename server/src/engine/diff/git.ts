/**
 * Reading files at a git revision (`apiconv diff HEAD:api.yaml api.yaml`, `--base origin/main`,
 * the editor's `apiconv.diff.base`): through the `git` command, with one-line errors.
 */
import * as path from 'node:path';

export class GitError extends Error {}

/** node:child_process, loaded by the first git command rather than by every lint that loads this module. */
const childProcess = (): typeof import('node:child_process') => require('node:child_process') as typeof import('node:child_process');

function git(args: string[], cwd: string): string {
  return childProcess().execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
}

function stderrOf(e: unknown): string {
  const s = (e as { stderr?: unknown }).stderr;
  return (typeof s === 'string' ? s : Buffer.isBuffer(s) ? s.toString('utf8') : String((e as Error).message ?? e)).trim().split('\n')[0];
}

/**
 * The path of `file` in the repository at `root`, as git names it (with `/`); undefined outside it (another drive on
 * Windows too). `p`: the platform's path rules (path.win32 in tests).
 */
export function repositoryPath(root: string, file: string, p: path.PlatformPath = path): string | undefined {
  const rel = p.relative(root, p.resolve(file));
  if (rel === '..' || rel.startsWith('..' + p.sep) || p.isAbsolute(rel)) return undefined;
  return rel.split(p.sep).join('/');
}

/** A revision of the repository that holds `dir`: reads its files by their work-tree paths. */
export class GitRevision {
  readonly root: string;
  readonly commit: string;
  private readonly present: Set<string>;
  /** Texts read ahead (prefetch), by repository path. */
  private readonly cache = new Map<string, string>();

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

  /** Whether the revision still names the same commit (one `git rev-parse`). */
  stillCurrent(): boolean {
    try {
      return git(['rev-parse', '--verify', '--quiet', `${this.rev}^{commit}`], this.root).trim() === this.commit;
    } catch {
      return false;
    }
  }

  /** The path of `file` (absolute) in the repository, with `/`; undefined outside it. */
  relative(file: string): string | undefined {
    return repositoryPath(this.root, file);
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

  /**
   * Reads every YAML/JSON file of the revision under `dir` in one `git cat-file --batch` (a
   * multi-file document's `$ref`'d files: one process rather than one per file).
   */
  prefetch(dir: string): void {
    const rel = this.relative(dir);
    if (rel === undefined) return;
    const prefix = rel === '' ? '' : rel + '/';
    const wanted = [...this.present].filter(f => f.startsWith(prefix) && /\.(ya?ml|json)$/i.test(f) && !this.cache.has(f));
    if (wanted.length < 2) return;
    let out: Buffer;
    try {
      out = childProcess().execFileSync('git', ['cat-file', '--batch'], {
        cwd: this.root,
        input: wanted.map(f => `${this.commit}:${f}`).join('\n') + '\n',
        maxBuffer: 1024 * 1024 * 1024,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
    } catch {
      return; // read one by one instead
    }
    let at = 0;
    for (const f of wanted) {
      const eol = out.indexOf(10, at);
      if (eol < 0) break;
      const header = out.subarray(at, eol).toString('utf8').split(' ');
      if (header[1] !== 'blob') {
        at = eol + 1;
        continue;
      }
      const size = Number(header[2]);
      this.cache.set(f, out.subarray(eol + 1, eol + 1 + size).toString('utf8'));
      at = eol + 1 + size + 1;
    }
  }

  /** The text of `file` at the revision; undefined when it does not exist there. */
  read(file: string): string | undefined {
    const rel = this.relative(file);
    if (rel === undefined || !this.present.has(rel)) return undefined;
    const hit = this.cache.get(rel);
    if (hit !== undefined) return hit;
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
