/** The local-ref decisions: what each `$ref` site ends up holding, simulated as json-ref-resolver's runner.js applies its draft operations (see resolver.ts). */
import { pointerToPath } from '@stoplight/json';
import type { ResolveRunner } from '@stoplight/json-ref-resolver/runner';
import { encodeSegment, unitDepth, unitKey } from '../parse/units';
import type { RawError, Segment } from './types';
import type { Decisions, Node, Plan, Target } from './decisions';
import { addTo, Fallback, Graph, hasOwn, idOf, siteAtRel, type GNode, type Site, type UnitInfo } from './crawl';
import { ResolverBase, type RemoteState } from './base';
import { PointerEncoder } from './pointer';
import { refDepth } from './refDepth';
import { normSegment, StemReach } from './stemReach';
// ---------------------------------------------------------------------------
// Decisions: the local-ref algorithm of runner.js / crawler.js, simulated

export type Status = { k: 'raw' } | { k: 'site'; site: number } | { k: 'missing' } | { k: 'loc'; node: Node };

export function statusKey(s: Status): string {
  switch (s.k) {
    case 'raw':
      return 'r';
    case 'site':
      return 's' + s.site;
    case 'missing':
      return 'm';
    case 'loc':
      return 'l';
  }
}

/** lodash get(draft, path) on the model: what kind of value the draft holds at `path`. */
export function classify(path: string[], data: unknown, units: Map<string, UnitInfo>): Status {
  if (path.length === 0) return { k: 'raw' };
  const d = unitDepth(path);
  const unit = d > 0 ? units.get(unitKey(path.slice(0, d))) : undefined;
  let cur: unknown = data;
  let rel = '';
  for (let i = 0; i < path.length; i++) {
    const seg = path[i]!;
    if (d > 0 && i >= d) {
      if (!unit) throw new Fallback('a $ref target in an unknown unit');
      if (unit.crawl.sites.length > 0 && siteAtRel(unit.crawl).has(rel)) throw new Fallback('a $ref target reached through another $ref');
    }
    if (cur === null || cur === undefined) return { k: 'missing' };
    if (typeof cur !== 'object') {
      if ((cur as Record<string, unknown>)[seg] === undefined) return { k: 'missing' };
      throw new Fallback('a $ref target inside a scalar');
    }
    if (!hasOwn.call(cur, seg)) {
      if ((cur as Record<string, unknown>)[seg] === undefined) return { k: 'missing' };
      throw new Fallback('a $ref target that is an inherited property');
    }
    cur = (cur as Record<string, unknown>)[seg];
    if (d > 0 && i >= d) rel += '/' + encodeSegment(seg);
  }
  if (d > 0) {
    if (!unit) throw new Fallback('a $ref target in an unknown unit');
    const j = unit.crawl.sites.length > 0 ? siteAtRel(unit.crawl).get(rel) : undefined;
    if (j !== undefined) return { k: 'site', site: unit.first + j };
  }
  if (cur === undefined) return { k: 'missing' };
  let ptr = '#';
  for (const seg of path) ptr += '/' + encodeSegment(seg);
  return { k: 'loc', node: { k: 'loc', ptr, path, unit: unit?.key, depth: d } };
}

/** The stems of a target no stem is reached from (most). Never added to. */
const NO_STEMS: ReadonlySet<string> = new Set();

/**
 * Which dependants each pointer of the processing loop writes: 'all' (every dependant, as runner.js does) or only its
 * direct ones (the sites that name it), with the same outcome.
 *
 * Every site names one target, so the pointer graph is made of trees, each leading to a target that is no site or into
 * one cycle. runner.js writes each pointer's value to all its dependants: a chain of n refs made n²/2 writes. Where no
 * write can be circular (no stem is reached from a pointer of the component), the post-order the loop takes lets the
 * direct writes stand for the others:
 * - a component's first pointer (its end, or the first of its cycle) writes all its dependants, as runner.js does:
 *   each gets its value (or, the target missing, its POINTER_MISSING error) and its refMap entry, in runner.js's order;
 * - a later pointer passes on the value its own target passed it, which every dependant further up already holds
 *   or gets from its own target later; what it must write is the refMap entry of its direct dependants, the last
 *   pointer written from being their target;
 * - except for a dependant whose target is in a cycle: the last pointer written from is the cycle's last one (where the
 *   search entered the cycle, the only one of it whose dependants include one processed before), which writes all.
 * A component with stems keeps runner.js's writes, each tested for a cycle.
 */
