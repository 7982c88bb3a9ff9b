/**
 * The lint worker: runs `lint()` (the same engine and ruleset discovery as the
 * CLI) off the language server's main thread, so that hover, symbols etc. stay
 * responsive during a multi-second lint, and so that a stale lint can really be
 * stopped (the pool terminates the worker).
 *
 * The worker is the server bundle itself started as a worker thread (see
 * server.ts): no extra bundle entry.
 */
import * as path from 'node:path';
import { threadId } from 'node:worker_threads';
import YAML from 'yaml';
import type { Ruleset } from '@stoplight/spectral-core';
import {
  BUILTIN_RULESETS,
  ConfigDiscovery,
  findConfig,
  rulesetFileFor,
  getDefaultRuleset,
  IncrementalLinter,
  lintDocument,
  type LintResult,
  LintSuperseded,
  loadingOverrunMessage,
  oneLine,
  type LimitSettings,
  type LintTask,
  taskLintOptions,
  ruleInfo,
  RulesetCache,
  RulesetRefusedError,
} from '../engine';
import { KeptTexts, type PostedTask } from './lintTexts';
import { SentProblems, type ProblemsDelta } from './problemsDelta';
import { IdleCollector } from './memory';
import { OpenedLints } from './openedLints';
import type { StatusParams } from './protocol';
import { saveCodeCache } from './workerBoot';
import { serveTasks, TaskSuperseded } from '../workers/serve';

/** A server lint: an editor's text, with the open buffers, the trust and how the ruleset is found. */
/** A lint task as posted to the worker: with its text, or with the edits to the one it holds (lintTexts.ts). */
export type PostedLintTask = PostedTask<ServerLintTask>;

export interface ServerLintTask extends LintTask {
  /** For untitled documents: a made-up path in the workspace folder. */
  file: string;
  text: string;
  /** An open document's version: the worker keeps its text, and the next task sends the edits (lintTexts.ts). */
  version?: number;
  /** An explicit ruleset file (absolute) or built-in name; undefined: discovery from `file`. */
  rulesetFile?: string;
  /** May a ruleset run JavaScript? */
  trusted: boolean;
  /** Texts of open editor buffers by absolute path: used for `$ref`s instead of the disk. */
  overlays: Record<string, string>;
  /** The open documents' versions: the worker keeps their texts too, and the next task sends their edits (lintTexts.ts). */
  overlayVersions?: Record<string, number>;
  /**
   * Lint with this document's incremental linter (kept in the worker between edits; same results as a cold lint,
   * see engine/pipeline). Off: a one-shot full lint (e.g. files linted once for "lint workspace").
   */
  incremental?: boolean;
  /**
   * Bumped by the server whenever a ruleset file may have appeared, changed or gone: ruleset discovery from
   * `file` is cached while it stays the same (and for a second at most, for clients that do not report file
   * changes; engine/ruleset.ts ConfigDiscovery). Undefined: no cache.
   */
  configEpoch?: number;
  /** The workspace folder that holds `file`: the search for its config ends there (engine/ruleset.ts findConfig). */
  configRoot?: string;
  /** The id of the findings of `file` the main thread holds: a worker's reply sends what changed since (problemsDelta.ts). */
  problemsBase?: string;
}

/** The settings that widen the limits of a server lint, named in its findings. */
export const SERVER_LIMIT_SETTINGS: LimitSettings = {
  refsOutside: 'allow it with the apiconv.allowRefsOutsideWorkspace setting',
  size: 'raise the limit with the apiconv.maxFileSize setting',
};

export interface LintReply {
  result: LintResult;
  /** The ruleset that was asked for: a file path or a built-in name. */
  ruleset: string;
  /** The ruleset file could not be loaded (the last good one, or the built-in rules, were used). */
  rulesetError?: { file: string; message: string };
  /** The ruleset was refused, not broken: an untrusted workspace and a ruleset that reaches JavaScript. */
  rulesetRefused?: boolean;
  /** A caveat for the status (e.g. an untrusted workspace). */
  note?: string;
  /** The rules that ran when they are not `ruleset`'s: the built-in ones, or the last good version of the file. */
  loaded?: string;
  /** Documentation URL per rule code met in the results. */
  docs: Record<string, string>;
  ms: number;
  /** What an incremental relint re-did (see StatusParams.incremental). */
  incremental?: StatusParams['incremental'];
  /** From a worker, for an open document: `result.problems` as what changed since the list the main thread holds. */
  problemsDelta?: ProblemsDelta;
}

