/**
 * Caches that live across lints in one process (the language server relints
 * the same documents over and over). Each is keyed by the exact input, so a
 * cache hit gives exactly what the uncached computation gives.
 *
 * 1. Parsed `$ref`'d files. Spectral parses every file a `$ref` reaches
 *    (DocumentInventory.parseResolveResult → `new Document(text, Parsers.Yaml|Json)`)
 *    on every lint. The resolver itself stays fresh per lint (a reused one gives
 *    wrong `invalid-ref` results); only the parse of a
 *    file is reused, keyed by (absolute path, parser, exact text). The file is
 *    still read on every lint (disk or editor buffer), so a changed file is
 *    parsed again: there is nothing to invalidate by hand. Parsed data is never
 *    mutated (the resolver works on immer drafts and freezes what it returns).
 *    Bounded by the total size of the cached texts (least recently used first out).
 *    The root document is never cached (its text changes at every edit).
 *
 * (`@stoplight/path`, which the `$ref` resolver calls for every file `$ref`, is memoized in the bundles:
 * scripts/vendorPatches.mjs.)
 */
import * as Parsers from '@stoplight/spectral-parsers';

type ParseFn = (input: string) => unknown;

interface Entry {
  text: string;
  result: unknown;
}

export interface ParsedFileCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
}

/** Parse results of `$ref`'d files by (kind, absolute path), valid only for the exact text stored with them. */
export class ParsedFileCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(public maxBytes: number) {}

  parse(kind: string, source: string, text: string, parse: ParseFn): unknown {
    const key = `${kind}\u0000${source}`;
    const hit = this.entries.get(key);
    if (hit && hit.text === text) {
      this.hits++;
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.result;
    }
    this.misses++;
    const result = parse(text);
    if (hit) this.remove(key, hit);
    if (text.length <= this.maxBytes) {
      this.entries.set(key, { text, result });
      this.bytes += text.length;
      for (const [k, e] of this.entries) {
        if (this.bytes <= this.maxBytes) break;
        this.remove(k, e);
      }
    }
    return result;
  }

  private remove(key: string, e: Entry): void {
    this.entries.delete(key);
    this.bytes -= e.text.length;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    this.hits = 0;
    this.misses = 0;
  }

  stats(): ParsedFileCacheStats {
    return { entries: this.entries.size, bytes: this.bytes, hits: this.hits, misses: this.misses };
  }
}

/** The process-wide cache (32 MB of source text; the parsed trees take several times that). */
export const parsedFiles = new ParsedFileCache(32 * 1024 * 1024);

let enabled = true;
/** Turn the cross-lint caches off (tests compare cached and uncached findings). */
export function setLintCachesEnabled(on: boolean): void {
  enabled = on;
  if (!on) parsedFiles.clear();
}

/** A `$ref`'d file's parse through the cache (while the caches are on): the engine's resolver (resolve/resolver.ts). */
export function parseCached(kind: string, file: string, text: string, parse: ParseFn): unknown {
  return enabled ? parsedFiles.parse(kind, file, text, parse) : parse(text);
}

/** The `$ref`'d file whose text Spectral is parsing right now (set synchronously around its parse). */
let parsingFile: string | undefined;

const PATCHED = Symbol.for('apiconv.cachedParse');

function patchParser(parser: { parse: ParseFn }, kind: string): void {
  const p = parser as { parse: ParseFn; [PATCHED]?: true };
  if (p[PATCHED]) return;
  const original = p.parse;
  p.parse = function cachedParse(input: string) {
    const file = parsingFile;
    parsingFile = undefined; // one parse per parseResolveResult call
    if (!enabled || file === undefined || typeof input !== 'string') return original(input);
    return parsedFiles.parse(kind, file, input, original);
  };
  p[PATCHED] = true;
}

/** Install the caches (idempotent). Called by the resolver module at load. */
export function installLintCaches(): void {
  patchParser(Parsers.Yaml as unknown as { parse: ParseFn }, 'yaml');
  patchParser(Parsers.Json as unknown as { parse: ParseFn }, 'json');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ParseResolveResult = (opts: any) => unknown;

/**
 * Wraps Spectral's `parseResolveResult` so that the parse it does of a `$ref`'d
 * file's text goes through the cache. Spectral's function parses synchronously
 * (then records the document and its diagnostics as usual); the file name is
 * set only for that synchronous call.
 */
export function cachingParseResolveResult<F extends ParseResolveResult>(original: F): F {
  const wrapped = function (this: unknown, opts: { targetAuthority: { href(): string } }) {
    let file: string | undefined;
    try {
      file = opts.targetAuthority.href().replace(/\/$/, '');
    } catch {
      file = undefined;
    }
    parsingFile = file;
    try {
      return original.call(this, opts);
    } finally {
      parsingFile = undefined;
    }
  };
  return wrapped as unknown as F;
}
