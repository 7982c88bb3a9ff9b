/**
 * The server's settings and workspace trust, in one place: the workspace folders, the client's settings (from
 * `initialize`, `didChangeConfiguration`, or asked per document with `workspace/configuration`), whether the
 * workspace is trusted (its one answer from three inputs), and what follows from them: the ruleset a document names,
 * where `$ref`'d files may be read, the size limit.
 */
import * as path from 'node:path';
import type { Connection, InitializeParams, WorkspaceFolder } from 'vscode-languageserver/node';
import { URI } from 'vscode-uri';
import { BUILTIN_RULESETS, refPolicyOf } from '../engine';
import { DIAGNOSTICS_FIRST } from './diagnosticCap';
import { SERVER_LIMIT_SETTINGS } from './lintWorker';
import { DEFAULT_SETTINGS, type InitializationOptions, type Settings } from './protocol';

export class ServerSettings {
  /** The workspace folders, as absolute paths. */
  folders: string[] = [];
  private configCapability = false;
  private global: Settings = { ...DEFAULT_SETTINGS };
  private readonly cache = new Map<string, Promise<Settings>>();
  /** Trust as the client said at initialize; a client that says nothing is not trusted (README: Workspace trust). */
  private initTrusted = false;
  /** Trust as the client said since (apiconv/workspaceTrust): it wins over the others. */
  private trustOverride: boolean | undefined;
  /** How this thread reads `$ref`'d files for hover, definition and the outline (the lints' own: per task). */
  refPolicy = refPolicyOf({});

  constructor(private readonly connection: Connection) {}

  initialize(p: InitializeParams, fileOf: (uri: string) => string): void {
    const opts = (p.initializationOptions ?? {}) as InitializationOptions;
    this.initTrusted = (opts.workspaceTrusted ?? opts.trusted) === true;
    if (opts.settings && typeof opts.settings === 'object') this.global = sanitize(opts.settings);
    const folders: WorkspaceFolder[] = p.workspaceFolders ?? [];
    this.folders = folders.map(f => fileOf(f.uri));
    if (this.folders.length === 0 && p.rootUri) this.folders = [fileOf(p.rootUri)];
    else if (this.folders.length === 0 && p.rootPath) this.folders = [path.resolve(p.rootPath)];
    this.configCapability = !!p.capabilities?.workspace?.configuration;
    this.setRefPolicy();
  }

  /** The settings the client has given for all documents. */
  get globalSettings(): Settings {
    return this.global;
  }

  /** The settings of the document `uri` (its folder's, when the client answers `workspace/configuration`). */
  async forUri(uri: string): Promise<Settings> {
    if (!this.configCapability) return this.global;
    let s = this.cache.get(uri);
    if (!s) {
      s = this.connection.workspace
        .getConfiguration({ scopeUri: uri, section: 'apiconv' })
        .then(v => sanitize(v && typeof v === 'object' ? v : {}, this.global))
        .catch(() => this.global);
      this.cache.set(uri, s);
    }
    return s;
  }

  /** The folder's settings (the workspace lint's). */
  forFolder(folder: string): Promise<Settings> {
    return this.forUri(URI.file(folder).toString());
  }

  /** `workspace/didChangeConfiguration`: its `apiconv` section, if it sends one, replaces the global settings. */
  changed(settings: unknown): void {
    this.cache.clear();
    const section = (settings as { apiconv?: unknown } | null)?.apiconv;
    if (section && typeof section === 'object') this.global = sanitize(section as Partial<Settings>);
    this.setRefPolicy();
  }

  /** The client's word on trust since initialize (apiconv/workspaceTrust). */
  setTrusted(trusted: boolean): void {
    this.trustOverride = trusted;
  }

  trusted(s: Settings): boolean {
    if (this.trustOverride !== undefined) return this.trustOverride;
    if (typeof s.workspaceTrusted === 'boolean') return s.workspaceTrusted;
    return this.initTrusted;
  }

  /** The workspace folder `file` is in (the innermost one). */
  folderOf(file: string): string | undefined {
    let best: string | undefined;
    for (const f of this.folders) if ((file === f || file.startsWith(f + path.sep)) && (!best || f.length > best.length)) best = f;
    return best;
  }