function writeScopes(order: GNode[], stemGraph: Graph): Map<GNode, 'all' | 'direct'> {
  const position = new Map<GNode, number>();
  for (let i = 0; i < order.length; i++) position.set(order[i]!, i);
  const component = componentsOf(order);
  const stemmed = new Set<number>();
  for (const n of order) if ((stemGraph.nodes.get(n.id)?.out.length ?? 0) > 0) stemmed.add(component.get(n)!);
  const scopes = new Map<GNode, 'all' | 'direct'>();
  for (let i = 0; i < order.length; i++) {
    const n = order[i]!;
    const target = n.out[0];
    const first = target === undefined || position.get(target)! > i;
    const cycleEntry = n.in.some(d => position.get(d)! < i);
    scopes.set(n, first || cycleEntry || stemmed.has(component.get(n)!) ? 'all' : 'direct');
  }
  return scopes;
}

/** The weakly connected components of a graph whose nodes have one out-edge at most, numbered. */
function componentsOf(nodes: GNode[]): Map<GNode, number> {
  const ON_WALK = -1;
  const component = new Map<GNode, number>();
  const walk: GNode[] = [];
  let next = 0;
  for (const start of nodes) {
    // Follow the out-edges to a node already numbered, the end of the chain, or around a cycle (a node on this walk).
    let n: GNode | undefined = start;
    while (n !== undefined && !component.has(n)) {
      if (n.out.length > 1) throw new Fallback('a pointer with two targets');
      component.set(n, ON_WALK);
      walk.push(n);
      n = n.out[0];
    }
    const reached = n === undefined ? ON_WALK : component.get(n)!;
    const c = reached === ON_WALK ? next++ : reached;
    for (const w of walk) component.set(w, c);
    walk.length = 0;
  }
  return component;
}

