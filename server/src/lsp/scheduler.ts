/**
 * The lint scheduler. Every open document is a lint "root" when its content is OpenAPI (the workspace lint adds
 * the workspace's files). Results are applied only for the latest version.
 *
 * An edit is linted at once, with no wait (`apiconv.debounceMs` adds one, for those who want it), and the edits that
 * arrive while a lint of the document runs are coalesced: that lint is told, and ends at its next safe point, between
 * the engine's stages (its reply, of a stale version, is dropped; the next lint builds on the incremental state it
 * leaves, never thrown away), then the version current at that moment is linted, once. A wait after each keystroke was meant to save the lints of versions typed over; coalescing saves them
 * without one (one lint of a document runs at a time, and none is started for a version already typed over), and the
 * wait was most of the time from keystroke to diagnostics of a document that relints in tens of milliseconds. A small document whose lints are quick is linted in this thread (lintsInline); everything else
 * in the lint worker (lintPool.ts).
 */
import type { CancellationToken, Connection } from 'vscode-languageserver/node';
import { BUILTIN_RULESETS, ConfigDiscovery, looksLikeOpenApi, rulesetFileFor, type LintProblem, type LintResult, type RulesetCache } from '../engine';
import { configDiagnostics, isSchemaConfig } from './configDiagnostics';
import { FirstLints } from './firstLints';
import { CONFIG_PRODUCER, type DiagnosticStore } from './diagnosticStore';
import type { DiffDiagnostics } from './diffDiagnostics';
import { LintPool } from './lintPool';
import { clearTimer, newRoot, type Root } from './lintRoot';
import { CancelledError } from '../workers/pool';
import { storeReply } from './lintResults';
import type { LintReply, ServerLintTask } from './lintWorker';
import { guard, logSafe } from './log';
import { IdleCollector } from './memory';
import { BIG_PARSE_CHARS, type OpenDocuments } from './openDocuments';
import type { StatusParams } from './protocol';
import { maxBytesOf, type ServerSettings } from './settings';
import { SinceHints } from './sinceHints';
import { sendStatus } from './status';
import { statusScore } from './statusScore';

/** Inline linting (lintsInline): documents up to this size… */
const INLINE_MAX_CHARS = 64 * 1024;
/** …whose last lint took at most this long (ms) start to be linted inline, */
const INLINE_START_MS = 8;
/** and stay inline while their lints take at most this long. */
const INLINE_KEEP_MS = 25;
/** A big document (BIG_PARSE_CHARS) is parsed for the outline and hovers once it has had no edit for this long (ms; apply); a smaller one at once after its lint. */
const PREPARE_AFTER_MS = 1500;
/**
 * Work in the background (quiet) waits for this long after the last edit and the last lint of an open document:
 * longer than the gaps between a typist's keystrokes, and than the one between a lint's diagnostics and the next key.
 */
const QUIET_MS = 500;

export interface SchedulerDeps {
  connection: Connection;
  docs: OpenDocuments;
  settings: ServerSettings;
  store: DiagnosticStore;
  diffs: DiffDiagnostics;
  /** The rulesets of completion and code actions in this thread: stale when ruleset files may have changed. */
  mainRulesets: RulesetCache;
  /** Resolves when what the connection has written is out (the diagnostics just sent). */
  drained(): Promise<void>;
}

export class LintScheduler {
  private readonly roots = new Map<string, Root>();
  private pool!: LintPool;
  /** Bumped when ruleset files may have changed (LintTask.configEpoch). */
  configEpoch = 0;
  /** Ruleset discovery in this thread, cached per config epoch (as the worker does). */
  private readonly discovery = new ConfigDiscovery();
  /** Findings on what did not change since `apiconv.since`, as hints. */
  private readonly since = new SinceHints();
  /** This thread's heap, collected in the pauses between edits (memory.ts): busy while a lint is scheduled or running. */
  private readonly memory = new IdleCollector({
    name: 'main',
    busy: () => [...this.roots.values()].some(r => r.timer !== undefined || r.handle !== undefined),
  });
  /** Opened documents whose first lint has not started yet (firstLints.ts). */
  private readonly firstLints = new FirstLints();
  /** When the last edit came or the last lint of an open document ended (quiet). */
  private lastActive = -Infinity;

  constructor(private readonly d: SchedulerDeps) {}

  /** `script`: what the lint workers run (none: the work is done in this thread). */
  start(script: string | undefined): void {
    this.pool = new LintPool(script, m => logSafe(this.d.connection, m), this.d.docs.edits);
  }

