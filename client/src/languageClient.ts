/**
 * The language client: how the bundled server is started, which documents it
 * sees, when diagnostics are pulled, and the workspace-trust flag it is given.
 */
import * as vscode from 'vscode';
import {
  DiagnosticCollectionSource,
  DiagnosticPullMode,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from 'vscode-languageclient/node';
import type { InitializationOptions } from '../../server/src/lsp/protocol';
import { DiagnosticsGate } from './diagnosticsGate';
import { SharedRequests } from './sharedRequests';
import { serverEnvironment } from './serverProcess';
import { StagedDiagnostics } from './stagedDiagnostics';

type SymbolsAnswer = vscode.SymbolInformation[] | vscode.DocumentSymbol[] | null | undefined;

/**
 * VS Code shows at most this many diagnostics of a file (its extension host drops the others): the server sends no
 * more than that, in the order of `apiconv.diagnosticsFirst`, and the status item says how many there are.
 */
export const VSCODE_MAX_DIAGNOSTICS_PER_FILE = 1000;

/** YAML and JSON, saved (`file`) or not (`untitled`). */
export const documentSelector = [
  { scheme: 'file', language: 'yaml' },
  { scheme: 'untitled', language: 'yaml' },
  { scheme: 'file', language: 'json' },
  { scheme: 'untitled', language: 'json' },
];

/** Ruleset files whose change should make the server re-lint. */
const RULESET_GLOB = '**/{.apiconv,.spectral}.{yaml,yml,json,js,mjs,cjs}';

export function createLanguageClient(context: vscode.ExtensionContext, outputChannel: vscode.LogOutputChannel): LanguageClient {
  const serverModule = context.asAbsolutePath('server/out/server.js');
  // APICONV_SERVER_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it exits (where its time goes in a
  // real editor; the extension host passes its environment on, so set it where code-server or VS Code starts).
  // The client starts the `debug` server when the extension host runs under an inspector: a profile wanted of all three
  // processes at once (extension host, server, renderer) is then taken of the server as it runs for users.
  const profileDir = process.env.APICONV_SERVER_CPU_PROF;
  const env = serverEnvironment(process.env);
  const run = {
    module: serverModule,
    transport: TransportKind.stdio,
    options: { env, ...(profileDir ? { execArgv: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}) },
  } as const;
  const serverOptions: ServerOptions = {
    run,
    debug: profileDir ? run : { module: serverModule, transport: TransportKind.stdio, options: { env, execArgv: ['--nolazy', '--inspect=6019'] } },
  };

  const symbols = new SharedRequests<SymbolsAnswer, vscode.CancellationToken>(() => new vscode.CancellationTokenSource());
  const diagnosticsFirst = new DiagnosticsGate();
  const runsOnType = (document: vscode.TextDocument) => vscode.workspace.getConfiguration('apiconv', document).get<string>('run', 'onType') === 'onType';
  const clientOptions: LanguageClientOptions = {
    documentSelector,
    outputChannel,
    // Read at every (re)start; a grant while running goes through the apiconv/workspaceTrust notification.
    initializationOptions: (): InitializationOptions => ({
      workspaceTrusted: vscode.workspace.isTrusted,
      client: 'apiconv-vscode',
      maxDiagnosticsPerFile: VSCODE_MAX_DIAGNOSTICS_PER_FILE,
    }),
    // The pulled diagnostics' collection has the server's identifier, `apiconv`: the pushed ones (closed `$ref`'d
    // files, configs) need another name, or VS Code logs that a collection named apiconv already exists.
    diagnosticCollectionName: 'apiconv-pushed',
    // A just-opened document's pulled diagnostics are shown in two steps (stagedDiagnostics.ts).
    diagnosticCollectionProvider: {
      create: (name, source) => {
        const collection = vscode.languages.createDiagnosticCollection(name);
        return source === DiagnosticCollectionSource.pull ? new StagedDiagnostics(collection) : collection;
      },
      dispose: collection => collection.dispose(),
    },
    synchronize: {
      configurationSection: 'apiconv',
      fileEvents: vscode.workspace.createFileSystemWatcher(RULESET_GLOB),
    },
    diagnosticPullOptions: {
      onChange: true,
      onSave: true,
      // `apiconv.run`: lint while typing (onType) or only when the file is saved (onSave).
      filter: (document, mode) => {
        const run = vscode.workspace.getConfiguration('apiconv', document).get<string>('run', 'onType');
        if (mode === DiagnosticPullMode.onType && run !== 'onType') return true;
        if (mode === DiagnosticPullMode.onSave && run !== 'onSave') return true;
        return false;
      },
    },
    middleware: {
      provideDocumentSymbols: (document, token, next) =>
        diagnosticsFirst.after(document.uri.toString(), token, false, () =>
          symbols.run(`${document.uri.toString()}@${document.version}`, token, shared => next(document, shared)),
        ),
      provideFoldingRanges: (document, context, token, next) =>
        diagnosticsFirst.after(document.uri.toString(), token, false, () => next(document, context, token)),
      didOpen: (document, next) => {
        diagnosticsFirst.expect(document.uri.toString(), 'open');
        return next(document);
      },
      // While typing, each edit is pulled: its lenses wait for that (diagnosticsGate.ts).
      didChange: (event, next) => {
        if (event.contentChanges.length > 0 && runsOnType(event.document)) diagnosticsFirst.expect(event.document.uri.toString(), 'edit');
        return next(event);
      },
      didClose: (document, next) => {
        diagnosticsFirst.received(document.uri.toString());
        return next(document);
      },
      provideDiagnostics: async (document, previousResultId, token, next) => {
        try {
          return await next(document, previousResultId, token);
        } finally {
          // A failed pull releases what waits too; a cancelled one is asked again for the newer version, whose answer does.
          if (!token.isCancellationRequested) diagnosticsFirst.received((document instanceof vscode.Uri ? document : document.uri).toString());
        }
      },
      provideCodeLenses: (document, token, next) => diagnosticsFirst.after(document.uri.toString(), token, true, () => next(document, token)),
      workspace: {
        // Every settings answer carries the trust flag, so the server never has to remember it.
        configuration: async (params, token, next) => {
          const result = await next(params, token);
          if (!Array.isArray(result)) return result;
          return result.map((value, i) =>
            params.items[i]?.section === 'apiconv' && value && typeof value === 'object' && !Array.isArray(value)
              ? { ...value, workspaceTrusted: vscode.workspace.isTrusted }
              : value,
          );
        },
      },
    },
  };

  return new LanguageClient('apiconv', 'apiconv', serverOptions, clientOptions);
}