const caches = new Map<string, RulesetCache>();
/** The last ruleset that loaded, per ruleset file: used while the file is broken. */
const lastGood = new Map<string, Ruleset>();

/** Ruleset discovery, cached per LintTask.configEpoch. */
const discovery = new ConfigDiscovery();

export async function resolveRuleset(
  task: ServerLintTask,
): Promise<Pick<LintReply, 'ruleset' | 'rulesetError' | 'rulesetRefused' | 'note' | 'loaded'> & { value: Ruleset }> {
  const file = rulesetFileFor(
    task.file,
    task.rulesetFile,
    task.configEpoch === undefined ? f => findConfig(f, task.configRoot) : f => discovery.find(f, task.configEpoch!, task.configRoot),
  );
  if (file in BUILTIN_RULESETS) {
    let cache = caches.get('builtin');
    if (!cache) caches.set('builtin', (cache = new RulesetCache()));
    return { ruleset: file, value: await cache.get(file) };
  }
  if (task.rulesetTimedOut) {
    const message = loadingOverrunMessage(file, task.functionBudgetMs ?? 0);
    return {
      ruleset: file,
      value: getDefaultRuleset(),
      rulesetError: { file, message },
      note: 'the built-in rules (apiconv:recommended) are used',
      loaded: 'apiconv:recommended',
    };
  }
  // Untrusted: the ruleset is loaded as data only (engine/rulesetData.ts): one that reaches JavaScript is refused.
  const key = `${task.trusted ? 'trusted' : 'data'}:${task.allowRemoteRefs}`;
  let cache = caches.get(key);
  if (!cache) caches.set(key, (cache = new RulesetCache({ allowRemote: task.allowRemoteRefs, dataOnly: !task.trusted })));
  try {
    const value = await cache.get(file);
    lastGood.set(key + file, value);
    return { ruleset: file, value };
  } catch (e) {
    if (e instanceof RulesetRefusedError) {
      return {
        ruleset: file,
        value: getDefaultRuleset(),
        rulesetError: { file, message: `untrusted workspace: ${e.message}; the built-in rules (apiconv:recommended) are used until the workspace is trusted` },
        rulesetRefused: true,
        loaded: 'apiconv:recommended',
        note: `untrusted workspace: ${path.basename(file)} reaches JavaScript and is not loaded; the built-in rules (apiconv:recommended) are used`,
      };
    }
    const good = lastGood.get(key + file);
    return {
      ruleset: file,
      value: good ?? getDefaultRuleset(),
      rulesetError: { file, message: oneLine(e) },
      note: good ? 'the ruleset is broken: its last good version is used' : 'the ruleset is broken: the built-in rules (apiconv:recommended) are used',
      loaded: good ? `${path.basename(file)} (its last good version)` : 'apiconv:recommended',
    };
  }
}

/** Incremental linters of the documents being edited, most recently used last (bounded: each holds a parsed document). */
const linters = new Map<string, IncrementalLinter>();
const MAX_LINTERS = 8;

function linterFor(file: string): IncrementalLinter {
  let l = linters.get(file);
  if (l) linters.delete(file);
  else l = new IncrementalLinter(file);
  linters.set(file, l);
  for (const k of linters.keys()) {
    if (linters.size <= MAX_LINTERS) break;
    linters.delete(k);
  }
  return l;
}

/** The last lint that parsed its document whole, and its linter: the next edit's work to build ahead (prepareNextEdit). */
let toPrepare: { file: string; linter: IncrementalLinter; result: LintResult } | undefined;

/** Drop a closed document's incremental state. */
export function forgetDocument(file: string): void {
  linters.delete(file);
  if (toPrepare?.file === file) toPrepare = undefined;
}

/**
 * In an idle moment after a lint that parsed its document whole (opening it): build what the first edit's relint
 * would build first (IncrementalLinter.prepareNextEdit), so that the first keystroke costs what the next ones do.
 */
export function prepareNextEdit(): void {
  const p = toPrepare;
  toPrepare = undefined;
  p?.linter.prepareNextEdit(p.result);
}

