/**
 * Breaking changes while editing: with the setting `apiconv.diff.base` (a git revision:
 * `HEAD`, `origin/main`; empty = off), each lint of an open document is followed by a diff
 * of its text against its version at that revision (engine/diff), published as
 * diagnostics with their own source, `apiconv-diff`. The head is parsed and resolved by a
 * loader kept per document (only the units an edit changed are parsed and resolved again);
 * the base is read once per commit. While the text does not parse (mid-edit), the last
 * diff of a text that did stays, marked stale: what a half-typed document lacks is not a
 * removal. Code actions: restore a removed property as deprecated, add a default to a new
 * field, ignore a finding (an `apiconv-ignore` comment), show the check's documentation.
 */
import * as path from 'node:path';
import { CodeActionKind, DiagnosticSeverity, type CodeAction, type CodeActionParams, type Connection, type Diagnostic } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  applyOps,
  diffDocuments,
  type DiffProblem,
  DocLoader,
  findConfig,
  formatOf,
  type GitRevision,
  LineIndex,
  type LoadedDoc,
  NotOpenApiError,
  readDiffConfig,
  ruleInfo,
  type RefPolicy,
} from '../engine';
import { URI } from 'vscode-uri';
import { fileOfUri, SHOW_RULE_DOCS_COMMAND } from './codeActions';
import { ignoreEdits } from './ignoreEdits';
import { Revisions } from './revisions';
import { SERVER_SHOW_RULE_DOCS_COMMAND, type RuleDocsMode } from './ruleDocsCommand';

export const DIFF_SOURCE = 'apiconv-diff';
/** The producer key of a document's diff diagnostics in the session's contributions. */
export const DIFF_PRODUCER = 'diff:';

const SEVERITY = [DiagnosticSeverity.Error, DiagnosticSeverity.Warning, DiagnosticSeverity.Information, DiagnosticSeverity.Hint];

export interface DiffHost {
  /**
   * The diff base for a document (the `apiconv.diff.base` setting; '' = off), whether remote refs are
   * allowed, and whether the workspace is restricted (untrusted: git is not run, so there is no diff).
   */
  settings(uri: string): Promise<{ base: string; allowRemoteRefs: boolean; restricted?: boolean }>;
  /** How `$ref`'d files are read from the disk (the workspace folders, unless a setting allows more). */
  refPolicy(): RefPolicy;
  /** An open document by absolute path. */
  openDocument(file: string): TextDocument | undefined;
  /** Replace what the diff of `root` says about `file`, and publish it. */
  setDiagnostics(file: string, producer: string, diagnostics: Diagnostic[] | undefined): void;
}

interface DiffData {
  diff: true;
  version: number;
  /** Where the finding is in its file (for an ignore comment). */
  path: DiffProblem['path'];
  fix?: DiffProblem['fix'];
}

interface DocState {
  /** Loads the base, then every version of the head: what an edit did not touch is the same object as in the base. */
  loader: DocLoader | undefined;
  /** The base the loader started from (commit and file). */
  baseKey: string | undefined;
  gen: number;
  /** Files this document's diff put diagnostics on. */
  files: Set<string>;
  /** The diagnostics of the last text that parsed, shown (marked stale) while the text does not. */
  lastGood: Map<string, Diagnostic[]>;
}

/** The head's text does not parse: no diff of it. */
class Unparsed {
  constructor(
    readonly message: string,
    readonly line: number,
  ) {}
}

export class DiffDiagnostics {
  private readonly docs = new Map<string, DocState>();
  private readonly revs = new Revisions();
  private readonly bases = new Map<string, Promise<LoadedDoc | string>>();

  constructor(private readonly host: DiffHost) {}

  /** After a lint of an open document: diff it against the base, if one is set. Never throws. */
  async update(file: string, uri: string): Promise<void> {
    const doc = this.host.openDocument(file);
    if (!doc) return;
    let state = this.docs.get(file);
    const settings = await this.host.settings(uri).catch(() => ({ base: '', allowRemoteRefs: false, restricted: false }));
    const base = settings.base.trim();
    if (!base || settings.restricted) {
      if (state) this.close(file);
      // Say why there is no diff rather than let an empty list read as "no breaking changes".
      if (base) {
        this.docs.set(file, { loader: undefined, baseKey: undefined, gen: 0, files: new Set([file]), lastGood: new Map() });
        this.host.setDiagnostics(file, DIFF_PRODUCER + file, [
          notice(
            `apiconv.diff.base is ${base}, but breaking changes are not reported in a restricted workspace: apiconv runs git only in a trusted one.`,
            DiagnosticSeverity.Information,
          ),
        ]);
      }
      return;
    }
    if (!state) this.docs.set(file, (state = { loader: undefined, baseKey: undefined, gen: 0, files: new Set(), lastGood: new Map() }));
    const gen = ++state.gen;
    const version = doc.version;
    let diagnostics: Map<string, Diagnostic[]>;
    try {
      const result = await this.diff(file, doc.getText(), version, base, settings.allowRemoteRefs, state);
      if (result instanceof Unparsed) {
        if (state.gen !== gen || this.docs.get(file) !== state) return;
        diagnostics = stale(state.lastGood, file, result);
      } else {
        diagnostics = result;
        if (state.gen === gen) state.lastGood = result;
      }
    } catch (e) {
      diagnostics = new Map([[file, [notice(`apiconv.diff.base: ${e instanceof Error ? e.message : String(e)}`)]]]);
    }
    if (state.gen !== gen || this.docs.get(file) !== state) return; // a newer edit, or closed
    for (const f of state.files) if (!diagnostics.has(f)) this.host.setDiagnostics(f, DIFF_PRODUCER + file, undefined);
    for (const [f, list] of diagnostics) this.host.setDiagnostics(f, DIFF_PRODUCER + file, list);
    state.files = new Set(diagnostics.keys());
  }

