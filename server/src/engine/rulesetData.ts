/**
 * Rulesets loaded as data only: the loader for untrusted workspaces (and for the language server's main thread,
 * and `apiconv lint --no-custom-functions`).
 *
 * Spectral loads a YAML/JSON ruleset by migrating it to JavaScript (imports of the extended rulesets, of the
 * custom functions, of the core functions and formats), bundling that with rollup and evaluating the bundle.
 * Here the same migrator (same parser, same transforms, so a ruleset means exactly what it means to Spectral)
 * builds its syntax tree, and instead of generating code from it we read the tree as data: object, array and
 * literal nodes become values, and an identifier must be an import of a Spectral core function, a format, a
 * Spectral built-in ruleset or an apiconv built-in ruleset. Any other import — a `.js`/`.mjs`/`.cjs` ruleset, a
 * package, a custom function from `functions`/`functionsDir`, a remote JavaScript ruleset — and any other kind of
 * node is refused, whatever spelling of the ruleset led to it: nothing is ever imported or evaluated.
 *
 * inspectRuleset walks the `extends` tree first with the same parser, to name in the refusal what reaches code,
 * and to refuse a ruleset that extends itself (Spectral's migrator would recurse forever).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { RulesetDefinition } from '@stoplight/spectral-core';
import type { fetch as SpectralFetch } from '@stoplight/spectral-runtime';
import { RulesetLoadError } from './problem';
import { withoutDiffSection } from './diff/config';

/** A ruleset that is not data (it reaches code) and was not loaded: `reasons` says what reaches code. */
export class RulesetRefusedError extends RulesetLoadError {
  constructor(
    file: string,
    message: string,
    readonly reasons: string[],
  ) {
    super(file, message);
    this.name = 'RulesetRefusedError';
  }
}

const BASIC = /\.(json|ya?ml)$/i;

/** A ruleset file of data (YAML or JSON), by its name. */
export function isDataRulesetFile(file: string): boolean {
  return BASIC.test(file);
}
const JS = /\.(c|m)?js$/i;
const SPECTRAL_BUILTINS = new Set(['spectral:oas', 'spectral:asyncapi', 'spectral:arazzo']);
const APICONV_BUILTIN = /(?:^|[\\/])(apiconv:(?:recommended|all))(?:\.js)?$/;
/** More ruleset files than this in one tree: refused (a guard against trees that grow without a cycle). */
const MAX_FILES = 200;

type Json = unknown;

function isUrl(s: string): boolean {
  return /^https?:\/\//i.test(s);
}

/** Parse a ruleset file as Spectral's migrator does (JSON by extension, else YAML with merge keys). */
function parseRulesetText(file: string, text: string): Json {
  if (path.extname(file) === '.json') return (require('@stoplight/json') as typeof import('@stoplight/json')).parseWithPointers(text).data;
  return (require('@stoplight/yaml') as typeof import('@stoplight/yaml')).parseWithPointers(text, { mergeKeys: true }).data;
}

function isPackageName(id: string): boolean {
  // What Spectral's migrator treats as a package (validate-npm-package-name on each fragment), in short.
  return !id.startsWith('.') && !path.isAbsolute(id) && !isUrl(id) && /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w.-]+)*$/i.test(id);
}

/** Whether Node resolves `name` from `dir` as a package (resolution only: nothing is loaded). */
function resolvesAsPackage(name: string, dir: string): boolean {
  try {
    (require('node:module') as typeof import('node:module')).createRequire(path.join(dir, 'noop.js')).resolve(name);
    return true;
  } catch {
    return false;
  }
}

export interface Inspection {
  /** Ruleset files of the tree (absolute), the root first. */
  files: string[];
  /** What in the tree would run code, one phrase each (empty: the tree is data). */
  code: string[];
}

/**
 * Walk a ruleset's `extends` tree (top level and `overrides[].extends`) through local YAML/JSON files, without
 * loading anything: what reaches code, and an error for a cycle or a file that cannot be read or parsed.
 */
