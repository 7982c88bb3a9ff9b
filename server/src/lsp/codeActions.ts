/**
 * Code actions for apiconv diagnostics: the rule's quick fix, "Fix all <rule>
 * in this file", "Fix all safe problems" (`source.fixAll.apiconv`, for
 * `editor.codeActionsOnSave`), "Ignore this finding" and "Show rule docs".
 *
 * Stateless: everything comes from `context.diagnostics[].data` (see
 * `DiagnosticData` in protocol.ts: ruleId, version, path) and the current text.
 * Edits are direct WorkspaceEdits (no command round trip). A diagnostic whose
 * `data.version` is not the document's current version produces no edit, unless
 * the lint of the current version found the same (a pull answered `unchanged`
 * leaves the client the copy of an earlier version: diagnosticStore.ts pulled).
 *
 * Actions cost what they show: the light bulb and fix-on-save list actions from
 * what is known (the diagnostics, the last parse's data for a fix's title) and
 * compute no edit; a client that resolves (`codeAction/resolve` of `edit`) gets
 * each edit when it asks, computed by the host's `runJob` (the server: in its
 * action worker, actionPool.ts, stopped when the request is cancelled); a client
 * that cannot resolve gets the edits computed the same way before the answer.
 *
 * The context handed over by server.ts is `FeatureContext` (completion.ts):
 * connection, documents, `lintOptions(uri)` (ruleset + open-buffer reader),
 * `clientCapabilities()`; `lint(uri)` is not needed here.
 */
