/**
 * Writes of `--fix` that cannot lose the user's text:
 * - each file is written to a temp file in its own folder, flushed, then renamed over it, so a
 *   write cut off (a full disk, a file-size limit, a kill) leaves the file as it was;
 * - every file of a run is prepared before the first rename: a preparation that fails writes nothing;
 * - the file's own form is kept: a UTF-8 BOM, Latin-1 bytes (a file that is not UTF-8 is read
 *   and written as Latin-1, so its bytes outside the edits stay as they are);
 * - so is its identity, or it is not written: its mode, owner and group are given to the new file
 *   (a refusal when they cannot be), and a read-only file or one with other hard links (which a
 *   rename would leave holding the old text) is refused;
 * - a file that changed since it was read (an editor saved it while the fixes were computed) makes
 *   the whole run write nothing: the fixes were computed on a text that is gone;
 * - no write through a symlink unless asked (--fix-follow-symlinks: the link's target is written,
 *   the link stays), and none outside the allowed folders.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { decodeBytes, encodeText, isInside, readBoundedFile, type RefPolicy } from '../engine';

export interface FileForm {
  bom: boolean;
  encoding: 'utf8' | 'latin1';
  /** The SHA-256 of the bytes read (hex); undefined for a text that did not come from the file (stdin). */
  digest?: string;
}

function digestOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Reads a file to fix: its text and its form (the bytes to keep, and what was read). */
export function readForFix(file: string, policy: RefPolicy, named = false): { text: string; form: FileForm } {
  // A document named on the command line is read wherever it is; a `$ref`'d one under the project bound.
  const bytes = readBoundedFile(file, named ? { ...policy, roots: undefined } : policy);
  const d = decodeBytes(bytes);
  if ('skip' in d) throw new Error(`${file} is ${d.skip === 'binary' ? 'a binary file' : 'UTF-16 text'}: not fixed`);
  return { text: d.text, form: { bom: d.bom, encoding: d.encoding, digest: digestOf(bytes) } };
}

/** Whether the file at `real` no longer holds the bytes read (undefined: it does). */
function changedSinceRead(real: string, digest: string | undefined): string | undefined {
  if (digest === undefined) return undefined;
  let now: string;
  try {
    now = digestOf(fs.readFileSync(real));
  } catch (e) {
    return `${real} cannot be read again (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
  }
  return now === digest ? undefined : `${real} changed since it was read`;
}

export interface WritePolicy {
  /** Folders files may be written in; undefined: anywhere. */
  roots?: string[];
  followSymlinks: boolean;
}

export interface PlannedWrite {
  file: string;
  text: string;
  form: FileForm;
}

export interface WriteOutcome {
  written: string[];
  /** Files not written, with the reason (a refusal or an I/O error). */
  refused: { file: string; reason: string }[];
}

function realOr(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

/** Where `file` may be written (its real path), or why not. */
function target(file: string, policy: WritePolicy): { path: string; stat: fs.Stats } | { reason: string } {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(file);
  } catch (e) {
    return { reason: `cannot write ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  }
  const real = realOr(file);
  if (st.isSymbolicLink() && !policy.followSymlinks)
    return { reason: `${file} is a symlink (to ${real}): not written (pass --fix-follow-symlinks to write its target)` };
  if (policy.roots) {
    const roots = policy.roots.map(realOr);
    if (!roots.some(r => isInside(real, r))) return { reason: `${real} is outside the linted folders (${policy.roots.join(', ')}): not written` };
  }
  const real_ = fs.statSync(real);
  if (!real_.isFile()) return { reason: `${real} is not a regular file: not written` };
  // Mode bits, not access(2): root may write a file its owner made read-only, and the owner meant it.
  if ((real_.mode & 0o222) === 0) return { reason: `${real} is read-only (mode ${(real_.mode & 0o777).toString(8)}): not written` };
  if (real_.nlink > 1)
    return { reason: `${real} has ${real_.nlink} hard links: writing a new file would leave the other names with the old text; not written` };
  return { path: real, stat: real_ };
}

/**
 * Writes every planned file, or none of a failed preparation: refusals are decided first, then every
 * accepted file's temp is written and flushed, then all are renamed.
 */
export function writeAll(plans: readonly PlannedWrite[], policy: WritePolicy): WriteOutcome {
  const out: WriteOutcome = { written: [], refused: [] };
  const ready: { file: string; real: string; tmp: string }[] = [];
  const accepted: { plan: PlannedWrite; real: string; stat: fs.Stats; bytes: Buffer }[] = [];
  for (const plan of plans) {
    const t = target(plan.file, policy);
    if ('reason' in t) {
      out.refused.push({ file: plan.file, reason: t.reason });
      continue;
    }
    const bytes = encodeText(plan.text, plan.form);
    if (!bytes) {
      out.refused.push({ file: plan.file, reason: `${plan.file} is not UTF-8 and the fix adds characters Latin-1 cannot hold: not written` });
      continue;
    }
    accepted.push({ plan, real: t.path, stat: t.stat, bytes });
  }
  try {
    for (const a of accepted) {
      const tmp = path.join(path.dirname(a.real), `.${path.basename(a.real)}.apiconv-${process.pid}-${Math.random().toString(36).slice(2, 8)}.tmp`);
      ready.push({ file: a.plan.file, real: a.real, tmp });
      const fd = fs.openSync(tmp, 'wx', 0o600);
      try {
        let n = 0;
        while (n < a.bytes.length) n += fs.writeSync(fd, a.bytes, n, a.bytes.length - n);
        // The new file takes the old one's identity: its owner and group (EPERM when this user cannot give them:
        // refused below), then its mode (after chown, which clears set-user/group-id bits; not the umask's).
        if (a.stat.uid !== process.getuid?.() || a.stat.gid !== process.getgid?.()) fs.fchownSync(fd, a.stat.uid, a.stat.gid);
        fs.fchmodSync(fd, a.stat.mode & 0o7777);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    }
  } catch (e) {
    for (const r of ready) fs.rmSync(r.tmp, { force: true });
    const code = (e as NodeJS.ErrnoException).code;
    const reason = code === 'EPERM' ? 'cannot give the new file the owner and group of the old one (EPERM)' : `cannot write: ${code ?? (e as Error).message}`;
    for (const a of accepted) out.refused.push({ file: a.plan.file, reason: `${a.plan.file}: ${reason} (nothing written)` });
    return out;
  }
  // Last, before any rename: every file still holds what the fixes were computed on, or none is written.
  const changed = accepted.flatMap(a => {
    const why = changedSinceRead(a.real, a.plan.form.digest);
    return why === undefined ? [] : [{ file: a.plan.file, reason: `${why}: the fixes were computed on the text as it was; nothing written (run --fix again)` }];
  });
  if (changed.length > 0) {
    for (const r of ready) fs.rmSync(r.tmp, { force: true });
    out.refused.push(...changed);
    return out;
  }
  for (const r of ready) {
    try {
      fs.renameSync(r.tmp, r.real);
      out.written.push(r.file);
    } catch (e) {
      fs.rmSync(r.tmp, { force: true });
      out.refused.push({ file: r.file, reason: `cannot write ${r.file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` });
    }
  }
  return out;
}
