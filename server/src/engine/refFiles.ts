/**
 * Reading the files `$ref`s name, safely:
 * - only regular files: a device (`/dev/zero`), a FIFO, a socket or a folder is refused
 *   before it is opened for reading (opening a FIFO blocks; reading /dev/zero never ends),
 *   however the path was reached (relative, absolute, a symlink, a `file:` URI);
 * - of bounded size (the document size limit, limits.ts);
 * - inside the project: the roots set for the process (the CLI: the linted folders' common
 *   root; the server: the workspace folders), symlinks followed, unless refs outside are allowed;
 * - text only: a binary or UTF-16 file is refused; a UTF-8 BOM is dropped; bytes that are
 *   not UTF-8 are read as Latin-1, so nothing is replaced by U+FFFD.
 * A refusal is an Error whose message names the file and the reason, never its content:
 * the resolver turns it into an `invalid-ref` finding at the `$ref`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isUtf8 } from 'node:buffer';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LIMITS } from './limits';

export interface RefPolicy {
  /** Folders `$ref`'d files must be in (absolute); undefined: anywhere. */
  roots?: string[];
  /** The largest file read, in bytes. */
  maxBytes: number;
  /** How to widen `roots`, for the message (`--allow-refs-outside`, a setting). */
  widenHint?: string;
}

/**
 * A policy with its defaults, the roots' symlinks resolved. Every read takes its policy as an argument (a lint's
 * comes with its options): two lints with different policies can run side by side in one thread.
 */
export function refPolicyOf(p: Partial<RefPolicy> = {}): RefPolicy {
  return { maxBytes: p.maxBytes ?? DEFAULT_LIMITS.maxBytes, roots: p.roots?.map(r => realOr(path.resolve(r))), widenHint: p.widenHint };
}

/** Anywhere, up to the default size limit: the policy of a lint that names none. */
export const OPEN_REF_POLICY: RefPolicy = Object.freeze({ maxBytes: DEFAULT_LIMITS.maxBytes });

/** Whether two policies read the same files (a relint with another policy starts its resolve afresh). */
export function samePolicy(a: RefPolicy, b: RefPolicy): boolean {
  return a === b || (a.maxBytes === b.maxBytes && a.widenHint === b.widenHint && JSON.stringify(a.roots) === JSON.stringify(b.roots));
}

/**
 * The real path, on Linux by one realpath(3) call: Node's own realpathSync walks the path with an lstat per folder, a
 * tenth of a second per lint of a document that `$ref`s thousands of files (digitalocean: 2,850), where Linux gives
 * the same answer. Elsewhere Node's: Windows' and macOS' own may also change a drive or the case of a name, which
 * the checks compare with the path as given.
 */
const realpath = process.platform === 'linux' ? fs.realpathSync.native : fs.realpathSync;

/**
 * While a resolve reads many files (withFolderCache), the real path of each folder is asked once: digitalocean's
 * 2,850 files lie in a few hundred folders, and realpath(3) reads every link on the way. Outside of one, or for a
 * name that does not end in a plain file name, the file's own real path.
 */
let folderCache: Map<string, string> | undefined;
let folderCacheUsers = 0;

function dirRealpath(file: string): string {
  const abs = path.resolve(file);
  const base = path.basename(abs);
  if (folderCache === undefined || base === '' || base === '.' || base === '..') return realOr(file);
  const dir = path.dirname(abs);
  let real = folderCache.get(dir);
  if (real === undefined) {
    real = realOr(dir);
    folderCache.set(dir, real);
  }
  return path.join(real, base);
}

/** Runs `fn` with the folders' real paths remembered (see dirRealpath) until it settles. */
export async function withFolderCache<T>(fn: () => Promise<T>): Promise<T> {
  if (folderCacheUsers++ === 0) folderCache = new Map();
  try {
    return await fn();
  } finally {
    if (--folderCacheUsers === 0) folderCache = undefined;
  }
}

function realOr(p: string): string {
  try {
    return realpath(p);
  } catch {
    return p;
  }
}