  /** The ruleset the settings name for `file` (apiconv.rulesetFile, relative to its folder), if any. */
  explicitRuleset(file: string, s: Settings): string | undefined {
    const r = s.rulesetFile.trim();
    if (!r) return undefined;
    if (r in BUILTIN_RULESETS) return r;
    if (path.isAbsolute(r)) return r;
    return path.resolve(this.folderOf(file) ?? this.folders[0] ?? path.dirname(file), r);
  }

  /** Where `$ref`'d files may be read: the workspace folders, unless a setting allows more (or there is none). */
  refRoots(s: Settings): string[] | undefined {
    return s.allowRefsOutsideWorkspace || this.folders.length === 0 ? undefined : this.folders;
  }

  private setRefPolicy(): void {
    this.refPolicy = refPolicyOf({ roots: this.refRoots(this.global), maxBytes: maxBytesOf(this.global), widenHint: SERVER_LIMIT_SETTINGS.refsOutside });
  }
}

/** Settings from any client, with defaults and types enforced. */
export function sanitize(v: Partial<Settings> & Record<string, unknown>, base: Settings = DEFAULT_SETTINGS): Settings {
  const out: Settings = { ...base, trace: { ...base.trace }, diff: { ...base.diff }, codeLens: { ...base.codeLens } };
  if (typeof v.enable === 'boolean') out.enable = v.enable;
  if (v.run === 'onType' || v.run === 'onSave') out.run = v.run;
  if (typeof v.debounceMs === 'number' && Number.isFinite(v.debounceMs)) out.debounceMs = Math.max(0, Math.min(10000, v.debounceMs));
  if (typeof v.rulesetFile === 'string') out.rulesetFile = v.rulesetFile;
  if (typeof v.since === 'string') out.since = v.since;
  if (typeof v.allowRemoteRefs === 'boolean') out.allowRemoteRefs = v.allowRemoteRefs;
  if (typeof v.allowRefsOutsideWorkspace === 'boolean') out.allowRefsOutsideWorkspace = v.allowRefsOutsideWorkspace;
  if (Array.isArray(v.validateFiles)) out.validateFiles = v.validateFiles.filter((g): g is string => typeof g === 'string');
  if (typeof v.functionBudgetMs === 'number' && Number.isFinite(v.functionBudgetMs))
    out.functionBudgetMs = Math.max(100, Math.min(600_000, v.functionBudgetMs));
  if (typeof v.diagnosticsFirst === 'string' && (DIAGNOSTICS_FIRST as readonly string[]).includes(v.diagnosticsFirst))
    out.diagnosticsFirst = v.diagnosticsFirst;
  if (typeof v.maxFileSize === 'number' && Number.isFinite(v.maxFileSize) && v.maxFileSize > 0) out.maxFileSize = Math.min(4096, v.maxFileSize);
  if (typeof v.workspaceTrusted === 'boolean') out.workspaceTrusted = v.workspaceTrusted;
  else if (typeof (v as { trusted?: unknown }).trusted === 'boolean') out.workspaceTrusted = (v as { trusted: boolean }).trusted;
  const trace = (v as { trace?: { server?: unknown } }).trace;
  if (trace && typeof trace === 'object' && (trace.server === 'off' || trace.server === 'messages' || trace.server === 'verbose'))
    out.trace = { server: trace.server };
  const diff = (v as { diff?: { base?: unknown } }).diff;
  if (diff && typeof diff === 'object' && typeof diff.base === 'string') out.diff = { base: diff.base };
  const lens = (v as { codeLens?: { maxPerFile?: unknown } }).codeLens;
  if (lens && typeof lens === 'object' && typeof lens.maxPerFile === 'number' && Number.isFinite(lens.maxPerFile))
    out.codeLens = { maxPerFile: Math.max(0, Math.floor(lens.maxPerFile)) };
  return out;
}

/** The size limit in bytes (apiconv.maxFileSize, in MB). */
export function maxBytesOf(s: Settings): number {
  return Math.round(s.maxFileSize * 1024 * 1024);
}