import {
  CodeActionKind,
  LSPErrorCodes,
  ResponseError,
  type CancellationToken,
  type CodeAction,
  type CodeActionParams,
  type Diagnostic,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import {
  computeFix,
  editsBetween,
  fixFile,
  fixOptions,
  formatOf,
  getRule,
  isNumberKeyProblem,
  LineIndex,
  type LintOptions,
  type LintProblem,
  type OptionsOf,
  parseData,
  quoteKeyFix,
  readRefFile,
  rootSeenFrom,
  specOf,
  type TextEdit as FileEdit,
  OPEN_REF_POLICY,
} from '../engine';
import type { FixContext, JsonPath, Spec } from '../../../rules/types';
import type { FeatureContext } from './completion';
import { SERVER_SHOW_RULE_DOCS_COMMAND, type RuleDocsMode } from './ruleDocsCommand';
import { ignoreEdits } from './ignoreEdits';
import { sameDiagnostic } from './diagnostics';
import { tidyActions, underMenu } from './actionMenu';

export const FIX_ALL_KIND = 'source.fixAll.apiconv';
export const SHOW_RULE_DOCS_COMMAND = 'apiconv.showRuleDocs';
export const CODE_ACTION_KINDS = [CodeActionKind.QuickFix, CodeActionKind.SourceFixAll, FIX_ALL_KIND];

interface DiagData {
  ruleId: string;
  version: number;
  path: JsonPath;
  /** Optional: the file the finding is in, when it differs from the document the diagnostic is shown on. */
  source?: string;
  /** Optional: the root document whose lint found it, when it is not the file the finding is in (DiagnosticData.root). */
  root?: string;
}

function dataOf(d: Diagnostic): DiagData | undefined {
  const data = d.data as Partial<DiagData> | undefined;
  if (!data || typeof data !== 'object' || typeof data.ruleId !== 'string' || !Array.isArray(data.path)) return undefined;
  return {
    ruleId: data.ruleId,
    version: typeof data.version === 'number' ? data.version : -1,
    path: data.path,
    source: typeof data.source === 'string' ? data.source : undefined,
    root: typeof data.root === 'string' ? data.root : undefined,
  };
}

/** The finding of the engine that says the text does not parse: no fix can apply to such a text. */
const PARSER_CODE = 'parser';

export function fileOfUri(uri: string): string {
  try {
    const u = URI.parse(uri);
    return u.scheme === 'file' ? u.fsPath : u.path;
  } catch {
    return uri;
  }
}

/** What code actions need from the server, besides the request. */
export interface CodeActionHost {
  /** An open document by URI. */
  document(uri: string): TextDocument | undefined;
  /** The current text of a file: the open buffer, else the disk. */
  readText(file: string): string | undefined;
  /** The URI for an absolute file path (open documents keep their own URI spelling). */
  uriOf(file: string): string;
  lintOptions(uri: string): Promise<LintOptions>;
  /** The client resolves actions (`codeAction/resolve` of `edit`): the light bulb lists them without their edits. */
  canResolve?(): boolean;
  /** The data of a file's text as last parsed (cheap: the outline's tree), for the quick fixes' titles. */
  data?(file: string): unknown;
  /** The diagnostics of the last lint of a file (to offer "Fix all <rule>" without computing it). */
  findings?(file: string): readonly Diagnostic[];
  /** Computes an action's edit (off the main thread in the server); default: here. */
  runJob?(job: ActionJob, uri: string, token?: CancellationToken): Promise<JobResult | undefined>;
  /** How "Show documentation" runs with this client (ruleDocsCommand.ts); default 'client' (the VS Code extension's command). */
  ruleDocsMode?(): RuleDocsMode;
  /**
   * The client's command that lists actions in a menu of their own (the VS Code extension's), and how many entries
   * the light bulb shows at most: the rest go under "More apiconv actions…". Without it, every action is listed.
   */
  moreActions?(): { command: string; max: number } | undefined;
}

/** The code actions for `params`. Never throws. */
export async function computeCodeActions(params: CodeActionParams, host: CodeActionHost, token?: CancellationToken): Promise<CodeAction[]> {
  try {
    return await codeActions(params, host, token);
  } catch {
    return [];
  }
}

function wanted(only: readonly string[] | undefined, kind: string): boolean {
  if (!only || only.length === 0) return true;
  return only.some(o => o === '' || kind === o || kind.startsWith(o + '.'));
}

async function codeActions(params: CodeActionParams, host: CodeActionHost, token?: CancellationToken): Promise<CodeAction[]> {
  const uri = params.textDocument.uri;
  const doc = host.document(uri);
  if (!doc) return [];
  const only = params.context.only;
  const docFile = path.resolve(fileOfUri(uri));
  const docText = doc.getText();
  const textOf = (file: string) => (file === docFile ? docText : host.readText(file));
  const out: CodeAction[] = [];
  const ours = params.context.diagnostics.filter(d => d.source === 'apiconv' && dataOf(d));
  // The document's own lint, or the one of the root that `$ref`s it (a fragment is linted from its root).
  const docRoot = ours.map(d => dataOf(d)!.root).find(r => r !== undefined);
  const rootOfDoc = docRoot ? path.resolve(docRoot) : docFile;
  const lintedNow = host.findings?.(docFile).filter(f => dataOf(f)?.version === doc.version);
  const current = (d: Diagnostic) => dataOf(d)!.version === doc.version || (lintedNow?.some(f => sameDiagnostic(f, d)) ?? false);
  // A text that does not parse takes no fix (each would be refused): only ignoring a finding is offered there.
  // A key written as a number (`200:`) is a `parser` finding of a text that parses: it breaks nothing.
  const broken = (file: string) =>
    (host.findings ? host.findings(file) : params.context.diagnostics).some(
      d =>
        d.source === 'apiconv' &&
        d.code === PARSER_CODE &&
        !isNumberKeyProblem({ code: PARSER_CODE, message: typeof d.message === 'string' ? d.message : d.message.value }),
    );
  const fixesApply = !broken(docFile) && (rootOfDoc === docFile || !broken(rootOfDoc));

  const version = doc.version;
  /** An action whose edit is computed later (resolveAction). */
  const lazy = (action: CodeAction, job: ActionJob): CodeAction => ({ ...action, data: { apiconv: job, uri, version } satisfies ActionData });

  if (wanted(only, CodeActionKind.QuickFix)) {
    const fixAllDone = new Set<string>();
    const specs = new Map<string, Spec>();
    const dataCache = new Map<string, unknown>();
    const dataOfFile = (file: string, text: string) => {
      if (!dataCache.has(file)) dataCache.set(file, host.data ? host.data(file) : parseData(text, formatOf(text, file)));
      return dataCache.get(file);
    };
    // The rules' options as the document's config sets them: a fix writes the team's convention, or is not offered.
    const optionsOf = fixOptions((await host.lintOptions(uri).catch(() => ({}) as LintOptions)).ruleset, rootOfDoc);
    const specOfRoot = (rootFile: string): Spec | undefined => {
      if (!specs.has(rootFile)) {
        const text = textOf(rootFile);
        if (text === undefined) return undefined;
        specs.set(rootFile, specOfData(dataOfFile(rootFile, text), text));
      }
      return specs.get(rootFile);
    };
    for (const d of ours) {
      const data = dataOf(d)!;
      const fresh = current(d);
      const file = data.source ? path.resolve(fileOfUri(data.source)) : docFile;
      const rootFile = data.root ? path.resolve(data.root) : file;
      const problem: LintProblem = {
        code: data.ruleId,
        message: typeof d.message === 'string' ? d.message : d.message.value,
        severity: 1,
        path: data.path,
        range: d.range,
        source: file,
      };
      const rule = getRule(data.ruleId);
      if (fresh && fixesApply && rule?.fix && rule.meta.fixable) {
        problem.fixable = rule.meta.fixable;
        const text = textOf(file);
        // The title from the rule's fix on the last parsed data; the edit itself when the action is resolved. In a
        // `$ref`'d fragment the fix knows it is not in the root (shared components go inline there, as with --fix).
        const spec = specOfRoot(rootFile);
        const rootText = textOf(rootFile);
        const root = file === rootFile || rootText === undefined ? undefined : rootSeenFrom(file, rootFile, dataOfFile(rootFile, rootText));
        const fix = text !== undefined && spec ? fixTitle(dataOfFile(file, text), problem, spec, file === rootFile, root, optionsOf) : undefined;
        if (fix) {
          out.push(
            lazy(
              { title: fix.title + (fix.safe ? '' : ' (review the change)'), kind: CodeActionKind.QuickFix, diagnostics: [d], isPreferred: true },
              { kind: 'fix', rootFile, problem },
            ),
          );
        }
        // Fix all of this rule: only when the last lint has more than this one fixable finding of it, and this fix
        // does not settle them all already (one root `security` for every operation).
        const sameRule = params.context.diagnostics.filter(x => dataOf(x)?.ruleId === data.ruleId);
        const known = host.findings ? host.findings(docFile).filter(x => dataOf(x)?.ruleId === data.ruleId).length : sameRule.length;
        if (!fixAllDone.has(data.ruleId) && known > 1 && fix && !fix.settlesRule) {
          fixAllDone.add(data.ruleId);
          out.push(
            lazy(
              { title: `Fix all ${data.ruleId} problems in this file`, kind: CodeActionKind.QuickFix, diagnostics: sameRule },
              { kind: 'fixRule', rootFile, file: docFile, ruleId: data.ruleId },
            ),
          );
        }
      }
      if (fresh && isNumberKeyProblem(problem)) {
        const text = textOf(file);
        const fix = text !== undefined ? quoteKeyFix(text, problem) : undefined;
        if (fix) out.push(lazy({ title: fix.title, kind: CodeActionKind.QuickFix, diagnostics: [d], isPreferred: true }, { kind: 'fix', rootFile, problem }));
      }
      if (fresh) {
        out.push(
          lazy(
            { title: `Ignore this ${data.ruleId} finding`, kind: CodeActionKind.QuickFix, diagnostics: [d] },
            { kind: 'ignore', rootFile, file, ruleId: data.ruleId, path: data.path },
          ),
        );
      }
      // Show documentation: the extension's own command, the server's (window/showDocument), or none where the client cannot show it.
      const docsMode = host.ruleDocsMode?.() ?? 'client';
      const docsCommand = docsMode === 'server' ? SERVER_SHOW_RULE_DOCS_COMMAND : SHOW_RULE_DOCS_COMMAND;
      if (rule && docsMode !== 'none' && !out.some(a => a.command?.command === docsCommand && a.command.arguments?.[0] === data.ruleId)) {
        out.push({
          title: `Show documentation for ${data.ruleId}`,
          kind: CodeActionKind.QuickFix,
          diagnostics: [d],
          command: { title: `Show documentation for ${data.ruleId}`, command: docsCommand, arguments: [data.ruleId] },
        });
      }
    }
  }

  // Fix all safe problems: asked for explicitly (on save, "Source Action…"), or offered next to fixable findings.
  const explicit = !!only && only.length > 0 && (wanted(only, FIX_ALL_KIND) || only.includes(CodeActionKind.SourceFixAll));
  const safeHere = ours.some(d => getRule(dataOf(d)!.ruleId)?.meta.fixable === 'safe' && current(d));
  if (fixesApply && (explicit || (!only && safeHere)) && (!only || wanted(only, FIX_ALL_KIND) || only.includes(CodeActionKind.SourceFixAll))) {
    out.push(lazy({ title: 'Fix all safe apiconv problems', kind: FIX_ALL_KIND, diagnostics: ours }, { kind: 'fixAll', rootFile: rootOfDoc, file: docFile }));
  }
  const more = !only || wanted(only, CodeActionKind.QuickFix) ? host.moreActions?.() : undefined;
  if (host.canResolve?.()) return underMenu(tidyActions(out, isLazy), more);
  // A client that cannot resolve gets the edits now (computed by runJob: off the main thread in the server).
  const resolved: CodeAction[] = [];
  for (const a of out) {
    if (token?.isCancellationRequested) return [];
    if (!isLazy(a)) {
      resolved.push(a);
      continue;
    }
    const r = await resolveCodeAction(a, host, token);
    if (r.edit) resolved.push(r);
  }
  return underMenu(tidyActions(resolved, isLazy), more);
}

// ---------------------------------------------------------------------------
// Lazy actions: the light bulb lists them, their edits are computed on codeAction/resolve (runJob: in a worker in
// the server, stopped when cancelled), or before answering a client that cannot resolve.

/** The heavy part of an action. */
export type ActionJob =
  | { kind: 'fix'; rootFile: string; problem: LintProblem }
  | { kind: 'ignore'; rootFile: string; file: string; ruleId: string; path: JsonPath }
  /** `file`: the document the fix-all is for; the root's lint finds the problems, those in `file` are fixed (all of them when it is the root). */
  | { kind: 'fixRule'; rootFile: string; file: string; ruleId: string }
  | { kind: 'fixAll'; rootFile: string; file: string };

/** `CodeAction.data` of a lazy action: its job, and the document version it is for. */
export interface ActionData {
  apiconv: ActionJob;
  uri: string;
  version: number;
}

/** An edit of one file's text by offsets. */
type OffsetEdit = Omit<FileEdit, 'file'>;

/** A job's edits: per file, its text and offset edits of it. */
export interface JobResult {
  files: [string, { text: string; edits: OffsetEdit[] }][];
}

/** What a job runs on: the text of the document it is for, the other files' texts (open buffers, else disk), lint options. */
export interface JobEnv {
  file: string;
  text: string;
  readText(file: string): string | undefined;
  options: LintOptions;
}

function isLazy(a: CodeAction): boolean {
  return !!(a.data as Partial<ActionData> | undefined)?.apiconv;
}

function specOfData(data: unknown, text: string): Spec {
  if (typeof data === 'object' && data !== null && 'swagger' in data) return 'oas2';
  if (data === undefined && /^\s*["']?swagger["']?\s*:/m.test(text)) return 'oas2';
  return 'oas3';
}

/** The title of a problem's fix from the rule on `data` (no edit computed); undefined when the rule has none there. */
type FixTitle = { title: string; safe: boolean; settlesRule: boolean };
function fixTitle(data: unknown, problem: LintProblem, spec: Spec, isRoot: boolean, root: FixContext['root'], optionsOf: OptionsOf): FixTitle | undefined {
  const rule = getRule(problem.code);
  if (data === undefined || data === null || !rule?.fix || !rule.meta.fixable) return undefined;
  try {
    const r = rule.fix({ data, isRoot, root, spec, path: problem.path, message: problem.message, options: optionsOf(rule.id), optionsOf });
    return r && r.ops.length > 0 ? { title: r.title, safe: rule.meta.fixable === 'safe', settlesRule: r.settlesRule === true } : undefined;
  } catch {
    return undefined;
  }
}

/** Computes a job (anywhere: the server's action worker, or here). */
export async function runActionJob(job: ActionJob, env: JobEnv): Promise<JobResult | undefined> {
  const rootFile = job.rootFile;
  const textOf = (f: string) => (f === env.file ? env.text : env.readText(f));
  const rootText = textOf(rootFile);
  if (rootText === undefined) return undefined;
  const reader = async (f: string) => {
    if (f === env.file) return env.text;
    const own = env.options.readFile ? await env.options.readFile(f) : undefined;
    return own ?? env.readText(f);
  };
  // A fix-all asked for in a `$ref`'d fragment fixes that fragment only, from its root's lint.
  const inFile = (job: { rootFile: string; file: string }) => (p: LintProblem) => job.file === job.rootFile || p.source === job.file;
  const changed = (files: Map<string, string>): JobResult => {
    const out: JobResult['files'] = [];
    for (const [f, after] of files) {
      const before = textOf(f);
      if (before !== undefined)
        out.push([f, { text: before, edits: editsBetween(f, before, after).map(e => ({ offset: e.offset, length: e.length, newText: e.newText })) }]);
    }
    return { files: out };
  };
  const fixRoot = async (safeOnly: boolean, filter: (p: LintProblem) => boolean) =>
    changed((await fixFile(rootText, rootFile, { ruleset: env.options.ruleset, readFile: reader, refPolicy: env.options.refPolicy, safeOnly, filter })).files);
  switch (job.kind) {
    case 'fix': {
      const text = textOf(job.problem.source);
      if (text === undefined) return undefined;
      const fix = computeFix(text, job.problem, specOf(rootText, rootFile), { file: rootFile, text: rootText }, fixOptions(env.options.ruleset, rootFile));
      if (!fix) return undefined;
      const files: JobResult['files'] = [];
      for (const [f, g] of groupEdits(fix.edits)) {
        const t = textOf(f);
        if (t !== undefined) files.push([f, { text: t, edits: g.edits }]);
      }
      return { files };
    }
    case 'ignore': {
      const text = textOf(job.file);
      const edits = text !== undefined ? ignoreEdits(text, job.file, job.ruleId, job.path) : undefined;
      return text !== undefined && edits?.length ? { files: [[job.file, { text, edits }]] } : undefined;
    }
    case 'fixRule': {
      const only = inFile(job);
      return fixRoot(false, p => p.code === job.ruleId && only(p));
    }
    case 'fixAll':
      return fixRoot(true, inFile(job));
  }
}

/** A job run here, on the host's texts and lint options. */
async function runJobHere(job: ActionJob, uri: string, host: CodeActionHost): Promise<JobResult | undefined> {
  const doc = host.document(uri);
  if (!doc) return undefined;
  const options = await host.lintOptions(uri).catch(() => ({}) as LintOptions);
  return runActionJob(job, { file: path.resolve(fileOfUri(uri)), text: doc.getText(), readText: f => host.readText(f), options });
}

/** The action with its edit (codeAction/resolve). Without one when the document changed since, or the job found nothing to do. */
export async function resolveCodeAction(action: CodeAction, host: CodeActionHost, token?: CancellationToken): Promise<CodeAction> {
  const data = action.data as ActionData | undefined;
  if (!data?.apiconv) return action;
  const { data: _, ...rest } = action;
  const current = () => host.document(data.uri)?.version === data.version;
  if (!current()) return rest;
  let res: JobResult | undefined;
  try {
    res = await (host.runJob ? host.runJob(data.apiconv, data.uri, token) : runJobHere(data.apiconv, data.uri, host));
  } catch {
    return rest;
  }
  if (!res || token?.isCancellationRequested || !current()) return rest;
  const files = new Map(res.files.filter(([, f]) => f.edits.length > 0));
  return files.size > 0 ? { ...rest, edit: toWorkspaceEdit(files, host) } : rest;
}

function groupEdits(edits: readonly FileEdit[]): Map<string, { text?: string; edits: OffsetEdit[] }> {
  const m = new Map<string, { text?: string; edits: OffsetEdit[] }>();
  for (const e of edits) {
    const entry = m.get(e.file) ?? { edits: [] };
    entry.edits.push({ offset: e.offset, length: e.length, newText: e.newText });
    m.set(e.file, entry);
  }
  return m;
}

function toWorkspaceEdit(byFile: Map<string, { text?: string; edits: OffsetEdit[] }>, host: CodeActionHost): WorkspaceEdit {
  const changes: Record<string, TextEdit[]> = {};
  for (const [file, { text, edits }] of byFile) {
    const t = text ?? host.readText(file);
    if (t === undefined) continue;
    const lines = new LineIndex(t);
    changes[host.uriOf(file)] = edits.map(e => ({ range: lines.range(e.offset, e.offset + e.length), newText: e.newText }));
  }
  return { changes };
}

// ---------------------------------------------------------------------------

/** `extra`: what the server adds to the host (resolve support, the last parse and lint, a worker for the edits). */
export function registerCodeActions(ctx: FeatureContext, extra: Partial<CodeActionHost> = {}): void {
  const host: CodeActionHost = {
    ...extra,
    document: uri => ctx.documents.get(uri),
    readText: file => {
      const open = ctx.documents.all().find(d => fileOfUri(d.uri) === file);
      if (open) return open.getText();
      try {
        return readRefFile(file, OPEN_REF_POLICY);
      } catch {
        return undefined;
      }
    },
    uriOf: file => ctx.documents.all().find(d => fileOfUri(d.uri) === file)?.uri ?? URI.file(file).toString(),
    lintOptions: uri => ctx.lintOptions(uri),
    ruleDocsMode: () => ctx.ruleDocsMode?.() ?? 'client',
  };
  for (const k of ['document', 'readText', 'uriOf', 'lintOptions'] as const) if (extra[k]) (host as unknown as Record<string, unknown>)[k] = extra[k];
  ctx.connection.onCodeAction((params, token) => computeCodeActions(params, host, token));
  ctx.connection.onCodeActionResolve(async (action, token) => {
    const r = await resolveCodeAction(action, host, token);
    if (token.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
    return r;
  });
}
