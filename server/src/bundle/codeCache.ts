/**
 * Where V8's code cache of a bundle is kept (the CLI's launcher, cli/launch.ts, and the server's workers,
 * lsp/workerBoot.ts): a per-user folder under the system's temporary folder, a file named after the bundle, the Node
 * version and the bundle's size and time (a new build or another Node makes a new one).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * The cache file of `bundle` (`label` tells apart caches of one bundle made in different places), or undefined: no
 * cache (`APICONV_NO_COMPILE_CACHE=1`, the bundle cannot be read), or a folder that someone else owns or may write to
 * (a shared temporary folder where another user made it first): compiled code is run as it is read.
 */
export function codeCacheFile(bundle: string, label = path.basename(bundle)): string | undefined {
  if (process.env.APICONV_NO_COMPILE_CACHE === '1') return undefined;
  try {
    const st = fs.statSync(bundle);
    const user = typeof process.getuid === 'function' ? process.getuid() : os.userInfo().username;
    const dir = path.join(os.tmpdir(), `apiconv-compile-cache-${user}`);
    const d = fs.statSync(dir, { throwIfNoEntry: false });
    if (d && typeof process.getuid === 'function' && (!d.isDirectory() || d.uid !== process.getuid() || (d.mode & 0o022) !== 0)) return undefined;
    return path.join(dir, `${label}-${process.version}-${process.arch}-${st.size}-${Math.round(st.mtimeMs)}.bin`);
  } catch {
    return undefined;
  }
}

/** How the CLI's and the server's bundles begin (esbuild.mjs CLI_WRAPPER): the function Node wraps a module in. */
export const WRAPPER_OPEN = '(function (exports, require, module, __filename, __dirname) {';

/** How many caches of one bundle (one label) are kept beside the one in use: a few builds or Node versions side by side. */
export const KEEP_CACHES = 3;

/** A `.tmp` file older than this was left by a process that died while writing its cache. */
const STALE_TMP_MS = 60 * 60 * 1000;

/**
 * Removes the caches a new build or another Node left behind: of the files of `label` in `cacheFile`'s folder, all
 * but `cacheFile` and the KEEP_CACHES newest (each build writes a new file of 2–5 MB, and nothing else would ever
 * delete the old ones), and any half-written `.tmp` older than an hour. Called only when a cache is about to be
 * written, not on every start. Never throws: a file another process removed first, or a folder that cannot be
 * read, is no matter.
 */
export function pruneCodeCaches(cacheFile: string, label: string, now = Date.now()): void {
  const dir = path.dirname(cacheFile);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  const own: { file: string; mtime: number }[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    if (file === cacheFile) continue;
    const st = fs.statSync(file, { throwIfNoEntry: false });
    if (!st?.isFile()) continue;
    if (name.endsWith('.tmp')) {
      if (now - st.mtimeMs > STALE_TMP_MS) remove(file);
    } else if (name.startsWith(`${label}-v`) && name.endsWith('.bin')) {
      own.push({ file, mtime: st.mtimeMs });
    }
  }
  own.sort((a, b) => b.mtime - a.mtime);
  for (const { file } of own.slice(KEEP_CACHES)) remove(file);
}

function remove(file: string): void {
  try {
    fs.unlinkSync(file);
  } catch {
    /* gone already, or not ours to remove */
  }
}
