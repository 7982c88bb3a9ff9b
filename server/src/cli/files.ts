/**
 * From command-line targets (files, directories, globs) to the list of OpenAPI
 * documents to lint. Directories and globs are searched; their files are kept
 * only when their content looks like OpenAPI (others are skipped silently).
 * A file named explicitly is always linted (the engine skips it if it is not OpenAPI).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import picomatch from 'picomatch';
import { DEFAULT_LIMITS, looksLikeOpenApi } from '../engine';

const SKIP_DIRS = new Set(['node_modules', '.git']);
const DOC_EXT = /\.(ya?ml|json)$/i;
/** Larger files are not sniffed by reading them whole: only their head, unless it opens like an OpenAPI document. */
const SNIFF_BYTES = 64 * 1024;
/**
 * The fields of an OpenAPI / Swagger root object. A document whose keys are sorted puts `openapi` after
 * `components` (megabytes in: Stripe's), so a head that starts with one of these is read to the end.
 */
const ROOT_FIELD =
  /^\s*\{?\s*["']?(openapi|swagger|info|servers|paths|components|definitions|parameters|responses|security|securityDefinitions|tags|externalDocs|webhooks|jsonSchemaDialect|host|basePath|schemes|consumes|produces)["']?\s*:/;

/** An I/O problem with a target: exit code 2. */
export class TargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetError';
  }
}

/** Called with a file found in a folder that is not read, and why (a FIFO, a device: opening one would block or never end). */
export type SkipListener = (file: string, reason: string) => void;

/**
 * Whether a file found in a folder is an OpenAPI document: by its first 64 KB, or the whole file (up to the size
 * limit) when that head opens with a root field of OpenAPI's; never opens what is not a regular file.
 */
export function sniff(file: string, onSkip?: SkipListener): boolean {
  let fd: number | undefined;
  try {
    const st = fs.statSync(file);
    if (!st.isFile()) {
      onSkip?.(file, `${st.isFIFO() ? 'a FIFO' : st.isDirectory() ? 'a directory' : st.isSocket() ? 'a socket' : 'a device'}, not a regular file`);
      return false;
    }
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
    const buf = Buffer.alloc(SNIFF_BYTES);
    const n = fs.readSync(fd, buf, 0, SNIFF_BYTES, 0);
    const head = buf.subarray(0, n);
    if (head.includes(0)) return false;
    const text = head.toString('utf8');
    if (looksLikeOpenApi(text)) return true;
    if (n < SNIFF_BYTES || st.size > DEFAULT_LIMITS.maxBytes || !ROOT_FIELD.test(firstKeyLine(text))) return false;
    const whole = Buffer.alloc(st.size);
    const m = fs.readSync(fd, whole, 0, st.size, 0);
    return looksLikeOpenApi(whole.subarray(0, m).toString('utf8'));
  } catch {
    return false;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** The first line of a text that is neither blank nor a YAML comment (a JSON text's first key is on it or the next). */
function firstKeyLine(text: string): string {
  const lines = text.split('\n', 50).filter(l => l.trim() !== '' && !l.trimStart().startsWith('#'));
  return lines[0]?.trim() === '{' ? `{${lines[1] ?? ''}` : (lines[0] ?? '');
}

/** The YAML and JSON files below `dir` (or those `match` keeps), node_modules and .git left out, in a stable order. */
export function walk(dir: string, out: string[], match?: (rel: string) => boolean, base = dir): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    throw new TargetError(`cannot read directory ${dir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) walk(p, out, match, base);
    } else if (entry.isFile() || entry.isSymbolicLink()) {
      // A link is followed by sniff(), which never opens what is not a regular file and says why it skips it.
      const rel = path.relative(base, p).split(path.sep).join('/');
      if (match ? match(rel) : DOC_EXT.test(entry.name)) out.push(p);
    }
  }
}

export function isGlob(target: string): boolean {
  return picomatch.scan(target).isGlob;
}

/** The absolute paths of the documents to lint, in a stable order, without duplicates. */
export function collectFiles(targets: readonly string[], cwd = process.cwd(), onSkip?: SkipListener): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (f: string) => {
    if (!seen.has(f)) {
      seen.add(f);
      out.push(f);
    }
  };
  for (const target of targets) {
    const abs = path.resolve(cwd, target);
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(abs);
    } catch {
      stat = undefined;
    }
    if (stat?.isFile()) {
      add(abs);
    } else if (stat && !stat.isDirectory()) {
      throw new TargetError(`cannot read ${target}: not a regular file (${stat.isFIFO() ? 'a FIFO' : stat.isSocket() ? 'a socket' : 'a device'})`);
    } else if (stat?.isDirectory()) {
      const found: string[] = [];
      walk(abs, found);
      for (const f of found) if (sniff(f, onSkip)) add(f);
    } else if (isGlob(target)) {
      const scan = picomatch.scan(target.split(path.sep).join('/'));
      const baseDir = path.resolve(cwd, scan.base || '.');
      if (!fs.existsSync(baseDir)) throw new TargetError(`no files match ${target}`);
      const isMatch = picomatch(scan.glob, { dot: false });
      const found: string[] = [];
      walk(baseDir, found, rel => isMatch(rel));
      const docs = found.filter(f => sniff(f, onSkip));
      if (found.length === 0) throw new TargetError(`no files match ${target}`);
      for (const f of docs) add(f);
    } else {
      throw new TargetError(`file not found: ${target}`);
    }
  }
  return out;
}