  close(file: string): void {
    const state = this.docs.get(file);
    if (!state) return;
    this.docs.delete(file);
    for (const f of state.files) this.host.setDiagnostics(f, DIFF_PRODUCER + file, undefined);
  }

  /** Settings changed: forget the revisions and bases read. */
  reset(): void {
    this.revs.clear();
    this.bases.clear();
  }

  /** The base document, loaded by the document's loader (which then goes on to the head), once per commit. */
  private base(rev: GitRevision, file: string, allowRemoteRefs: boolean, state: DocState): Promise<LoadedDoc | string> {
    const key = `${rev.commit}\0${file}\0${allowRemoteRefs}`;
    let p = this.bases.get(key);
    if (!p || state.baseKey !== key) {
      const text = rev.read(file);
      const loader = new DocLoader(file, allowRemoteRefs, this.host.refPolicy());
      state.loader = loader;
      state.baseKey = key;
      p =
        text === undefined
          ? Promise.resolve(`${path.basename(file)} does not exist at ${rev.rev}: nothing to compare with`)
          : loader
              .load(text, rev.reader())
              .catch(e =>
                e instanceof NotOpenApiError
                  ? `${path.basename(file)} is not an OpenAPI document at ${rev.rev}`
                  : `cannot read ${path.basename(file)} at ${rev.rev}: ${(e as Error).message}`,
              );
      this.bases.set(key, p);
      if (this.bases.size > 16) this.bases.delete(this.bases.keys().next().value!);
    }
    return p;
  }

  private async diff(
    file: string,
    text: string,
    version: number,
    revName: string,
    allowRemoteRefs: boolean,
    state: DocState,
  ): Promise<Map<string, Diagnostic[]> | Unparsed> {
    const rev = this.revs.of(revName, file);
    const base = await this.base(rev, file, allowRemoteRefs, state);
    const out = new Map<string, Diagnostic[]>();
    if (typeof base === 'string') return out; // absent at the base, or not OpenAPI there: nothing to report
    let head: LoadedDoc;
    try {
      // $ref'd files: the open buffers first, else the disk.
      head = await state.loader!.load(text, f => this.host.openDocument(f)?.getText());
    } catch (e) {
      if (e instanceof NotOpenApiError) return out;
      throw e;
    }
    if (head.parseError) return new Unparsed(head.parseError.message, head.parseError.line);
    const result = diffDocuments(base, head, { severities: readDiffConfig(findConfig(file)).severities });
    for (const p of result.problems) {
      let list = out.get(p.source);
      if (!list) out.set(p.source, (list = []));
      list.push(toDiagnostic(p, version, rev.rev));
    }
    return out;
  }
}

function notice(message: string, severity: DiagnosticSeverity = DiagnosticSeverity.Warning): Diagnostic {
  return { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity, source: DIFF_SOURCE, code: 'diff-base', message };
}

/** The last diff of a text that parsed, marked stale (no code actions: their edits were for that text), and why. */
function stale(lastGood: Map<string, Diagnostic[]>, file: string, why: Unparsed): Map<string, Diagnostic[]> {
  const out = new Map<string, Diagnostic[]>();
  for (const [f, list] of lastGood)
    out.set(
      f,
      list.filter(d => d.code !== 'diff-base').map(d => ({ ...d, message: `${d.message} [stale: from the last version that parsed]`, data: undefined })),
    );
  const list = out.get(file) ?? [];
  list.unshift(
    notice(
      `Breaking changes are not updated while the document does not parse (line ${why.line + 1}: ${why.message}); the findings shown are from the last version that did.`,
      DiagnosticSeverity.Information,
    ),
  );
  out.set(file, list);
  return out;
}

