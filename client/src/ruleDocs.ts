/**
 * `apiconv.showRuleDocs`: opens a rule's documentation. The rule docs
 * (`rules/<id>.md`) and the docs of the checks of `apiconv diff` (`rules/diff/<id>.md`, whose findings the
 * server shows when `apiconv.diff.base` is set) ship inside the extension and open in the markdown preview;
 * a rule without a shipped page (e.g. a reused `spectral:oas` rule) opens its URL.
 * The server's "Show documentation for <rule>" code action calls it with the rule id.
 */
import * as vscode from 'vscode';

const SOURCE = 'apiconv';

export class RuleDocs {
  private docs: Promise<Map<string, vscode.Uri>> | undefined;

  constructor(private readonly extensionUri: vscode.Uri) {}

  /** Each id with a shipped markdown page, and the page: rules/<id>.md, else rules/diff/<id>.md. */
  private shipped(): Promise<Map<string, vscode.Uri>> {
    this.docs ??= (async () => {
      const pages = new Map<string, vscode.Uri>();
      for (const dir of [vscode.Uri.joinPath(this.extensionUri, 'rules', 'diff'), vscode.Uri.joinPath(this.extensionUri, 'rules')]) {
        const entries = await Promise.resolve(vscode.workspace.fs.readDirectory(dir)).catch(() => [] as [string, vscode.FileType][]);
        for (const [n, t] of entries) if (t === vscode.FileType.File && /^[a-z0-9-]+\.md$/.test(n)) pages.set(n.slice(0, -3), vscode.Uri.joinPath(dir, n));
      }
      return pages;
    })();
    return this.docs;
  }

  /** The ids that have a shipped markdown page, sorted. */
  async shippedIds(): Promise<string[]> {
    return [...(await this.shipped()).keys()].sort();
  }

  async docUri(id: string): Promise<vscode.Uri | undefined> {
    return (await this.shipped()).get(id);
  }

  /**
   * Opens the docs. `arg` is a rule id, a diagnostic (from a code action), or nothing:
   * then the apiconv finding under the cursor, else a pick list of all rules.
   * Returns what was opened (for tests), or undefined when nothing was.
   */
  async show(arg?: unknown): Promise<{ id: string; opened: 'preview' | 'url' } | undefined> {
    let target = fromArg(arg) ?? fromCursor();
    if (!target) {
      const picked = await vscode.window.showQuickPick(await this.shippedIds(), { placeHolder: 'apiconv rule' });
      if (!picked) return undefined;
      target = { id: picked };
    }
    const page = await this.docUri(target.id);
    if (page) {
      await vscode.commands.executeCommand('markdown.showPreview', page);
      return { id: target.id, opened: 'preview' };
    }
    if (target.href && /^https?:/.test(target.href)) {
      await vscode.env.openExternal(vscode.Uri.parse(target.href));
      return { id: target.id, opened: 'url' };
    }
    void vscode.window.showInformationMessage(`apiconv: no documentation for "${target.id}".`);
    return undefined;
  }
}

interface Target {
  id: string;
  href?: string;
}

function fromArg(arg: unknown): Target | undefined {
  if (typeof arg === 'string' && arg) return { id: arg, href: hrefOf(arg) };
  if (arg && typeof arg === 'object' && 'code' in arg) return fromDiagnostic(arg as vscode.Diagnostic);
  return undefined;
}

function fromDiagnostic(d: vscode.Diagnostic): Target | undefined {
  const code = d.code;
  if (typeof code === 'string' || typeof code === 'number') return { id: String(code) };
  if (code && typeof code === 'object') return { id: String(code.value), href: code.target?.toString(true) };
  return undefined;
}

function fromCursor(): Target | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const pos = editor.selection.active;
  const here = vscode.languages.getDiagnostics(editor.document.uri).filter(d => d.source === SOURCE && d.range.contains(pos));
  return here.length ? fromDiagnostic(here[0]) : undefined;
}

/** The docs URL the server put on any current diagnostic of that rule (`codeDescription.href`). */
function hrefOf(id: string): string | undefined {
  for (const [, diags] of vscode.languages.getDiagnostics()) {
    for (const d of diags) {
      if (d.source === SOURCE && typeof d.code === 'object' && String(d.code.value) === id) return d.code.target.toString(true);
    }
  }
  return undefined;
}
