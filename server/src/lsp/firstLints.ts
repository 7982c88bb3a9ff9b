/**
 * Opened documents whose first lint is not in the lint pool's hands yet (it waits for the client's settings): what
 * would hold the main thread for long (parsing a big document for the outline, hover…) waits until it is, so that
 * the settings' answer is read and the lint starts at once (the outline's parse of a big document came first and
 * held the diagnostics up).
 */

/** How long requests wait at most for an opened document's lint to start (after). */
const POSTING_WAIT_MS = 2000;

export class FirstLints {
  private readonly posting = new Map<string, { promise: Promise<void>; resolve(): void }>();

  /** Some opened document's first lint has not started yet. */
  get pending(): boolean {
    return this.posting.size > 0;
  }

  /** `file` was opened: its first lint is on its way. */
  start(file: string): void {
    if (this.posting.has(file)) return;
    let resolve!: () => void;
    const promise = new Promise<void>(r => (resolve = r));
    this.posting.set(file, { promise, resolve });
  }

  /** `file`'s first lint has started (or will not: the document was closed). */
  done(file: string): void {
    const p = this.posting.get(file);
    if (!p) return;
    this.posting.delete(file);
    p.resolve();
  }

  /** Resolves once the opened `file`'s (any, without `file`) first lint has started, or after POSTING_WAIT_MS at most. */
  after(file?: string): Promise<void> {
    const waits = file === undefined ? [...this.posting.values()] : this.posting.has(file) ? [this.posting.get(file)!] : [];
    if (waits.length === 0) return Promise.resolve();
    let timer: NodeJS.Timeout | undefined;
    const cap = new Promise<void>(r => (timer = setTimeout(r, POSTING_WAIT_MS)));
    return Promise.race([Promise.all(waits.map(w => w.promise)).then(() => undefined), cap]).finally(() => clearTimeout(timer));
  }
}
