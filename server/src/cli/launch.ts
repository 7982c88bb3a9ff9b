/**
 * Start-up of the CLI and its workers with V8's code cache (what Node 22's
 * `module.enableCompileCache()` does, for Node 20 as well). `server/out/cli.js`
 * is this launcher; the CLI itself is `cli.bundle.js` beside it. The first run
 * compiles the bundle and, on exit, writes V8's code for it (the functions that
 * ran included) to a per-user folder under the system's temporary folder; the
 * next runs read it instead of compiling 9 MB of JavaScript again. The cache
 * file is named after the Node version and the bundle's size and time, so a
 * new build or another Node makes a new one; a cache V8 rejects is written
 * again. `APICONV_NO_COMPILE_CACHE=1` turns it off. Any failure with the cache
 * falls back to a plain compile. Runs with --fix or --fix-dry-run keep a cache of their own (fixRun).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';
import Module from 'node:module';
import { isAscii } from 'node:buffer';
import { isMainThread } from 'node:worker_threads';
import { WRAPPER_OPEN, codeCacheFile, pruneCodeCaches } from '../bundle/codeCache';
import { keepYoungGenerationSmall, restoreYoungGeneration } from '../bundle/youngGeneration';

type ModuleInternals = typeof Module & {
  wrap(source: string): string;
  _nodeModulePaths(dir: string): string[];
};

/**
 * A run with --fix or --fix-dry-run: it has a cache of its own. V8's cache holds the functions the run that wrote it
 * compiled: a lint's lacks the fixes and the `yaml` parser they use, and a dry run's lacks most rules (its passes
 * run only the rules with fixes), which every later run of the other kind would compile again.
 */
export function fixRun(args: readonly string[]): boolean {
  for (const a of args) {
    if (a === '--') return false;
    if (a === '--fix' || a === '--fix-dry-run') return true;
  }
  return false;
}

export interface LaunchOptions {
  /** Keep V8's young generation at its first size (bundle/youngGeneration.ts): the CLI's runs, not the server. */
  smallYoungGeneration?: boolean;
}

export function launch(bundle: string, options: LaunchOptions = {}): void {
  const filename = path.join(__dirname, bundle);
  const dirname = path.dirname(filename);
  const source = readSource(filename);
  const label = fixRun(process.argv.slice(2)) ? `${path.basename(filename)}-fix` : path.basename(filename);
  const cacheFile = codeCacheFile(filename, label);
  let cached: Buffer | undefined;
  try {
    if (cacheFile) cached = fs.readFileSync(cacheFile);
  } catch {
    cached = undefined;
  }
  const M = Module as ModuleInternals;
  // The bundle is built as the function Node wraps a module in (esbuild.mjs): compiled as it is, V8 holds its
  // text once. Wrapping it here made a second copy of it, as long as the first.
  const wrapped = source.startsWith(WRAPPER_OPEN) ? source : M.wrap(source);
  const script = new vm.Script(wrapped, { filename, cachedData: cached });
  const writeCache = cacheFile !== undefined && (cached === undefined || script.cachedDataRejected === true);
  // V8 has read the cache: the buffer (2 MB) is not kept alive while the bundle loads, which would promote it to the
  // old generation and hold it to the end of a lint.
  // eslint-disable-next-line no-useless-assignment -- dropping the reference lets the collector take it
  cached = undefined;
  if (options.smallYoungGeneration === true) keepYoungGenerationSmall(isMainThread);
  if (cacheFile && writeCache) {
    const target = cacheFile;
    process.once('exit', () => {
      restoreYoungGeneration();
      try {
        fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        const tmp = `${target}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
        fs.renameSync(tmp, target);
        pruneCodeCaches(target, label);
      } catch {
        /* no cache: the next run compiles again */
      }
    });
  }
  const mod = new Module(filename, module) as Module & { filename: string; paths: string[] };
  mod.filename = filename;
  mod.paths = M._nodeModulePaths(dirname);
  const req = Module.createRequire(filename) as NodeJS.Require;
  // The bundle runs its command when it is the main module (`require.main === module`).
  (req as { main: unknown }).main = mod;
  const fn = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: unknown, filename: string, dirname: string) => void;
  fn.call(mod.exports, mod.exports, req, mod, filename, dirname);
}

/**
 * The bundle's text. The build writes it in ASCII (esbuild.mjs, asciiOnly): read as Latin-1, which is the same text
 * for ASCII bytes, it is a copy of the file's bytes; read as UTF-8 it is decoded, at every start. A file that is not ASCII (a build without that step) is read as UTF-8.
 */
export function readSource(filename: string): string {
  const bytes = fs.readFileSync(filename);
  return typeof isAscii === 'function' && isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}
