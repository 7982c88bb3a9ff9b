/** The resolver's state, kept across resolves, and what reads it: the runner, the refs' targets, the units and their crawls (IncrementalResolver builds on it). */
import { pointerToPath } from '@stoplight/json';
import { ResolveRunner } from '@stoplight/json-ref-resolver/runner';
import { uriIsJSONPointer, uriToJSONPointer } from '@stoplight/json-ref-resolver/utils';
import { createResolver, fileUriRef } from '../spectralResolver';
import { OPEN_REF_POLICY, type RefPolicy } from '../refFiles';
import { encodeSegment, unitDepth, unitKey } from '../parse/units';
import type { IncrementalResolverOptions, RawError, ReferencedDocument, ResolveStats, Segment } from './types';
import { badObject, crawlAfterEdit, crawlUnitValue, EMPTY_CRAWL, Fallback, hasOwn, isRefObject, type UnitCrawl, type UnitInfo } from './crawl';
import type { Decisions, RefInfo } from './decisions';
// ---------------------------------------------------------------------------
// The resolver

/** A unit value no document has: a unit memo from a fallback is never reused. */
export const FALLBACK_VALUE = Symbol('fallback');

/** How many units' copy maps are kept when fewer were rebuilt (materialize). */
export const KEPT_COPY_MAPS = 16;

export interface CopyMemo {
  orig: object;
  copy: Record<string, unknown>;
}

export interface UnitMemo {
  value: unknown;
  /** Signature of what its sites hold. */
  nodesSig: string;
  final: unknown;
}

export interface RemoteState {
  /** Remote sites (pointer + ref) in order. */
  sig: string;
  /** Every file read and what was read (undefined: it could not be read). */
  reads: Map<string, string | undefined>;
  /** Per remote site, k-th in document order: what it holds, unless it is its own `$ref` object. */
  byOrdinal: Map<number, { value: unknown }>;
  /** The same by site index (for the site list it was last used with). */
  results: Map<number, { value: unknown }>;
  resultsFor: string;
  errors: RawError[];
  /** Root refMap entries of the remote refs, in order. */
  refMap: [string, string][];
  graph: { hasNode(id: string): boolean; getNodeData(id: string): unknown; overallOrder(): string[] };
  referencedDocuments: Record<string, ReferencedDocument>;
  diagnostics: unknown[];
  files: string[];
  /** False when http refs were followed (their content is not known to be the same next time). */
  reusable: boolean;
}

export interface Layout {
  ptr: string;
  crawl: UnitCrawl;
}

export abstract class ResolverBase {
  protected readonly opts: IncrementalResolverOptions & { refPolicy: RefPolicy };
  protected readonly crawls = new WeakMap<object, UnitCrawl>();
  protected refInfos = new Map<string, RefInfo>();
  protected runner: ResolveRunner | undefined;
  protected runnerBase: string | null | undefined = undefined;
  /** The units with sites (pointer and crawl) the decisions were made for. */
  protected layout: Layout[] | undefined;
  protected decisions: Decisions | undefined;
  protected unitMemo = new Map<string, UnitMemo>();
  /** Per unit: the copies of its objects above replaced sites its last build made, by relative pointer, with the objects they copy (materialize). */
  protected copyMemo = new Map<string, Map<string, CopyMemo>>();
  protected prevRoot: unknown = undefined;
  protected remote: RemoteState | undefined;
  /** Whether the previous result's unit values can be compared (not after a fallback or a plain document). */
  protected haveMemo = false;
  protected queue: Promise<unknown> = Promise.resolve();
  readonly stats: ResolveStats = { mode: 'local', decided: false, remoteResolved: false, rebuiltUnits: 0, crawlsKept: 0, copiesKept: 0 };

  constructor(opts: IncrementalResolverOptions) {
    this.opts = { ...opts, refPolicy: opts.refPolicy ?? OPEN_REF_POLICY };
  }

  /** The only resolve this resolver makes (a cold lint): nothing is kept, or signed, for a next one. */
  protected get oneShot(): boolean {
    return this.opts.oneShot === true;
  }

  /** A runner for the document's base URI: its computeRef, root and baseUri are the real ones. */
  protected runnerFor(source: string | null): ResolveRunner {
    if (this.runner === undefined || this.runnerBase !== source) {
      const r = createResolver({ allowRemoteRefs: this.opts.allowRemoteRefs, refPolicy: this.opts.refPolicy }) as unknown as {
        resolvers: Record<string, unknown>;
      };
      this.runner = new ResolveRunner({}, undefined, {
        ...(source !== null ? { baseUri: source } : {}),
        resolvers: r.resolvers as never,
        transformRef: fileUriRef,
      });
      this.runnerBase = source;
      this.refInfos = new Map();
    }
    return this.runner;
  }

