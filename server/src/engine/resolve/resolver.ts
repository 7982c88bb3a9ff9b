/**
 * `$ref` resolution for the incremental engine: the same result Spectral's
 * DocumentInventory gets from @stoplight/json-ref-resolver (resolver.ts
 * createResolver), computed without immer and again on every edit only where
 * the edit matters.
 *
 * How json-ref-resolver resolves the root document's local refs (runner.js,
 * crawler.js), which this module replays exactly:
 * 1. A crawl in key order collects the `$ref` objects ("sites"; it does not
 *    look inside them). A local ref adds an edge site → target to a pointer
 *    graph and edges "stem" → target to a stem graph (every prefix of the
 *    site's path past the first segment that differs from the target's). A
 *    ref to one of its own ancestors is skipped.
 * 2. For every pointer of the pointer graph in `overallOrder()`, every
 *    (transitive) dependant site is set to the value at the pointer at that
 *    moment (a live immer draft, so the finished copy is shared), unless the
 *    dependant lies under one of the pointer's stem dependencies (a cycle: the
 *    site stays a `{$ref}` object); a missing target is a POINTER_MISSING error.
 * Here the graphs are built the same way (same insertion orders, same DFS),
 * the draft operations are simulated on a model of "what each site holds",
 * and the resolved document is built from that at the end: a copy of every
 * object above a replaced site, the original object everywhere else (frozen,
 * as immer freezes them), a site's value shared with its target's.
 *
 * Incremental: the crawl is memoized per unit value (units.ts), the decisions
 * (what each site ends up holding, the ref map, the errors) are reused while
 * the sites and the kind of their targets are unchanged, and a unit's resolved
 * value is reused (===) while its value, its sites' decisions and the resolved
 * values it reaches are unchanged.
 *
 * Remote refs (other files, http): the files are read every time; their part of
 * the resolution is run on a "skeleton" of the root (just the remote `$ref`
 * objects at their paths), reused while those refs and every file text read are
 * unchanged. It is our replay of json-ref-resolver's runner (remoteResolve.ts,
 * remoteRunner.ts), which gives the same result without immer; the real
 * resolver runs on the skeleton for what the replay does not cover (http refs,
 * a ref back into the root file, ...: stats.remoteFallbackReason).
 *
 * Whatever this model does not cover (a target reached through another `$ref`,
 * a `$ref` above the units, odd keys, a ref back into the root file, ...) is
 * resolved by the real resolver on the whole document (changedUnits 'all').
 *
 * Like immer in json-ref-resolver, a resolve freezes (deeply) every object of
 * the result, the parsed objects of the root document it shares included.
 * Unit values are memoized by identity: they must never be mutated.
 */
import { createResolver } from '../spectralResolver';
import { unitsOf } from '../parse/units';
import type { RawError, RefGraphLike, ResolvedDoc, ResolveInput } from './types';
import { Fallback, hasOwn, type UnitInfo } from './crawl';
import { FALLBACK_VALUE, type Layout, type RemoteState } from './base';
import { classify, statusKey } from './decide';
import { ResolverMaterialize } from './materialize';
import { formatResolverErrors, readText, ReferencedFiles } from './documentInventory';
import { collectAfter } from '../pipeline/garbageCollection';
import { resolveRemoteRefs, type RemoteOutcome } from './remoteResolve';