function toDiagnostic(p: DiffProblem, version: number, rev: string): Diagnostic {
  const where = p.base ? ` (in ${rev}: ${p.base.source === p.source ? '' : `${path.basename(p.base.source)}, `}line ${p.base.range.start.line + 1})` : '';
  const data: DiffData = { diff: true, version, path: p.path, ...(p.fix ? { fix: p.fix } : {}) };
  const d: Diagnostic = {
    range: p.range,
    severity: SEVERITY[p.severity] ?? DiagnosticSeverity.Warning,
    source: DIFF_SOURCE,
    code: p.code,
    message: p.message + where,
    data,
  };
  const href = ruleInfo(p.code)?.helpUri;
  if (href) d.codeDescription = { href };
  return d;
}

/**
 * The code actions of the diff diagnostics in a code action request: the finding's quick fix
 * (one per edit: a property removed from a schema that is both a request and a response body is
 * two findings and one restore), ignore it, show the check's documentation.
 */
export function diffCodeActions(
  params: CodeActionParams,
  documents: { get(uri: string): TextDocument | undefined; all(): TextDocument[] },
  readText: (file: string) => string | undefined,
  docsMode: RuleDocsMode = 'client',
): CodeAction[] {
  const only = params.context.only;
  if (only && only.length > 0 && !only.some(o => o === '' || CodeActionKind.QuickFix === o || CodeActionKind.QuickFix.startsWith(o + '.'))) return [];
  const doc = documents.get(params.textDocument.uri);
  if (!doc) return [];
  const file = path.resolve(fileOfUri(doc.uri));
  const fixes: CodeAction[] = [];
  const others: CodeAction[] = [];
  const byEdit = new Map<string, CodeAction>();
  const ignored = new Set<string>();
  const documented = new Set<string>();
  for (const d of params.context.diagnostics) {
    const data = d.data as DiffData | undefined;
    if (d.source !== DIFF_SOURCE || !data?.diff || data.version !== doc.version || typeof d.code !== 'string') continue;
    const check = d.code;
    const fix = data.fix && fixAction(data.fix, d, documents, readText);
    if (fix) {
      const key = JSON.stringify(fix.edit);
      const same = byEdit.get(key);
      if (same) same.diagnostics!.push(d);
      else {
        byEdit.set(key, fix);
        fixes.push(fix);
      }
    }
    const ignoreKey = `${check}\0${JSON.stringify(data.path)}`;
    if (!ignored.has(ignoreKey)) {
      ignored.add(ignoreKey);
      const edits = ignoreEdits(doc.getText(), file, check, data.path);
      if (edits) {
        const index = new LineIndex(doc.getText());
        others.push({
          title: `Ignore this ${check} finding`,
          kind: CodeActionKind.QuickFix,
          diagnostics: [d],
          edit: {
            changes: {
              [doc.uri]: edits.map(e => ({ range: { start: index.positionAt(e.offset), end: index.positionAt(e.offset + e.length) }, newText: e.newText })),
            },
          },
        });
      }
    }
    if (docsMode !== 'none' && !documented.has(check)) {
      documented.add(check);
      const command = docsMode === 'server' ? SERVER_SHOW_RULE_DOCS_COMMAND : SHOW_RULE_DOCS_COMMAND;
      others.push({
        title: `Show documentation for ${check}`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [d],
        command: { title: `Show documentation for ${check}`, command, arguments: [check] },
      });
    }
  }
  return [...fixes, ...others];
}

function fixAction(
  fix: NonNullable<DiffData['fix']>,
  d: Diagnostic,
  documents: { all(): TextDocument[] },
  readText: (file: string) => string | undefined,
): CodeAction | undefined {
  const target = documents.all().find(x => path.resolve(fileOfUri(x.uri)) === fix.source);
  const text = target ? target.getText() : readText(fix.source);
  if (text === undefined) return undefined;
  const edits = applyOps(text, formatOf(text, fix.source), [{ kind: 'set', path: fix.path, value: fix.value }]);
  if (edits.length === 0) return undefined;
  const index = new LineIndex(text);
  const uri = target?.uri ?? URI.file(fix.source).toString();
  return {
    title: fix.title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [d],
    edit: {
      changes: { [uri]: edits.map(e => ({ range: { start: index.positionAt(e.offset), end: index.positionAt(e.offset + e.length) }, newText: e.newText })) },
    },
  };
}

/**
 * The connection, with the diff's quick fixes added to every code action reply: the
 * code action handler stays where it is (codeActions.ts) and knows nothing of the diff.
 */
export function withDiffCodeActions(connection: Connection, extra: (params: CodeActionParams) => CodeAction[]): Connection {
  return new Proxy(connection, {
    get(target, key, receiver) {
      if (key !== 'onCodeAction') return Reflect.get(target, key, receiver);
      return (handler: Parameters<Connection['onCodeAction']>[0]) =>
        target.onCodeAction(async (params, token, progress, partial) => {
          const own = await handler(params, token, progress, partial);
          let more: CodeAction[];
          try {
            more = extra(params);
          } catch {
            more = [];
          }
          return more.length ? [...((own as CodeAction[] | undefined | null) ?? []), ...more] : own;
        });
    },
  });
}
