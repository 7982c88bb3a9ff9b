/**
 * The apiconv language server's protocol additions (custom requests and
 * notifications) and its settings. Declared once here: the server and the
 * VS Code client both import this module.
 *
 * The message types are built with the top-level `vscode-languageserver-protocol`
 * (the client's copy); the server, whose `vscode-languageserver` carries its own
 * copy of vscode-jsonrpc, registers and sends them by `.method`.
 *
 * The server advertises `executeCommandProvider` (`apiconv.lintWorkspace`) only
 * when the client does not send `initializationOptions.workspaceTrusted`: the
 * VS Code extension (which does) registers that command itself.
 */
import { NotificationType, RequestType } from 'vscode-languageserver-protocol';
import type { DiagnosticsFirst } from './diagnosticCap';

/** The `apiconv` settings section (`workspace/configuration`, `workspace/didChangeConfiguration`). */
export interface Settings {
  /** Lint OpenAPI documents at all. */
  enable: boolean;
  /** Lint while typing, or only when the document is opened or saved. */
  run: 'onType' | 'onSave';
  /** Wait after the last edit before linting (run = onType). */
  debounceMs: number;
  /** A ruleset file for every document (relative: to the workspace folder); empty = discovery as in the CLI. */
  rulesetFile: string;
  /** Fetch http(s) `$ref`s. */
  allowRemoteRefs: boolean;
  /** Read `$ref`'d files outside the workspace folders (off: refused as `invalid-ref`). */
  allowRefsOutsideWorkspace: boolean;
  /** Globs (relative to a workspace folder) of the files `apiconv/lintWorkspace` lints. */
  validateFiles: string[];
  trace: { server: 'off' | 'messages' | 'verbose' };
  /** `apiconv.diff.base`: report breaking changes against this git revision ('' = off). */
  diff: { base: string };
  /** `apiconv.since`: show the findings on what did not change since this git revision as hints ('' = off). */
  since: string;
  /**
   * `apiconv.codeLens.maxPerFile`: a document with more components than this gets one lens that says so, not a
   * reference count on each (VS Code lays every lens out again at each keystroke).
   */
  codeLens: { maxPerFile: number };
  /**
   * Whether the workspace is trusted: a ruleset that reaches JavaScript (a JS ruleset, a package, custom
   * functions) is loaded only when true; otherwise rulesets are loaded as data only. Also accepted as
   * initializationOption (`workspaceTrusted` or `trusted`). A client that says nothing is NOT trusted (the
   * VS Code extension always says; for other editors see the README, Workspace trust).
   */
  workspaceTrusted?: boolean;
  /** Milliseconds a custom function may run per document (and a JS ruleset take to load) before it is stopped. */
  functionBudgetMs: number;
  /**
   * For a client that shows at most so many diagnostics per file (initializationOptions.maxDiagnosticsPerFile):
   * which ones it is sent first, errors first ('severity') or from the top of the file ('position').
   */
  diagnosticsFirst: DiagnosticsFirst;
  /**
   * The largest document linted and `$ref`'d file read, in MB (the CLI's --max-file-size; the same default,
   * DEFAULT_LIMITS in engine/limits.ts). A bigger document gets one message and is not linted.
   */
  maxFileSize: number;
}

export const DEFAULT_SETTINGS: Settings = {
  enable: true,
  run: 'onType',
  debounceMs: 0,
  rulesetFile: '',
  allowRemoteRefs: false,
  allowRefsOutsideWorkspace: false,
  validateFiles: ['**/*.{yaml,yml,json}'],
  trace: { server: 'off' },
  functionBudgetMs: 5000,
  diagnosticsFirst: 'severity',
  maxFileSize: 16,
  diff: { base: '' },
  since: '',
  codeLens: { maxPerFile: 300 },
};

/** `initialize` params' `initializationOptions` the server understands (all optional). */
export interface InitializationOptions {
  workspaceTrusted?: boolean;
  /** Alias of workspaceTrusted, for editors configured by hand. */
  trusted?: boolean;
  /** Initial settings for clients without `workspace/configuration`. */
  settings?: Partial<Settings>;
  /** 'apiconv-vscode' from the VS Code extension, whose own commands (apiconv.showRuleDocs) the server may name. */
  client?: string;
  /** The client shows at most this many diagnostics per file (VS Code: 1,000): it is sent no more (diagnosticCap.ts). */
  maxDiagnosticsPerFile?: number;
}

export type StatusState = 'ok' | 'warn' | 'error' | 'disabled' | 'skipped';