export class IncrementalResolver extends ResolverMaterialize {
  /**
   * Resolve `doc`. `_changedUnits` (the parser's) is not needed: unit values are compared by
   * identity (an unchanged unit keeps its object). Calls run one at a time, in call order.
   */
  resolve(doc: ResolveInput, _changedUnits: Set<string> | 'all'): Promise<ResolvedDoc> {
    const run = this.queue.then(() => this.resolveNow(doc));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async resolveNow(doc: ResolveInput): Promise<ResolvedDoc> {
    const data = doc.data;
    this.stats.fallbackReason = undefined;
    this.stats.decided = false;
    this.stats.remoteResolved = false;
    this.stats.rebuiltUnits = 0;
    this.stats.crawlsKept = 0;
    this.stats.copiesKept = 0;
    if (typeof data !== 'object' || data === null) {
      this.stats.mode = 'plain';
      this.forget();
      // DocumentInventory: nothing to resolve (its errors are null, its graph null).
      return {
        resolved: data,
        errors: [],
        diagnostics: [],
        referencedDocuments: {},
        graph: null,
        files: doc.source === null ? [] : [doc.source],
        changedUnits: 'all',
      };
    }
    try {
      return await this.resolveModel(doc, data);
    } catch (e) {
      this.forget(); // whatever was half updated
      if (!(e instanceof Fallback)) throw e;
      this.stats.mode = 'fallback';
      this.stats.fallbackReason = e.message;
      this.forget();
      const res = await this.resolveFully(doc);
      // Keep the units' resolved values, to tell next time which changed (all are rebuilt then).
      for (const [k, , v] of unitsOf(res.resolved)) this.unitMemo.set(k, { value: FALLBACK_VALUE, nodesSig: '', final: v });
      this.haveMemo = true;
      return res;
    }
  }

  private forget(): void {
    this.layout = undefined;
    this.decisions = undefined;
    this.unitMemo.clear();
    this.copyMemo.clear();
    this.prevRoot = undefined;
    this.remote = undefined;
    this.haveMemo = false;
  }

  // -------------------------------------------------------------------------

  private async resolveModel(doc: ResolveInput, data: object): Promise<ResolvedDoc> {
    const source = doc.source;
    const runner = this.runnerFor(source);
    const units = this.collectUnits(data);
    const byKey = new Map<string, UnitInfo>();
    const layout: Layout[] = [];
    let count = 0;
    let anyRemote = false;
    for (const u of units) {
      byKey.set(u.key, u);
      u.first = count;
      const n = u.crawl.sites.length;
      if (n === 0) continue;
      count += n;
      layout.push({ ptr: u.ptr, crawl: u.crawl });
      if (this.remoteOf(u.crawl, runner).length > 0) anyRemote = true;
    }
    const prevLayout = this.layout;
    const sameLayout =
      prevLayout !== undefined &&
      prevLayout.length === layout.length &&
      layout.every((l, i) => l.ptr === prevLayout[i]!.ptr && (l.crawl === prevLayout[i]!.crawl || l.crawl.sig === prevLayout[i]!.crawl.sig));
    this.layout = layout;

    // Remote refs first (runner.js applies them before the local ones).
    let remote: RemoteState | undefined;
    if (anyRemote) {
      const remoteSites: number[] = [];
      for (const u of units) for (const j of u.crawl.sites.length > 0 ? this.remoteOf(u.crawl, runner) : []) remoteSites.push(u.first + j);
      // The remote resolution's garbage (every file's parse, Spectral's resolver), before the local one adds its own.
      remote = await collectAfter(() => this.resolveRemote(doc, data, units, remoteSites, sameLayout));
    }
    this.remote = remote;

    // The local decisions: reused while the sites, the replaced remote sites and the kinds of the targets are the same.
    const remoteKey = remote ? [...remote.results.keys()].join(',') : '';
    let decisions = sameLayout ? this.decisions : undefined;
    if (decisions && decisions.remoteKey !== remoteKey) decisions = undefined;
    if (decisions) {
      for (const t of decisions.targets) {
        if (t.unit !== undefined && byKey.get(t.unit)?.value === t.unitValue) continue;
        if (statusKey(classify(t.path, data, byKey)) !== t.status) {
          decisions = undefined;
          break;
        }
        t.unitValue = t.unit === undefined ? undefined : byKey.get(t.unit)?.value;
      }
    }
    if (!decisions) {
      decisions = this.decide(units, byKey, data, runner, remote, remoteKey);
      this.stats.decided = true;
    }
    this.decisions = decisions;

    const { resolved, changedUnits, shared } = this.materialize(data, units, byKey, decisions, remote);

    // Errors: the crawl's PARSE_POINTER errors, the remote ones, then POINTER_MISSING, then the refs left for nesting too deep.
    const rawErrors = [...decisions.crawlErrors, ...(remote ? remote.errors : []), ...decisions.processErrors, ...(decisions.plan?.tooDeep ?? [])];
    const errors = formatResolverErrors(doc, rawErrors);

    const rootId = runner.root;
    // The root's refMap, made when first asked for: the inventory's lookups read a Map of it (refIndex), an object is
    // made for whoever reads the node data (an object of the thousands of pointers of a big document was a visible part of each resolve).
    let refIndex: Map<string, string> | undefined;
    const rootRefIndex = (): Map<string, string> => {
      if (refIndex === undefined) {
        refIndex = new Map();
        if (remote) for (const [k, v] of remote.refMap) refIndex.set(k, v);
        for (const [k, v] of decisions.refMap) refIndex.set(k, v);
      }
      return refIndex;
    };
    let refMap: Record<string, string> | undefined;
    const rootRefMap = (): Record<string, string> => {
      if (refMap === undefined) {
        refMap = {};
        for (const [k, v] of rootRefIndex()) refMap[k] = v;
      }
      return refMap;
    };
    const targetIds = decisions.targetNodeIds;
    const remoteGraph = remote?.graph;
    const graph: RefGraphLike = {
      getNodeData(id: string) {
        if (id === rootId) return { refMap: rootRefMap() };
        if (remoteGraph && remoteGraph.hasNode(id)) return remoteGraph.getNodeData(id) as { refMap: Record<string, string> };
        if (targetIds.has(id)) return { refMap: {} };
        throw new Error('Node does not exist: ' + id);
      },
      refIndex(id: string) {
        return id === rootId ? rootRefIndex() : undefined;
      },
      // The graph's nodes (unreferencedReusableObject reads them as a set: which targets are referenced).
      overallOrder() {
        const ids = [rootId, ...targetIds];
        const more = (remoteGraph as { overallOrder?: () => string[] } | undefined)?.overallOrder?.() ?? [];
        const seen = new Set(ids);
        for (const id of more) if (!seen.has(id)) ids.push(id);
        return ids;
      },
    };
    this.stats.mode = 'local';
    return {
      resolved,
      errors,
      diagnostics: remote ? remote.diagnostics : [],
      referencedDocuments: remote ? remote.referencedDocuments : {},
      graph,
      files: remote ? remote.files : source === null ? [] : [source],
      changedUnits,
      shared,
    };
  }

  /**
   * The remote refs. What runner.js gets for them does not depend on the rest of
   * the root document (unless a file refers back into it: Fallback), so the real
   * resolver runs on a skeleton of the root holding just them, and its result is
   * reused while they and the text of every file read are the same.
   */
  private async resolveRemote(doc: ResolveInput, data: object, units: UnitInfo[], remoteSites: number[], sameLayout: boolean): Promise<RemoteState> {
    const prev = this.remote;
    const runner = this.runnerFor(doc.source);
    let sig = '';
    if (sameLayout && prev) {
      sig = prev.sig;
    } else if (!this.oneShot) {
      // compared by a next resolve only
      for (const u of units) {
        if (u.crawl.sites.length === 0) continue;
        for (const j of this.remoteOf(u.crawl, runner)) sig += u.ptr + u.crawl.sites[j]!.ptr + '\u0001' + u.crawl.sites[j]!.ref + '\u0000';
      }
    }
    if (prev && prev.reusable && prev.sig === sig) {
      const files = [...prev.reads.keys()];
      const texts = await Promise.all(files.map(f => readText(f, this.opts.readFile, this.opts.refPolicy)));
      if (files.every((f, i) => texts[i] === prev.reads.get(f))) {
        const resultsFor = remoteSites.join(',');
        if (prev.resultsFor !== resultsFor) {
          prev.results = remap(prev.byOrdinal, remoteSites);
          prev.resultsFor = resultsFor;
        }
        return prev;
      }
    }
    return this.runRemote(doc, data, units, remoteSites, sig);
  }

  private async runRemote(doc: ResolveInput, data: object, units: UnitInfo[], remoteSites: number[], sig: string): Promise<RemoteState> {
    this.stats.remoteResolved = true;
    this.stats.remoteFallbackReason = undefined;
    const source = doc.source;
    const runner = this.runnerFor(source);
    // The skeleton: the remote $ref objects at their paths, in containers of the same kinds, in document order.
    const skeleton: Record<string, unknown> = {};
    const skeletonRefs: object[] = [];
    const sitePaths: string[][] = [];
    for (const u of units) {
      if (u.crawl.sites.length === 0) continue;
      for (const j of this.remoteOf(u.crawl, runner)) {
        const rel = u.crawl.sites[j]!;
        const keys = u.path.concat(rel.keys);
        sitePaths.push(keys);
        let orig: unknown = data;
        let node: Record<string, unknown> = skeleton;
        for (let m = 0; m < keys.length; m++) {
          const k = keys[m]!;
          orig = (orig as Record<string, unknown>)[k];
          if (m === keys.length - 1) {
            const ref = { $ref: rel.ref };
            node[k] = ref;
            skeletonRefs.push(ref);
          } else {
            if (!hasOwn.call(node, k)) node[k] = Array.isArray(orig) ? [] : {};
            node = node[k] as Record<string, unknown>;
          }
        }
      }
    }
    // Our replay of json-ref-resolver (remoteResolve.ts); the real resolver for what it does not replay.
    let own: RemoteOutcome | undefined;
    // An http(s) ref in the root is not replayed: json-ref-resolver at once, rather than after reading the other files.
    const http = this.layout?.some(l => l.crawl.sites.some(site => /^\s*https?:/i.test(site.ref))) ?? false;
    if (http) this.stats.remoteFallbackReason = 'an http(s) $ref';
    if (source !== null && !http && this.opts.remoteRefs !== 'json-ref-resolver') {
      try {
        own = await resolveRemoteRefs(skeleton, source, this.opts.readFile, this.opts.refPolicy);
      } catch (e) {
        if (!(e instanceof Fallback)) throw e;
        this.stats.remoteFallbackReason = e.message;
      }
    }
    const { result, errors, graph, inventory, files, reads } = own ?? (await this.runRealRemote(source, skeleton));

    const rootId = runner.root;
    let reusable = true;
    for (const id of graphNodes(graph)) {
      if (id === rootId) continue;
      const hash = id.indexOf('#');
      if ((hash < 0 ? id : id.slice(0, hash)) === rootId) throw new Fallback('a file refers back into the root document');
      // An http ref fetched (when allowed) may give something else next time; a refused one is an error again.
      if (this.opts.allowRemoteRefs && /^https?:/i.test(id)) reusable = false;
    }
    // What each remote site holds now (its own $ref object when it was not replaced, or replaced by itself).
    const byOrdinal = new Map<number, { value: unknown }>();
    for (let k = 0; k < sitePaths.length; k++) {
      let v: unknown = result;
      for (const key of sitePaths[k]!) v = v === null || v === undefined ? undefined : (v as Record<string, unknown>)[key];
      if (v === undefined) throw new Fallback('a remote $ref site vanished');
      if (v !== skeletonRefs[k]) byOrdinal.set(k, { value: v });
    }
    return {
      sig,
      reads,
      byOrdinal,
      results: remap(byOrdinal, remoteSites),
      resultsFor: remoteSites.join(','),
      errors,
      refMap: Object.entries(graph.getNodeData(rootId).refMap),
      graph,
      referencedDocuments: inventory.referencedDocuments,
      diagnostics: inventory.diagnostics,
      files,
      reusable,
    };
  }

  /** The remote refs of the skeleton resolved by json-ref-resolver. */
  private async runRealRemote(source: string | null, skeleton: object): Promise<RemoteOutcome> {
    const reads = new Map<string, string | undefined>();
    const files: string[] = source === null ? [] : [source];
    const seen = new Set(files);
    const userReader = this.opts.readFile;
    // Read as lint.ts reads (editor buffer, else a synchronous read): the resolver's outcome can depend
    // on the order reads complete in (a file reached from several places), so keep their order alike.
    const resolver = createResolver({
      allowRemoteRefs: this.opts.allowRemoteRefs,
      refPolicy: this.opts.refPolicy,
      readFile: async f => {
        const text = await readText(f, userReader, this.opts.refPolicy);
        reads.set(f, text);
        return text;
      },
      onRead: f => {
        if (!seen.has(f)) {
          seen.add(f);
          files.push(f);
        }
      },
    });
    const inventory = new ReferencedFiles();
    const result = await resolver.resolve(skeleton, {
      ...(source !== null ? { baseUri: source } : null),
      parseResolveResult: inventory.parseResolveResult as never,
    });
    return { result: result.result, errors: result.errors as unknown as RawError[], graph: result.graph as never, inventory, files, reads };
  }

  /** DocumentInventory.resolve: the real resolver on the whole document. */
  private async resolveFully(doc: ResolveInput): Promise<ResolvedDoc> {
    const files: string[] = doc.source === null ? [] : [doc.source];
    const seen = new Set(files);
    const resolver = createResolver({
      readFile: this.opts.readFile,
      allowRemoteRefs: this.opts.allowRemoteRefs,
      refPolicy: this.opts.refPolicy,
      onRead: f => {
        if (!seen.has(f)) {
          seen.add(f);
          files.push(f);
        }
      },
    });
    const inventory = new ReferencedFiles();
    const result = await resolver.resolve(doc.data, {
      ...(doc.source !== null ? { baseUri: doc.source } : null),
      parseResolveResult: inventory.parseResolveResult as never,
    });
    return {
      resolved: result.result,
      errors: formatResolverErrors(doc, result.errors as unknown as RawError[]),
      diagnostics: inventory.diagnostics,
      referencedDocuments: inventory.referencedDocuments,
      graph: result.graph as unknown as RefGraphLike,
      files,
      changedUnits: 'all',
    };
  }
}

/** The node ids of a dependency-graph DepGraph (its `nodes` record). */
function graphNodes(graph: object): string[] {
  return Object.keys((graph as { nodes: Record<string, unknown> }).nodes);
}

function remap(byOrdinal: Map<number, { value: unknown }>, remoteSites: number[]): Map<number, { value: unknown }> {
  const m = new Map<number, { value: unknown }>();
  for (const [k, r] of byOrdinal) m.set(remoteSites[k]!, r);
  return m;
}
