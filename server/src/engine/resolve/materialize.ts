/** Building the resolved document from the decisions: copies above replaced sites, the original (frozen) objects elsewhere, unchanged units reused (see resolver.ts). */
import { encodeSegment, unitDepth, unitKey } from '../parse/units';
import { addTo, deepFreeze, sameValues, shallowCopy, type UnitInfo } from './crawl';
import { KEPT_COPY_MAPS, type CopyMemo, type RemoteState, type UnitMemo } from './base';
import { ResolverDecide } from './decide';
import type { CopyTree, Decisions, Node } from './decisions';
import type { SharedObjects } from './types';
export abstract class ResolverMaterialize extends ResolverDecide {
  protected materialize(
    data: object,
    units: UnitInfo[],
    byKey: Map<string, UnitInfo>,
    decisions: Decisions,
    remote: RemoteState | undefined,
  ): { resolved: unknown; changedUnits: Set<string>; shared: SharedObjects | undefined } {
    const plan = this.planOf(decisions, units, remote);
    const finals = decisions.finals;
    const changing = plan.changing;
    // A one-shot resolve (a cold lint) is not followed by another: nothing is kept for one.
    const oneShot = this.oneShot;
    // One-shot: what is put at the sites, for the rules' walk (ResolvedDoc.shared).
    const shared = oneShot ? new Set<object>() : undefined;
    const atSite = (i: number): unknown => {
      const v = finalOf(finals.get(i)!);
      if (shared !== undefined && typeof v === 'object' && v !== null) shared.add(v);
      return v;
    };

    // Dirty units: rebuilt. A unit is dirty when its value or what its sites hold changed, or when
    // what it holds comes from a dirty unit (or from the root or a container, rebuilt every time).
    const dirty = new Set<string>();
    for (const u of units) {
      const memo = this.haveMemo ? this.unitMemo.get(u.key) : undefined;
      if (!memo || memo.value !== u.value || memo.nodesSig !== (plan.sigs.get(u.key) ?? '')) dirty.add(u.key);
    }
    if (data !== this.prevRoot) for (const k of plan.rawUsers) dirty.add(k);
    for (const { unit, of } of plan.origUsers) {
      const memo = this.unitMemo.get(of);
      if (!memo || memo.value !== byKey.get(of)?.value) dirty.add(unit);
    }
    let dependants = plan.dependants;
    if (plan.aboveUsers.length > 0) {
      dependants = new Map([...dependants].map(([k, v]) => [k, v.slice()]));
      for (const { unit, path } of plan.aboveUsers) {
        dirty.add(unit);
        for (const u of units) if (path.every((seg, j) => u.path[j] === seg)) addTo(dependants, u.key, unit);
      }
    }
    const queue = [...dirty];
    while (queue.length > 0) {
      const k = queue.pop()!;
      for (const d of dependants.get(k) ?? []) {
        if (!dirty.has(d)) {
          dirty.add(d);
          queue.push(d);
        }
      }
    }

    // Units whose own value alone changed: nothing they hold comes from a unit being rebuilt (nor from the root,
    // a container or another unit's `$ref` object) and nothing holds a part of them. An object of theirs that is
    // the same object as last time resolves to the same copy as last time, without a look below it: its sites
    // point where they did and what they point to is the same. Typing into a string of such a unit copies only
    // the objects down to it (parseJson.ts), so only those are copied again.
    const ownOnly = new Set<string>();
    if (this.haveMemo) {
      const holders = new Set<string>([
        ...plan.rawUsers,
        ...plan.aboveUsers.map(a => a.unit),
        ...plan.origUsers.map(o => o.unit),
        ...plan.origUsers.map(o => o.of),
      ]);
      for (const k of dirty) for (const d of dependants.get(k) ?? []) holders.add(d);
      for (const k of dirty) {
        const memo = this.unitMemo.get(k);
        if (!memo || memo.value === byKey.get(k)!.value || memo.nodesSig !== (plan.sigs.get(k) ?? '')) continue;
        if (holders.has(k) || (dependants.get(k)?.length ?? 0) > 0 || !this.copyMemo.has(k)) continue;
        ownOnly.add(k);
      }
    }

    /** The objects of unit `u` that get copied, and its changing sites (undefined: none). */
    const copyTreeOf = (u: UnitInfo): CopyTree | undefined => {
      if (plan.copyTrees.has(u.key)) return plan.copyTrees.get(u.key);
      let root: CopyTree | undefined;
      for (let j = 0; j < u.crawl.sites.length; j++) {
        if (!changing.has(u.first + j)) continue;
        root ??= { rel: '', kids: undefined, site: -1 };
        let node = root;
        for (const key of u.crawl.sites[j]!.keys) {
          const kids = (node.kids ??= new Map());
          let kid = kids.get(key);
          if (kid === undefined) kids.set(key, (kid = { rel: node.rel + '/' + encodeSegment(key), kids: undefined, site: -1 }));
          node = kid;
        }
        node.site = u.first + j;
      }
      plan.copyTrees.set(u.key, root);
      return root;
    };

    const copies = new Map<CopyTree, unknown>(); // a unit's object → its copy, this resolve
    const aboveCopies = new Map<string, unknown>(); // an object above the units, by pointer → its copy
    // The copies each rebuilt unit makes (or keeps), for next time. A unit whose own value alone changed keeps
    // its map, updated in place: the copies below the objects it keeps are still those.
    const nextCopyMemo = new Map<string, Map<string, CopyMemo>>();
    const copyMemoOf = (u: UnitInfo): Map<string, CopyMemo> => {
      let m = nextCopyMemo.get(u.key);
      if (!m) nextCopyMemo.set(u.key, (m = ownOnly.has(u.key) ? this.copyMemo.get(u.key)! : new Map()));
      return m;
    };
    let kept = 0;
    const unitFinals = new Map<string, unknown>();
    let rebuilt = 0;
    const remoteValue = (i: number): unknown => remote!.results.get(i)!.value;

    const finalOf = (n: Node): unknown => {
      switch (n.k) {
        case 'raw':
          deepFreeze(data);
          return data;
        case 'orig': {
          const v = byKey.get(n.unit)!.crawl.sites[n.j]!.val;
          deepFreeze(v);
          return v;
        }
        case 'remote':
          return remoteValue(n.site);
        case 'loc': {
          if (n.unit === undefined) return above(n.path, n.ptr);
          const u = byKey.get(n.unit)!;
          if (n.path.length === n.depth) return unitFinal(u);
          if (!dirty.has(u.key)) {
            let v = unitFinal(u);
            for (let j = n.depth; j < n.path.length; j++) v = (v as Record<string, unknown>)[n.path[j]!];
            return v;
          }
          let v: unknown = u.value;
          let node = copyTreeOf(u);
          for (let j = n.depth; j < n.path.length; j++) {
            v = (v as Record<string, unknown>)[n.path[j]!];
            node = node?.kids?.get(n.path[j]!);
          }
          return build(u, node, v);
        }
      }
    };
    /**
     * The resolved value of the object of dirty unit `u` at `node` of its copy tree (undefined: not on the way to a
     * changing site): a copy when a changing site is below it.
     */
    const build = (u: UnitInfo, node: CopyTree | undefined, orig: unknown): unknown => {
      if (typeof orig !== 'object' || orig === null) return orig;
      if (node === undefined || node.site >= 0) {
        deepFreeze(orig);
        return orig;
      }
      const rel = node.rel;
      const done = copies.get(node);
      if (done !== undefined) return done;
      const last = this.copyMemo.get(u.key)?.get(rel);
      if (last !== undefined && last.orig === orig && ownOnly.has(u.key)) {
        kept++;
        copies.set(node, last.copy);
        return last.copy;
      }
      const copy = shallowCopy(orig) as Record<string, unknown>;
      copies.set(node, copy);
      const kids = node.kids!;
      for (const key of Object.keys(orig)) {
        const child = (orig as Record<string, unknown>)[key];
        // A string, number, boolean or null: no site (a site holds a $ref object) and nothing copied below it; the
        // copy holds it already.
        if (typeof child !== 'object' || child === null) continue;
        const kid = kids.get(key);
        if (kid === undefined) deepFreeze(child);
        else if (kid.site >= 0) copy[key] = atSite(kid.site);
        else copy[key] = build(u, kid, child);
      }
      // The same object at the same place, holding the same values as last time: the last copy (frozen, equal)
      // keeps its identity, so what was kept for it downstream (the rules' memo) still holds. This is how a unit
      // rebuilt for what it holds (a component it reaches changed) keeps the copies that edit did not reach; a
      // unit whose own value alone changed kept them above, without building them.
      let out: Record<string, unknown> = copy;
      if (last !== undefined && last.orig === orig && sameValues(last.copy, copy)) {
        out = last.copy;
        copies.set(node, out);
      } else Object.freeze(copy);
      if (!oneShot) copyMemoOf(u).set(rel, { orig, copy: out });
      return out;
    };
    const unitFinal = (u: UnitInfo): unknown => {
      if (unitFinals.has(u.key)) return unitFinals.get(u.key);
      if (!dirty.has(u.key)) {
        const f = this.unitMemo.get(u.key)!.final;
        unitFinals.set(u.key, f);
        return f;
      }
      rebuilt++;
      let f: unknown;
      if (u.crawl.sites.length === 1 && u.crawl.sites[0]!.keys.length === 0) {
        // The unit value is a $ref.
        f = changing.has(u.first) ? atSite(u.first) : u.value;
        if (f === u.value) deepFreeze(f);
      } else {
        f = build(u, copyTreeOf(u), u.value);
      }
      unitFinals.set(u.key, f);
      return f;
    };
    const above = (path: string[], ptr: string): unknown => {
      let orig: unknown = data;
      for (const k of path) orig = (orig as Record<string, unknown>)[k];
      if (typeof orig !== 'object' || orig === null) return orig;
      if (!plan.modifiedAbove.has(ptr)) {
        deepFreeze(orig);
        return orig;
      }
      const done = aboveCopies.get(ptr);
      if (done !== undefined) return done;
      const copy = shallowCopy(orig) as Record<string, unknown>;
      aboveCopies.set(ptr, copy);
      for (const key of Object.keys(orig)) {
        const childPath = [...path, key];
        const childPtr = ptr + '/' + encodeSegment(key);
        const child = (orig as Record<string, unknown>)[key];
        if (unitDepth(childPath) === childPath.length) copy[key] = unitFinal(byKey.get(unitKey(childPath))!);
        else if (plan.modifiedAbove.has(childPtr)) copy[key] = above(childPath, childPtr);
        else deepFreeze(child);
      }
      Object.freeze(copy);
      return copy;
    };

    // What a unit's sites hold is built before it (refDepth.ts): each build stops at units built already, and the
    // recursion stays within one unit however long a chain of refs through properties is.
    for (const k of plan.order) if (dirty.has(k)) unitFinal(byKey.get(k)!);
    const resolved = above([], '#');
    const changed = new Set<string>();
    const memo = new Map<string, UnitMemo>();
    for (const u of units) {
      const f = unitFinal(u);
      const prev = this.haveMemo ? this.unitMemo.get(u.key) : undefined;
      if (!prev || prev.final !== f) changed.add(u.key);
      memo.set(u.key, { value: u.value, nodesSig: plan.sigs.get(u.key) ?? '', final: f });
    }
    this.unitMemo = memo;
    // The units rebuilt this time keep their copies, and a few others that were rebuilt before (the units typed
    // into of late: an edit elsewhere between two keystrokes keeps them). Not every unit's: a map entry per copy
    // of a big document (many times the text's size).
    for (const [k, m] of this.copyMemo) {
      if (nextCopyMemo.size >= KEPT_COPY_MAPS) break;
      if (!nextCopyMemo.has(k) && !dirty.has(k) && byKey.has(k)) nextCopyMemo.set(k, m);
    }
    this.copyMemo = nextCopyMemo;
    this.stats.copiesKept = kept;
    this.prevRoot = data;
    this.haveMemo = true;
    this.stats.rebuiltUnits = rebuilt;
    // With other files' refs, what they hold may share objects not named here.
    return { resolved, changedUnits: changed, shared: shared && { objects: shared, all: remote === undefined || remote.results.size === 0 } };
  }

  // -------------------------------------------------------------------------
}
