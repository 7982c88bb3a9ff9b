/**
 * Rulesets: the built-in ones, config discovery and loading user rulesets.
 *
 * A user config is a Spectral ruleset (`.apiconv.yaml` or `.spectral.yaml`, …).
 * It is loaded with Spectral's own tooling (the ruleset migrator and bundler),
 * with one extra module resolver so that `extends: apiconv:recommended` and
 * `apiconv:all` name the built-in rulesets.
 */
import { Ruleset, type RulesetDefinition } from '@stoplight/spectral-core';
import type { fetch as SpectralFetch } from '@stoplight/spectral-runtime';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { recommended, all } from '../../../rules/ruleset';
import { rules } from '../../../rules/index';
import type { ApiconvRule } from '../../../rules/types';
import { RulesetLoadError } from './problem';
import { inspectRuleset, isDataRulesetFile, loadDataRulesetDefinition, UnknownNameError } from './rulesetData';
import { meterCustomFunctions, meteredLoad } from './functionBudget';
import { completeApiconvRules } from './ruleOptions';
import { oneLine } from './oneLine';
import { ruleOptionsProblems } from './configCheck';
import { LineIndex } from './lineIndex';
import { rulesetFs } from './diff/config';

export const BUILTIN_RULESETS = { 'apiconv:recommended': recommended, 'apiconv:all': all } as const;
export type BuiltinRulesetName = keyof typeof BUILTIN_RULESETS;

const ruleById = new Map<string, ApiconvRule>(rules.map(r => [r.id, r]));

export function getRule(id: string): ApiconvRule | undefined {
  return ruleById.get(id);
}

let defaultRuleset: Ruleset | undefined;
let allRuleset: Ruleset | undefined;

/** `apiconv:recommended`, built once per process. */
export function getDefaultRuleset(): Ruleset {
  return (defaultRuleset ??= builtin(() => new Ruleset(recommended, { severity: 'recommended', source: 'apiconv:recommended' })));
}

export function getBuiltinRuleset(name: BuiltinRulesetName): Ruleset {
  if (name === 'apiconv:all') return (allRuleset ??= builtin(() => new Ruleset(all, { severity: 'recommended', source: 'apiconv:all' })));
  return getDefaultRuleset();
}

/**
 * Builds a built-in ruleset. In the bundles, Spectral's validation of the (static) definition is skipped while
 * this runs (scripts/vendorPatches.mjs, trusted-builtin-rulesets); the tests, which run the
 * sources, validate it.
 */
function builtin(make: () => Ruleset): Ruleset {
  const flag = Symbol.for('apiconv.builtinRuleset');
  const g = globalThis as Record<symbol, unknown>;
  g[flag] = true;
  try {
    return make();
  } finally {
    g[flag] = false;
  }
}

/** The fix kind of a rule, when it has a fix. */
export function fixableOf(code: string): 'safe' | 'unsafe' | undefined {
  const rule = ruleById.get(code);
  return rule?.fix && rule.meta.fixable ? rule.meta.fixable : undefined;
}

export const CONFIG_FILES = [
  '.apiconv.yaml',
  '.apiconv.yml',
  '.apiconv.json',
  '.spectral.yaml',
  '.spectral.yml',
  '.spectral.json',
  '.spectral.js',
  '.spectral.mjs',
  '.spectral.cjs',
] as const;

/**
 * The nearest config file for `file`, searching upward from its folder:
 * `.apiconv.*` wins over `.spectral.*` in the same folder. The search ends at the repository root (the first
 * folder with a `.git`, a folder or, in a worktree or submodule, a file) and at `stopAt` (the editor's workspace
 * folder), both searched: a config above the project is not the project's, and whoever can write to a parent
 * folder (a shared temporary folder, a CI workspace's parent) would have their ruleset, and its JavaScript, run.
 */
