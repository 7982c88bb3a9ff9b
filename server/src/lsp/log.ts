/** The server's log (the client's output channel; stderr when the connection cannot take it) and its guards. */
import type { Connection } from 'vscode-languageserver/node';

export function logSafe(connection: Connection, msg: string): void {
  try {
    connection.console.error(`apiconv: ${msg}`);
  } catch {
    process.stderr.write(`apiconv: ${msg}\n`);
  }
}

/** What is logged of something thrown: its stack where it has one. */
export function messageOf(e: unknown): string {
  return e instanceof Error ? (e.stack ?? e.message) : String(e);
}

/** Runs an event handler: what it throws, now or later, is logged, not thrown at the connection. */
export function guard(connection: Connection, fn: () => unknown): void {
  try {
    const r = fn();
    if (r instanceof Promise) r.catch(e => logSafe(connection, messageOf(e)));
  } catch (e) {
    logSafe(connection, messageOf(e));
  }
}

/** Answers a request: what it throws is logged and the answer is null. */
export function safe<T>(connection: Connection, fn: () => T): T | null {
  try {
    return fn() ?? null;
  } catch (e) {
    logSafe(connection, messageOf(e));
    return null;
  }
}
