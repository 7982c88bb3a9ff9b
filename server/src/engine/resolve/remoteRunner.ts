/**
 * The remote part of `$ref` resolution (other files), replayed without immer: what json-ref-resolver's runner.js
 * and crawler.js compute for the skeleton of remote refs (resolver.ts runRemote), step for step, with the same
 * awaits in the same places (several refs to one file share one runner whose source changes with every resolve
 * of it, so what a resolve sees depends on the order they run in), and these differences, none of which shows
 * in the result:
 * - a draft without proxies (remoteDraft.ts) instead of immer's produce;
 * - a resolve's remote results are set in one draft instead of one produce each (the values in between were
 *   never seen: the loop that sets them does not wait);
 * - a graph node keeps its refMap only (nothing reads the `data` runner.js stores beside it);
 * - each file is read once and parsed once (ReferencedFiles, as runner.js's parseResolveResult does).
 * What it does not replay throws Fallback: refs over http(s) or another scheme, a ref back into the root
 * document, a value that is no plain object or array, writing through a value that is no draft.
 *
 * runner.js's rules, as replayed here:
 * - A runner per file (the first ref to it makes it, with that runner's depth + 1 and uri stack); every later
 *   ref to the file adds the referring file to that runner's uri stack (unless the referrer is the root); a
 *   ref to a file on the stack is left as it is (a cycle); a stack of 100 stops (an error).
 * - resolve(pointer): the value at the pointer in the runner's source as it is now (POINTER_MISSING when there
 *   is none); its crawl (following the file's local refs when a pointer was given); every remote ref found is
 *   looked up; the results are set at their sites, then the local refs are replaced (pointer graph order,
 *   stem graph cycle check), and the source keeps all of that for the next resolve.
 */
import { pathToPointer, pointerToPath, startsWith, trimStart } from '@stoplight/json';
import { DepGraph } from 'dependency-graph';
import { ResolveRunner } from '@stoplight/json-ref-resolver/runner';
import { uriIsJSONPointer, uriToJSONPointer } from '@stoplight/json-ref-resolver/utils';
import { fileUriRef } from '../spectralResolver';
import { RefReadError } from '../refFiles';
import { Fallback } from './crawl';
import { Crawl } from './remoteCrawl';
import { plainRelativeRef, type Uri } from './plainRef';
import { Draft, deepFreeze, draftGet, draftSet, finish } from './remoteDraft';
import type { RawError } from './types';

export type Segment = string;

/** A graph node: the refMap runner.js keeps (its `data` is not kept). */
export interface NodeData {
  refMap: Record<string, string>;
}

export interface RemoteContext {
  graph: DepGraph<NodeData>;
  /** Per file (cache key): the promise of its runner (the root's is the root runner itself). */
  uriCache: Map<string, Promise<RemoteRunner> | RemoteRunner>;
  /** resolver.ts's readLocal: the text of a file (rejects with the resolver's Error when it cannot be read). */
  read(ref: Uri): Promise<string>;
  /** ReferencedFiles.parseResolveResult (through the parse cache). */
  parse(opts: { result: unknown; targetAuthority: Uri }): Promise<{ result: unknown }>;
  /** Frozen objects with no `$ref` object in them: a crawl has nothing to do there (an object's crawl has no other effect). */
  refFree: WeakSet<object>;
  /** Computed relative `$ref`s per folder and string (RemoteRunner.computeRef). */
  folderRefs: Map<string, Ref>;
}

export interface Resolved {
  result: unknown;
  errors: RawError[];
}

export interface LookupResult {
  uri: Uri;
  /** String(uri). */
  text: string;
  targetPath: Segment[];
  resolved?: Resolved;
  error?: RawError;
}

/** A computed `$ref`: its URI, as a string, whether it is local, its pointer (uriToJSONPointer) and its file's cache key. */
export interface Ref {
  uri: Uri;
  text: string;
  local: boolean;
  pointer: string;
  key: string;
  /** uri.path(). */
  path: string;
}