/** `apiconv/status`: sent after each lint of an open document (and when linting is off or skipped). */
export interface StatusParams {
  uri: string;
  /** ok: linted with the configured ruleset; warn: linted, with a caveat (message); error: the ruleset is broken (the last good one, or the built-in rules, was used). */
  state: StatusState;
  /** The document version the status is about. */
  version?: number;
  /** The ruleset asked for (the setting, or the one found above the document): a file path or `apiconv:recommended`. */
  ruleset?: string;
  /** The rules that ran, when they are not `ruleset`'s (it was refused or is broken): `apiconv:recommended`, or the file's last good version. */
  loaded?: string;
  /** `ruleset` was not loaded because the workspace is not trusted (restricted mode) and it reaches JavaScript. */
  restricted?: boolean;
  /**
   * The findings in the document, and how many of them the client is sent when that is fewer: a client that shows at
   * most so many per file (VS Code: 1,000; initializationOptions.maxDiagnosticsPerFile) gets the first ones in the
   * order of `diagnosticsFirst`.
   */
  problems?: number;
  shown?: number;
  /** Why the state is warn/error/skipped (also the ruleset's error, first line). */
  message?: string;
  /** The full ruleset error, when the ruleset file could not be loaded. */
  rulesetError?: string;
  /** Milliseconds the lint took. */
  validationTime?: number;
  /** Lints the server has started for this document so far (one per version, plus those of ruleset or setting changes). */
  lintRuns?: number;
  /** When the lint finished (ms since epoch). */
  lintedAt?: number;
  /**
   * How much an incremental relint re-did (open documents are linted incrementally): units (path items,
   * components, top-level keys) whose rules ran again, and those whose results were kept; `fullParse` when
   * the whole text had to be parsed again (e.g. broken YAML); `conventionsReused` when nothing the apiconv
   * conventions read had changed (their last findings were kept); `textKept` when the lint worker kept the text
   * and was sent the edits (lintTexts.ts); `problemsSent` how many findings the worker's reply carried whole (the
   * others as unchanged since the last reply: problemsDelta.ts). Absent for full lints.
   */
  incremental?: { unitsRun: number; unitsReused: number; fullParse: boolean; conventionsReused?: boolean; textKept?: boolean; problemsSent?: number };
  /** Where the lint ran: 'main' (a small document, linted in the server's main thread) or 'worker'. */
  thread?: 'main' | 'worker';
  /** The document's score (0–100) and grade (A–F), as `apiconv score` gives them: the status item shows the grade. */
  score?: { value: number; grade: string };
}

export const StatusNotification = new NotificationType<StatusParams>('apiconv/status');

/** The client's workspace trust changed (VS Code: onDidGrantWorkspaceTrust). */
export interface WorkspaceTrustParams {
  workspaceTrusted: boolean;
}
export const WorkspaceTrustNotification = new NotificationType<WorkspaceTrustParams>('apiconv/workspaceTrust');

export interface LintWorkspaceParams {
  /** Lint only these workspace folder URIs (default: all). */
  folders?: string[];
}

export interface LintWorkspaceResult {
  /** OpenAPI documents linted. */
  files: number;
  /** Findings published (in all files, including `$ref`'d ones). */
  problems: number;
  /** Files that could not be linted (read errors), with the reason. */
  errors: { uri: string; message: string }[];
  /** Milliseconds taken. */
  timeMs: number;
}

/** `apiconv/lintWorkspace`: lint every OpenAPI file in the workspace folders and publish the results. */
export const LintWorkspaceRequest = new RequestType<LintWorkspaceParams, LintWorkspaceResult, void>('apiconv/lintWorkspace');

/** The same, as a `workspace/executeCommand` command. */
export const LINT_WORKSPACE_COMMAND = 'apiconv.lintWorkspace';

/**
 * The VS Code extension's command behind "More apiconv actions…": its argument is the light bulb's other code
 * actions (as the server sent them, unresolved), which it lists in a quick pick and applies the one picked.
 */
export const MORE_ACTIONS_COMMAND = 'apiconv.moreActions';

/** The `data` of every apiconv diagnostic (for code actions). */
export interface DiagnosticData {
  ruleId: string;
  /** The document version the diagnostic was computed for. */
  version: number;
  /** JSON path of the finding. */
  path: (string | number)[];
  /** Whether the rule has an automatic fix for this finding. */
  fixable: boolean;
  /**
   * The document whose lint found it (an absolute path), when the diagnostic is in another file: a `$ref`'d
   * fragment. Its fixes and fix-alls are computed from that root, as `apiconv lint --fix` does.
   */
  root?: string;
}

export interface InferConventionsParams {
  /** The OpenAPI document whose conventions to adopt (open in the editor, or on disk). */
  uri: string;
}

export interface InferConventionsResult {
  /** The config the proposal is for: the one that applies to the document (findConfig), else a new `.apiconv.yaml`. */
  uri: string;
  /** Its text today; absent when there is none. */
  current?: string;
  /** The `.apiconv.yaml` of the document's conventions, as `apiconv init --infer` writes it. */
  proposed: string;
  /** The rules it sets (an option or off): what the editor says before asking. */
  rules: string[];
}

/**
 * `apiconv/inferConventions`: the conventions a document follows as a proposed `.apiconv.yaml`, with the config it
 * would replace. The server writes nothing: the client shows the difference and writes it when the user accepts.
 */
export const InferConventionsRequest = new RequestType<InferConventionsParams, InferConventionsResult, void>('apiconv/inferConventions');
