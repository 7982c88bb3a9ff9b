#!/usr/bin/env node
// Builds the single executable `dist/apiconv-linux-x64` (Node's single executable applications): the release
// build of the CLI bundle (server/out/cli.bundle.js, with every dependency and the rule docs inside) as the SEA blob,
// with V8's code cache for a quicker start, injected with postject into a copy of a Node binary whose debug
// symbols are stripped (the binary then needs neither Node nor node_modules).
//
// The Node embedded is a maintained LTS (SEA_NODE_VERSION), from the npm registry's official binaries
// (node-<platform>-<arch>, the packages the `node` package installs), cached in ~/.cache/apiconv-sea: not the Node
// that runs this script, which may be past its end of life. --node <binary> embeds another.
//
//   npm run build:sea            (runs `node esbuild.mjs --production` first)
//   node scripts/build-sea.mjs [--out <file>] [--no-strip] [--node <binary>]
//
// The CLI runs serially in it (worker threads need a script file); results are the same as the npm CLI's.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import { fileURLToPath } from 'node:url';

/** Node 24, the active LTS line (maintained until April 2028). */
export const SEA_NODE_VERSION = '24.22.3';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = path.resolve(ROOT, outAt >= 0 ? args[outAt + 1] : `dist/apiconv-${process.platform}-${process.arch}`);
const strip = !args.includes('--no-strip');
const nodeAt = args.indexOf('--node');

/** The official Node binary of SEA_NODE_VERSION for this platform, installed from npm once. */
function ltsNode() {
  const pkg = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
  const dir = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'apiconv-sea', `${pkg}-${SEA_NODE_VERSION}`);
  const bin = path.join(dir, 'node_modules', pkg, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (!fs.existsSync(bin)) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), '{"name":"sea-node","private":true}\n');
    console.log(`build-sea: installing ${pkg}@${SEA_NODE_VERSION} from npm`);
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--loglevel=error', `${pkg}@${SEA_NODE_VERSION}`], {
      cwd: dir,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
  }
  return bin;
}

const node = nodeAt >= 0 ? path.resolve(args[nodeAt + 1]) : ltsNode();
const nodeVersion = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
if (execFileSync(node, ['-p', 'process.config.variables.single_executable_application'], { encoding: 'utf8' }).trim() !== 'true') {
  console.error(`build-sea: ${node} (${nodeVersion}) was built without single executable application support`);
  process.exit(2);
}
const main = path.join(ROOT, 'server', 'out', 'cli.bundle.js'); // the CLI itself (cli.js is its launcher, launch.ts)
if (!fs.existsSync(main)) {
  console.error('build-sea: server/out/cli.bundle.js is missing: run `node esbuild.mjs --production` first (npm run build:sea does)');
  process.exit(2);
}

const work = path.join(ROOT, 'dist', '.sea');
fs.mkdirSync(work, { recursive: true });
// The bundle is one function expression, the wrapper Node puts around a module (esbuild.mjs, launch.ts): the
// executable's main script calls it with the main module's own.
const called = path.join(work, 'cli.main.js');
fs.writeFileSync(called, `${fs.readFileSync(main, 'utf8')}\n(exports, require, module, __filename, __dirname);\n`);
fs.mkdirSync(path.dirname(out), { recursive: true });
const blob = path.join(work, 'apiconv.blob');
const config = path.join(work, 'sea-config.json');
fs.writeFileSync(config, JSON.stringify({ main: called, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true }, null, 2));
const t0 = performance.now();
// The blob (its code cache) is made by the Node it is injected into.
execFileSync(node, ['--experimental-sea-config', config], { stdio: 'inherit' });

fs.rmSync(out, { force: true });
fs.copyFileSync(node, out);
fs.chmodSync(out, 0o755);
if (strip && process.platform === 'linux') {
  try {
    // The static symbol table and debug sections (.dynsym stays: native addons link against it), before the injection.
    execFileSync('strip', ['--strip-all', out], { stdio: 'inherit' });
  } catch (e) {
    console.warn(`build-sea: strip failed (${e.message}); the binary keeps its debug symbols`);
  }
}
const { inject } = require('postject');
await inject(out, 'NODE_SEA_BLOB', fs.readFileSync(blob), { sentinelFuse: 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2' });
const mb = n => `${(n / 1024 / 1024).toFixed(1)} MB`;
console.log(
  `build-sea: ${path.relative(ROOT, out)}: Node ${nodeVersion}, ${mb(fs.statSync(out).size)} (blob ${mb(fs.statSync(blob).size)}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
