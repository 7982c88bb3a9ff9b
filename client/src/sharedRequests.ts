/**
 * One server request for the same question asked twice at once.
 *
 * VS Code asks for a document's symbols from more than one place (the outline and breadcrumbs, sticky scroll) and,
 * when a document opens, twice for the same version before the first answer is back. On a big document each answer
 * is hundreds of kilobytes that the server serialises, the extension host converts and the workbench reads again,
 * while the document's first lint needs the CPU. Asked while the same request is in flight, the caller gets that
 * request's answer. The shared request is cancelled only when every caller has cancelled.
 */

/** The part of a cancellation token this needs (vscode's and vscode-jsonrpc's fit). */
export interface Token {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => unknown): { dispose(): unknown };
}

/** The part of a cancellation token source this needs. */
export interface TokenSource<K extends Token> {
  readonly token: K;
  cancel(): void;
  dispose(): void;
}

interface InFlight<T, K extends Token> {
  answer: Promise<T>;
  source: TokenSource<K>;
  callers: number;
}

export class SharedRequests<T, K extends Token = Token> {
  private readonly inFlight = new Map<string, InFlight<T, K>>();

  constructor(private readonly newSource: () => TokenSource<K>) {}

  /** `start`'s answer for `key`, or the answer of the request for `key` already in flight. */
  run(key: string, token: Token, start: (token: K) => PromiseLike<T> | T): Promise<T> {
    let entry = this.inFlight.get(key);
    if (!entry) {
      const source = this.newSource();
      const answer = Promise.resolve()
        .then(() => start(source.token))
        .finally(() => {
          if (this.inFlight.get(key) === entry) this.inFlight.delete(key);
          source.dispose();
        });
      entry = { answer, source, callers: 0 };
      this.inFlight.set(key, entry);
    }
    const shared = entry;
    shared.callers++;
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      if (--shared.callers === 0 && this.inFlight.get(key) === shared) {
        // Nobody waits for it any more: a later caller starts afresh rather than joining a cancelled request.
        this.inFlight.delete(key);
        shared.source.cancel();
      }
    };
    if (token.isCancellationRequested) leave();
    else {
      const sub = token.onCancellationRequested(leave);
      void shared.answer.then(
        () => sub.dispose(),
        () => sub.dispose(),
      );
    }
    return shared.answer;
  }
}