  dispose(): void {
    this.pool?.dispose();
    this.memory.dispose();
  }

  get(file: string): Root | undefined {
    return this.roots.get(file);
  }

  all(): IterableIterator<Root> {
    return this.roots.values();
  }

  rootFor(file: string): Root {
    let r = this.roots.get(file);
    if (!r) this.roots.set(file, (r = newRoot(file)));
    return r;
  }

  /** Resolves when what the connection has written is out (the diagnostics just sent). */
  drained(): Promise<void> {
    return this.d.drained();
  }

  /** An edit came: the heap is not collected now, nor work in the background done (quiet). */
  activity(): void {
    this.memory.activity();
    this.lastActive = performance.now();
  }

  /**
   * Resolves once no open document's lint is waiting or running and none has been, nor an edit come, for QUIET_MS:
   * the turns of work in the background (the workspace's reference read), which would take the CPU the keystrokes need.
   */
  async quiet(): Promise<void> {
    for (;;) {
      // An opened document's first lint counts from the open on (its settings are asked for before it starts).
      const linting = this.firstLints.pending || [...this.roots.values()].some(r => r.open && (r.timer !== undefined || r.handle !== undefined));
      const wait = linting ? QUIET_MS : this.lastActive + QUIET_MS - performance.now();
      if (wait <= 0) return;
      await new Promise(resolve => setTimeout(resolve, wait));
    }
  }

  /** The document was closed: its lint state in the worker is dropped. */
  forget(file: string): void {
    this.pool.forget(file);
  }

  /** Ruleset files may have changed: every open document is linted again. */
  relintOpen(): void {
    this.configEpoch++;
    this.d.mainRulesets.clear();
    for (const r of this.roots.values()) if (r.open) this.schedule(r, 0);
  }

  /** `file` changed: the roots that read it are linted again. */
  relintDependents(file: string, delay: number): void {
    for (const r of this.roots.values()) if (r.file !== file && r.files.includes(file)) this.schedule(r, delay);
  }

  /** The document is gone (closed, dropped): its lint stops. */
  cancel(root: Root): void {
    clearTimer(root);
    root.relintAfter = false;
    root.handle?.cancel();
    root.handle = undefined;
  }

  /**
   * A newer version of the document is to be linted: the running lint's reply is dropped, and its worker ends it at
   * its next safe point (between the engine's stages), not mid-stage. The next lint builds on the incremental state it
   * leaves; a worker terminated mid-lint took that state with it, and on a big document each lint then started from
   * nothing and was stopped in turn while the user typed.
   */
  private supersede(root: Root): void {
    root.handle?.supersede();
    root.handle = undefined;
  }

  /** Lints `root` after `delay` ms, or — when a lint of it is running then — once that one ends. */
  schedule(root: Root, delay: number): void {
    clearTimer(root);
    const run = (): void => {
      root.timer = undefined;
      guard(this.d.connection, () => this.runLint(root));
    };
    // No wait: run as soon as the event loop is free (a 0 ms timer waits at least 1 ms).
    root.timer = delay <= 0 ? setImmediate(run) : setTimeout(run, delay);
  }

  /** Lints `root` now (its pending lint, if any, is dropped; a running one is superseded). */
  lintNow(root: Root): Promise<void> {
    clearTimer(root);
    root.relintAfter = false;
    return this.runLint(root, true);
  }

  dropContributions(root: Root): void {
    const files = new Set([...root.contributed, root.file]);
    for (const f of files) this.d.store.delete(f, root.file);
    root.contributed = new Set();
    for (const f of files) this.d.store.publish(f);
  }

  dropRoot(root: Root): void {
    this.cancel(root);
    this.dropContributions(root);
    this.roots.delete(root.file);
  }

  // -------------------------------------------------------------------------
  // opened documents' first lints

  startPosting(file: string): void {
    this.firstLints.start(file);
  }

  donePosting(file: string): void {
    this.firstLints.done(file);
  }

  /** Resolves once the opened `file`'s (any, without `file`) first lint has started, or after two seconds at most. */
  afterPosting(file?: string): Promise<void> {
    return this.firstLints.after(file);
  }

  // -------------------------------------------------------------------------
  // waiting for a version's lint

  /** Resolves when the lint of `version` (or a later one) has been applied. */
  waitFor(root: Root, version: number, token?: CancellationToken): Promise<void> {
    return root.waiters.waitFor(root.result?.version, version, token);
  }

