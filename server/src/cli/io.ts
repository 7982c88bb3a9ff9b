/**
 * The CLI's own files (the report, the baseline) and stdin: every failure is a
 * one-line error (exit code 2), and none can hang or spin.
 *
 * - `fs.mkdirSync(dir, { recursive: true })` loops forever where mkdir says
 *   ENOENT for a directory whose parent exists (`/proc/nope`): parents are
 *   made one by one here, each once.
 * - Opening a FIFO blocks until the other side opens it: an output FIFO is
 *   opened without blocking (ENXIO: nobody reads it) and written as its reader
 *   takes it; an input that is not a regular file (a FIFO, a socket, a device)
 *   is refused.
 * - An output is checked before the lint runs, so that a wrong `-o` does not
 *   cost a whole lint to find out.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** An I/O failure of the CLI's own files: exit code 2 with this one-line message. */
export class IoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IoError';
  }
}

const REASONS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a parent is not a directory',
  ENXIO: 'it is a FIFO that nobody reads',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  EEXIST: 'it exists and is not a directory',
};

/** `EACCES (permission denied)`: the error code and what it means, on one line. */
export function reasonOf(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code) return REASONS[code] ? `${REASONS[code]} (${code})` : code;
  return String((e as Error)?.message ?? e).split('\n')[0];
}

function statOf(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file);
  } catch {
    return undefined;
  }
}

/** Throws IoError when `file` cannot be written as an output; creates nothing. */
export function checkOutput(file: string, what: string): void {
  const abs = path.resolve(file);
  const st = statOf(abs);
  const fail = (reason: string) => {
    throw new IoError(`cannot write ${what} ${file}: ${reason}`);
  };
  if (st) {
    if (st.isDirectory()) fail(REASONS.EISDIR);
    // A FIFO is not opened here: opening and closing it would end its reader's input.
    if (st.isFIFO()) return;
    try {
      fs.accessSync(abs, fs.constants.W_OK);
    } catch (e) {
      fail(reasonOf(e));
    }
    return;
  }
  // The nearest existing ancestor must be a directory we may write in.
  let dir = path.dirname(abs);
  for (;;) {
    const ds = statOf(dir);
    if (ds) {
      if (!ds.isDirectory()) fail(REASONS.ENOTDIR);
      try {
        fs.accessSync(dir, fs.constants.W_OK);
      } catch (e) {
        fail(reasonOf(e));
      }
      return;
    }
    const up = path.dirname(dir);
    if (up === dir) fail(REASONS.ENOENT);
    dir = up;
  }
}

function openFifoForWriting(abs: string, what: string, file: string): number {
  try {
    return fs.openSync(abs, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
  } catch (e) {
    throw new IoError(`cannot write ${what} ${file}: ${reasonOf(e)}`);
  }
}

function closeQuietly(fd: number): void {
  try {
    fs.closeSync(fd);
  } catch {
    /* nothing to do */
  }
}

/**
 * Writes all of `bytes` to `fd`. A FIFO is opened without blocking (so that one nobody reads fails with ENXIO instead
 * of hanging): a full pipe (EAGAIN) is waited for, 5 ms at a time.
 */
function writeAll(fd: number, bytes: Buffer): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let off = 0; off < bytes.length;) {
    try {
      off += fs.writeSync(fd, bytes, off, bytes.length - off);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      Atomics.wait(pause, 0, 0, 5);
    }
  }
}

/** About how much of a report is gathered before it is written (batched). */
const BATCH = 1 << 20;

/** A report's text in pieces of about BATCH characters (a text written as it is made: formatters/types.ts Report). */
export function* batched(text: string | Iterable<string>): Generator<string, void, undefined> {
  if (typeof text === 'string') {
    yield text;
    return;
  }
  let parts: string[] = [];
  let size = 0;
  for (const part of text) {
    parts.push(part);
    size += part.length;
    if (size >= BATCH) {
      yield parts.join('');
      parts = [];
      size = 0;
    }
  }
  if (parts.length > 0) yield parts.join('');
}

/** The missing directories above `abs`, made one by one (never `recursive: true`, see the header). */
function makeParents(abs: string): void {
  const missing: string[] = [];
  for (let dir = path.dirname(abs); statOf(dir) === undefined;) {
    missing.push(dir);
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  for (const dir of missing.reverse()) fs.mkdirSync(dir);
}

/** Writes an output file (the report, a baseline), its text whole or in pieces, making its directory; IoError on any failure. */
export function writeOutput(file: string, text: string | Iterable<string>, what: string): void {
  const abs = path.resolve(file);
  let fd: number | undefined;
  try {
    const st = statOf(abs);
    if (st?.isFIFO()) fd = openFifoForWriting(abs, what, file);
    else {
      if (!st) makeParents(abs);
      fd = fs.openSync(abs, 'w');
    }
    for (const piece of batched(text)) writeAll(fd, Buffer.from(piece, 'utf8'));
  } catch (e) {
    if (e instanceof IoError) throw e;
    throw new IoError(`cannot write ${what} ${file}: ${reasonOf(e)}`);
  } finally {
    if (fd !== undefined) closeQuietly(fd);
  }
}

/** Throws IoError when `file` is not a regular file that can be read (a FIFO would block the read). */
export function checkInput(file: string, what: string): void {
  const st = statOf(path.resolve(file));
  if (!st) return; // the reader says "not found" its own way
  if (st.isDirectory()) throw new IoError(`cannot read ${what} ${file}: ${REASONS.EISDIR}`);
  if (!st.isFile()) throw new IoError(`cannot read ${what} ${file}: not a regular file (a FIFO, socket or device)`);
}

/** The whole of stdin; IoError when it cannot be read or holds nothing (closed, or an empty pipe). */
export function readStdinText(): string {
  let text: string;
  try {
    text = fs.readFileSync(0, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EAGAIN') throw new IoError('cannot read stdin: it is not readable (EAGAIN)');
    throw new IoError(`cannot read stdin: ${reasonOf(e)}`);
  }
  if (text.length === 0) throw new IoError('nothing to lint on stdin: it is empty or closed');
  return text;
}
