/**
 * The code lenses of a document just opened are asked for once its first diagnostics are in.
 *
 * VS Code asks for them the moment a document opens, beside the diagnostics. The server answers them from the
 * workspace's reference index, which takes the open document's tree, parsed in the server's main thread (the other
 * files are read in a worker): on a big document that is seconds of CPU beside its first lint, and the main thread
 * is busy when the lint's findings come back to be handed over. The diagnostics are what the user opened the file to see; the
 * lenses follow them. The outline is not held: it needs only the document's own tree.
 */
import type { Token } from './sharedRequests';

/** The longest a lens request waits for the first diagnostics (a lint that takes longer does not hold them up). */
export const FIRST_DIAGNOSTICS_WAIT_MS = 10_000;

interface Pending {
  promise: Promise<void>;
  done(): void;
}

export class FirstDiagnostics {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly maxWaitMs = FIRST_DIAGNOSTICS_WAIT_MS) {}

  /** The document `key` was opened: its first diagnostics are awaited. */
  opened(key: string): void {
    this.received(key);
    let done!: () => void;
    const promise = new Promise<void>(resolve => (done = resolve));
    const timer = setTimeout(() => this.received(key), this.maxWaitMs);
    timer.unref?.();
    this.pending.set(key, {
      promise,
      done: () => {
        clearTimeout(timer);
        done();
      },
    });
  }

  /** Its diagnostics came (or it was closed): what waits for them goes on. */
  received(key: string): void {
    const p = this.pending.get(key);
    if (!p) return;
    this.pending.delete(key);
    p.done();
  }

  /** Resolves once `key`'s first diagnostics are in (at once when they are, or when it was not just opened), or `token` is cancelled. */
  wait(key: string, token: Token): Promise<void> {
    const p = this.pending.get(key);
    if (!p || token.isCancellationRequested) return Promise.resolve();
    return new Promise<void>(resolve => {
      const sub = token.onCancellationRequested(() => resolve());
      void p.promise.then(() => {
        sub.dispose();
        resolve();
      });
    });
  }

  /** `run` once `key`'s first diagnostics are in; nothing when `token` was cancelled meanwhile. */
  async after<T>(key: string, token: Token, run: () => PromiseLike<T> | T): Promise<T | undefined> {
    await this.wait(key, token);
    return token.isCancellationRequested ? undefined : run();
  }
}
