/**
 * The language server's state and its LSP wiring.
 *
 * - Every open document is a lint "root" when its content is OpenAPI. Edits are
 *   debounced; the in-flight lint of a stale version is cancelled (its worker
 *   terminated) and results are applied only for the latest version.
 * - Findings are stored per (file, producer): a root's lint contributes to its
 *   own file and to every `$ref`'d file it has findings in; a broken ruleset
 *   contributes one diagnostic to the ruleset file. A file's diagnostics are the
 *   union of its producers'.
 * - Clients with pull diagnostics get open documents' diagnostics by pull (no
 *   push for them); everything else is pushed.
 */
import { statusScore } from './statusScore';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  CodeActionKind,
  DiagnosticSeverity,
  FileChangeType,
  LSPErrorCodes,
  ProposedFeatures,
  ResponseError,
  TextDocumentSyncKind,
  TextDocuments,
  createConnection,
  DidChangeWatchedFilesNotification,
  type CancellationToken,
  type ClientCapabilities,
  type Connection,
  type Diagnostic,
  type InitializeParams,
  type InitializeResult,
  type WorkspaceFolder,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';
import picomatch from 'picomatch';
import {
  BUILTIN_RULESETS,
  CONFIG_FILES,
  ConfigDiscovery,
  findConfig,
  rulesetFileFor,
  getDefaultRuleset,
  type LintOptions,
  type LintResult,
  looksLikeOpenApi,
  readRefFile,
  refPolicyOf,
  RulesetCache,
} from '../engine';
import { COMPLETION_TRIGGER_CHARACTERS, registerCompletion, type FeatureContext } from './completion';
import { CODE_ACTION_KINDS, registerCodeActions, type ActionJob, type JobResult } from './codeActions';
import { ActionCancelledError, ActionPool, type ActionTask } from './actionPool';
import { treeData } from './tree';
import { DiffDiagnostics, diffCodeActions, withDiffCodeActions } from './diffDiagnostics';
import { SERVER_SHOW_RULE_DOCS_COMMAND, ruleDocsMode, showRuleDocs } from './ruleDocsCommand';
import { version as SERVER_VERSION } from '../../../package.json';
import { mergeDiagnostics, rulesetErrorPosition, toDiagnostic } from './diagnostics';
import { DIAGNOSTICS_FIRST, firstDiagnostics, maxPerFileOf, type DiagnosticsFirst } from './diagnosticCap';
import { relintDelay } from './relintDelay';
import { CancelledError, LintPool, type LintHandle } from './lintPool';
import { consoleToStderr, BatchingMessageWriter } from './transport';
import { IdleCollector } from './memory';
import { configDiagnostics, isSchemaConfig } from './configDiagnostics';
import { SERVER_LIMIT_SETTINGS, type LintReply, type ServerLintTask } from './lintWorker';
import { definition, documentSymbols, hover, makeParsed, updateParsed, type NavHost, type Parsed } from './navigation';
import { REF_CAPABILITIES, registerRefFeatures } from './refFeatures';
import type { WorkspaceRefs } from './refsWorkspace';
import {
  DEFAULT_SETTINGS,
  LINT_WORKSPACE_COMMAND,
  LintWorkspaceRequest,
  MORE_ACTIONS_COMMAND,
  StatusNotification,
  WorkspaceTrustNotification,
  type InitializationOptions,
  type LintWorkspaceParams,
  type LintWorkspaceResult,
  type Settings,
  type StatusParams,
  type WorkspaceTrustParams,
} from './protocol';


const RULESET_PRODUCER = '\0ruleset';
/** The config schema's diagnostics of an open config file (configDiagnostics.ts). */
const CONFIG_PRODUCER = '\0config-schema';
/** How long requests wait at most for an opened document's lint to start (Session.afterPosting). */
const POSTING_WAIT_MS = 2000;
/** Inline linting (Session.lintsInline): documents up to this size… */
const INLINE_MAX_CHARS = 64 * 1024;
/** …whose last lint took at most this long (ms) start to be linted inline, */
const INLINE_START_MS = 8;
/** and stay inline while their lints take at most this long. */
const INLINE_KEEP_MS = 25;
/** A document this long (characters) is parsed for the outline and hovers at once after its lint… */
const PREPARE_AT_ONCE_CHARS = 256 * 1024;
/** …a longer one once it has had no edit for this long (ms; Session.apply). */
const PREPARE_AFTER_MS = 1500;
/** Entries the VS Code light bulb shows at one place; the others are under "More apiconv actions…" (codeActions.ts). */
const LIGHT_BULB_MAX = 6;
const SKIP_DIRS = new Set(['node_modules', '.git', '.hg', '.svn']);
const CONFIG_NAMES = new Set<string>(CONFIG_FILES);

interface Root {
  file: string;
  /** Open in the editor (else: linted by lintWorkspace, read from disk). */
  open: boolean;
  workspace: boolean;
  /** The pending lint: a timer (debounce) or, without debounce, an immediate. */
  timer?: NodeJS.Timeout | NodeJS.Immediate;
  handle?: LintHandle;
  gen: number;
  /** The last applied lint. */
  result?: { version: number; reply: LintReply };
  /** The version the editor opened the document at (didOpen lints it). */
  openedVersion?: number;
  /** Lints started for this document (runLint), for the status. */
  lintRuns: number;
  /** Files this root's last lint read (its dependencies), absolute. */
  files: string[];
  /** Files this root contributed diagnostics to. */
  contributed: Set<string>;
  /** The last lint ran in the main thread (see Session.lintsInline). */
  inline?: boolean;
  /** The size limit of its last lint (apiconv.maxFileSize), in bytes: the outline and hovers keep to it too. */
  maxBytes?: number;
  /** The main thread has linted this document (it has its incremental state): relints may run there. */
  primed?: boolean;
  /** How long its first lint and its last relint (one that reused units of an earlier lint) took, in ms: the debounce follows them (relintDelay.ts). */
  firstLintMs?: number;
  relintMs?: number;
  /** Its settings' apiconv.diagnosticsFirst, for what is pushed to a client with a cap per file (diagnosticCap.ts). */
  diagnosticsFirst?: DiagnosticsFirst;
  waiters: { version: number; resolve(): void; reject(e: unknown): void }[];
}

export function startServer(): void {
  const connection = process.argv.includes('--stdio') ? stdioConnection() : createConnection(ProposedFeatures.all);
  process.on('uncaughtException', e => logSafe(connection, `uncaught exception: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`));
  process.on('unhandledRejection', e => logSafe(connection, `unhandled rejection: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`));
  new Session(connection).listen();
}

