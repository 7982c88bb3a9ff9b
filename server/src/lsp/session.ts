/**
 * The language server's wiring: the connection, the capabilities it announces, and the registration of each
 * concern's handlers, each given the collaborators it works with:
 *
 * - settings.ts: the settings and workspace trust; openDocuments.ts: the open documents and files as read here;
 * - diagnosticStore.ts: findings per (file, producer), pushed or pulled (pullDiagnostics.ts);
 * - scheduler.ts: when and where each document is linted, and its results applied;
 * - documentEvents.ts: opens, edits, saves, closes, changes on disk, settings and trust changes;
 * - workspaceLint.ts: the workspace lint; navigationRequests.ts: hover, definition, the outline;
 *   refFeatures.ts: references, rename, code lenses, links, workspace symbols;
 *   editFeatures.ts: completion and code actions; diffDiagnostics.ts: breaking changes against a base revision.
 */
import {
  CodeActionKind,
  DidChangeWatchedFilesNotification,
  ProposedFeatures,
  TextDocumentSyncKind,
  createConnection,
  type CancellationToken,
  type ClientCapabilities,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { RulesetCache } from '../engine';
import { version as SERVER_VERSION } from '../../../package.json';
import { ActionPool } from './actionPool';
import { registerAdoptConventions } from './adoptConventions';
import { CODE_ACTION_KINDS } from './codeActions';
import { COMPLETION_TRIGGER_CHARACTERS } from './completion';
import { maxPerFileOf } from './diagnosticCap';
import { DiagnosticStore } from './diagnosticStore';
import { DiffDiagnostics } from './diffDiagnostics';
import { registerDocumentEvents } from './documentEvents';
import { registerEditFeatures } from './editFeatures';
import { logSafe, messageOf } from './log';
import { registerNavigation } from './navigationRequests';
import { OpenDocuments } from './openDocuments';
import { relintsBeforeParse } from './parseAfterLint';
import { LINT_WORKSPACE_COMMAND, LintWorkspaceRequest, type InitializationOptions, type LintWorkspaceParams } from './protocol';
import { registerPullDiagnostics } from './pullDiagnostics';
import { refCapabilities, registerRefFeatures } from './refFeatures';
import { RefsScanner } from './refsScanner';
import { SERVER_SHOW_RULE_DOCS_COMMAND, ruleDocsMode, showRuleDocs } from './ruleDocsCommand';
import { LintScheduler } from './scheduler';
import { ServerSettings } from './settings';
import { consoleToStderr, BatchingMessageWriter } from './transport';
import { lintWorkspace } from './workspaceLint';

export function startServer(): void {
  const connection = process.argv.includes('--stdio') ? stdioConnection() : createConnection(ProposedFeatures.all);
  process.on('uncaughtException', e => logSafe(connection, `uncaught exception: ${messageOf(e)}`));
  process.on('unhandledRejection', e => logSafe(connection, `unhandled rejection: ${messageOf(e)}`));
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

export class Session {
  private capabilities: ClientCapabilities = {};
  /** The VS Code extension (it says so: initializationOptions.client): it has its own commands, e.g. apiconv.showRuleDocs. */
  private extensionClient = false;
  private readonly settings: ServerSettings;
  private readonly docs: OpenDocuments;
  private readonly store: DiagnosticStore;
  private readonly scheduler: LintScheduler;
  /** Rulesets for completion and code actions, in this thread: as data only, never the repository's JavaScript. */
  private readonly mainRulesets = new RulesetCache({ dataOnly: true });
  /** Breaking changes against `apiconv.diff.base` (diffDiagnostics.ts). */
  private readonly diffs: DiffDiagnostics;
  /** Computes code actions' edits off this thread (actionPool.ts). */
  private actions!: ActionPool;
  /** Parses the workspace's files for the reference index off this thread (refsScanner.ts). */
  private refsScanner!: RefsScanner;

  constructor(private readonly connection: Connection) {
    const settings = (this.settings = new ServerSettings(connection));
    const docs = (this.docs = new OpenDocuments(settings, file => this.scheduler.get(file)?.maxBytes));
    const store = (this.store = new DiagnosticStore(
      connection,
      docs,
      file => this.scheduler.get(file)?.diagnosticsFirst ?? settings.globalSettings.diagnosticsFirst,
    ));
    this.diffs = new DiffDiagnostics({
      settings: async uri => {
        const s = await settings.forUri(uri);
        // git runs only in a trusted workspace (a repository's config can make git run commands).
        return { base: s.diff.base, allowRemoteRefs: s.allowRemoteRefs, restricted: !settings.trusted(s) };
      },
      openDocument: file => docs.openDoc(file),
      refPolicy: () => settings.refPolicy,
      setDiagnostics: (file, producer, list) => {
        if (list) store.set(file, producer, list);
        else store.delete(file, producer);
        store.publish(file);
        if (store.refreshes && docs.isOpen(file)) store.refreshPull();
      },
    });
    this.scheduler = new LintScheduler({
      connection,
      docs,
      settings,
      store,
      diffs: this.diffs,
      mainRulesets: this.mainRulesets,
      drained: () => stdioWriter?.drained() ?? Promise.resolve(),
    });
  }

  listen(): void {
    const c = this.connection;
    c.onInitialize(p => this.initialize(p));
    c.onInitialized(() => this.initialized());
    c.onShutdown(() => {
      this.scheduler.dispose();
      this.actions?.dispose();
      this.refsScanner?.dispose();
    });

    const { docs, settings, store, scheduler, diffs } = this;
    const clientCapabilities = () => this.capabilities;
    const extensionClient = () => this.extensionClient;
    const refs = registerRefFeatures(c, {
      host: {
        folders: () => settings.folders,
        openFiles: () => docs.openFiles(),
        lintedFiles: () => [...scheduler.all()].filter(r => r.workspace).map(r => r.file),
        parsedOpen: file => docs.nav.parsed(file),
        readDisk: file => docs.readText(file),
        scan: (file, text) => this.refsScanner.scan(file, text),
        quiet: () => scheduler.quiet(),
        uriOf: file => docs.uriOf(file),
      },
      nav: docs.nav,
      fileOf: uri => docs.fileOf(uri),
      // The index reads every open document's tree (refsWorkspace.ts known): any of them may be parsed whole.
      ready: file => scheduler.afterPosting(file).then(() => relintsBeforeParse(scheduler, docs)),
      showReferencesCommand: () => (this.extensionClient ? 'apiconv.showReferences' : undefined),
      codeLensRefresh: () => this.capabilities.workspace?.codeLens?.refreshSupport === true,
      codeLensMax: uri => settings.forUri(uri).then(s => s.codeLens.maxPerFile),
    });
    registerDocumentEvents({ connection: c, docs, settings, store, scheduler, diffs, refs });
    registerPullDiagnostics({ connection: c, docs, settings, store, scheduler });
    const foldingLimit = () => this.capabilities.textDocument?.foldingRange?.rangeLimit;
    registerNavigation({ connection: c, docs, store, scheduler, extensionClient, foldingLimit });
    registerAdoptConventions({ connection: c, docs, settings });
    registerEditFeatures({
      connection: c,
      docs,
      settings,
      store,
      scheduler,
      actions: () => this.actions,
      mainRulesets: this.mainRulesets,
      clientCapabilities,
      extensionClient,
    });
    const lintAll = (p: LintWorkspaceParams, token?: CancellationToken) => lintWorkspace({ docs, settings, store, scheduler }, p, token);
    c.onRequest(LintWorkspaceRequest.method, (p: LintWorkspaceParams | undefined, token: CancellationToken) => lintAll(p ?? {}, token));
    c.onExecuteCommand((p, token) =>
      p.command === LINT_WORKSPACE_COMMAND ? lintAll({}, token) : p.command === SERVER_SHOW_RULE_DOCS_COMMAND ? showRuleDocs(c, p.arguments?.[0]) : undefined,
    );

    docs.documents.listen(c);
    c.listen();
  }

  private initialize(p: InitializeParams): InitializeResult {
    this.capabilities = p.capabilities ?? {};
    const opts = (p.initializationOptions ?? {}) as InitializationOptions;
    this.settings.initialize(p, uri => this.docs.fileOf(uri));
    this.store.initialize(this.capabilities, maxPerFileOf(opts.maxDiagnosticsPerFile));

    // The workers run the bundle this code is in (server.bundle.js, which server.js launches); none when the sources
    // run (tests through tsx): the work is then done in this thread.
    const script = /\.js$/.test(__filename) ? __filename : undefined;
    this.scheduler.start(script);
    this.actions = new ActionPool(script, m => logSafe(this.connection, m));
    this.refsScanner = new RefsScanner(script, m => logSafe(this.connection, m));
    this.extensionClient = opts.client === 'apiconv-vscode';

    const result: InitializeResult = {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        definitionProvider: true,
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        ...refCapabilities(this.extensionClient),
        completionProvider: { triggerCharacters: COMPLETION_TRIGGER_CHARACTERS },
        codeActionProvider: { codeActionKinds: CODE_ACTION_KINDS.length ? CODE_ACTION_KINDS : [CodeActionKind.QuickFix], resolveProvider: true },
      },
      serverInfo: { name: 'apiconv', version: SERVER_VERSION },
    };
    if (this.store.pull) result.capabilities.diagnosticProvider = { identifier: 'apiconv', interFileDependencies: true, workspaceDiagnostics: false };
    // The VS Code extension (it sends `workspaceTrusted`) has its own `apiconv.lintWorkspace` command:
    // advertising the same id would make vscode-languageclient register it twice.
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
}