  /** crawler.js computeRef, the local/remote split and the target pointer of a local ref. */
  protected refInfo(ref: string, runner: ResolveRunner): RefInfo {
    let info = this.refInfos.get(ref);
    if (info) return info;
    const targetPointer = plainLocalPointer(ref, runner) ?? targetPointerOf(ref, runner);
    if (targetPointer !== undefined) {
      info = { local: true, targetPointer };
      try {
        info.targetPath = (pointerToPath(targetPointer) as Segment[]).map(String);
      } catch {
        info.parseError = `'${String(computedRef(ref, runner))}' JSON pointer is invalid`;
      }
    } else {
      info = { local: false };
    }
    if (this.refInfos.size > 50_000) this.refInfos.clear();
    this.refInfos.set(ref, info);
    return info;
  }

  /** The crawl of unit `key`'s value: kept per object, and carried over from its last value across a small edit. */
  protected crawl(key: string, value: unknown): UnitCrawl {
    if (typeof value !== 'object' || value === null) return EMPTY_CRAWL;
    let c = this.crawls.get(value);
    if (!c) {
      const prev = this.haveMemo ? this.unitMemo.get(key)?.value : undefined;
      const prevCrawl = typeof prev === 'object' && prev !== null ? this.crawls.get(prev) : undefined;
      c = prevCrawl && crawlAfterEdit(prev, prevCrawl, value);
      if (c) this.stats.crawlsKept++;
      else c = crawlUnitValue(value, !this.oneShot);
      this.crawls.set(value, c);
    }
    return c;
  }

  /** Which sites of a crawl are remote refs. */
  protected remoteOf(c: UnitCrawl, runner: ResolveRunner): number[] {
    if (c.infoFor !== runner) {
      const remote: number[] = [];
      for (let j = 0; j < c.sites.length; j++) if (!this.refInfo(c.sites[j]!.ref, runner).local) remote.push(j);
      c.remote = remote;
      c.infoFor = runner;
    }
    return c.remote!;
  }

  /** The units of `data` with their crawls, in crawl order; Fallback for a $ref above the units. */
  protected collectUnits(data: object): UnitInfo[] {
    const units: UnitInfo[] = [];
    if (isRefObject(data)) throw new Fallback('the root is a $ref');
    const walk = (value: object, path: string[], ptr: string): void => {
      const bad = badObject(value);
      if (bad) throw new Fallback(bad);
      for (const key in value) {
        if (!hasOwn.call(value, key)) continue;
        const child = (value as Record<string, unknown>)[key];
        path.push(key);
        const childPtr = ptr + '/' + encodeSegment(key);
        if (unitDepth(path) === path.length) {
          const unit = unitKey(path);
          const crawl = this.crawl(unit, child);
          if (crawl.bad) throw new Fallback(crawl.bad);
          if (crawl.sites.length > 0 && path.some(k => k.indexOf('%') >= 0)) throw new Fallback("a '%' in a key on the way to a $ref");
          units.push({ key: unit, path: path.slice(), ptr: childPtr, value: child, crawl, first: 0 });
        } else if (isRefObject(child)) {
          throw new Fallback('a $ref above the units');
        } else if (typeof child === 'object' && child !== null) {
          walk(child, path, childPtr);
        }
        path.pop();
      }
    };
    walk(data, [], '#');
    return units;
  }
}

/**
 * The target pointer computeRef gives a local ref (undefined: a remote one). computeRef parses every ref as a URI
 * (urijs), a visible part of the resolves of documents with thousands of distinct refs.
 */
export function targetPointerOf(ref: string, runner: ResolveRunner): string | undefined {
  const uri = computedRef(ref, runner);
  return uriIsJSONPointer(uri as never) ? uriToJSONPointer(uri as never) : undefined;
}

function computedRef(ref: string, runner: ResolveRunner): { toString(): string } {
  const uri = runner.computeRef({ key: '$ref', val: { $ref: ref }, jsonPointer: '', pointerStack: [] } as never) as unknown as
    { toString(): string } | undefined;
  if (uri === undefined) throw new Fallback('a $ref the resolver does not take');
  return uri;
}

/** A fragment of one or more segments of letters, digits and `_ . ~ -`: nothing a URI parse reads otherwise. */
const PLAIN_FRAGMENT = /^#(?:\/[\w.~-]*)+$/;

/**
 * targetPointerOf a ref that is such a fragment, without the URI parse: the ref itself. Only where the runner's base
 * has a path: a fragment's URI has none, so computeRef does not take it for the base document itself (which it
 * rewrites), and fileUriRef leaves it as it is (resolve.test holds the two to each other).
 */
export function plainLocalPointer(ref: string, runner: ResolveRunner): string | undefined {
  return PLAIN_FRAGMENT.test(ref) && runner.baseUri.path() !== '' ? ref : undefined;
}
