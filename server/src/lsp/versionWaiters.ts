/**
 * The requests waiting for the lint of a document's version (pull diagnostics, completion, code actions): each is
 * answered when that version's lint, or a later one's, is applied, and told to try again when a newer version
 * makes its own lint moot.
 */
import { LSPErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver/node';

interface Waiter {
  version: number;
  resolve(): void;
  reject(e: unknown): void;
}

export class VersionWaiters {
  private waiters: Waiter[] = [];

  /** Resolves when the lint of `version` (or a later one) has been applied (`applied`: the version applied last). */
  waitFor(applied: number | undefined, version: number, token?: CancellationToken): Promise<void> {
    if (applied !== undefined && applied >= version) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const w = { version, resolve, reject };
      this.waiters.push(w);
      token?.onCancellationRequested(() => {
        this.waiters = this.waiters.filter(x => x !== w);
        reject(new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled'));
      });
    });
  }

  /** The lint of `version` was applied: those waiting for it, or an earlier one, are answered. */
  resolve(version: number): void {
    const keep: Waiter[] = [];
    for (const w of this.waiters) {
      if (w.version <= version) w.resolve();
      else keep.push(w);
    }
    this.waiters = keep;
  }

  /** The requests waiting for a version before `version` are answered "cancelled, try again". */
  rejectOlder(version: number): void {
    for (const w of this.waiters.splice(0))
      if (w.version < version) w.reject(new ResponseError(LSPErrorCodes.ServerCancelled, 'a newer version', { retriggerRequest: true }));
  }

  /** The document was closed: no lint will answer the requests waiting for it. */
  rejectAll(): void {
    for (const w of this.waiters.splice(0)) w.reject(new ResponseError(LSPErrorCodes.RequestCancelled, 'document closed'));
  }
}