  /** The requests waiting for a version before `version` are answered "cancelled, try again". */
  rejectOlder(root: Root, version: number): void {
    root.waiters.rejectOlder(version);
  }

  /** The document was closed: no lint will answer the requests waiting for it. */
  rejectAll(root: Root): void {
    root.waiters.rejectAll();
  }

  /** The latest lint of an open document, once a pending one is applied (for completion and code actions). */
  async lintFor(file: string, version: number | undefined): Promise<{ version: number; result: LintResult } | undefined> {
    const root = this.roots.get(file);
    if (!root) return undefined;
    if (version !== undefined && (root.timer || root.handle)) {
      await Promise.race([this.waitFor(root, version).catch(() => undefined), new Promise(r => setTimeout(r, 30000))]);
    }
    const r = root.result;
    if (!r || r.reply.result.skipped) return undefined;
    return { version: r.version, result: r.reply.result };
  }

  // -------------------------------------------------------------------------
  // linting

  /** `now`: supersede a running lint of `root` rather than wait for it. */
  private async runLint(root: Root, now = false): Promise<void> {
    if (!now && root.handle?.running()) {
      // Its result is moot: it ends at its next safe point (between the engine's stages), and the version current then
      // is linted, building on what it did.
      root.relintAfter = true;
      root.handle.endEarly();
      return;
    }
    try {
      await this.lintRoot(root);
    } finally {
      this.donePosting(root.file);
      if (root.open) this.lastActive = performance.now();
      if (root.relintAfter && !root.handle) {
        root.relintAfter = false;
        this.schedule(root, 0);
      }
    }
  }

  private async lintRoot(root: Root): Promise<void> {
    const { connection, docs, settings: settingsSource, store } = this.d;
    root.lintRuns++;
    this.supersede(root);
    const gen = ++root.gen;
    const doc = docs.openDoc(root.file);
    const uri = doc?.uri ?? docs.uriOf(root.file);
    const version = doc?.version ?? 0;
    const settings = await settingsSource.forUri(uri);
    if (gen !== root.gen) return;
    root.maxBytes = maxBytesOf(settings);
    root.diagnosticsFirst = settings.diagnosticsFirst;
    const text = doc ? doc.getText() : docs.readText(root.file);
    if (!settings.enable || text === undefined || !looksLikeOpenApi(text)) {
      if (doc && isSchemaConfig(root.file)) {
        if (settings.enable && text !== undefined) store.set(root.file, CONFIG_PRODUCER, configDiagnostics(text));
        else store.delete(root.file, CONFIG_PRODUCER);
      }
      this.dropContributions(root);
      root.files = [root.file];
      const hadFindings = root.result !== undefined && root.result.reply.result.problems.length > 0;
      root.result = { version, reply: { result: { problems: [], files: [root.file], skipped: 'not-openapi' }, ruleset: '', docs: {}, ms: 0 } };
      if (hadFindings && store.refreshes) store.refreshPull();
      if (doc)
        sendStatus(connection, {
          uri,
          version,
          state: settings.enable ? 'skipped' : 'disabled',
          message: settings.enable ? 'not an OpenAPI document (no top-level openapi/swagger key)' : undefined,
        });
      root.waiters.resolve(version);
      if (!root.open && !root.workspace) this.roots.delete(root.file);
      return;
    }
    const { texts, versions } = docs.overlays(root.file);
    const task: ServerLintTask = {
      file: root.file,
      text,
      version: doc?.version,
      rulesetFile: settingsSource.explicitRuleset(root.file, settings),
      trusted: settingsSource.trusted(settings),
      allowRemoteRefs: settings.allowRemoteRefs,
      refRoots: settingsSource.refRoots(settings),
      maxBytes: maxBytesOf(settings),
      overlays: texts,
      overlayVersions: Object.fromEntries(versions),
      // Open documents are linted incrementally (their linter lives in the worker between edits).
      incremental: doc !== undefined,
      configEpoch: this.configEpoch,
      configRoot: settingsSource.folderOf(root.file),
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
      if (e instanceof CancelledError) {
        // Ended early for the edits that came (runLint), unless a newer lint has taken its place.
        if (gen === root.gen) root.handle = undefined;
        return;
      }
      if (gen !== root.gen) return;
      root.handle = undefined;
      logSafe(connection, `lint of ${root.file} failed: ${e instanceof Error ? e.message : String(e)}`);
      if (doc) sendStatus(connection, { uri, version, state: 'error', message: `the lint failed: ${e instanceof Error ? e.message : String(e)}` });
      root.waiters.resolve(version);
      return;
    }
    if (gen !== root.gen) return;
    root.handle = undefined;
    const current = docs.openDoc(root.file);
    if (current && current.version !== version) return; // a newer version is on its way
    const since = settings.since.trim();
    const unchanged =
      since && task.trusted
        ? this.since.unchangedTest(
            since,
            root.file,
            f => (f === root.file ? text : (docs.openDoc(f)?.getText() ?? docs.readText(f))),
            m => logSafe(connection, m),
          )
        : undefined;
    this.apply(root, version, reply, versions, unchanged);
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
   * this document once in an idle moment (lintRoot primes it). Hysteresis: a root stays inline while its lints
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
    return this.rulesetFileOf(root.file, task.rulesetFile) in BUILTIN_RULESETS;
  }