export function findConfig(file: string, stopAt?: string): string | undefined {
  let dir = path.dirname(path.resolve(file));
  const stop = stopAt ? path.resolve(stopAt) : undefined;
  for (;;) {
    for (const name of CONFIG_FILES) {
      const candidate = path.join(dir, name);
      if (fs.existsSync(candidate)) return candidate;
    }
    if (dir === stop || fs.existsSync(path.join(dir, '.git'))) return undefined;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * The ruleset a document is linted with: `explicit` (a file or a built-in name) if given, else the nearest config
 * file above the document (`find`: findConfig, or a ConfigDiscovery's cached search), else apiconv:recommended.
 */
export function rulesetFileFor(docFile: string, explicit?: string, find: (file: string) => string | undefined = findConfig): string {
  return explicit ?? find(docFile) ?? 'apiconv:recommended';
}

/**
 * findConfig, remembered per directory while the caller's `epoch` stays the same (the language server bumps it
 * whenever ruleset files may have changed) and for `ttlMs` at most (for clients that do not report file
 * changes): otherwise a dozen file-system probes per lint while the user types.
 */
export class ConfigDiscovery {
  private epoch = Number.NaN;
  private at = 0;
  private byDir = new Map<string, string | undefined>();

  constructor(private readonly ttlMs = 1000) {}

  find(file: string, epoch: number, stopAt?: string): string | undefined {
    const now = performance.now();
    if (epoch !== this.epoch || now - this.at > this.ttlMs) {
      this.epoch = epoch;
      this.at = now;
      this.byDir = new Map();
    }
    const key = `${path.dirname(path.resolve(file))}\0${stopAt ?? ''}`;
    if (!this.byDir.has(key)) this.byDir.set(key, findConfig(file, stopAt));
    return this.byDir.get(key);
  }
}

export interface LoadRulesetOptions {
  /** Allow `extends` of http(s) rulesets. Off by default. */
  allowRemote?: boolean;
  /**
   * Load only rulesets that are data (rulesetData.ts): a ruleset that reaches JavaScript — a JS ruleset, a
   * package, custom functions — is refused (RulesetRefusedError) and nothing of it runs. For untrusted
   * workspaces, the language server's main thread and `apiconv lint --no-custom-functions`.
   */
  dataOnly?: boolean;
}

const GLOBAL_KEY = Symbol.for('apiconv.builtinRulesets');
(globalThis as Record<symbol, unknown>)[GLOBAL_KEY] = BUILTIN_RULESETS;

/** Rollup plugin: `apiconv:recommended` / `apiconv:all` resolve to the built-in ruleset objects. */
function apiconvRulesets() {
  const VIRTUAL = '\0apiconv-ruleset:';
  return {
    name: 'apiconv-rulesets',
    resolveId(id: string) {
      const m = /(?:^|[\\/])(apiconv:(?:recommended|all))(?:\.js)?$/.exec(id);
      return m ? VIRTUAL + m[1] : null;
    },
    load(id: string) {
      if (!id.startsWith(VIRTUAL)) return undefined;
      const name = id.slice(VIRTUAL.length);
      return `export default globalThis[Symbol.for('apiconv.builtinRulesets')][${JSON.stringify(name)}];`;
    },
  };
}

const refuseFetch = (async (url: string) => {
  throw new Error(`remote ruleset not fetched: ${url} (remote access is off)`);
}) as unknown as typeof SpectralFetch;

/**
 * Spectral's ruleset tooling (migrator, rollup-based bundler) is large: it is loaded
 * on first use, so that linting with the built-in rulesets does not pay for it.
 */
function rulesetTooling() {
  return {
    migrateRuleset: (require('@stoplight/spectral-ruleset-migrator') as typeof import('@stoplight/spectral-ruleset-migrator')).migrateRuleset,
    bundleRuleset: (require('@stoplight/spectral-ruleset-bundler') as typeof import('@stoplight/spectral-ruleset-bundler')).bundleRuleset,
    builtins: (require('@stoplight/spectral-ruleset-bundler/plugins/builtins') as typeof import('@stoplight/spectral-ruleset-bundler/plugins/builtins'))
      .builtins,
    commonjs: (require('@stoplight/spectral-ruleset-bundler/plugins/commonjs') as typeof import('@stoplight/spectral-ruleset-bundler/plugins/commonjs'))
      .commonjs,
    stdin: (require('@stoplight/spectral-ruleset-bundler/plugins/stdin') as typeof import('@stoplight/spectral-ruleset-bundler/plugins/stdin')).stdin,
    node: (require('@stoplight/spectral-ruleset-bundler/presets/node') as typeof import('@stoplight/spectral-ruleset-bundler/presets/node')).node,
    fetch: (require('@stoplight/spectral-runtime') as typeof import('@stoplight/spectral-runtime')).fetch,
  };
}

/** Load a ruleset file (YAML, JSON or JS) with Spectral's tooling. Throws RulesetLoadError with a one-line message. */
export async function loadRulesetFile(file: string, opts: LoadRulesetOptions = {}): Promise<Ruleset> {
  const abs = path.resolve(file);
  if (!fs.existsSync(abs)) throw new RulesetLoadError(abs, `ruleset not found: ${abs}`);
  if (opts.dataOnly) {
    try {
      return await loadAsData(abs, opts);
    } catch (e) {
      if (e instanceof RulesetLoadError) throw e;
      throw new RulesetLoadError(abs, `invalid ruleset ${abs}: ${oneLine(e)}`);
    }
  }
  // A YAML/JSON ruleset that reaches no code (most configs: `extends: apiconv:recommended` and rule severities) means
  // the same read as data as bundled and evaluated (rulesetData.ts), without loading rollup and bundling
  // at every lint with a config. Anything else, and any error on the way, goes the bundling way, which gives its own
  // errors as before.
  if (isDataRulesetFile(abs)) {
    try {
      return await loadAsData(abs, opts);
    } catch (e) {
      // A name that is not Spectral's: said as such (bundling would say "not exported by …").
      if (e instanceof UnknownNameError) throw e;
      // else bundled below
    }
  }
  return loadRulesetByBundling(abs, opts);
}

/**
 * Load a ruleset file the way Spectral does: a YAML/JSON ruleset migrated to JavaScript, bundled with rollup and
 * evaluated; a JavaScript ruleset bundled and evaluated. What a trusted ruleset that reaches code takes (and the
 * tests, to hold the data loader to it).
 */
export async function loadRulesetByBundling(file: string, opts: LoadRulesetOptions = {}): Promise<Ruleset> {
  const abs = path.resolve(file);
  try {
    // A ruleset that extends itself would make Spectral's migrator recurse for ever: refuse it with the cycle.
    inspectRuleset(abs);
    const { migrateRuleset, bundleRuleset, builtins, commonjs, stdin, node, fetch: spectralFetch } = rulesetTooling();
    const io = { fs, fetch: opts.allowRemote ? spectralFetch : refuseFetch };
    let source: string;
    const plugins = [apiconvRulesets(), builtins(), commonjs(), ...node(io as never)];
    if (isDataRulesetFile(abs)) {
      assertWellFormed(abs);
      assertRuleOptions(abs);
      // The `diff:` section (apiconv diff's settings, engine/diff/config.ts) is not Spectral's to read.
      const migrated = await migrateRuleset(abs, { format: 'esm', fs: rulesetFs() as never, fetch: io.fetch as never });
      const entry = path.join(path.dirname(abs), '.spectral.js');
      source = await bundleRuleset(entry, { target: 'node', format: 'commonjs', plugins: [stdin(migrated, entry), ...plugins] as never });
    } else {
      source = await bundleRuleset(abs, { target: 'node', format: 'commonjs', plugins: plugins as never });
    }
    // The repository's JavaScript runs here (a JS ruleset's top level, its imports): metered as the loading.
    const definition = meteredLoad(() => evaluate(source, abs));
    // The repository's own functions are metered: a lint worker's watcher can stop one that runs too long.
    meterCustomFunctions(definition, knownFunctions(), knownFormats(), builtinDefinitions());
    completeApiconvRules(definition);
    return new Ruleset(definition as RulesetDefinition, { severity: 'recommended', source: abs });
  } catch (e) {
    if (e instanceof RulesetLoadError) throw e;
    throw new RulesetLoadError(abs, `invalid ruleset ${abs}: ${oneLine(e)}`);
  }
}

/**
 * A ruleset loaded as data (rulesetData.ts): read with the migrator's own parsers and transforms, so its definition is
 * the one the bundle would evaluate to (test/engine/trust.test.ts). Throws RulesetRefusedError when it reaches code.
 */
async function loadAsData(abs: string, opts: LoadRulesetOptions): Promise<Ruleset> {
  if (isDataRulesetFile(abs)) {
    assertWellFormed(abs);
    assertRuleOptions(abs);
  }
  // Spectral's fetch alone, not the rest of the tooling (rollup) that rulesetTooling() loads with it.
  const fetch = opts.allowRemote ? (require('@stoplight/spectral-runtime') as typeof import('@stoplight/spectral-runtime')).fetch : refuseFetch;
  const definition = await loadDataRulesetDefinition(abs, { builtinRulesets: BUILTIN_RULESETS, fetch });
  completeApiconvRules(definition);
  return new Ruleset(definition, { severity: 'recommended', source: abs });
}

/** Spectral's ruleset migrator reads broken YAML/JSON without a word: report the first syntax error with its line. */
function assertWellFormed(file: string): void {
  const text = fs.readFileSync(file, 'utf8');
  const { parseDocument } = require('yaml') as typeof import('yaml');
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: false });
  const err = doc.errors[0];
  if (err) {
    const pos = err.linePos?.[0];
    const where = pos ? `:${pos.line}:${pos.col}` : '';
    throw new RulesetLoadError(file, `invalid ruleset ${file}${where}: syntax error: ${err.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}`);
  }
}

/**
 * Spectral refuses a ruleset whose apiconv rule options are wrong, but names neither the line nor what is
 * allowed ("function does not accept any options"): refuse it first with each such problem on a line of its own,
 * `file:line:col`, the allowed values and a did-you-mean (configCheck.ts).
 */
function assertRuleOptions(file: string): void {
  const text = fs.readFileSync(file, 'utf8');
  const problems = ruleOptionsProblems(text).sort((a, b) => a.start - b.start);
  if (problems.length === 0) return;
  const lines = new LineIndex(text);
  const located = problems.map(p => {
    const at = lines.positionAt(p.start);
    return `${file}:${at.line + 1}:${at.character + 1}: ${p.message}`;
  });
  throw new RulesetLoadError(file, `invalid ruleset ${located.join('\ninvalid ruleset ')}`);
}

/** The definitions of the built-in rulesets (apiconv's and Spectral's). */
function builtinDefinitions(): Set<unknown> {
  return new Set<unknown>([
    ...Object.values(BUILTIN_RULESETS),
    (require('@stoplight/spectral-rulesets/dist/oas/index.js') as { default: unknown }).default,
    (require('@stoplight/spectral-rulesets/dist/asyncapi/index.js') as { default: unknown }).default,
    (require('@stoplight/spectral-rulesets/dist/arazzo/index.js') as { default: unknown }).default,
  ]);
}

let formatsKnown: Set<unknown> | undefined;
/** Spectral's formats (a JavaScript ruleset may bring its own: those are the repository's code). */
function knownFormats(): Set<unknown> {
  return (formatsKnown ??= new Set<unknown>(Object.values(require('@stoplight/spectral-formats') as Record<string, unknown>)));
}

let known: Set<unknown> | undefined;
/** The functions that are not the repository's: Spectral's core functions and those of the built-in rulesets. */
function knownFunctions(): Set<unknown> {
  if (known) return known;
  known = new Set<unknown>(Object.values(require('@stoplight/spectral-functions') as Record<string, unknown>));
  const collect = (def: unknown, seen: Set<unknown>): void => {
    if (!def || typeof def !== 'object' || seen.has(def)) return;
    seen.add(def);
    const d = def as { rules?: Record<string, { then?: unknown }>; extends?: unknown; overrides?: unknown[] };
    for (const rule of Object.values(d.rules ?? {})) {
      const then = rule && typeof rule === 'object' ? rule.then : undefined;
      for (const t of Array.isArray(then) ? then : [then]) if (t && typeof t === 'object') known!.add((t as { function?: unknown }).function);
    }
    for (const e of Array.isArray(d.extends) ? d.extends : d.extends ? [d.extends] : []) collect(Array.isArray(e) ? e[0] : e, seen);
    for (const o of d.overrides ?? []) collect(o, seen);
  };
  const seen = new Set<unknown>();
  for (const r of Object.values(BUILTIN_RULESETS)) collect(r, seen);
  collect((require('@stoplight/spectral-rulesets/dist/oas/index.js') as { default: unknown }).default, seen);
  collect((require('@stoplight/spectral-rulesets/dist/asyncapi/index.js') as { default: unknown }).default, seen);
  collect((require('@stoplight/spectral-rulesets/dist/arazzo/index.js') as { default: unknown }).default, seen);
  return known;
}

function evaluate(source: string, file: string): unknown {
  const { createRequire } = require('node:module') as typeof import('node:module');
  const req = createRequire(file);
  const m: { exports?: unknown } = {};
  Function('module, require', source)(m, (id: string) => req(id));
  if (typeof m.exports !== 'object' || m.exports === null) throw new Error('the ruleset exports nothing');
  const exported = m.exports as Record<string, unknown>;
  return exported.default !== undefined && Object.keys(exported).length === 1 ? exported.default : exported;
}

/** Resolve the ruleset for a document: an explicit file, else the nearest config, else recommended. */
export class RulesetCache {
  private cache = new Map<string, { mtimeMs: number; ruleset: Promise<Ruleset> }>();

  constructor(private readonly opts: LoadRulesetOptions = {}) {}

  async get(file: string): Promise<Ruleset> {
    if (file in BUILTIN_RULESETS) return getBuiltinRuleset(file as BuiltinRulesetName);
    const abs = path.resolve(file);
    let mtimeMs = -1;
    try {
      mtimeMs = fs.statSync(abs).mtimeMs;
    } catch {
      /* missing: loadRulesetFile reports it */
    }
    const hit = this.cache.get(abs);
    if (hit && hit.mtimeMs === mtimeMs) return hit.ruleset;
    const ruleset = loadRulesetFile(abs, this.opts);
    this.cache.set(abs, { mtimeMs, ruleset });
    ruleset.catch(() => this.cache.delete(abs));
    return ruleset;
  }

  clear(): void {
    this.cache.clear();
  }
}
