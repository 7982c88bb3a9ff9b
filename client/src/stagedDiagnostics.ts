/**
 * The pulled diagnostics' collection, which shows a document's first diagnostics in two steps.
 *
 * VS Code's window builds the Problems tree of a file's markers in one task, and that task grows with the markers:
 * for the 1,000 of a big document it took longer than the document's lint, and the Problems panel listed nothing
 * until it ended. So when a document that shows no diagnostics gets many (it was just opened), the collection is given
 * the most severe FIRST_STAGE of them at once — the window lists the file and paints them — and the whole list
 * STAGE_GAP_MS later, once the window has painted the first ones. A newer list, a delete or a clear of the document in
 * between replaces the pending one; a document that shows diagnostics already is given each list whole.
 */
import type * as vscode from 'vscode';

/** How many diagnostics a document that had none is shown first. */
export const FIRST_STAGE = 100;

/**
 * How long after the first stage the whole list is given (ms): a pause long enough for the window to build and paint
 * the first stage (two lists that reach it together are built as one, the longer one).
 */
export const STAGE_GAP_MS = 200;

/** Error, warning, information, hint: vscode.DiagnosticSeverity's values. */
const SEVERITIES = 4;

type Entries = ReadonlyArray<[vscode.Uri, readonly vscode.Diagnostic[] | undefined]>;

/** A diagnostic collection (`target`) whose documents' first lists are staged; what it holds is read as it is. */
export class StagedDiagnostics implements vscode.DiagnosticCollection {
  /** Documents whose whole list is still to be given: their timers. */
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly target: vscode.DiagnosticCollection,
    private readonly gapMs = STAGE_GAP_MS,
  ) {}

  get name(): string {
    return this.target.name;
  }

  set(uri: vscode.Uri, diagnostics: readonly vscode.Diagnostic[] | undefined): void;
  set(entries: Entries): void;
  set(a: vscode.Uri | Entries, b?: readonly vscode.Diagnostic[]): void {
    if (Array.isArray(a)) {
      // Several documents at once (not what the pull sends): given as they are.
      for (const [uri] of a as Entries) this.cancel(uri.toString());
      this.target.set(a as Entries);
      return;
    }
    this.stage(a as vscode.Uri, b);
  }

  delete(uri: vscode.Uri): void {
    this.cancel(uri.toString());
    this.target.delete(uri);
  }

  clear(): void {
    this.cancelAll();
    this.target.clear();
  }

  dispose(): void {
    this.cancelAll();
    this.target.dispose();
  }

  forEach(callback: (uri: vscode.Uri, diagnostics: readonly vscode.Diagnostic[], collection: vscode.DiagnosticCollection) => unknown, thisArg?: unknown): void {
    this.target.forEach((uri, diagnostics) => callback.call(thisArg, uri, diagnostics, this));
  }

  get(uri: vscode.Uri): readonly vscode.Diagnostic[] | undefined {
    return this.target.get(uri);
  }

  has(uri: vscode.Uri): boolean {
    return this.target.has(uri);
  }

  [Symbol.iterator](): Iterator<[uri: vscode.Uri, diagnostics: readonly vscode.Diagnostic[]]> {
    return this.target[Symbol.iterator]();
  }

  private stage(uri: vscode.Uri, diagnostics: readonly vscode.Diagnostic[] | undefined): void {
    const key = uri.toString();
    this.cancel(key);
    const shows = (this.target.get(uri)?.length ?? 0) > 0;
    if (shows || diagnostics === undefined || diagnostics.length <= FIRST_STAGE) {
      this.target.set(uri, diagnostics);
      return;
    }
    this.target.set(uri, mostSevere(diagnostics, FIRST_STAGE));
    const timer = setTimeout(() => {
      this.pending.delete(key);
      this.target.set(uri, diagnostics);
    }, this.gapMs);
    this.pending.set(key, timer);
  }

  private cancelAll(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }

  private cancel(key: string): void {
    const timer = this.pending.get(key);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.pending.delete(key);
  }
}

/** The first `max` of `all` by severity, each severity's in the order given (the server's: by place). */
export function mostSevere<T extends { severity: number }>(all: readonly T[], max: number): T[] {
  const bySeverity: T[][] = Array.from({ length: SEVERITIES }, () => []);
  for (const d of all) bySeverity[Math.min(SEVERITIES - 1, Math.max(0, d.severity))]!.push(d);
  return bySeverity.flat().slice(0, max);
}
