/**
 * The code lenses of a document are asked for once the diagnostics of its newest version are in: after it opens, and
 * after each edit while typing (`apiconv.run` onType: each edit is followed by a pull).
 *
 * VS Code asks for the lenses the moment a document opens, beside the diagnostics, and again a quarter of a second
 * after each edit, while that edit's lint still runs. The server answers them from the workspace's reference index,
 * which takes the document's tree, parsed in the server's main thread, and VS Code then re-places every lens in its
 * window's thread (stripe has 821): both beside the lint and the Problems update the user typed for. The diagnostics
 * are what the user waits for; the lenses follow them. The outline is not held: it needs only the document's own tree.
 */
import type { Token } from './sharedRequests';

/** The longest a lens request waits for diagnostics (a lint that takes longer does not hold the lenses up). */
export const DIAGNOSTICS_WAIT_MS = 10_000;

interface Pending {
  promise: Promise<void>;
  done(): void;
}

export class DiagnosticsGate {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly maxWaitMs = DIAGNOSTICS_WAIT_MS) {}

  /** The document `key` was opened or edited: the diagnostics of that version are awaited. */
  expect(key: string): void {
    if (this.pending.has(key)) return; // a newer version's pull answers what waits already
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

  /** Resolves once `key`'s awaited diagnostics are in (at once when none are), or `token` is cancelled. */
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

  /** `run` once `key`'s awaited diagnostics are in; nothing when `token` was cancelled meanwhile. */
  async after<T>(key: string, token: Token, run: () => PromiseLike<T> | T): Promise<T | undefined> {
    await this.wait(key, token);
    return token.isCancellationRequested ? undefined : run();
  }
}