export abstract class ResolverDecide extends ResolverBase {
  protected decide(
    units: UnitInfo[],
    byKey: Map<string, UnitInfo>,
    data: object,
    runner: ResolveRunner,
    remote: RemoteState | undefined,
    remoteKey: string,
  ): Decisions {
    const sites: Site[] = [];
    for (const u of units) {
      for (let j = 0; j < u.crawl.sites.length; j++) {
        const rel = u.crawl.sites[j]!;
        sites.push({ keys: rel.keys.length === 0 ? u.path : u.path.concat(rel.keys), ptr: u.ptr + rel.ptr, ref: rel.ref, unit: u, j });
      }
    }
    const base = runner.baseUri.toString();
    const crawlErrors: RawError[] = [];
    const targetNodeIds = new Set<string>();

    // The crawl's part (crawler.js _resolveRef), in crawl order. First which local sites take part.
    const local: { site: number; targetPointer: string; targetPath: string[] }[] = [];
    /** The local targets' pointers, with their paths (refInfo's: the processing loop below reads them again). */
    const targetPaths = new Map<string, string[]>();
    for (let i = 0; i < sites.length; i++) {
      const site = sites[i]!;
      const info = this.refInfo(site.ref, runner);
      if (!info.local) continue;
      if (info.parseError !== undefined) {
        crawlErrors.push({ code: 'PARSE_POINTER', message: info.parseError, path: [], uriStack: [] });
        continue;
      }
      const targetPath = info.targetPath!;
      // A ref to itself or one of its ancestors is left alone.
      let referencesParent = targetPath.length > 0;
      for (let j = 0; j < targetPath.length; j++) {
        if (site.keys[j] !== targetPath[j]) {
          referencesParent = false;
          break;
        }
      }
      if (referencesParent) continue;
      local.push({ site: i, targetPointer: info.targetPointer!, targetPath });
      targetPaths.set(info.targetPointer!, targetPath);
    }
    // The graphs. Of the stem graph only the part reachable from targets is kept: the loop below
    // only asks dependenciesOf(a target), and every edge ends at a target, so a "stem" that is no
    // target's pointer is never reached.
    const pointerGraph = new Graph();
    const stemGraph = new Graph();
    const siteOfNode = new Map<string, number>();
    // Every pointer `stem + tail` below starts with '#/' and the site's first key: when no target does, none is one
    // (kubernetes: its 8,600 sites under `paths`, against targets under `definitions` and `parameters`, made a
    // pointer to look up for each key of their paths).
    const firstKeyMayMatch = new Map<string, boolean>();
    const mayMatch = (key: string): boolean => {
      let m = firstKeyMayMatch.get(key);
      if (m === undefined) {
        const prefix = `#/${key}`;
        m = false;
        for (const t of targetPaths.keys()) {
          if (t.startsWith(prefix)) {
            m = true;
            break;
          }
        }
        firstKeyMayMatch.set(key, m);
      }
      return m;
    };
    for (const { site: i, targetPointer, targetPath } of local) {
      const site = sites[i]!;
      const parentPath = site.keys;
      const targetStem = stemGraph.add(targetPointer);
      let stem = '#';
      let tail = '';
      const scanned = parentPath.length > 0 && mayMatch(parentPath[0]!) ? parentPath.length : 0;
      for (let j = 0; j < scanned; j++) {
        const part = parentPath[j]!;
        if (part === targetPath[j]) {
          stem += `/${part}`;
        } else {
          tail += `/${part}`;
          const dep = `${stem}${tail}`;
          if (dep !== site.ptr && dep !== targetPointer && targetPaths.has(dep)) stemGraph.addDependency(stemGraph.add(dep), targetStem);
        }
      }
      const from = pointerGraph.add(site.ptr);
      siteOfNode.set(site.ptr, i);
      const to = pointerGraph.add(targetPointer);
      const targetRef = `${base}${targetPointer}`;
      if (targetRef !== runner.root) targetNodeIds.add(targetRef);
      pointerGraph.addDependency(from, to);
    }

    // The processing loop (runner.js: one try around it; whatever throws ends it, keeping what was done).
    const finals = new Map<number, Node>();
    if (remote) for (const i of remote.results.keys()) finals.set(i, { k: 'remote', site: i });
    const refMap: [string, string][] = [];
    const processErrors: RawError[] = [];
    const targets: Target[] = [];
    const normCache = new Map<string, string>();
    /** A stem's path as one string of normalized segments. */
    const stemKey = (stem: string): string => {
      let key = normCache.get(stem);
      if (key === undefined) {
        key = '';
        for (const seg of pointerToPath(stem)) key += '\u0000' + normSegment(String(seg));
        normCache.set(stem, key);
      }
      return key;
    };
    /** pathToPointer of a site's path (its refMap key). */
    const sitePointers = new Map<number, string>();
    const pointers = new PointerEncoder();
    const stemsReach = new StemReach(stemGraph, stemKey);
    const order = pointerGraph.overallOrder();
    const writes = writeScopes(order, stemGraph);
    try {
      for (const pointerNode of order) {
        if (pointerNode.in.length === 0) continue; // no dependants
        const dependants = writes.get(pointerNode) === 'all' ? Graph.closure(pointerNode, false) : pointerNode.in;
        if (dependants.length === 0) continue;
        const pointer = pointerNode.id;
        const pointerPath = targetPaths.get(pointer) ?? (pointerToPath(pointer) as Segment[]).map(String);
        const status = classify(pointerPath, data, byKey);
        const d = unitDepth(pointerPath);
        const unit = d > 0 && pointerPath.length >= d ? unitKey(pointerPath.slice(0, d)) : undefined;
        targets.push({ path: pointerPath, unit, unitValue: unit === undefined ? undefined : byKey.get(unit)?.value, status: statusKey(status) });
        let val: Node | undefined;
        switch (status.k) {
          case 'raw':
            // immer's original(draft): with remote refs that is the document with them replaced.
            if (remote && remote.results.size > 0) throw new Fallback("a '#' ref next to remote refs");
            val = { k: 'raw' };
            break;
          case 'missing':
            val = undefined;
            break;
          case 'site': {
            const s = sites[status.site]!;
            val = finals.get(status.site) ?? { k: 'orig', site: status.site, ptr: s.ptr, unit: s.unit.key, j: s.j };
            break;
          }
          case 'loc':
            val = status.node;
            break;
        }
        const valuePointer = pointers.ofEscaped(pointer, pointerPath);
        let stems: ReadonlySet<string> | undefined;
        /** Every proper prefix of a stem's key: a dependant's path that leaves them cannot reach a stem further down. */
        let stemPrefixes: ReadonlySet<string> = NO_STEMS;
        let stemsMatchAll = false;
        for (const dependant of dependants) {
          const depIdx = siteOfNode.get(dependant.id);
          if (depIdx === undefined) throw new Fallback('an unexpected pointer graph');
          // pointerToPath(dependant) is the site's path (no key on it has a '%').
          const dependantPath = sites[depIdx]!.keys;
          const known = stemsReach.circular(pointer, dependantPath);
          if (known === true) continue;
          if (known === false) {
            // not circular: written below
          } else if (stems === undefined) {
            const stemNode = stemGraph.nodes.get(pointer);
            if (!stemNode) throw new Error('Node does not exist: ' + pointer);
            const reached = Graph.closure(stemNode, true);
            if (reached.length === 0) stems = NO_STEMS;
            else {
              const keys = new Set<string>();
              const prefixes = new Set<string>();
              for (const s of reached) {
                const k = stemKey(s.id);
                if (k === '') stemsMatchAll = true;
                keys.add(k);
                for (let at = k.indexOf('\u0000', 1); at > 0; at = k.indexOf('\u0000', at + 1)) prefixes.add(k.slice(0, at));
              }
              stems = keys;
              stemPrefixes = prefixes;
            }
          }
          // startsWith(dependantPath, stemPath) for some stem: a cycle, the dependant stays a $ref.
          let circular = known === undefined && stemsMatchAll;
          if (known === undefined && !circular && stems !== undefined && stems.size > 0) {
            let acc = '';
            for (const seg of dependantPath) {
              acc += '\u0000' + normSegment(seg);
              if (stems.has(acc)) {
                circular = true;
                break;
              }
              if (!stemPrefixes.has(acc)) break;
            }
          }
          if (circular) continue;
          let key = sitePointers.get(depIdx);
          if (key === undefined) sitePointers.set(depIdx, (key = pointers.ofEscaped(sites[depIdx]!.ptr, dependantPath)));
          refMap.push([key, valuePointer]);
          if (val !== undefined) finals.set(depIdx, val);
          else processErrors.push({ code: 'POINTER_MISSING', message: `'${pointer}' does not exist`, path: dependantPath, uriStack: [] });
        }
      }
    } catch (e) {
      if (e instanceof Fallback) throw e;
    }
    return { finals, remoteKey, targets, refMap, crawlErrors, processErrors, targetNodeIds };
  }

