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
  /** The title of the item's link (its command). */
  command: string | undefined;
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
    this.item.command = SHOW_OUTPUT;
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
      command: this.item.command?.title,
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
    this.item.command = SHOW_OUTPUT;
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
      // What ran: a refused or broken ruleset's stand-in, not the file that was asked for.
      const ran = basename(s.loaded ?? ruleset);
      const at = s.lintedAt ? new Date(s.lintedAt).toLocaleTimeString() : undefined;
      const parts = [at ? `linted at ${at}` : 'linted', s.validationTime !== undefined ? `in ${s.validationTime} ms` : undefined];
      this.item.text = `apiconv: ${ran}${s.score ? ` · ${s.score.grade}` : ''}`;
      if (s.score) parts.push(`· score ${s.score.value.toFixed(1)} / 100 (grade ${s.score.grade})`);
      if (s.restricted) {
        // The reason in full is the command's tooltip: the item's detail is one short line in the status hover.
        parts.push(`restricted mode: ${basename(ruleset)} not loaded`);
        this.item.command = { title: 'Manage Workspace Trust', command: 'workbench.trust.manage', tooltip: s.message };
      } else if (s.message) {
        parts.push(`(${s.message})`);
      }
      if (s.problems !== undefined && s.shown !== undefined && s.shown < s.problems) {
        // VS Code shows 1,000 diagnostics of a file: the server sent those (diagnosticCap.ts), say how many exist.
        this.item.text = `apiconv: ${count(s.problems)} problems; VS Code shows ${count(s.shown)}`;
        parts.unshift(ran);
        const first = vscode.workspace.getConfiguration('apiconv', vscode.window.activeTextEditor?.document).get<string>('diagnosticsFirst', 'severity');
        parts.push(first === 'position' ? 'from the top of the file' : 'errors first');
        this.item.command ??= { title: 'Choose which come first', command: 'workbench.action.openSettings', arguments: ['apiconv.diagnosticsFirst'] };
      }
      this.item.detail = parts.filter(Boolean).join(' ');
      this.item.severity = s.state === 'warn' ? vscode.LanguageStatusSeverity.Warning : vscode.LanguageStatusSeverity.Information;
    }
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

const SHOW_OUTPUT: vscode.Command = { title: 'Show Output', command: 'apiconv.showOutputChannel' };

/** 3976 → "3,976". */
function count(n: number): string {
  return n.toLocaleString('en-US');
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