/** `superseded`: whether a newer version of the document has made this lint moot (it may end early: LintSuperseded). */
export async function runLintTask(task: ServerLintTask, superseded?: () => boolean): Promise<LintReply> {
  const t0 = performance.now();
  const rs = await resolveRuleset(task);
  const linter = task.incremental ? linterFor(task.file) : undefined;
  const result: LintResult = await lintDocument(task.text, task.file, {
    ...taskLintOptions(task, SERVER_LIMIT_SETTINGS),
    ruleset: rs.value,
    overlays: task.overlays,
    linter,
    superseded,
  });
  const st = linter?.stats;
  toPrepare = linter && st?.parseFull ? { file: task.file, linter, result } : undefined;
  const incremental: LintReply['incremental'] = st && {
    unitsRun: st.unitsRun,
    unitsReused: st.unitsReused,
    fullParse: st.parseFull,
    conventionsReused: st.conventionsReused,
  };
  const docs: Record<string, string> = {};
  const rules = rs.value.rules as Record<string, { documentationUrl?: string | null } | undefined>;
  for (const p of result.problems) {
    if (p.code in docs) continue;
    const url = rules[p.code]?.documentationUrl ?? ruleInfo(p.code)?.helpUri;
    if (url) docs[p.code] = url;
  }
  return {
    result,
    ruleset: rs.ruleset,
    rulesetError: rs.rulesetError,
    rulesetRefused: rs.rulesetRefused,
    note: rs.note,
    loaded: rs.loaded,
    docs,
    ms: Math.round(performance.now() - t0),
    incremental,
  };
}

/**
 * The warm-up document: small, with the shapes real documents have (a collection and an item path, $refs to
 * components, parameters, a security scheme, examples) and findings for many rules, so that warming up runs the
 * code paths real edits take.
 */
const WARMUP_DOC = [
  'openapi: 3.0.3',
  'info:',
  '  title: warm-up',
  '  version: 1.0.0',
  'servers:',
  '  - url: http://example.com/v1',
  'security:',
  '  - key: []',
  'paths:',
  '  /getUsers:',
  '    get:',
  '      summary: List the users',
  '      parameters:',
  '        - name: limit',
  '          in: query',
  '          schema:',
  '            type: integer',
  '      responses:',
  "        '200':",
  '          description: ok',
  '          content:',
  '            application/json:',
  '              schema:',
  '                type: array',
  '                items:',
  "                  $ref: '#/components/schemas/User'",
  '    post:',
  '      summary: Create a user',
  '      requestBody:',
  '        content:',
  '          application/json:',
  '            schema:',
  "              $ref: '#/components/schemas/User'",
  '      responses:',
  "        '200':",
  '          description: ok',
  '  /users/{id}:',
  '    parameters:',
  '      - name: id',
  '        in: path',
  '        required: true',
  '        schema:',
  '          type: string',
  '    get:',
  '      summary: Get a user',
  '      responses:',
  "        '200':",
  '          description: ok',
  '          content:',
  '            application/json:',
  '              schema:',
  "                $ref: '#/components/schemas/User'",
  '    delete:',
  '      responses:',
  "        '200':",
  '          description: ok',
  'components:',
  '  schemas:',
  '    User:',
  '      type: object',
  '      properties:',
  '        id:',
  '          type: string',
  '          example: 1',
  '        name:',
  '          type: string',
  '  securitySchemes:',
  '    key:',
  '      type: apiKey',
  '      in: query',
  '      name: api_key',
  '',
].join('\n');

/**
 * The warm-up, as steps: a full lint of the warm-up document (it builds the built-in ruleset), then incremental
 * relints of it in YAML and JSON, editing the title and inside an operation, then typing into them, so that
 * the engine's code is compiled before the first real edits. The worker runs them all before it says it is ready; the main thread
 * runs them one at a time in idle moments (session.ts, inline linting).
 */
export function* warmUpTasks(): Generator<ServerLintTask | { forget: string }> {
  const base = { trusted: false, allowRemoteRefs: false, overlays: {}, rulesetFile: 'apiconv:recommended' };
  yield { ...base, file: path.resolve('warm-up.yaml'), text: WARMUP_DOC };
  const json = JSON.stringify(YAML.parse(WARMUP_DOC), null, 2);
  for (const [name, text] of [
    ['warm-up.yaml', WARMUP_DOC],
    ['warm-up.json', json],
  ] as const) {
    const file = path.resolve(name);
    for (let i = 0; i < 40; i++) {
      const edited = i % 2 ? text.replace('warm-up', `warm-up ${i}`) : text.replace('Get a user', `Get a user ${i}`);
      yield { ...base, file, text: edited, incremental: true };
    }
    // Then typing, one character at a time, into the title and an operation's summary: in JSON, each edit is
    // one string (parseJson.ts's own way, the resolver's kept crawl and copies, the runner's replay).
    for (const [from, to] of [
      ['Get a user', 'Get a user '],
      ['warm-up', 'warm-up '],
    ]) {
      let current = text.replace(from, to);
      for (let i = 1; i <= TYPED; i++) {
        current = current.replace(to + 'x'.repeat(i - 1), to + 'x'.repeat(i));
        yield { ...base, file, text: current, incremental: true };
      }
    }
    yield { forget: file };
  }
}

