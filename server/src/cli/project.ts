/**
 * The CLI's project root: `$ref`s are read only inside it unless --allow-refs-outside.
 * It is the common folder of the linted targets (a file's folder, a glob's base), widened to the
 * repository around it (the nearest folder above holding `.git`), so that a document in
 * `specs/v1/` may still `$ref` `../../common/` in the same repository.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import picomatch from 'picomatch';
import { commonRoot } from '../engine';
import { isGlob } from './files';

export function targetFolder(target: string, cwd: string): string {
  const abs = path.resolve(cwd, target);
  if (isGlob(target)) return path.resolve(cwd, picomatch.scan(target.split(path.sep).join('/')).base || '.');
  try {
    return fs.statSync(abs).isDirectory() ? abs : path.dirname(abs);
  } catch {
    return path.dirname(abs);
  }
}

export function projectRoot(folders: readonly string[]): string | undefined {
  const common = commonRoot(folders);
  if (common === undefined) return undefined;
  for (let d = common; ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, '.git'))) return d;
    if (path.dirname(d) === d) return common;
  }
}
