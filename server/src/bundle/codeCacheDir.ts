/**
 * The folder of V8's code caches (the CLI's launcher, cli/launch.ts, and the server's workers, lsp/workerBoot.ts):
 * per user, under the system's temporary folder. Compiled code is run as it is read, so a folder that someone else
 * owns or may write to (a shared temporary folder where another user made it first) is not used: undefined.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export function codeCacheDir(): string | undefined {
  const user = typeof process.getuid === 'function' ? process.getuid() : os.userInfo().username;
  const dir = path.join(os.tmpdir(), `apiconv-compile-cache-${user}`);
  const d = fs.statSync(dir, { throwIfNoEntry: false });
  if (d && typeof process.getuid === 'function' && (!d.isDirectory() || d.uid !== process.getuid() || (d.mode & 0o022) !== 0)) return undefined;
  return dir;
}
