/**
 * The diagnostic store: findings per (file, producer), and how they reach the client.
 *
 * A root's lint contributes to its own file and to every `$ref`'d file it has findings in; a broken ruleset
 * contributes one diagnostic to the ruleset file; the config schema and the diff against a base revision contribute
 * theirs. A file's diagnostics are the union of its producers'. Clients with pull diagnostics get open documents'
 * diagnostics by pull (no push for them); everything else is pushed, at most as many per file as the client shows.
 */
import type { ClientCapabilities, Connection, Diagnostic, DocumentDiagnosticReport } from 'vscode-languageserver/node';
import { mergeDiagnostics, sameDiagnostic } from './diagnostics';
import { firstDiagnostics, type DiagnosticsFirst } from './diagnosticCap';
import type { OpenDocuments } from './openDocuments';
import type { StatusParams } from './protocol';

/** The producer of a broken ruleset's diagnostic, followed by the ruleset file. */
export const RULESET_PRODUCER = '\0ruleset';
/** The config schema's diagnostics of an open config file (configDiagnostics.ts). */
export const CONFIG_PRODUCER = '\0config-schema';

export class DiagnosticStore {
  /** file → producer (root file, RULESET_PRODUCER + file, …) → diagnostics */
  private readonly contributions = new Map<string, Map<string, Diagnostic[]>>();
  /** Files for which a non-empty push was sent. */
  private readonly pushed = new Set<string>();
  /** What the last pull of each open file was answered: its result id and diagnostics (pulled). */
  private readonly lastPulled = new Map<string, { resultId: string; items: readonly Diagnostic[] }>();
  private pulls = 0;
  /** Result ids of this server process only: a restarted server never takes a client's old id for one of its own. */
  private readonly resultIdPrefix = `${process.pid}.${Date.now().toString(36)}.`;
  /** The last merge per file (diagnosticsOf). */
  private readonly merged = new Map<string, { lists: Diagnostic[][]; out: Diagnostic[] }>();
  /** The client pulls open documents' diagnostics. */
  pull = false;
  private refreshSupport = false;
  /** The most diagnostics per file the client shows (initializationOptions.maxDiagnosticsPerFile): it is sent no more. */
  maxPerFile: number | undefined;

  /** `diagnosticsFirst`: which findings come first when a file has more than the client shows. */
  constructor(
    private readonly connection: Connection,
    private readonly docs: OpenDocuments,
    private readonly diagnosticsFirst: (file: string) => DiagnosticsFirst,
  ) {}

  initialize(capabilities: ClientCapabilities, maxPerFile: number | undefined): void {
    this.pull = !!capabilities.textDocument?.diagnostic;
    this.refreshSupport = !!capabilities.workspace?.diagnostics?.refreshSupport;
    this.maxPerFile = maxPerFile;
  }

  /** Whether the client can be asked to pull again (a relint of a version it has already pulled). */
  get refreshes(): boolean {
    return this.pull && this.refreshSupport;
  }

  get(file: string, producer: string): Diagnostic[] | undefined {
    return this.contributions.get(file)?.get(producer);
  }

  /** Replaces `producer`'s list for `file` (a list is replaced, never changed: diagnosticsOf keeps its merge). */
  set(file: string, producer: string, list: Diagnostic[]): void {
    let m = this.contributions.get(file);
    if (!m) this.contributions.set(file, (m = new Map()));
    m.set(producer, list);
  }

  delete(file: string, producer: string): void {
    this.contributions.get(file)?.delete(producer);
  }

  /**
   * A file's diagnostics: its producers' lists merged. The merge is kept while the lists are the same (a producer's
   * list is replaced, never changed): publishing, the light bulb and hovers after an edit ask for it in turn, and
   * merging the thousands of findings of a big document each time was slow.
   */
  diagnosticsOf(file: string): Diagnostic[] {
    const m = this.contributions.get(file);
    if (!m) return [];
    const lists = [...m.values()];
    const hit = this.merged.get(file);
    if (hit && hit.lists.length === lists.length && hit.lists.every((l, i) => l === lists[i])) return hit.out;
    const out = mergeDiagnostics(lists);
    this.merged.set(file, { lists, out });
    return out;
  }

  /** What the client is given of a file's diagnostics: the first it shows, under `first`'s order. */
  shown(file: string, first: DiagnosticsFirst): Diagnostic[] {
    const items = this.diagnosticsOf(file);
    if (this.maxPerFile === undefined || items.length <= this.maxPerFile) return items;
    return firstDiagnostics(items, this.maxPerFile, first) as Diagnostic[];
  }

  /**
   * The answer to a pull of `file` whose result is `items`: `unchanged` when the client's last answer (its
   * `previousResultId`) held the same diagnostics. After an edit that changes no finding — most keystrokes — the
   * client then keeps what it has: VS Code re-set a file's markers at each pull, and re-building the Problems tree of
   * a thousand findings was most of the window's time per keystroke on a big document.
   */
  pulled(file: string, items: readonly Diagnostic[], previousResultId: string | undefined): DocumentDiagnosticReport {
    const last = this.lastPulled.get(file);
    if (last && last.resultId === previousResultId && last.items.length === items.length && last.items.every((d, i) => sameDiagnostic(d, items[i]!)))
      return { kind: 'unchanged', resultId: last.resultId };
    const resultId = this.resultIdPrefix + String(++this.pulls);
    this.lastPulled.set(file, { resultId, items });
    return { kind: 'full', resultId, items: items as Diagnostic[] };
  }

  /** Sends `file`'s diagnostics, unless the client pulls them. */
  publish(file: string, version?: number): void {
    if (this.pull && this.docs.isOpen(file)) return; // served by pull
    const diags = this.diagnosticsOf(file);
    if (diags.length === 0 && !this.pushed.has(file) && !this.docs.isOpen(file)) return;
    this.push(file, firstDiagnostics(diags, this.maxPerFile, this.diagnosticsFirst(file)), version ?? this.docs.openDoc(file)?.version);
  }

  /** A file just opened: a pull client takes over what was pushed for it. */
  opened(file: string): void {
    if (this.pull && this.pushed.has(file)) this.push(file, []);
  }

  /** After a close: push what others say about the file (pull covers open documents only). */
  pushClosed(file: string): void {
    this.lastPulled.delete(file);
    if (this.pull && this.diagnosticsOf(file).length > 0) this.publish(file);
    else if (this.pull) this.push(file, []);
  }

  /** The status's count of a file's findings, and how many the client is sent when that is fewer. */
  counts(file: string): Pick<StatusParams, 'problems' | 'shown'> {
    const problems = this.diagnosticsOf(file).length;
    return this.maxPerFile !== undefined && problems > this.maxPerFile ? { problems, shown: this.maxPerFile } : { problems };
  }

  refreshPull(): void {
    void this.connection.languages.diagnostics.refresh().catch(() => undefined);
  }

  private push(file: string, diagnostics: readonly Diagnostic[], version?: number): void {
    if (diagnostics.length > 0) this.pushed.add(file);
    else this.pushed.delete(file);
    void this.connection.sendDiagnostics({ uri: this.docs.uriOf(file), version, diagnostics: diagnostics as Diagnostic[] }).catch(() => undefined);
  }
}
