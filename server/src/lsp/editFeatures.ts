/**
 * Completion and code actions: what they are given of the server (the latest lint of a document, the options a
 * lint of it uses, the parse and findings known here), and the action worker that computes code actions' edits.
 */
import type { CancellationToken, ClientCapabilities, Connection } from 'vscode-languageserver/node';
import { getDefaultRuleset, type LintOptions, type RulesetCache } from '../engine';
import type { ActionPool, ActionTask } from './actionPool';
import { CancelledError } from '../workers/pool';
import { registerCodeActions, type ActionJob, type JobResult } from './codeActions';
import { registerCompletion, type FeatureContext } from './completion';
import type { DiagnosticStore } from './diagnosticStore';
import { diffCodeActions, withDiffCodeActions } from './diffDiagnostics';
import { SERVER_LIMIT_SETTINGS } from './lintWorker';
import { logSafe } from './log';
import type { OpenDocuments } from './openDocuments';
import { MORE_ACTIONS_COMMAND } from './protocol';
import { ruleDocsMode } from './ruleDocsCommand';
import type { LintScheduler } from './scheduler';
import { maxBytesOf, type ServerSettings } from './settings';
import { treeData } from './positionTree';

/** Entries the VS Code light bulb shows at one place; the others are under "More apiconv actions…" (codeActions.ts). */
const LIGHT_BULB_MAX = 6;

export interface EditFeaturesDeps {
  connection: Connection;
  docs: OpenDocuments;
  settings: ServerSettings;
  store: DiagnosticStore;
  scheduler: LintScheduler;
  actions: () => ActionPool;
  /** Rulesets for completion and code actions, in this thread: as data only, never the repository's JavaScript. */
  mainRulesets: RulesetCache;
  clientCapabilities(): ClientCapabilities;
  /** The client is the VS Code extension: it has its own commands. */
  extensionClient(): boolean;
}

export function registerEditFeatures(d: EditFeaturesDeps): void {
  const { connection, docs, store } = d;
  const docsMode = () => ruleDocsMode(d.extensionClient(), d.clientCapabilities());
  const ctx: FeatureContext = {
    connection,
    documents: docs.documents,
    lint: uri => d.scheduler.lintFor(docs.fileOf(uri), docs.documents.get(uri)?.version),
    lintOptions: uri => lintOptions(d, uri),
    clientCapabilities: d.clientCapabilities,
    ruleDocsMode: docsMode,
  };
  registerCompletion(ctx);
  registerCodeActions(
    { ...ctx, connection: withDiffCodeActions(connection, p => diffCodeActions(p, docs.documents, f => docs.readText(f), docsMode())) },
    {
      // The light bulb from what is known (no parse, no lint); the edits on resolve, in the action worker.
      canResolve: () => !!d.clientCapabilities().textDocument?.codeAction?.resolveSupport?.properties?.includes('edit'),
      data: file => {
        const tree = docs.nav.parsed(file)?.tree;
        return tree ? treeData(tree) : undefined;
      },
      findings: file => store.diagnosticsOf(file),
      readText: file => docs.readText(file),
      runJob: (job, uri, token) => runActionJob(d, job, uri, token),
      moreActions: () => (d.extensionClient() ? { command: MORE_ACTIONS_COMMAND, max: LIGHT_BULB_MAX } : undefined),
    },
  );
}

/** For completion/code actions: the options a lint of `uri` uses, in the main thread. */
async function lintOptions({ docs, settings, scheduler, mainRulesets }: EditFeaturesDeps, uri: string): Promise<LintOptions> {
  const file = docs.fileOf(uri);
  const s = await settings.forUri(uri);
  const rsFile = scheduler.rulesetFileOf(file, settings.explicitRuleset(file, s));
  // The main thread never runs custom functions: a ruleset that reaches JavaScript is linted in the worker
  // only; here (quick fixes, completion) the built-in rules stand in for it.
  const ruleset = await mainRulesets.get(rsFile).catch(() => getDefaultRuleset());
  const { texts } = docs.overlays('');
  return {
    ruleset,
    allowRemoteRefs: s.allowRemoteRefs,
    readFile: f => texts[f],
    limits: { maxBytes: maxBytesOf(s), sizeHint: SERVER_LIMIT_SETTINGS.size },
    refPolicy: settings.refPolicy,
  };
}

/** A code action's edit, computed in the action worker on the document's current text. */
async function runActionJob(d: EditFeaturesDeps, job: ActionJob, uri: string, token?: CancellationToken): Promise<JobResult | undefined> {
  const { docs, settings } = d;
  const doc = docs.documents.get(uri);
  if (!doc) return undefined;
  const file = docs.fileOf(uri);
  const s = await settings.forUri(uri);
  const task: ActionTask = {
    job,
    file,
    text: doc.getText(),
    rulesetFile: settings.explicitRuleset(file, s),
    trusted: settings.trusted(s),
    allowRemoteRefs: s.allowRemoteRefs,
    overlays: docs.overlays(file).texts,
    configEpoch: d.scheduler.configEpoch,
    configRoot: settings.folderOf(file),
    refRoots: settings.refRoots(s),
    maxBytes: maxBytesOf(s),
  };
  const actions = d.actions();
  actions.functionBudgetMs = s.functionBudgetMs;
  return actions.run(task, token).catch(e => {
    if (!(e instanceof CancelledError)) logSafe(d.connection, `code action failed: ${e instanceof Error ? e.message : String(e)}`);
    return undefined;
  });
}