  /**
   * The ruleset `file` is linted with (`explicit`: the one its settings name), as the worker finds it: the config
   * file above it, looked for once per config epoch.
   */
  rulesetFileOf(file: string, explicit: string | undefined): string {
    return rulesetFileFor(file, explicit, f => this.discovery.find(f, this.configEpoch, this.d.settings.folderOf(f)));
  }

  private apply(root: Root, version: number, reply: LintReply, versions: Map<string, number>, unchanged?: (p: LintProblem) => boolean): void {
    const { connection, docs, store } = this.d;
    // A relint of a version the client already has (settings, ruleset, trust or a referenced file
    // changed): a pull client must be told to pull again, no edit will make it.
    const sameVersion = root.result !== undefined && root.result.version === version;
    root.result = { version, reply };
    root.files = reply.result.files;
    const { contributed, changed } = storeReply(store, root.file, root.contributed, version, reply, versions, unchanged);
    root.contributed = contributed;
    for (const f of changed) store.publish(f, f === root.file ? version : undefined);
    if (store.refreshes && (sameVersion || [...changed].some(f => f !== root.file && docs.isOpen(f)))) store.refreshPull();

    const doc = docs.openDoc(root.file);
    if (doc) {
      const s: StatusParams = {
        uri: doc.uri,
        version,
        state: reply.rulesetError && !reply.rulesetRefused ? 'error' : reply.note ? 'warn' : 'ok',
        ruleset: reply.ruleset,
        ...(reply.loaded ? { loaded: reply.loaded } : {}),
        ...(reply.rulesetRefused ? { restricted: true } : {}),
        ...store.counts(root.file),
        message: reply.rulesetError?.message ?? reply.note,
        rulesetError: reply.rulesetError?.message,
        validationTime: reply.ms,
        lintedAt: Date.now(),
        ...(reply.incremental ? { incremental: reply.incremental } : {}),
        thread: root.inline ? 'main' : 'worker',
        lintRuns: root.lintRuns,
        ...statusScore(reply.result),
      };
      sendStatus(connection, s);
    }
    root.waiters.resolve(version);
    if (doc) void this.d.diffs.update(root.file, doc.uri);
    // The outline's tree of a document just opened (or whose last tree was only moved past the edits while the user
    // typed: navigation.ts updateParsed), once its diagnostics are out (parsed earlier, it took the CPU the
    // lint needed; parsed before they are written out, it held them up, megabytes for
    // thousands of findings): the first outline request or hover then finds it (later ones patch it). A request
    // that comes first parses it then (afterPosting).
    // A big document's parse holds this thread for as long (a second for stripe): not while the user types, or the
    // first keystroke after opening waited for it. It is parsed once the document has had no edit for a moment
    // (and not at all when a request that needs it comes first, as VS Code's outline does at once), and not while
    // its text is broken: the moved tree serves until an edit mends it (updateParsed).
    if (doc && !docs.hasParsed(root.file)) {
      const prepare = () =>
        guard(connection, () => {
          const current = docs.openDoc(root.file);
          if (!current || current.version !== version || root.timer !== undefined || root.handle !== undefined || docs.hasParsed(root.file)) return;
          docs.parseResting(root.file);
        });
      const wait = doc.getText().length > BIG_PARSE_CHARS ? PREPARE_AFTER_MS : 0;
      // After this task: the diagnostics (pushed, or the answer to a pull) are written by then, and waited for.
      setImmediate(() => void this.d.drained().then(() => setTimeout(prepare, wait).unref()));
    }
    // Each edit leaves the old text and the JSON-RPC message behind (megabytes for a big document): keep
    // this thread's heap flat too, as the worker does, in the pause after the edits.
    setImmediate(() => this.memory.done());
  }
}