  // -------------------------------------------------------------------------

  /** What materializing needs from the decisions (the same for every resolve with them). */
  protected planOf(decisions: Decisions, units: UnitInfo[], remote: RemoteState | undefined): Plan {
    const results = remote?.results;
    if (decisions.plan && decisions.plan.remote === results) return decisions.plan;
    const finals = decisions.finals;
    const changing = new Set<number>();
    for (const [i, n] of finals) if (!(n.k === 'orig' && n.site === i)) changing.add(i);
    const { order, errors: tooDeep } = refDepth(units, changing, finals);
    const sigs = new Map<string, string>();
    const dependants = new Map<string, string[]>();
    const rawUsers: string[] = [];
    const aboveUsers: { unit: string; path: string[] }[] = [];
    const origUsers: { unit: string; of: string }[] = [];
    const modifiedAbove = new Set<string>();
    // What a next resolve compares (the materialize memo): a one-shot resolve has none.
    const signed = !this.oneShot;
    for (const u of units) {
      const n = u.crawl.sites.length;
      if (n === 0) continue;
      let sig = '';
      let anyChanging = false;
      for (let j = 0; j < n; j++) {
        const i = u.first + j;
        const node = finals.get(i);
        if (changing.has(i)) anyChanging = true;
        if (node === undefined) {
          if (signed) sig += '-\u0000';
          continue;
        }
        switch (node.k) {
          case 'loc':
            if (signed) sig += 'L' + node.ptr + '\u0000';
            if (node.unit !== undefined) addTo(dependants, node.unit, u.key);
            else aboveUsers.push({ unit: u.key, path: node.path });
            break;
          case 'raw':
            if (signed) sig += 'R\u0000';
            rawUsers.push(u.key);
            break;
          case 'orig':
            // Another site's own $ref object: it changes only with that unit's value.
            if (signed) sig += 'O' + node.ptr + '\u0000';
            if (node.unit !== u.key) origUsers.push({ unit: u.key, of: node.unit });
            break;
          case 'remote':
            if (signed) sig += 'X' + idOf(results!.get(node.site)!.value) + '\u0000';
            break;
        }
      }
      if (signed) sigs.set(u.key, sig);
      if (anyChanging) {
        let p = '#';
        modifiedAbove.add(p);
        for (let m = 0; m < u.path.length - 1; m++) {
          p += '/' + encodeSegment(u.path[m]!);
          modifiedAbove.add(p);
        }
      }
    }
    const plan: Plan = { remote: results, sigs, dependants, rawUsers, aboveUsers, origUsers, changing, modifiedAbove, copyTrees: new Map(), order, tooDeep };
    decisions.plan = plan;
    return plan;
  }
}