/** A `$ref` that is a relative path: no scheme, not absolute, not a fragment. */
const RELATIVE = /^(?![a-z][a-z0-9+.-]*:)(?!\s)[^#/\\]/i;

export interface SiteOpts {
  ref: Ref;
  val: unknown;
  parentPath: Segment[];
  parentPointer: string;
  resolvingPointer: string | undefined;
}

const RESOLVERS = { file: {}, http: {}, https: {} };

/**
 * A runner's uri stack: runner.js's array, which every ref to a file from another file makes one longer (a file
 * reached from thousands of files has a stack thousands long, copied each time), kept as a list that shares its
 * tail. Made an array only for an error.
 */
export class UriStack {
  static readonly EMPTY = new UriStack(undefined, null, 0);
  private constructor(
    private readonly top: string | undefined,
    private readonly below: UriStack | null,
    readonly length: number,
  ) {}

  push(uri: string): UriStack {
    return new UriStack(uri, this, this.length + 1);
  }

  includes(uri: string): boolean {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- a walk down the stack starts at its top
    for (let s: UriStack | null = this; s !== null && s.length > 0; s = s.below) if (s.top === uri) return true;
    return false;
  }

  toArray(): string[] {
    const out: string[] = new Array<string>(this.length);
    let i = this.length;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- a walk down the stack starts at its top
    for (let s: UriStack | null = this; s !== null && s.length > 0; s = s.below) out[--i] = s.top!;
    return out;
  }
}

export class RemoteRunner {
  readonly depth: number;
  /** runner.js's own runner for this file, for what only depends on the file's URI (computeRef, baseUri, root). */
  private readonly uris: ResolveRunner;
  readonly baseUri: Uri;
  readonly root: string;
  uriStack: UriStack;
  source: unknown;
  private readonly refs = new Map<string, Ref>();
  /** The file's path (baseUri.path()) and its folder (as a string; undefined: not a plain file path). */
  private readonly path: string;
  private readonly folder: string | undefined;

  constructor(
    readonly ctx: RemoteContext,
    source: unknown,
    opts: { depth: number; baseUri: string; root?: Uri; uriStack: UriStack },
  ) {
    this.depth = opts.depth;
    this.source = source;
    this.uris = new ResolveRunner({}, new DepGraph({ circular: true }), {
      baseUri: opts.baseUri,
      ...(opts.root ? { root: opts.root as never } : null),
      resolvers: RESOLVERS as never,
      transformRef: fileUriRef,
    });
    this.baseUri = this.uris.baseUri as unknown as Uri;
    this.root = this.uris.root;
    this.path = this.baseUri.path();
    const base = this.baseUri.toString();
    this.folder = base.startsWith('/') && base === this.path ? base.slice(0, base.lastIndexOf('/')) : undefined;
    this.uriStack = opts.uriStack;
    if (!ctx.graph.hasNode(this.root)) ctx.graph.addNode(this.root, { refMap: {} });
    if (opts.depth === 0 && String(this.baseUri)) ctx.uriCache.set(cacheKeyOf(this.baseUri), this);
  }

  /**
   * runner.js computeRef, and what the crawl and the lookup read of its URI. What it gives depends on the `$ref`
   * string and the file alone: kept per string (a file resolved at many pointers is crawled as many times).
   */
  private computeRef(val: unknown, pointer: string): Ref | undefined {
    if (!val || typeof val !== 'object') return undefined;
    const str = (val as { $ref?: unknown }).$ref;
    if (typeof str !== 'string') return undefined;
    let ref = this.refs.get(str);
    // A relative file path is the same from every file of a folder (runner.js joins it to the folder), unless it names
    // the file itself (then it is a local ref): kept per folder too.
    const shared = this.folder !== undefined && !ref && RELATIVE.test(str) ? this.folder + '\u0000' + str : undefined;
    if (shared !== undefined) {
      const hit = this.ctx.folderRefs.get(shared);
      if (hit !== undefined && hit.path !== this.path) ref = hit;
    }
    if (ref === undefined) {
      // a plain relative path from a plain file: runner.js's URI without @stoplight/path's parser (plainRef.ts)
      let uri = this.folder !== undefined ? plainRelativeRef(str, this.folder, this.path, this.baseUri.constructor as new (s: string) => Uri) : undefined;
      try {
        uri ??= this.uris.computeRef({ val, jsonPointer: pointer, pointerStack: [] } as never) as unknown as Uri | undefined;
      } catch {
        throw new Fallback('a $ref the resolver cannot read');
      }
      if (uri === undefined) throw new Fallback('a $ref the resolver does not take');
      const local = uriIsJSONPointer(uri as never);
      ref = { uri, text: uri.toString(), local, pointer: uriToJSONPointer(uri as never), key: local ? '' : cacheKeyOf(uri), path: uri.path() };
      if (shared !== undefined && !local) this.ctx.folderRefs.set(shared, ref);
    }
    this.refs.set(str, ref);
    return ref;
  }

  private atMaxUriDepth(): boolean {
    return this.uriStack.length >= 100;
  }

  /** runner.js lookupUri: read and parse the file, and make its runner (memoized per file by the caller). */
  private async lookupUri(ref: Uri): Promise<RemoteRunner> {
    let scheme = ref.scheme();
    if (!(scheme in RESOLVERS) && (this.uris as unknown as { isFile(u: Uri): boolean }).isFile(ref)) scheme = 'file';
    if (scheme !== 'file') throw new Fallback(`a ${scheme || 'schemeless'} $ref`);
    let result: unknown = await this.ctx.read(ref);
    try {
      const parsed = await this.ctx.parse({ result, targetAuthority: ref });
      result = parsed.result;
    } catch (e) {
      if (e instanceof Fallback) throw e;
      throw new Error(`Could not parse remote reference response for '${ref.toString()}' - ${String(e)}`, { cause: e });
    }
    return new RemoteRunner(this.ctx, result, { depth: this.depth + 1, baseUri: ref.toString(), root: ref, uriStack: this.uriStack });
  }

  private lookupUriMemo(ref: Uri, cacheKey: string): Promise<RemoteRunner> | RemoteRunner {
    let r = this.ctx.uriCache.get(cacheKey);
    if (r === undefined) {
      r = this.lookupUri(ref.clone().fragment(''));
      this.ctx.uriCache.set(cacheKey, r);
    }
    if (r instanceof RemoteRunner) throw new Fallback('a file refers back into the root document');
    return r;
  }

  /** runner.js lookupAndResolveUri. */
  private async lookupAndResolveUri(opts: SiteOpts): Promise<LookupResult> {
    const { val, resolvingPointer, parentPointer } = opts;
    const ref = opts.ref.uri;
    const parentPath = opts.parentPath.slice();
    const cacheKey = opts.ref.key;
    if (!cacheKey) throw new Fallback('a $ref to an empty URI');
    const lookup: LookupResult = { uri: ref, text: opts.ref.text, targetPath: resolvingPointer === parentPointer ? [] : parentPath };
    if (this.uriStack.includes(cacheKey)) {
      lookup.resolved = { result: val, errors: [] };
      return lookup;
    }
    let child: RemoteRunner | undefined;
    const authority = this.baseUri.toString();
    const newUriStack = authority && this.depth !== 0 ? authority : null;
    try {
      if (this.atMaxUriDepth()) throw new Error(`Max uri depth (${this.uriStack.length}) reached. Halting, this is probably a circular loop.`);
      child = await this.lookupUriMemo(ref, cacheKey);
      if (newUriStack) child.uriStack = child.uriStack.push(newUriStack);
    } catch (e) {
      if (e instanceof Fallback) throw e;
      lookup.error = {
        code: 'RESOLVE_URI',
        message: String(e),
        uriStack: (newUriStack ? this.uriStack.push(newUriStack) : this.uriStack).toArray(),
        path: parentPath,
      };
    }
    if (child) {
      const resolved = await child.resolve(opts.ref.pointer);
      lookup.resolved = resolved;
      for (const error of resolved.errors) {
        if (error.code !== 'POINTER_MISSING' || error.path.join('/') !== ref.fragment().slice(1)) continue;
        const inResult = trimStart(error.path, trimStart(ref.fragment(), '/').split('/'));
        if (inResult && inResult.length) throw new Fallback('a missing pointer patched inside a result');
        else if (resolved.result) resolved.result = val;
      }
    }
    return lookup;
  }

  /** runner.js resolve. */
  async resolve(pointer?: string): Promise<Resolved> {
    const resolved: Resolved = { result: this.source, errors: [] };
    let targetPath: Segment[] | undefined;
    const jsonPointer = pointer && pointer.trim();
    if (jsonPointer && jsonPointer !== '#' && jsonPointer !== '#/') {
      try {
        targetPath = pointerToPath(jsonPointer) as Segment[];
      } catch {
        resolved.errors.push({ code: 'PARSE_POINTER', message: `'${jsonPointer}' JSON pointer is invalid`, uriStack: this.uriStack.toArray(), path: [] });
        return resolved;
      }
      resolved.result = draftGet(resolved.result, targetPath);
    }
    if (resolved.result === undefined) {
      resolved.errors.push({
        code: 'POINTER_MISSING',
        message: `'${jsonPointer}' does not exist @ '${this.baseUri.toString()}'`,
        uriStack: this.uriStack.toArray(),
        path: targetPath || [],
      });
      return resolved;
    }
    const crawl = new Crawl(this, jsonPointer, resolved);
    crawl.computeGraph(resolved.result, targetPath ?? [], jsonPointer || '');
    let results: LookupResult[] = [];
    if (crawl.lookups.length) results = await Promise.all(crawl.lookups);
    this.applyRemote(results, targetPath, resolved);
    if (typeof this.source === 'object') {
      // null (a file holding `null`): immer's produce calls the recipe with it, whose loop has nothing to do (a crawl of null finds no ref).
      if (this.source !== null) this.applyLocal(crawl, resolved);
      resolved.result = targetPath ? draftGet(this.source, targetPath) : this.source;
    } else {
      resolved.result = this.source;
    }
    return resolved;
  }

  /** The remote results set at their sites (one produce each in runner.js; one draft here). */
  private applyRemote(results: LookupResult[], targetPath: Segment[] | undefined, resolved: Resolved): void {
    let draft: Draft | undefined;
    const rootRefMap = this.ctx.graph.getNodeData(this.root).refMap;
    for (const r of results) {
      let at = r.targetPath;
      if (!at.length) at = targetPath || [];
      rootRefMap[pathToPointer(at)] = r.text;
      if (r.error) resolved.errors.push(r.error);
      if (!r.resolved) continue;
      if (r.resolved.errors) resolved.errors = resolved.errors.concat(r.resolved.errors);
      if (r.resolved.result === undefined) continue;
      if (!at.length) {
        // The recipe returns the result: it replaces the source (what was set before is dropped, as produce had finished it).
        if (draft) finish(draft);
        draft = undefined;
        deepFreeze(r.resolved.result);
        this.source = r.resolved.result;
        continue;
      }
      if (!draft) {
        if (typeof this.source !== 'object' || this.source === null) throw new Fallback('a remote result set into a scalar');
        draft = new Draft(this.source, null);
      }
      draftSet(draft, at, r.resolved.result);
    }
    if (draft) this.source = finish(draft);
  }

  /** runner.js's dereferenceInline produce: the local refs found by this resolve's crawl replaced. */
  private applyLocal(crawl: Crawl, resolved: Resolved): void {
    const base = this.source as object;
    const draft = new Draft(base, null);
    const rootRefMap = this.ctx.graph.getNodeData(this.root).refMap;
    try {
      const order = crawl.pointerGraph.overallOrder();
      for (const pointer of order) {
        const dependants = crawl.pointerGraph.dependantsOf(pointer);
        if (!dependants.length) continue;
        const pointerPath = pointerToPath(pointer) as Segment[];
        const val = pointerPath.length === 0 ? base : draftGet(draft, pointerPath);
        for (const dependant of dependants) {
          let circular = false;
          const dependantPath = pointerToPath(dependant) as Segment[];
          for (const stem of crawl.pointerStemGraph.dependenciesOf(pointer)) {
            if (startsWith(dependantPath, pointerToPath(stem))) {
              circular = true;
              break;
            }
          }
          if (circular) continue;
          rootRefMap[pathToPointer(dependantPath)] = pathToPointer(pointerPath);
          if (val !== undefined) {
            draftSet(draft, dependantPath, val);
          } else {
            resolved.errors.push({ code: 'POINTER_MISSING', message: `'${pointer}' does not exist`, path: dependantPath, uriStack: this.uriStack.toArray() });
          }
        }
      }
    } catch (e) {
      // runner.js drops whatever its loop throws (and keeps what was set before).
      if (e instanceof Fallback) throw e;
    }
    this.source = finish(draft);
  }

  /** computeRef for the crawl (remoteCrawl.ts). */
  crawlRef(val: unknown, pointer: string): Ref | undefined {
    return this.computeRef(val, pointer);
  }

  startLookup(opts: SiteOpts): Promise<LookupResult> {
    return this.lookupAndResolveUri(opts);
  }

  canDereferenceRemote(): boolean {
    return !this.atMaxUriDepth();
  }
}

function cacheKeyOf(ref: Uri): string {
  return ref.clone().fragment('').toString();
}

/** resolver.ts readLocal's error for a file that could not be read. */
export function readError(e: unknown, file: string): Error {
  if (e instanceof RefReadError) return new Error(e.message);
  const code = (e as NodeJS.ErrnoException).code;
  return new Error(code === 'ENOENT' ? `file not found: ${file}` : `cannot read ${file}: ${(e as Error).message}`);
}
