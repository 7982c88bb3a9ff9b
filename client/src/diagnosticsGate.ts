/**
 * Requests that wait for the diagnostics of a document's newest version: after it opens, the outline, folding and
 * code lenses; after each edit while typing (`apiconv.run` onType: each edit is followed by a pull), the code lenses.
 *
 * VS Code asks for all three the moment a document opens, beside the diagnostics. The server answers them from the
 * document's tree, parsed in its main thread (a second of CPU for stripe, which VS Code's window, its extension host
 * and the lint need at that moment too), and the lenses from the workspace's reference index on that tree. The
 * diagnostics are what the user opened the file to see; the rest follows them, and the server parses the tree once
 * their answer is written. After an edit VS Code asks for the lenses again a quarter of a second later, while that
 * edit's lint still runs, and re-places every lens in its window (stripe has 821): they wait for that edit's
 * diagnostics. The outline and folding are not held after edits: the server patches their tree, and a folding
 * request cancelled by the next keystroke makes VS Code compute indentation folding of the whole document instead.
 */
import type { Token } from './sharedRequests';

/** The longest a lens request waits for diagnostics (a lint that takes longer does not hold the lenses up). */
export const DIAGNOSTICS_WAIT_MS = 10_000;

/** What a document's awaited diagnostics follow. */
export type Cause = 'open' | 'edit';

interface Pending {
  cause: Cause;
  promise: Promise<void>;
  done(): void;
}

export class DiagnosticsGate {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly maxWaitMs = DIAGNOSTICS_WAIT_MS) {}

  /** The document `key` was opened or edited: the diagnostics of that version are awaited. */
  expect(key: string, cause: Cause): void {
    if (this.pending.has(key)) return; // a newer version's pull answers what waits already (an open stays an open)
    let done!: () => void;
    const promise = new Promise<void>(resolve => (done = resolve));
    const timer = setTimeout(() => this.received(key), this.maxWaitMs);
    timer.unref?.();
    this.pending.set(key, {
      cause,
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

  /**
   * Resolves once `key`'s awaited diagnostics are in (at once when none are, or when they follow an edit and
   * `afterEdits` is false), or `token` is cancelled.
   */
  wait(key: string, token: Token, afterEdits: boolean): Promise<void> {
    const p = this.pending.get(key);
    if (!p || token.isCancellationRequested || (p.cause === 'edit' && !afterEdits)) return Promise.resolve();
    return new Promise<void>(resolve => {
      const sub = token.onCancellationRequested(() => resolve());
      void p.promise.then(() => {
        sub.dispose();
        resolve();
      });
    });
  }

  /** `run` once `key`'s awaited diagnostics are in (wait); nothing when `token` was cancelled meanwhile. */
  async after<T>(key: string, token: Token, afterEdits: boolean, run: () => PromiseLike<T> | T): Promise<T | undefined> {
    await this.wait(key, token, afterEdits);
    return token.isCancellationRequested ? undefined : run();
  }
}