/** The `--stdio` connection's writer (what it has written is out: drained). */
let stdioWriter: BatchingMessageWriter | undefined;

/**
 * The `--stdio` connection, with a writer that sends the messages of one task in one write (transport.ts). Given as
 * the input stream, stdin still ends the process when the client closes it, as vscode-languageserver does.
 * vscode-jsonrpc takes a stream or a reader/writer for either side (createMessageConnection); the typings
 * only offer two streams or two objects.
 */
function stdioConnection(): Connection {
  consoleToStderr();
  const writer = (stdioWriter = new BatchingMessageWriter(process.stdout));
  return createConnection(ProposedFeatures.all, process.stdin, writer as unknown as NodeJS.WritableStream);
}

function logSafe(connection: Connection, msg: string): void {
  try {
    connection.console.error(`apiconv: ${msg}`);
  } catch {
    process.stderr.write(`apiconv: ${msg}\n`);
  }
}

export class Session {
  readonly documents = new TextDocuments(TextDocument);
  private capabilities: ClientCapabilities = {};
  private folders: string[] = [];
  private pull = false;
  private refreshSupport = false;
  private configCapability = false;
  /** Trust as the client said at initialize; a client that says nothing is not trusted (README: Workspace trust). */
  private initTrusted = false;
  /** The VS Code extension (it says so: initializationOptions.client): it has its own commands, e.g. apiconv.showRuleDocs. */
  private extensionClient = false;
  /** The most diagnostics per file the client shows (initializationOptions.maxDiagnosticsPerFile): it is sent no more. */
  private maxPerFile: number | undefined;
  private trustOverride: boolean | undefined;
  private globalSettings: Settings = { ...DEFAULT_SETTINGS };
  private settingsCache = new Map<string, Promise<Settings>>();
  private readonly roots = new Map<string, Root>();
  /** file → producer (root file or RULESET_PRODUCER+file) → diagnostics */
  private readonly contributions = new Map<string, Map<string, Diagnostic[]>>();
  /** Files for which a non-empty push was sent. */
  private readonly pushed = new Set<string>();
  private readonly openUris = new Map<string, string>();
  private readonly parsedCache = new Map<string, Parsed>();
  private pool!: LintPool;
  /** The workspace's reference index (refsWorkspace.ts), for references, rename, lenses, links and symbols. */
  private refs!: WorkspaceRefs;
  /** Computes code actions' edits off this thread (actionPool.ts). */
  private actions!: ActionPool;
  /** Bumped when ruleset files may have changed (LintTask.configEpoch). */
  private configEpoch = 0;
  /** Rulesets for completion and code actions, in this thread: as data only, never the repository's JavaScript. */
  private mainRulesets = new RulesetCache({ dataOnly: true });
  /** Breaking changes against `apiconv.diff.base` (diffDiagnostics.ts). */
  private readonly diffs = new DiffDiagnostics({
    settings: async uri => {
      const s = await this.settingsFor(uri);
      // git runs only in a trusted workspace (a repository's config can make git run commands).
      return { base: s.diff.base, allowRemoteRefs: s.allowRemoteRefs, restricted: !this.trusted(s) };
    },
    openDocument: file => this.openDoc(file),
    refPolicy: () => this.refPolicy,
    setDiagnostics: (file, producer, list) => {
      if (list) this.contribution(file).set(producer, list);
      else this.contributions.get(file)?.delete(producer);
      this.publish(file);
      if (this.pull && this.refreshSupport && this.openUris.has(file)) this.refreshPull();
    },
  });

  constructor(private readonly connection: Connection) {}

  listen(): void {
    const c = this.connection;
    c.onInitialize(p => this.initialize(p));
    c.onInitialized(() => this.initialized());
    c.onShutdown(() => {
      this.pool?.dispose();
      this.actions?.dispose();
      this.memory.dispose();
    });

    this.documents.onDidOpen(e => this.guard(() => this.didOpen(e.document)));
    this.documents.onDidChangeContent(e => this.guard(() => this.didChange(e.document)));
    this.documents.onDidClose(e => this.guard(() => this.didClose(e.document)));
    this.documents.onDidSave(e => this.guard(() => this.didSave(e.document)));

    c.onDidChangeConfiguration(p => this.guard(() => this.configurationChanged(p.settings)));
    c.onDidChangeWatchedFiles(p => this.guard(() => this.watchedFilesChanged(p.changes.map(ch => ({ file: this.fileOf(ch.uri), type: ch.type })))));
    c.onNotification(WorkspaceTrustNotification.method, (p: WorkspaceTrustParams) => this.guard(() => {
      this.trustOverride = p?.workspaceTrusted !== false;
      this.relintOpen();
    }));

    c.languages.diagnostics.on((p, token) => this.pullDiagnostics(p.textDocument.uri, token));
    // What parses a document in this thread (a second for a 4 MB one) first lets an opened document's lint start (afterPosting).
    c.onHover(p => this.afterPosting(this.fileOf(p.textDocument.uri)).then(() => this.safe(() => hover(this.nav, this.fileOf(p.textDocument.uri), p.position, this.diagnosticsOf(this.fileOf(p.textDocument.uri)), this.extensionClient))));
    c.onDefinition(p => this.afterPosting(this.fileOf(p.textDocument.uri)).then(() => this.safe(() => definition(this.nav, this.fileOf(p.textDocument.uri), p.position))));
    c.onDocumentSymbol(p =>
      this.afterPosting(this.fileOf(p.textDocument.uri)).then(() =>
        this.safe(() => {
          const parsed = this.nav.parsed(this.fileOf(p.textDocument.uri));
          return parsed && looksLikeOpenApi(parsed.text) ? documentSymbols(parsed) : [];
        }),
      ),
    );
    this.refs = registerRefFeatures(c, {
      host: {
        folders: () => this.folders,
        openFiles: () => this.openUris.keys(),
        lintedFiles: () => [...this.roots.values()].filter(r => r.workspace).map(r => r.file),
        parsedOpen: file => this.nav.parsed(file),
        readDisk: file => this.readText(file),
        uriOf: file => this.uriOf(file),
      },
      nav: this.nav,
      fileOf: uri => this.fileOf(uri),
      ready: file => this.afterPosting(file),
      showReferencesCommand: () => (this.extensionClient ? 'apiconv.showReferences' : undefined),
    });
    c.onRequest(LintWorkspaceRequest.method, (p: LintWorkspaceParams | undefined, token: CancellationToken) => this.lintWorkspace(p ?? {}, token));
    c.onExecuteCommand((p, token) =>
      p.command === LINT_WORKSPACE_COMMAND ? this.lintWorkspace({}, token) : p.command === SERVER_SHOW_RULE_DOCS_COMMAND ? showRuleDocs(c, p.arguments?.[0]) : undefined,
    );

    const ctx: FeatureContext = {
      connection: c,
      documents: this.documents,
      lint: uri => this.lintFor(uri),
      lintOptions: uri => this.lintOptions(uri),
      clientCapabilities: () => this.capabilities,
      ruleDocsMode: () => ruleDocsMode(this.extensionClient, this.capabilities),
    };
    registerCompletion(ctx);
    registerCodeActions({ ...ctx, connection: withDiffCodeActions(c, p => diffCodeActions(p, this.documents, f => this.readText(f), ruleDocsMode(this.extensionClient, this.capabilities))) }, {
      // The light bulb from what is known (no parse, no lint); the edits on resolve, in the action worker.
      canResolve: () => !!this.capabilities.textDocument?.codeAction?.resolveSupport?.properties?.includes('edit'),
      data: file => {
        const tree = this.nav.parsed(file)?.tree;
        return tree ? treeData(tree) : undefined;
      },
      findings: file => this.diagnosticsOf(file),
      readText: file => this.readText(file),
      runJob: (job, uri, token) => this.runActionJob(job, uri, token),
      moreActions: () => (this.extensionClient ? { command: MORE_ACTIONS_COMMAND, max: LIGHT_BULB_MAX } : undefined),
    });

    this.documents.listen(c);
    c.listen();
  }

