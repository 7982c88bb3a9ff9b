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