export function inspectRuleset(file: string): Inspection {
  const root = path.resolve(file);
  const out: Inspection = { files: [], code: [] };
  const rel = (f: string) => path.relative(path.dirname(root), f) || path.basename(f);
  const seen = new Set<string>();
  const visit = (f: string, chain: string[]): void => {
    if (chain.includes(f)) throw new RulesetLoadError(root, `invalid ruleset ${root}: it extends itself: ${[...chain, f].map(rel).join(' → ')}`);
    if (seen.has(f)) return;
    seen.add(f);
    out.files.push(f);
    if (out.files.length > MAX_FILES) throw new RulesetLoadError(root, `invalid ruleset ${root}: its extends reach more than ${MAX_FILES} files`);
    if (JS.test(f) || !BASIC.test(f)) {
      out.code.push(`${rel(f)} is JavaScript`);
      return;
    }
    let text: string;
    try {
      text = fs.readFileSync(f, 'utf8');
    } catch (e) {
      throw new RulesetLoadError(root, `invalid ruleset ${root}: cannot read ${rel(f)}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    }
    const data = parseRulesetText(f, text);
    if (!data || typeof data !== 'object' || Array.isArray(data)) return;
    const r = data as Record<string, Json>;
    const where = f === root ? '' : `${rel(f)}: `;
    for (const key of ['functions', 'functionsDir'] as const) {
      if (r[key] !== undefined) out.code.push(`${where}${key} ${JSON.stringify(r[key])} (custom JavaScript functions)`);
    }
    const extendsOf = (v: Json, label: string) => {
      const list = typeof v === 'string' ? [v] : Array.isArray(v) ? v : [];
      for (const item of list) {
        const name = typeof item === 'string' ? item : Array.isArray(item) && typeof item[0] === 'string' ? item[0] : undefined;
        if (name === undefined) continue;
        if (SPECTRAL_BUILTINS.has(name) || APICONV_BUILTIN.test(name)) continue;
        if (isUrl(name)) {
          if (!BASIC.test(new URL(name).pathname)) out.code.push(`${where}${label} ${name} (a remote ruleset that may be JavaScript)`);
          continue;
        }
        if (!path.isAbsolute(name) && isPackageName(name) && (resolvesAsPackage(name, path.dirname(f)) || !BASIC.test(name))) {
          out.code.push(`${where}${label} ${name} (a package)`);
          continue;
        }
        const target = path.resolve(path.dirname(f), name);
        if (!BASIC.test(target)) {
          out.code.push(`${where}${label} ${name} (JavaScript)`);
          continue;
        }
        visit(target, [...chain, f]);
      }
    };
    extendsOf(r.extends, 'extends');
    if (Array.isArray(r.overrides))
      r.overrides.forEach((o, i) => o && typeof o === 'object' && extendsOf((o as Record<string, Json>).extends, `overrides[${i}].extends`));
  };
  visit(root, []);
  return out;
}

/** An import the migrator added: `source` (a module id or path) and the imported name (`default` for default imports). */
interface ImportRecord {
  source: string;
  imported: string;
  isDefault: boolean;
  /** A format's name as the ruleset writes it (`oas3.0`), where the import's is the migrator's identifier (`oas3_0`). */
  written?: string;
}

/** A migrator transform and the data pointers it applies to. */
type MigratorHook = [RegExp, (input: unknown, ctx: unknown) => unknown];

interface AstNode {
  type: string;
  [k: string]: unknown;
}

let builtinModules: { functions: Record<string, unknown>; formats: Record<string, unknown> } | undefined;
function modules() {
  return (builtinModules ??= {
    functions: require('@stoplight/spectral-functions') as Record<string, unknown>,
    formats: require('@stoplight/spectral-formats') as Record<string, unknown>,
  });
}

function spectralRuleset(name: string): unknown {
  // Each from its own module: the server bundle's `@stoplight/spectral-rulesets` holds `oas` alone (esbuild.mjs).
  if (name === 'oas') return (require('@stoplight/spectral-rulesets/dist/oas/index.js') as { default: unknown }).default;
  if (name === 'asyncapi') return (require('@stoplight/spectral-rulesets/dist/asyncapi/index.js') as { default: unknown }).default;
  if (name === 'arazzo') return (require('@stoplight/spectral-rulesets/dist/arazzo/index.js') as { default: unknown }).default;
  return undefined;
}

/** The value an import stands for, when it is one a data ruleset may name; else undefined. */
function allowedImport(imp: ImportRecord, builtinRulesets: Record<string, unknown>): unknown {
  const own = (o: Record<string, unknown>, k: string) => (Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined);
  if (imp.source === '@stoplight/spectral-functions' && !imp.isDefault) {
    const fn = own(modules().functions, imp.imported);
    return typeof fn === 'function' ? fn : undefined;
  }
  if (imp.source === '@stoplight/spectral-formats' && !imp.isDefault) {
    const fmt = own(modules().formats, imp.imported);
    return typeof fmt === 'function' ? fmt : undefined;
  }
  if (imp.source === '@stoplight/spectral-rulesets' && !imp.isDefault) return spectralRuleset(imp.imported);
  const m = APICONV_BUILTIN.exec(imp.source);
  if (m && imp.isDefault) return builtinRulesets[m[1]];
  return undefined;
}

/**
 * A ruleset names a format or a core function that does not exist (`formats: [oas9]`): the migrator makes it an import
 * of Spectral's package, which is not JavaScript of the repository but a typo, said as one.
 */
export class UnknownNameError extends RulesetLoadError {}

function unknownBuiltinName(imp: ImportRecord): string | undefined {
  if (imp.isDefault) return undefined;
  const known =
    imp.source === '@stoplight/spectral-formats' ? modules().formats : imp.source === '@stoplight/spectral-functions' ? modules().functions : undefined;
  if (!known || typeof (Object.prototype.hasOwnProperty.call(known, imp.imported) ? known[imp.imported] : undefined) === 'function') return undefined;
  const names = Object.keys(known).filter(k => typeof known[k] === 'function' && !/^[A-Z]|^(extractDraftVersion|detectDialect)$/.test(k));
  const kind = known === modules().formats ? 'format' : 'function';
  return `unknown ${kind} "${imp.written ?? imp.imported}" (Spectral's ${kind}s: ${names.join(', ')})`;
}

function describeImport(imp: ImportRecord, base: string): string {
  if (isUrl(imp.source)) return `${imp.source} (remote JavaScript)`;
  const marker = `${path.sep}node_modules${path.sep}`;
  const nm = imp.source.lastIndexOf(marker);
  if (nm >= 0) {
    const parts = imp.source.slice(nm + marker.length).split(path.sep);
    return `the package ${parts[0].startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]}`;
  }
  return path.relative(base, imp.source) || imp.source;
}

export interface DataLoadOptions {
  /** The built-in rulesets by name (`apiconv:recommended`…). */
  builtinRulesets: Record<string, unknown>;
  /** How remote (http) rulesets are fetched; a refusing fetch when remote access is off. */
  fetch: typeof SpectralFetch;
  /** Walk the tree first to name what reaches code (default). Off in tests: the reading of the tree alone refuses. */
  inspect?: boolean;
}

/**
 * A ruleset file (YAML or JSON) as a ruleset definition, without running any of the repository's code.
 * Throws RulesetRefusedError when the ruleset reaches code, RulesetLoadError when it is broken.
 */
export async function loadDataRulesetDefinition(file: string, opts: DataLoadOptions): Promise<RulesetDefinition> {
  const abs = path.resolve(file);
  const base = path.dirname(abs);
  const refuse = (reasons: string[]): never => {
    throw new RulesetRefusedError(abs, `${path.basename(abs)} was not loaded: it reaches JavaScript (${reasons.join('; ')})`, reasons);
  };
  if (!BASIC.test(abs)) refuse([`${path.basename(abs)} is JavaScript`]);
  if (opts.inspect !== false) {
    const inspection = inspectRuleset(abs);
    if (inspection.code.length > 0) refuse(inspection.code);
  }

  const { Tree, Scope } = require('@stoplight/spectral-ruleset-migrator/dist/tree') as {
    Tree: new (o: { format: string; npmRegistry?: string | null; scope: unknown }) => {
      ruleset?: AstNode;
      addImport(s: string, src: string, d?: boolean): { name: string };
    };
    Scope: new () => unknown;
  };
  const { process: migrate } = require('@stoplight/spectral-ruleset-migrator') as { process: (input: unknown, ctx: unknown) => Promise<AstNode> };
  const transformers = (require('@stoplight/spectral-ruleset-migrator/dist/transformers') as { default: ((hooks: Set<MigratorHook>) => void)[] }).default;
  const { assertRuleset } = require('@stoplight/spectral-ruleset-migrator/dist/validation') as { assertRuleset(r: unknown): void };

  const imports = new Map<string, ImportRecord>();
  // The names of a `formats` list the migrator is turning into imports, one import each, in order.
  let formatsWritten: unknown[] = [];
  class RecordingTree extends Tree {
    addImport(specifier: string, source: string, isDefault = false) {
      const id = super.addImport(specifier, source, isDefault);
      const written = source === '@stoplight/spectral-formats' ? formatsWritten.shift() : undefined;
      imports.set(id.name, { source, imported: specifier, isDefault, ...(typeof written === 'string' && { written }) });
      return id;
    }
  }
  let reads = 0;
  // Read as the migrator reads (the same parsers), through our fs/fetch: remote rulesets only when allowed.
  const read = async (filepath: string, _fs: unknown, fetch: typeof SpectralFetch) => {
    if (++reads > MAX_FILES) throw new Error(`its extends reach more than ${MAX_FILES} files`);
    const text = isUrl(filepath) ? await (await fetch(filepath)).text() : await fs.promises.readFile(filepath, 'utf8');
    // As the bundling loader reads them (diff/config.ts rulesetFs): the `diff:` section is apiconv diff's, not Spectral's.
    const data = parseRulesetText(filepath, isUrl(filepath) ? text : withoutDiffSection(text, filepath));
    assertRuleset(data);
    return data;
  };
  const tree = new RecordingTree({ format: 'esm', npmRegistry: null, scope: new Scope() });
  const hooks = new Set<MigratorHook>();
  for (const t of transformers) t(hooks);
  // A `formats` list becomes imports of identifiers (`oas3.0` → oas3_0, `../x` → __/x): an unknown one is named as written.
  for (const hook of hooks) {
    const [pattern, transform] = hook;
    if (/formats/.test(pattern.source))
      hook[1] = (input, c) => {
        formatsWritten = Array.isArray(input) ? [...input] : [];
        return transform(input, c);
      };
  }
  const ctx = { cwd: base, filepath: abs, tree, opts: { fetch: opts.fetch, fs, format: 'esm' }, npmRegistry: null, hooks, read };
  let ast: AstNode;
  try {
    ast = await migrate(await read(abs, fs, opts.fetch), ctx);
  } catch (e) {
    if (e instanceof RulesetLoadError) throw e;
    throw new RulesetLoadError(abs, `invalid ruleset ${abs}: ${e instanceof Error ? e.message : String(e)}`);
  }

  // Every import must be one a data ruleset may name, used or not (an unused import is still evaluated by a bundle).
  const values = new Map<string, unknown>();
  const refused: string[] = [];
  for (const imp of imports.values()) {
    const unknown = unknownBuiltinName(imp);
    if (unknown) throw new UnknownNameError(abs, `invalid ruleset ${abs}: ${unknown}`);
  }
  for (const [local, imp] of imports) {
    const v = allowedImport(imp, opts.builtinRulesets);
    if (v === undefined) refused.push(describeImport(imp, base));
    else values.set(local, v);
  }
  if (refused.length > 0) refuse([...new Set(refused)]);

  const toValue = (node: AstNode, at: string): unknown => {
    switch (node.type) {
      case 'ObjectExpression': {
        const obj: Record<string, unknown> = {};
        for (const p of node.properties as AstNode[]) {
          const key = p.key as AstNode;
          if (p.type !== 'Property' || p.kind !== 'init' || p.computed || key.type !== 'Identifier') refuse([`${at}: not data`]);
          // The migrator names every key with JSON.stringify(key).
          const name = JSON.parse(key.name as string) as string;
          Object.defineProperty(obj, name, { value: toValue(p.value as AstNode, `${at}/${name}`), enumerable: true, writable: true, configurable: true });
        }
        return obj;
      }
      case 'ArrayExpression':
        return (node.elements as AstNode[]).map((e, i) => toValue(e, `${at}/${i}`));
      case 'Literal': {
        const v = node.value;
        if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
        return refuse([`${at}: not data`]);
      }
      case 'Identifier':
        if (values.has(node.name as string)) return values.get(node.name as string);
        return refuse([`${at}: names ${String(node.name)}, which is not a built-in`]);
      case 'UnaryExpression':
        // `then.function` naming a function that is neither a core function nor a custom one: Spectral's
        // validation reports it.
        if (node.operator === 'void' && (node.argument as AstNode).type === 'Literal') return undefined;
        return refuse([`${at}: not data`]);
      default:
        return refuse([`${at}: not data (${node.type})`]);
    }
  };
  return toValue(ast, '') as RulesetDefinition;
}