  // -------------------------------------------------------------------------
  // lifecycle

  private initialize(p: InitializeParams): InitializeResult {
    this.capabilities = p.capabilities ?? {};
    const opts = (p.initializationOptions ?? {}) as InitializationOptions;
    const trusted = opts.workspaceTrusted ?? opts.trusted;
    this.initTrusted = trusted === true;
    if (opts.settings && typeof opts.settings === 'object') this.globalSettings = sanitize(opts.settings);
    const folders: WorkspaceFolder[] = p.workspaceFolders ?? [];
    this.folders = folders.map(f => this.fileOf(f.uri));
    if (this.folders.length === 0 && p.rootUri) this.folders = [this.fileOf(p.rootUri)];
    else if (this.folders.length === 0 && p.rootPath) this.folders = [path.resolve(p.rootPath)];
    this.setMainRefPolicy();
    this.pull = !!this.capabilities.textDocument?.diagnostic;
    this.refreshSupport = !!this.capabilities.workspace?.diagnostics?.refreshSupport;
    this.configCapability = !!this.capabilities.workspace?.configuration;

    // The workers run the bundle this code is in (server.bundle.js, which server.js launches); none when the sources
    // run (tests through tsx): the work is then done in this thread.
    const script = /\.js$/.test(__filename) ? __filename : undefined;
    this.pool = new LintPool(script, m => logSafe(this.connection, m));
    this.actions = new ActionPool(script, m => logSafe(this.connection, m));

    const result: InitializeResult = {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        definitionProvider: true,
        documentSymbolProvider: true,
        ...REF_CAPABILITIES,
        completionProvider: { triggerCharacters: COMPLETION_TRIGGER_CHARACTERS },
        codeActionProvider: { codeActionKinds: CODE_ACTION_KINDS.length ? CODE_ACTION_KINDS : [CodeActionKind.QuickFix], resolveProvider: true },
      },
      serverInfo: { name: 'apiconv', version: '0.1.0' },
    };
    if (this.pull) result.capabilities.diagnosticProvider = { identifier: 'apiconv', interFileDependencies: true, workspaceDiagnostics: false };
    // The VS Code extension (it sends `workspaceTrusted`) has its own `apiconv.lintWorkspace` command:
    // advertising the same id would make vscode-languageclient register it twice.
    this.extensionClient = opts.client === 'apiconv-vscode';
    this.maxPerFile = maxPerFileOf(opts.maxDiagnosticsPerFile);
    if (opts.workspaceTrusted === undefined) {
      const docs = ruleDocsMode(false, this.capabilities) === 'server' ? [SERVER_SHOW_RULE_DOCS_COMMAND] : [];
      result.capabilities.executeCommandProvider = { commands: [LINT_WORKSPACE_COMMAND, ...docs] };
    }
    return result;
  }

  private initialized(): void {
    // The first line of the editor's output channel: which server, on which Node, is running.
    this.connection.console.info(`apiconv language server ${SERVER_VERSION} started (Node ${process.version}, pid ${process.pid})`);
    if (this.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration) {
      void this.connection.client
        .register(DidChangeWatchedFilesNotification.type, {
          watchers: [{ globPattern: '**/*.{yaml,yml,json}' }, { globPattern: '**/.spectral.{js,mjs,cjs}' }],
        })
        .catch(() => undefined);
    }
  }

  private guard(fn: () => unknown): void {
    try {
      const r = fn();
      if (r instanceof Promise) r.catch(e => logSafe(this.connection, `${e instanceof Error ? (e.stack ?? e.message) : String(e)}`));
    } catch (e) {
      logSafe(this.connection, `${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    }
  }

  private safe<T>(fn: () => T): T | null {
    try {
      return fn() ?? null;
    } catch (e) {
      logSafe(this.connection, `${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return null;
    }
  }

  // -------------------------------------------------------------------------
  // files and URIs

  fileOf(uri: string): string {
    try {
      const u = URI.parse(uri);
      if (u.scheme === 'file') return path.resolve(u.fsPath);
      const base = this.folders[0] ?? process.cwd();
      return path.join(base, `${u.scheme}-${path.basename(u.path) || 'document'}`);
    } catch {
      return uri;
    }
  }

  uriOf(file: string): string {
    return this.openUris.get(file) ?? URI.file(file).toString();
  }

  private openDoc(file: string): TextDocument | undefined {
    const uri = this.openUris.get(file);
    return uri ? this.documents.get(uri) : undefined;
  }

  /** Where `$ref`'d files may be read (issue 16): the workspace folders, unless a setting allows more (or there is none). */
  private refRoots(settings: Settings): string[] | undefined {
    return settings.allowRefsOutsideWorkspace || this.folders.length === 0 ? undefined : this.folders;
  }

  /** How this thread reads `$ref`'d files for hover, definition and the outline (the lints' own: per task). */
  private refPolicy = refPolicyOf({});

  private setMainRefPolicy(): void {
    this.refPolicy = refPolicyOf({ roots: this.refRoots(this.globalSettings), maxBytes: maxBytesOf(this.globalSettings), widenHint: SERVER_LIMIT_SETTINGS.refsOutside });
  }

  private readText(file: string): string | undefined {
    const doc = this.openDoc(file);
    if (doc) return doc.getText();
    try {
      // Hover, definition, code actions: regular files of bounded size inside the workspace only (refFiles.ts),
      // under the session's policy whatever a lint in this thread set last.
      return readRefFile(file, this.refPolicy);
    } catch {
      return undefined;
    }
  }

  readonly nav: NavHost = {
    parsed: file => {
      const text = this.readText(file);
      if (text === undefined) return undefined;
      // A document over the size limit is not linted (one message): nor parsed here for the outline and hovers.
      const max = this.roots.get(file)?.maxBytes ?? maxBytesOf(this.globalSettings);
      if (text.length * 3 > max && Buffer.byteLength(text, 'utf8') > max) return undefined;
      const hit = this.parsedCache.get(file);
      if (hit && hit.text === text) return hit;
      // After an edit (typing), the last tree is patched where it can be: one entry parsed again, not the document.
      // The open document's positions (kept up to date by each edit) rather than a new TextDocument's.
      const open = this.openDoc(file);
      const doc = open && open.getText() === text ? open : undefined;
      const parsed = hit ? updateParsed(hit, text, doc) : makeParsed(file, text, undefined, doc);
      this.parsedCache.set(file, parsed);
      if (this.parsedCache.size > 64) this.parsedCache.delete(this.parsedCache.keys().next().value!);
      return parsed;
    },
    uriOf: file => this.uriOf(file),
  };

  // -------------------------------------------------------------------------
  // settings

  private async settingsFor(uri: string): Promise<Settings> {
    if (!this.configCapability) return this.globalSettings;
    let s = this.settingsCache.get(uri);
    if (!s) {
      s = this.connection.workspace
        .getConfiguration({ scopeUri: uri, section: 'apiconv' })
        .then(v => sanitize(v && typeof v === 'object' ? v : {}, this.globalSettings))
        .catch(() => this.globalSettings);
      this.settingsCache.set(uri, s);
    }
    return s;
  }

  private configurationChanged(settings: unknown): void {
    this.settingsCache.clear();
    this.diffs.reset();
    const section = (settings as { apiconv?: unknown } | null)?.apiconv;
    if (section && typeof section === 'object') this.globalSettings = sanitize(section as Partial<Settings>);
    this.setMainRefPolicy();
    this.mainRulesets.clear();
    this.relintOpen();
  }

  private trusted(s: Settings): boolean {
    if (this.trustOverride !== undefined) return this.trustOverride;
    if (typeof s.workspaceTrusted === 'boolean') return s.workspaceTrusted;
    return this.initTrusted;
  }

  private folderOf(file: string): string | undefined {
    let best: string | undefined;
    for (const f of this.folders) if ((file === f || file.startsWith(f + path.sep)) && (!best || f.length > best.length)) best = f;
    return best;
  }

  private explicitRuleset(file: string, s: Settings): string | undefined {
    const r = s.rulesetFile.trim();
    if (!r) return undefined;
    if (r in BUILTIN_RULESETS) return r;
    if (path.isAbsolute(r)) return r;
    return path.resolve(this.folderOf(file) ?? this.folders[0] ?? path.dirname(file), r);
  }

  private overlays(except: string): { texts: Record<string, string>; versions: Map<string, number> } {
    const texts: Record<string, string> = {};
    const versions = new Map<string, number>();
    for (const doc of this.documents.all()) {
      const f = this.fileOf(doc.uri);
      versions.set(f, doc.version);
      if (f !== except) texts[f] = doc.getText();
    }
    return { texts, versions };
  }

  /** For completion/code actions: the options a lint of `uri` uses, in the main thread. */
  private async lintOptions(uri: string): Promise<LintOptions> {
    const file = this.fileOf(uri);
    const s = await this.settingsFor(uri);
    const rsFile = rulesetFileFor(file, this.explicitRuleset(file, s), f => findConfig(f, this.folderOf(f)));
    // The main thread never runs custom functions: a ruleset that reaches JavaScript is linted in the worker
    // only; here (quick fixes, completion) the built-in rules stand in for it.
    const ruleset = await this.mainRulesets.get(rsFile).catch(() => getDefaultRuleset());
    const { texts } = this.overlays('');
    return { ruleset, allowRemoteRefs: s.allowRemoteRefs, readFile: f => texts[f], limits: { maxBytes: maxBytesOf(s), sizeHint: SERVER_LIMIT_SETTINGS.size }, refPolicy: this.refPolicy };
  }

  /** A code action's edit, computed in the action worker on the document's current text. */
  private async runActionJob(job: ActionJob, uri: string, token?: CancellationToken): Promise<JobResult | undefined> {
    const doc = this.documents.get(uri);
    if (!doc) return undefined;
    const file = this.fileOf(uri);
    const s = await this.settingsFor(uri);
    const task: ActionTask = {
      job,
      file,
      text: doc.getText(),
      rulesetFile: this.explicitRuleset(file, s),
      trusted: this.trusted(s),
      allowRemoteRefs: s.allowRemoteRefs,
      overlays: this.overlays(file).texts,
      configEpoch: this.configEpoch,
      configRoot: this.folderOf(file),
      refRoots: this.refRoots(s),
      maxBytes: maxBytesOf(s),
    };
    this.actions.functionBudgetMs = s.functionBudgetMs;
    return this.actions.run(task, token).catch(e => {
      if (!(e instanceof ActionCancelledError)) logSafe(this.connection, `code action failed: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    });
  }

  // -------------------------------------------------------------------------
  // document events

  private didOpen(doc: TextDocument): void {
    const file = this.fileOf(doc.uri);
    this.openUris.set(file, doc.uri);
    this.startPosting(file);
    const root = this.rootFor(file);
    root.open = true;
    root.openedVersion = doc.version;
    if (this.pull && this.pushed.has(file)) this.push(file, []); // pull takes over
    this.schedule(root, 0);
    this.relintDependents(file, 0);
  }

  /**
   * Opened documents whose first lint is not in the pool's hands yet (it waits for the client's settings): what would
   * hold this thread for long (parsing a big document for the outline, hover…) waits until it is, so that the
   * settings' answer is read and the lint starts at once (issue 12: the outline's parse of stripe, a second, came
   * first and the diagnostics a second later).
   */
  private readonly posting = new Map<string, { promise: Promise<void>; resolve(): void }>();

  private startPosting(file: string): void {
    if (this.posting.has(file)) return;
    let resolve!: () => void;
    const promise = new Promise<void>(r => (resolve = r));
    this.posting.set(file, { promise, resolve });
  }

  private donePosting(file: string): void {
    const p = this.posting.get(file);
    if (!p) return;
    this.posting.delete(file);
    p.resolve();
  }

  /** Resolves once the opened `file`'s (any, without `file`) first lint has started, or after POSTING_WAIT_MS at most. */
  private afterPosting(file?: string): Promise<void> {
    const waits = file === undefined ? [...this.posting.values()] : this.posting.has(file) ? [this.posting.get(file)!] : [];
    if (waits.length === 0) return Promise.resolve();
    let timer: NodeJS.Timeout | undefined;
    const cap = new Promise<void>(r => (timer = setTimeout(r, POSTING_WAIT_MS)));
    return Promise.race([Promise.all(waits.map(w => w.promise)).then(() => undefined), cap]).finally(() => clearTimeout(timer));
  }

  /** This thread's heap, collected in the pauses between edits (memory.ts): busy while a lint is scheduled or running. */
  private readonly memory = new IdleCollector({ busy: () => [...this.roots.values()].some(r => r.timer !== undefined || r.handle !== undefined) });

  private didChange(doc: TextDocument): void {
    this.memory.activity();
    const file = this.fileOf(doc.uri);
    const root = this.roots.get(file);
    if (!root) return; // onDidOpen fires first
    // The open event (TextDocuments reports an opened document as changed too): didOpen has scheduled its lint. Before,
    // it was scheduled again here, and that second lint cancelled the first one running in the worker, which was
    // stopped and replaced after KILL_AFTER_MS: opening stripe took 5.5 s instead of about 2.
    if ((root.result && root.result.version === doc.version) || root.openedVersion === doc.version) return;
    // The lint of the previous version is stale: stop it now.
    this.cancel(root);
    for (const w of root.waiters.splice(0)) if (w.version < doc.version) w.reject(new ResponseError(LSPErrorCodes.ServerCancelled, 'a newer version', { retriggerRequest: true }));
    void this.settingsFor(doc.uri).then(s => {
      if (s.run === 'onSave') return;
      this.schedule(root, relintDelay(s.debounceMs, root.relintMs, root.firstLintMs));
      this.relintDependents(file, s.debounceMs);
    });
  }

  private didSave(doc: TextDocument): void {
    const file = this.fileOf(doc.uri);
    if (CONFIG_NAMES.has(path.basename(file))) {
      this.relintOpen();
      return;
    }
    void this.settingsFor(doc.uri).then(s => {
      if (s.run !== 'onSave') return;
      const root = this.roots.get(file);
      if (root) this.schedule(root, 0);
      this.relintDependents(file, 0);
    });
  }

  private didClose(doc: TextDocument): void {
    const file = this.fileOf(doc.uri);
    this.contributions.get(file)?.delete(CONFIG_PRODUCER);
    this.openUris.delete(file);
    this.diffs.close(file);
    this.parsedCache.delete(file);
    this.donePosting(file);
    this.pool.forget(file);
    const root = this.roots.get(file);
    if (root) {
      root.open = false;
      this.cancel(root);
      for (const w of root.waiters.splice(0)) w.reject(new ResponseError(LSPErrorCodes.RequestCancelled, 'document closed'));
      if (!root.workspace) {
        this.dropContributions(root);
        this.roots.delete(file);
      }
    }
    // What others say about this file is now pushed (pull only covers open documents).
    if (this.pull && this.diagnosticsOf(file).length > 0) this.publish(file);
    else if (this.pull) this.push(file, []);
    // The buffer is gone: dependents read the disk again.
    this.relintDependents(file, 0);
  }

  private watchedFilesChanged(changes: { file: string; type: FileChangeType }[]): void {
    let all = false;
    for (const ch of changes) {
      this.refs.changed(ch.file);
      if (CONFIG_NAMES.has(path.basename(ch.file))) all = true;
      if (this.openUris.has(ch.file)) continue; // the buffer wins
      const root = this.roots.get(ch.file);
      if (root?.workspace && !root.open) {
        if (ch.type === FileChangeType.Deleted) this.dropRoot(root);
        else this.schedule(root, 0);
      }
      this.relintDependents(ch.file, 0);
    }
    if (all) this.relintOpen();
  }

  // -------------------------------------------------------------------------
  // linting

  private rootFor(file: string): Root {
    let r = this.roots.get(file);
    if (!r) this.roots.set(file, (r = { file, open: false, workspace: false, gen: 0, lintRuns: 0, files: [], contributed: new Set(), waiters: [] }));
    return r;
  }

  private relintOpen(): void {
    this.configEpoch++;
    this.mainRulesets.clear();
    for (const r of this.roots.values()) if (r.open) this.schedule(r, 0);
  }

  private relintDependents(file: string, delay: number): void {
    for (const r of this.roots.values()) if (r.file !== file && r.files.includes(file)) this.schedule(r, delay);
  }

  private cancel(root: Root): void {
    if (root.handle) {
      root.handle.cancel();
      root.handle = undefined;
    }
  }

  private schedule(root: Root, delay: number): void {
    clearTimer(root);
    const run = (): void => {
      root.timer = undefined;
      this.guard(() => this.runLint(root));
    };
    // No debounce: run as soon as the event loop is free (a 0 ms timer waits at least 1 ms).
    root.timer = delay <= 0 ? setImmediate(run) : setTimeout(run, delay);
  }

  private async runLint(root: Root): Promise<void> {
    try {
      await this.lintRoot(root);
    } finally {
      this.donePosting(root.file);
    }
  }

  private async lintRoot(root: Root): Promise<void> {
    root.lintRuns++;
    this.cancel(root);
    const gen = ++root.gen;
    const doc = this.openDoc(root.file);
    const uri = doc?.uri ?? this.uriOf(root.file);
    const version = doc?.version ?? 0;
    const settings = await this.settingsFor(uri);
    if (gen !== root.gen) return;
    root.maxBytes = maxBytesOf(settings);
    root.diagnosticsFirst = settings.diagnosticsFirst;
    const text = doc ? doc.getText() : this.readText(root.file);
    if (!settings.enable || text === undefined || !looksLikeOpenApi(text)) {
      if (doc && isSchemaConfig(root.file)) {
        if (settings.enable && text !== undefined) this.contribution(root.file).set(CONFIG_PRODUCER, configDiagnostics(text, root.file));
        else this.contributions.get(root.file)?.delete(CONFIG_PRODUCER);
      }
      this.dropContributions(root);
      root.files = [root.file];
      const hadFindings = root.result !== undefined && root.result.reply.result.problems.length > 0;
      root.result = { version, reply: { result: { problems: [], files: [root.file], skipped: 'not-openapi' }, ruleset: '', docs: {}, ms: 0 } };
      if (hadFindings && this.pull && this.refreshSupport) this.refreshPull();
      if (doc) this.status({ uri, version, state: settings.enable ? 'skipped' : 'disabled', message: settings.enable ? 'not an OpenAPI document (no top-level openapi/swagger key)' : undefined });
      this.resolveWaiters(root, version);
      if (!root.open && !root.workspace) this.roots.delete(root.file);
      return;
    }
    const { texts, versions } = this.overlays(root.file);
    const task: ServerLintTask = {
      file: root.file,
      text,
      rulesetFile: this.explicitRuleset(root.file, settings),
      trusted: this.trusted(settings),
      allowRemoteRefs: settings.allowRemoteRefs,
      refRoots: this.refRoots(settings),
      maxBytes: maxBytesOf(settings),
      overlays: texts,
      // Open documents are linted incrementally (their linter lives in the worker between edits).
      incremental: doc !== undefined,
      configEpoch: this.configEpoch,
      configRoot: this.folderOf(root.file),
    };
    this.pool.functionBudgetMs = settings.functionBudgetMs;
    const inline = this.lintsInline(root, task);
    root.inline = inline;
    // A small document is open: warm the main thread up for inline linting while the worker lints it.
    if (!inline && doc && text.length <= INLINE_MAX_CHARS) this.pool.warmUpInline();
    const handle = this.pool.run(task, inline);
    root.handle = handle;
    this.donePosting(root.file);
    let reply: LintReply;
    try {
      reply = await handle.promise;
    } catch (e) {
      if (e instanceof CancelledError) return;
      if (gen !== root.gen) return;
      root.handle = undefined;
      logSafe(this.connection, `lint of ${root.file} failed: ${e instanceof Error ? e.message : String(e)}`);
      if (doc) this.status({ uri, version, state: 'error', message: `the lint failed: ${e instanceof Error ? e.message : String(e)}` });
      this.resolveWaiters(root, version);
      return;
    }
    if (gen !== root.gen) return;
    root.handle = undefined;
    const current = this.openDoc(root.file);
    if (current && current.version !== version) return; // a newer version is on its way
    this.apply(root, version, reply, versions);
    // The next lint of this document will run in the main thread: lint this version there now, in an idle
    // moment, so that the next edit finds its incremental state (a full lint otherwise) — the result is the one
    // just applied.
    if (!inline && !root.primed && this.canInline(root, task)) {
      setImmediate(() => {
        if (!root.open || root.gen !== gen || root.handle || root.timer) return;
        this.pool.run(task, true).promise.then(
          () => (root.primed = true),
          () => undefined,
        );
      });
    }
  }

  /**
   * Lint this root in the main thread rather than in the worker? Only an open document that is small, whose
   * lints are known to be quick, under a built-in ruleset, once the main thread has warmed up and has linted
   * this document once in an idle moment (runLint primes it). Hysteresis: a root stays inline while its lints
   * take up to INLINE_KEEP_MS.
   * Not under a ruleset file: one with JavaScript functions could hang the server, and the worker keeps the
   * last good version of a ruleset file while it is broken (two threads would each have their own).
   */
  private lintsInline(root: Root, task: ServerLintTask): boolean {
    return root.primed === true && this.canInline(root, task);
  }

  private canInline(root: Root, task: ServerLintTask): boolean {
    const last = root.result?.reply;
    if (!root.open || task.text.length > INLINE_MAX_CHARS || !last || last.result.skipped) return false;
    if (last.ms > (root.inline ? INLINE_KEEP_MS : INLINE_START_MS)) return false;
    if (!this.pool.inlineReady || !(last.ruleset in BUILTIN_RULESETS)) return false;
    return rulesetFileFor(root.file, task.rulesetFile, f => this.discovery.find(f, this.configEpoch, task.configRoot)) in BUILTIN_RULESETS;
  }

  /** Ruleset discovery for the inline decision, cached per config epoch (as the worker does). */
  private readonly discovery = new ConfigDiscovery();

  private apply(root: Root, version: number, reply: LintReply, versions: Map<string, number>): void {
    // A relint of a version the client already has (settings, ruleset, trust or a referenced file
    // changed): a pull client must be told to pull again, no edit will make it.
    const sameVersion = root.result !== undefined && root.result.version === version;
    root.result = { version, reply };
    if (reply.incremental && reply.incremental.unitsReused > 0) root.relintMs = reply.ms;
    else root.firstLintMs ??= reply.ms;
    root.files = reply.result.files;
    const byFile = new Map<string, Diagnostic[]>();
    for (const p of reply.result.problems) {
      const v = p.source === root.file ? version : (versions.get(p.source) ?? -1);
      let list = byFile.get(p.source);
      if (!list) byFile.set(p.source, (list = []));
      list.push(toDiagnostic(p, v, reply.docs[p.code], root.file));
    }
    // The document itself first: its diagnostics are the first the client reads (a multi-file document has hundreds of files).
    const changed = new Set<string>([root.file, ...root.contributed, ...byFile.keys()]);
    for (const f of root.contributed) if (!byFile.has(f)) this.contributions.get(f)?.delete(root.file);
    for (const [f, list] of byFile) this.contribution(f).set(root.file, list);
    if (!byFile.has(root.file)) this.contribution(root.file).set(root.file, []);
    root.contributed = new Set([...byFile.keys(), root.file]);

    // The ruleset's own diagnostic: one, on the ruleset file, while it is broken.
    const rsFile = reply.ruleset && !(reply.ruleset in BUILTIN_RULESETS) ? reply.ruleset : undefined;
    if (rsFile) {
      const producer = RULESET_PRODUCER + rsFile;
      const had = this.contributions.get(rsFile)?.get(producer);
      if (reply.rulesetError) {
        const pos = rulesetErrorPosition(rsFile, reply.rulesetError.message);
        const d: Diagnostic = {
          range: { start: pos, end: { line: pos.line, character: pos.character + 1 } },
          severity: reply.rulesetRefused ? DiagnosticSeverity.Warning : DiagnosticSeverity.Error,
          source: 'apiconv',
          code: reply.rulesetRefused ? 'untrusted-ruleset' : 'invalid-ruleset',
          message: `${reply.rulesetError.message}${reply.note && !reply.rulesetRefused ? ` (${reply.note})` : ''}`,
        };
        if (!had || had[0]?.message !== d.message) {
          this.contribution(rsFile).set(producer, [d]);
          changed.add(rsFile);
        }
      } else if (had) {
        this.contributions.get(rsFile)?.delete(producer);
        changed.add(rsFile);
      }
    }
    for (const f of changed) this.publish(f, f === root.file ? version : undefined);
    if (this.pull && this.refreshSupport && (sameVersion || [...changed].some(f => f !== root.file && this.openUris.has(f)))) {
      this.refreshPull();
    }

    const doc = this.openDoc(root.file);
    if (doc) {
      const s: StatusParams = {
        uri: doc.uri,
        version,
        state: reply.rulesetError && !reply.rulesetRefused ? 'error' : reply.note ? 'warn' : 'ok',
        ruleset: reply.ruleset,
        ...(reply.loaded ? { loaded: reply.loaded } : {}),
        ...(reply.rulesetRefused ? { restricted: true } : {}),
        ...this.counts(root.file),
        message: reply.rulesetError?.message ?? reply.note,
        rulesetError: reply.rulesetError?.message,
        validationTime: reply.ms,
        lintedAt: Date.now(),
        ...(reply.incremental ? { incremental: reply.incremental } : {}),
        thread: root.inline ? 'main' : 'worker',
        lintRuns: root.lintRuns,
        ...statusScore(reply.result),
      };
      this.status(s);
    }
    this.resolveWaiters(root, version);
    if (doc) void this.diffs.update(root.file, doc.uri);
    // The outline's tree of a document just opened, once its diagnostics are out (parsed earlier, it took the CPU the
    // lint needed: a second for a 4 MB document; parsed before they are written out, it held them up, megabytes for
    // thousands of findings): the first outline request or hover then finds it (later ones patch it). A request
    // that comes first parses it then (afterPosting).
    // A big document's parse holds this thread for as long (a second for stripe): not while the user types, or the
    // first keystroke after opening waited for it. It is parsed once the document has had no edit for a moment
    // (and not at all when a request that needs it comes first, as VS Code's outline does at once).
    if (doc && !this.parsedCache.has(root.file)) {
      const prepare = () =>
        this.guard(() => {
          const current = this.openDoc(root.file);
          if (!current || current.version !== version || root.timer !== undefined || root.handle !== undefined || this.parsedCache.has(root.file)) return;
          this.nav.parsed(root.file);
        });
      const wait = doc.getText().length > PREPARE_AT_ONCE_CHARS ? PREPARE_AFTER_MS : 0;
      // After this task: the diagnostics (pushed, or the answer to a pull) are written by then, and waited for.
      setImmediate(() => void (stdioWriter?.drained() ?? Promise.resolve()).then(() => setTimeout(prepare, wait).unref()));
    }
    // Each edit leaves the old text and the JSON-RPC message behind (megabytes for a big document): keep
    // this thread's heap flat too, as the worker does, in the pause after the edits.
    setImmediate(() => this.memory.done());
  }

  private resolveWaiters(root: Root, version: number): void {
    const keep: Root['waiters'] = [];
    for (const w of root.waiters) (w.version <= version ? w.resolve() : keep.push(w));
    root.waiters = keep;
  }

  private contribution(file: string): Map<string, Diagnostic[]> {
    let m = this.contributions.get(file);
    if (!m) this.contributions.set(file, (m = new Map()));
    return m;
  }

  private dropContributions(root: Root): void {
    const files = new Set([...root.contributed, root.file]);
    for (const f of files) this.contributions.get(f)?.delete(root.file);
    root.contributed = new Set();
    for (const f of files) this.publish(f);
  }

  private dropRoot(root: Root): void {
    this.cancel(root);
    this.dropContributions(root);
    this.roots.delete(root.file);
  }

  /**
   * A file's diagnostics: its producers' lists merged. The merge is kept while the lists are the same (a producer's
   * list is replaced, never changed): publishing, the light bulb and hovers after an edit ask for it in turn, and
   * merging stripe's 4,000 findings cost 20 ms each time.
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

  /** The last merge per file (diagnosticsOf). */
  private readonly merged = new Map<string, { lists: Diagnostic[][]; out: Diagnostic[] }>();

  private publish(file: string, version?: number): void {
    if (this.pull && this.openUris.has(file)) return; // served by pull
    const diags = this.diagnosticsOf(file);
    if (diags.length === 0 && !this.pushed.has(file) && !this.openUris.has(file)) return;
    const first = this.roots.get(file)?.diagnosticsFirst ?? this.globalSettings.diagnosticsFirst;
    this.push(file, firstDiagnostics(diags, this.maxPerFile, first), version ?? this.openDoc(file)?.version);
  }

  /** The status's count of a file's findings, and how many the client is sent when that is fewer. */
  private counts(file: string): Pick<StatusParams, 'problems' | 'shown'> {
    const problems = this.diagnosticsOf(file).length;
    return this.maxPerFile !== undefined && problems > this.maxPerFile ? { problems, shown: this.maxPerFile } : { problems };
  }

  private refreshPull(): void {
    void this.connection.languages.diagnostics.refresh().catch(() => undefined);
  }

  private push(file: string, diagnostics: readonly Diagnostic[], version?: number): void {
    if (diagnostics.length > 0) this.pushed.add(file);
    else this.pushed.delete(file);
    void this.connection.sendDiagnostics({ uri: this.uriOf(file), version, diagnostics: diagnostics as Diagnostic[] }).catch(() => undefined);
  }

  private status(s: StatusParams): void {
    void this.connection.sendNotification(StatusNotification.method, s).catch(() => undefined);
  }

  /** Resolves when the lint of `version` (or a later one) has been applied. */
  private waitFor(root: Root, version: number, token?: CancellationToken): Promise<void> {
    if (root.result && root.result.version >= version) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const w = { version, resolve, reject };
      root.waiters.push(w);
      token?.onCancellationRequested(() => {
        root.waiters = root.waiters.filter(x => x !== w);
        reject(new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled'));
      });
    });
  }

  private async pullDiagnostics(uri: string, token: CancellationToken) {
    const file = this.fileOf(uri);
    const doc = this.documents.get(uri);
    const root = this.roots.get(file);
    if (doc && root) {
      const pending = !!root.timer || !!root.handle;
      if (pending || !root.result || root.result.version < doc.version) {
        const s = await this.settingsFor(uri);
        if (pending || s.run === 'onType' || !root.result) await this.waitFor(root, doc.version, token);
      }
    }
    const items = this.diagnosticsOf(file);
    if (this.maxPerFile === undefined || items.length <= this.maxPerFile) return { kind: 'full' as const, items };
    return { kind: 'full' as const, items: firstDiagnostics(items, this.maxPerFile, (await this.settingsFor(uri)).diagnosticsFirst) as Diagnostic[] };
  }

  private async lintFor(uri: string): Promise<{ version: number; result: LintResult } | undefined> {
    const root = this.roots.get(this.fileOf(uri));
    const doc = this.documents.get(uri);
    if (!root) return undefined;
    if (doc && (root.timer || root.handle)) {
      await Promise.race([this.waitFor(root, doc.version).catch(() => undefined), new Promise(r => setTimeout(r, 30000))]);
    }
    const r = root.result;
    if (!r || r.reply.result.skipped) return undefined;
    return { version: r.version, result: r.reply.result };
  }

  // -------------------------------------------------------------------------
  // workspace

  private async lintWorkspace(params: LintWorkspaceParams, token?: CancellationToken): Promise<LintWorkspaceResult> {
    const t0 = Date.now();
    const result: LintWorkspaceResult = { files: 0, problems: 0, errors: [], timeMs: 0 };
    const folders = params.folders?.length ? params.folders.map(u => this.fileOf(u)) : this.folders;
    const touched = new Set<string>();
    for (const folder of folders) {
      const s = await this.settingsFor(URI.file(folder).toString());
      if (!s.enable) continue;
      const match = picomatch(s.validateFiles.length ? s.validateFiles : DEFAULT_SETTINGS.validateFiles, { dot: true });
      for (const file of walk(folder)) {
        if (token?.isCancellationRequested) break;
        const rel = path.relative(folder, file).split(path.sep).join('/');
        if (!match(rel)) continue;
        const text = this.readText(file);
        if (text === undefined) {
          result.errors.push({ uri: this.uriOf(file), message: 'cannot read the file' });
          continue;
        }
        if (!looksLikeOpenApi(text)) continue;
        const root = this.rootFor(file);
        root.workspace = true;
        clearTimer(root);
        await this.runLint(root).catch(e => result.errors.push({ uri: this.uriOf(file), message: e instanceof Error ? e.message : String(e) }));
        if (root.result && !root.result.reply.result.skipped) {
          result.files++;
          for (const f of root.contributed) touched.add(f);
        }
      }
    }
    for (const f of touched) result.problems += this.diagnosticsOf(f).length;
    result.timeMs = Date.now() - t0;
    return result;
  }
}

function* walk(dir: string): Generator<string> {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) yield* walk(p);
    } else if (e.isFile() && /\.(ya?ml|json)$/i.test(e.name)) {
      yield p;
    }
  }
}

/** Settings from any client, with defaults and types enforced. */
export function sanitize(v: Partial<Settings> & Record<string, unknown>, base: Settings = DEFAULT_SETTINGS): Settings {
  const out: Settings = { ...base, trace: { ...base.trace }, diff: { ...base.diff } };
  if (typeof v.enable === 'boolean') out.enable = v.enable;
  if (v.run === 'onType' || v.run === 'onSave') out.run = v.run;
  if (typeof v.debounceMs === 'number' && Number.isFinite(v.debounceMs)) out.debounceMs = Math.max(0, Math.min(10000, v.debounceMs));
  if (typeof v.rulesetFile === 'string') out.rulesetFile = v.rulesetFile;
  if (typeof v.allowRemoteRefs === 'boolean') out.allowRemoteRefs = v.allowRemoteRefs;
  if (typeof v.allowRefsOutsideWorkspace === 'boolean') out.allowRefsOutsideWorkspace = v.allowRefsOutsideWorkspace;
  if (Array.isArray(v.validateFiles)) out.validateFiles = v.validateFiles.filter((g): g is string => typeof g === 'string');
  if (typeof v.functionBudgetMs === 'number' && Number.isFinite(v.functionBudgetMs)) out.functionBudgetMs = Math.max(100, Math.min(600_000, v.functionBudgetMs));
  if (typeof v.diagnosticsFirst === 'string' && (DIAGNOSTICS_FIRST as readonly string[]).includes(v.diagnosticsFirst)) out.diagnosticsFirst = v.diagnosticsFirst;
  if (typeof v.maxFileSize === 'number' && Number.isFinite(v.maxFileSize) && v.maxFileSize > 0) out.maxFileSize = Math.min(4096, v.maxFileSize);
  if (typeof v.workspaceTrusted === 'boolean') out.workspaceTrusted = v.workspaceTrusted;
  else if (typeof (v as { trusted?: unknown }).trusted === 'boolean') out.workspaceTrusted = (v as { trusted: boolean }).trusted;
  const trace = (v as { trace?: { server?: unknown } }).trace;
  if (trace && typeof trace === 'object' && (trace.server === 'off' || trace.server === 'messages' || trace.server === 'verbose')) out.trace = { server: trace.server };
  const diff = (v as { diff?: { base?: unknown } }).diff;
  if (diff && typeof diff === 'object' && typeof diff.base === 'string') out.diff = { base: diff.base };
  return out;
}

/** The size limit in bytes (apiconv.maxFileSize, in MB). */
function maxBytesOf(s: Settings): number {
  return Math.round(s.maxFileSize * 1024 * 1024);
}

function clearTimer(root: { timer?: NodeJS.Timeout | NodeJS.Immediate }): void {
  const t = root.timer;
  if (t === undefined) return;
  if ('hasRef' in t && typeof (t as NodeJS.Timeout).refresh === 'function') clearTimeout(t as NodeJS.Timeout);
  else clearImmediate(t as NodeJS.Immediate);
  root.timer = undefined;
}
