/**
 * The language status item ("{}" in the status bar next to YAML/JSON): the ruleset
 * in use, the last lint time and any ruleset error, per document, fed by the
 * server's `apiconv/status` notification.
 */
import * as vscode from 'vscode';
import type { StatusParams } from '../../server/src/lsp/protocol';

/** What the item currently shows; returned by the extension API for tests. */
export interface StatusSnapshot {
  text: string;
  detail: string | undefined;
  severity: 'information' | 'warning' | 'error';
  busy: boolean;
  /** The last status the server sent for the active document (undefined: none yet). */
  status: StatusParams | undefined;
}

export class StatusItem implements vscode.Disposable {
  private readonly item: vscode.LanguageStatusItem;
  private readonly byUri = new Map<string, StatusParams>();
  private readonly disposables: vscode.Disposable[] = [];
  private starting = true;

  constructor(selector: vscode.DocumentSelector) {
    this.item = vscode.languages.createLanguageStatusItem('apiconv.status', selector);
    this.item.name = 'apiconv';
    this.item.command = { title: 'Show Output', command: 'apiconv.showOutputChannel' };
    this.disposables.push(
      this.item,
      vscode.window.onDidChangeActiveTextEditor(() => this.render()),
      vscode.workspace.onDidCloseTextDocument(doc => this.byUri.delete(doc.uri.toString())),
    );
    this.render();
  }

  /** The client is (re)starting: forget what the previous server said. */
  setStarting(starting: boolean): void {
    this.starting = starting;
    if (starting) this.byUri.clear();
    this.render();
  }

  update(params: StatusParams): void {
    if (!params || typeof params.uri !== 'string') return;
    this.byUri.set(normalize(params.uri), params);
    this.render();
  }

  snapshot(): StatusSnapshot {
    const sev = this.item.severity;
    return {
      text: this.item.text,
      detail: this.item.detail,
      severity: sev === vscode.LanguageStatusSeverity.Error ? 'error' : sev === vscode.LanguageStatusSeverity.Warning ? 'warning' : 'information',
      busy: this.item.busy,
      status: this.current(),
    };
  }

  private current(): StatusParams | undefined {
    const doc = vscode.window.activeTextEditor?.document;
    return doc ? this.byUri.get(normalize(doc.uri.toString())) : undefined;
  }

  private render(): void {
    const s = this.current();
    this.item.busy = this.starting;
    if (!s) {
      this.item.text = this.starting ? 'apiconv: starting' : 'apiconv';
      this.item.detail = this.starting ? undefined : 'not linted yet';
      this.item.severity = vscode.LanguageStatusSeverity.Information;
      return;
    }
    const ruleset = s.ruleset ?? 'apiconv:recommended';
    if (s.state === 'disabled') {
      this.item.text = 'apiconv: off';
      this.item.detail = 'apiconv.enable is false';
      this.item.severity = vscode.LanguageStatusSeverity.Information;
    } else if (s.state === 'skipped') {
      this.item.text = 'apiconv: not OpenAPI';
      this.item.detail = s.message ?? 'not an OpenAPI document';
      this.item.severity = vscode.LanguageStatusSeverity.Information;
    } else if (s.state === 'error') {
      this.item.text = `apiconv: ${basename(ruleset)}`;
      this.item.detail = `ruleset error: ${s.message ?? 'unknown error'}`;
      this.item.severity = vscode.LanguageStatusSeverity.Error;
    } else {
      this.item.text = `apiconv: ${basename(ruleset)}`;
      const at = s.lintedAt ? new Date(s.lintedAt).toLocaleTimeString() : undefined;
      const parts = [at ? `linted at ${at}` : 'linted', s.validationTime !== undefined ? `in ${s.validationTime} ms` : undefined];
      if (s.message) parts.push(`(${s.message})`);
      this.item.detail = parts.filter(Boolean).join(' ');
      this.item.severity = s.state === 'warn' ? vscode.LanguageStatusSeverity.Warning : vscode.LanguageStatusSeverity.Information;
    }
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

function basename(ruleset: string): string {
  if (ruleset.startsWith('apiconv:') || ruleset.startsWith('spectral:')) return ruleset;
  const i = Math.max(ruleset.lastIndexOf('/'), ruleset.lastIndexOf('\\'));
  return i >= 0 ? ruleset.slice(i + 1) : ruleset;
}

/** URIs from the server and from VS Code may differ in percent-encoding (e.g. `%3A` for the drive colon). */
function normalize(uri: string): string {
  try {
    return vscode.Uri.parse(uri).toString();
  } catch {
    return uri;
  }
}