/** Characters typed into each of two strings per format in the warm-up (warmUpTasks). */
const TYPED = 15;

/** One warm-up step (see warmUpTasks). */
export async function runWarmUpStep(step: ServerLintTask | { forget: string }): Promise<void> {
  if ('forget' in step) forgetDocument(step.forget);
  else await runLintTask(step).catch(() => undefined);
}

/** The worker thread's message loop. */
export function runLintWorker(): void {
  // Real lints asked of this worker so far: the warm-up gives way to the first one.
  let tasks = 0;
  // Lints in progress; the heap is collected in the pauses between them (see memory.ts).
  let running = 0;
  const memory = new IdleCollector({ name: 'lint', busy: () => running > 0 });
  // The open documents' texts: a task brings the edits since the one it was sent last.
  const texts = new KeptTexts();
  // The open documents' findings sent last: a reply brings what changed since.
  const problems = new SentProblems(String(threadId));
  // A document's first lint is a one-shot one; its incremental state is built once the reply is out, and the list of
  // findings sent is the build's from then on (the relints after it keep the build's objects: problemsDelta.ts).
  let firstSent: { file: string; id: string } | undefined;
  const build = async (task: ServerLintTask): Promise<void> => {
    const sent = firstSent;
    firstSent = undefined;
    const reply = await runLintTask(task);
    if (sent?.file === task.file) problems.replace(sent.file, sent.id, reply.result.problems);
  };
  const opened = new OpenedLints(build, file => linters.has(file), forgetDocument);
  /** After the last answer, or the build that followed it: the work of an idle worker. */
  const idle = (): void => {
    // A document just opened: its first edit's work built now, unless that edit's lint has come meanwhile (it
    // builds what it needs itself).
    setImmediate(() => {
      if (running === 0) prepareNextEdit();
    });
    // The engine's code compiled: the next workers start with it (workerBoot.ts).
    saveCodeCache();
    // Keep the worker's heap flat: collected once the user pauses, not while they type (see memory.ts). The
    // warm-up's heap is no measure of the documents' (the answer after it comes before any task).
    if (tasks > 0) memory.done();
    else memory.warmedUp();
  };
  serveTasks<PostedLintTask, LintReply>({
    async run(posted, _step, superseded) {
      memory.activity();
      tasks++;
      running++;
      try {
        const task = await opened.next(texts.expand<ServerLintTask>(posted));
        const reply = await runLintTask(task, superseded);
        if ('delta' in posted && reply.incremental) reply.incremental.textKept = true;
        // An open document's findings go as what changed, its first (one-shot) lint's too.
        if (!posted.incremental) return reply;
        const problemsDelta = problems.encode(task.file, reply.result.problems, task.problemsBase);
        firstSent = task.incremental ? undefined : { file: task.file, id: problemsDelta.id };
        if (reply.incremental) reply.incremental.problemsSent = problemsDelta.items.filter(p => typeof p !== 'number').length;
        return { ...reply, result: { ...reply.result, problems: [] }, problemsDelta };
      } catch (e) {
        opened.failed();
        throw e instanceof LintSuperseded ? new TaskSuperseded() : e;
      } finally {
        running--;
      }
    },
    async warmUp() {
      memory.activity();
      // Build the built-in ruleset and JIT the engine before the first real lint, so that the first edits of a
      // real document are fast too. A document opened meanwhile does not wait for (or share the thread with) the
      // rest of it: its lint is the better warm-up, and the user is waiting for its diagnostics.
      for (const step of warmUpTasks()) {
        // A step's lint may never wait for anything but promises: let a task that came meanwhile in first.
        await new Promise(resolve => setImmediate(resolve));
        if (tasks > 0) break;
        await runWarmUpStep(step);
      }
    },
    notice(notice) {
      memory.activity();
      const file = (notice as { forget: string }).forget;
      if (!opened.closed(file)) forgetDocument(file);
      texts.forget(file);
      problems.forget(file);
      memory.done();
    },
    answered() {
      // A warm-up interrupted by a lint: that lint writes the cache when it is done, with more of the engine in it.
      if (running > 0) return;
      // A document just opened: its incremental state is built first (a lint, for the collector and the tasks).
      const built = (): void => {
        running--;
        if (running === 0) idle();
      };
      running++;
      if (!opened.build(built)) built();
    },
    uncaught: e => console.error('apiconv lint worker:', e),
  });
}