export function isInside(file: string, root: string): boolean {
  const rel = path.relative(root, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The common folder of several paths (the CLI's project root: the linted files' and folders' common ancestor). */
export function commonRoot(paths: readonly string[]): string | undefined {
  if (paths.length === 0) return undefined;
  let root = path.resolve(paths[0]!);
  for (const p of paths.slice(1)) {
    const abs = path.resolve(p);
    while (!isInside(abs, root)) {
      const up = path.dirname(root);
      if (up === root) return root;
      root = up;
    }
  }
  return root;
}

function kindOf(st: fs.Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a FIFO';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}

export class RefReadError extends Error {}

/**
 * The file a `$ref` written as a `file:` URI names, the fragment left out: `file:///etc/x.yaml` and
 * `file://localhost/…` are absolute, `file:/abs/x.yaml` too, and `file:../x.yaml` (no `//`) is a path relative to
 * `fromFile`'s folder, percent-decoded. undefined: not a `file:` URI, or one naming a remote host (not read).
 * The file is then read as any `$ref`'d file (readRefFile: a regular file of bounded size inside the project).
 * `p`: the platform's path rules (path.win32 in tests: `file:///C:/api/x.yaml` is `C:\\api\\x.yaml`).
 */
export function fileUriTarget(ref: string, fromFile: string, p: path.PlatformPath = path): string | undefined {
  if (!/^file:/i.test(ref)) return undefined;
  const hash = ref.indexOf('#');
  const uri = hash >= 0 ? ref.slice(0, hash) : ref;
  const rest = uri.slice('file:'.length);
  if (rest.startsWith('//')) {
    try {
      return p.resolve(fileURLToPath(`file:${rest}`, { windows: p === path.win32 }));
    } catch {
      return undefined; // file://host/…: another machine's file
    }
  }
  let decoded = rest;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    /* as written */
  }
  return p.resolve(p.dirname(fromFile), decoded);
}

/** How a refusal names a file: as written, and where it leads when a link on the way takes it elsewhere. */
function nameOf(file: string, real: string): string {
  return real === path.resolve(file) ? file : `${file} (a link to ${real})`;
}

/**
 * Where a name that is no readable file leads: its links followed (at most 40, the kernel's limit), the nearest
 * folder on the way that exists taken at its real path, the rest as written.
 */
function whereItLeads(file: string): string {
  let abs = path.resolve(file);
  for (let links = 0; links < 40; links++) {
    let link: string;
    try {
      if (!fs.lstatSync(abs).isSymbolicLink()) return realOr(abs);
      link = fs.readlinkSync(abs);
    } catch {
      const parent = path.dirname(abs);
      return parent === abs ? abs : path.join(whereItLeads(parent), path.basename(abs));
    }
    abs = path.resolve(path.dirname(abs), link);
  }
  return abs;
}

/** Why `file` may not be read as a `$ref` target (undefined: it may). Does not open the file. */
export function refusal(file: string, p: RefPolicy): string | undefined {
  const inside = (f: string) => p.roots!.some(r => isInside(f, r));
  const outside = (name: string) => `${name} is outside the project (${p.roots!.join(', ')}): not read${p.widenHint ? ` (${p.widenHint})` : ''}`;
  // A name outside the project is refused before it is looked at: whether such a file exists is not for the
  // findings (and the CI logs that show them) to tell.
  if (p.roots && !inside(path.resolve(file))) return outside(file);
  let st: fs.Stats;
  let real: string | undefined;
  try {
    // A name that is no link: lstat is stat, and its real path is its folder's (dirRealpath) and its name.
    st = fs.lstatSync(file);
    if (st.isSymbolicLink()) st = fs.statSync(file);
    else real = dirRealpath(file);
  } catch (e) {
    // A name that leads to no file, through a link or a linked folder, may still lead outside the project.
    const leads = whereItLeads(file);
    if (p.roots && !inside(leads)) return outside(nameOf(file, leads));
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? `file not found: ${file}` : `cannot read ${file}: ${code ?? (e as Error).message}`;
  }
  real ??= realOr(file);
  const name = nameOf(file, real);
  if (!st.isFile()) return `${name} is ${kindOf(st)}, not a regular file: not read`;
  if (p.roots && !inside(real)) return outside(name);
  if (st.size > p.maxBytes)
    return `${file} is ${(st.size / 1024 / 1024).toFixed(1)} MB, over the size limit of ${Math.round(p.maxBytes / 1024 / 1024)} MB: not read`;
  return undefined;
}

export type Decoded = { text: string; bom: boolean; encoding: 'utf8' | 'latin1' } | { skip: 'binary' | 'utf-16' };

/** From a file's bytes to its text: BOM dropped (and remembered), UTF-16 and binary refused, non-UTF-8 bytes read as Latin-1. */
export function decodeBytes(buf: Buffer): Decoded {
  if (buf.length >= 2 && ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff))) return { skip: 'utf-16' };
  const bom = buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf;
  const body = bom ? buf.subarray(3) : buf;
  if (body.includes(0)) {
    // UTF-16 without a BOM: every other byte of ASCII text is 0.
    return { skip: body.length >= 4 && (body[1] === 0 || body[0] === 0) && (body[3] === 0 || body[2] === 0) ? 'utf-16' : 'binary' };
  }
  if (isUtf8(body)) return { text: body.toString('utf8'), bom, encoding: 'utf8' };
  return { text: body.toString('latin1'), bom, encoding: 'latin1' };
}

/** The bytes to write for `text`, in the file's original form (BOM, encoding); undefined when the encoding cannot hold the text. */
export function encodeText(text: string, form: { bom: boolean; encoding: 'utf8' | 'latin1' }): Buffer | undefined {
  if (form.encoding === 'latin1' && /[^\u0000-\u00ff]/.test(text)) return undefined;
  const body = Buffer.from(text, form.encoding);
  return form.bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
}

/** Reads the bytes of a regular file of bounded size; throws a RefReadError naming the reason. */
export function readBoundedFile(file: string, p: RefPolicy): Buffer {
  const why = refusal(file, p);
  if (why) throw new RefReadError(why);
  // O_NONBLOCK: should the file have become a FIFO since the stat, opening it does not wait for a writer.
  const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) throw new RefReadError(`${file} is ${kindOf(st)}, not a regular file: not read`);
    if (st.size > p.maxBytes) throw new RefReadError(`${file} is over the size limit: not read`);
    // Not zero-filled: only the bytes read are returned.
    const buf = Buffer.allocUnsafe(st.size);
    let n = 0;
    while (n < st.size) {
      const k = fs.readSync(fd, buf, n, st.size - n, n);
      if (k === 0) break;
      n += k;
    }
    return buf.subarray(0, n);
  } finally {
    fs.closeSync(fd);
  }
}

/** The text of a `$ref`'d file, read under the policy; throws a RefReadError (never quoting the file). */
export function readRefFile(file: string, p: RefPolicy): string {
  const d = decodeBytes(readBoundedFile(file, p));
  if ('skip' in d) throw new RefReadError(`${file} is ${d.skip === 'binary' ? 'a binary file' : 'UTF-16 text (save it as UTF-8)'}: not read`);
  return d.text;
}
