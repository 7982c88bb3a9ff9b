/**
 * The incremental rule runner: runs a Spectral ruleset over a parsed and
 * resolved document with the results Spectral's own Runner gives, but reuses
 * the results of unchanged units from the previous run.
 *
 * How the work is split (units: units.ts):
 * - "Local" rules — every function of the rule is one whose result depends on
 *   nothing but the value it is given, its path, the document's formats (and
 *   `jsonSchemaDialect`) — are matched unit by unit: each unit is queried on its
 *   own (a sparse root holding only that unit), and its results are kept while
 *   the unit's value is the same object (the parser and the resolver keep the
 *   identity of unchanged units). The places above the units (the root, `paths`,
 *   `components.schemas`…) are matched on a stub root whose units are empty
 *   objects, and the functions get the real values there: that pass is cheap.
 * - The OAS schema rules (Ajv with allErrors: the errors of a document are the
 *   union of its parts') validate each changed unit on its own, and the rest
 *   of the document with the units left out (when that rest changed).
 * - The apiconv conventions (functions marked by rules/_lib/ruleFunction.ts
 *   `modelRule`) run as a group on views of the document that record which
 *   top-level keys they read and the names of the properties whose values
 *   they read; their results are reused while every unit under those keys is
 *   the same object or differs only in values of other properties (an edit
 *   of `info` or of a description does not re-run them).
 * - Every other rule (the document-wide ones: operationId uniqueness, custom
 *   JavaScript functions…) runs over the whole document every time, as
 *   Spectral runs it; plain JSONPaths (`$.paths`) are walked directly rather
 *   than by a traversal of the whole document.
 * Results are then mapped, deduplicated and sorted as Spectral does. The
 * result equals Spectral's: test/engine/incremental.test.ts compares it with
 * `lintWithSpectral()` (Spectral's own runner) after random edits.
 */
import type { IRange } from '@stoplight/types';
import type { Ruleset } from '@stoplight/spectral-core';
import { isRecord, unitDepth, unitKey, unitsOf } from '../parse/units';
import { prepareResults } from '../finish/results';
import { stoppedRuleCount } from '../functionBudget';
import { FnMemo, isLocalRule, isModelRule, isSplitRule } from './functions';
import { lintNode, type NodeCtx } from './lintNode';
import { Query, valueAt } from './query';
import { Reads, sameAsRead, snapshotOf, withResolved } from './reads';
import type { SharedObjects } from '../resolve/types';
import { DEFAULT_RANGE, type DocLike, type InventoryLike, type JsonPath, type RawResult, type RuleLike, type RunnerResult } from './types';
import { HeldMatches } from './heldMatches';
import { insideUnit, restSignature, sameSignature, sparseRoot, stubRoot, withoutContainerUnits } from './unitRoots';

interface UnitEntry {
  value: unknown;
  results: RawResult[];
  /** The local rules' matches in the unit, in order, each with how many of `results` it gave (undefined: not kept). */
  matches?: Match[];
  /** The last replay: its leaves (JSON), the matches it ran again and where their results start in `results`. */
  replay?: { leaves: string; idx: number[]; at: number[] };
}

interface Match {
  rule: RuleLike;
  path: JsonPath;
  n: number;
}

export interface RunInput {
  ruleset: Ruleset;
  document: DocLike;
  inventory: InventoryLike;
  /** results that come before the rules' (parser diagnostics, resolver errors), with their ranges */
  preResults: RunnerResult[];
  /** A one-shot run (cold.ts): nothing is kept for a next run. */
  oneShot?: boolean;
  /** Only the rules this keeps run (LintOptions.onlyRules); all of them without. */
  only?: (rule: string) => boolean;
  /** Objects of the resolved document met more than once (ResolvedDoc.shared): the walk records them at once. */
  shared?: SharedObjects;
}

export class IncrementalRunner {
  private key: { ruleset: Ruleset; formats: string; dialect: unknown; only: ((rule: string) => boolean) | undefined } | undefined;
  private queries: { localR: Query; localU: Query; globalR: Query; globalU: Query; split: RuleLike[]; model: RuleLike[] } | undefined;
  /** Results of the split rules per rule and unit. */
  private splitUnits = new Map<string, Map<string, UnitEntry>>();
  /** Results of the split rules on the rest of the document (withoutContainerUnits), with what that rest held. */
  private splitRest = new Map<string, { sig: unknown[]; results: RawResult[] }>();
  private unitsR = new Map<string, UnitEntry>();
  private unitsU = new Map<string, UnitEntry>();
  /** The units that keep their matches, per pass: resolved, unresolved (heldMatches.ts). */
  private readonly held = [new HeldMatches(), new HeldMatches()] as const;
  /** Results of the memo-able functions by value (see FnMemo). */
  private fnMemo = new FnMemo();
  /** The model rules' last results and what they read: top-level key → its units (resolved, unresolved), and the names of the properties whose values they read (Reads). */
  private modelMemo: { deps: Map<string, { resolved: unknown[]; unresolved: unknown[] }>; names: Set<string>; results: RawResult[] } | undefined;
  /** Each kept result with its range, as the last run gave it (see run). */
  private ranged = new WeakMap<RawResult, RunnerResult>();
  /** The last run: units re-run and reused (the first keys re-run), and where the time went. */
  stats = emptyStats();

  async run(input: RunInput): Promise<RunnerResult[]> {
    const { ruleset, document, inventory } = input;
    const formats = document.formats ?? null;
    const formatKey = formats
      ? [...formats].map(f => (f as { displayName?: string; name?: string }).displayName ?? (f as { name?: string }).name).join(',')
      : '';
    const dialect = isRecord(inventory.unresolved) ? inventory.unresolved.jsonSchemaDialect : undefined;
    const only = input.only;
    if (!this.key || this.key.ruleset !== ruleset || this.key.formats !== formatKey || this.key.dialect !== dialect || this.key.only !== only) {
      this.key = { ruleset, formats: formatKey, dialect, only };
      this.unitsR.clear();
      this.unitsU.clear();
      for (const h of this.held) h.clear();
      const rules = (Object.values(ruleset.rules) as unknown as RuleLike[]).filter(r => r.enabled && r.matchesFormat(formats) && (!only || only(r.name)));
      this.splitUnits.clear();
      this.splitRest.clear();
      const split: RuleLike[] = [];
      const local: RuleLike[] = [];
      const model: RuleLike[] = [];
      const global: RuleLike[] = [];
      for (const r of rules) (isSplitRule(r, formats) ? split : isLocalRule(r) ? local : isModelRule(r, formats) ? model : global).push(r);
      this.modelMemo = undefined;
      this.fnMemo = new FnMemo();
      // Rules that read the resolved document, and those that read it as written.
      const onResolved = (r: RuleLike) => r.resolved;
      const onWritten = (r: RuleLike) => !r.resolved;
      this.queries = {
        split,
        model,
        localR: new Query(local.filter(onResolved), formats),
        localU: new Query(local.filter(onWritten), formats, false),
        globalR: new Query(global.filter(onResolved), formats),
        globalU: new Query(global.filter(onWritten), formats, false),
      };
    }
    const q = this.queries!;
    for (const query of [q.localR, q.localU, q.globalR, q.globalU]) query.newRun();
    this.fnMemo.newRun();
    const promises: Promise<void>[] = [];
    const fresh: RawResult[] = [];
    const ctx: NodeCtx = { document, inventory, promises, memo: this.fnMemo };
    this.stats = emptyStats();
    const ms = this.stats.ms;
    let t = performance.now();
    const lap = (k: keyof typeof ms): void => {
      const n = performance.now();
      ms[k] += n - t;
      t = n;
    };

    // Local rules: unit by unit, then above the units on a stub root. A one-shot run keeps no unit's results for a
    // next one: they go straight into one list per pass, in the order the units' tables would give them.
    const straight: RawResult[][] = [];
    for (const [query, root, cache, held, shared] of [
      [q.localR, inventory.resolved, this.unitsR, this.held[0], input.shared],
      [q.localU, inventory.unresolved, this.unitsU, this.held[1], undefined],
    ] as const) {
      if (query.empty) continue;
      const seen = new Set<string>();
      let recording = MAX_RECORDED_UNITS;
      const passResults = input.oneShot === true ? [] : undefined;
      if (passResults) straight.push(passResults);
      for (const [key, path, value] of unitsOf(root)) {
        seen.add(key);
        const hit = passResults ? undefined : cache.get(key);
        if (hit && hit.value === value) {
          this.stats.unitsReused++;
          continue;
        }
        this.stats.unitsRun++;
        if (this.stats.rerun.length < 20) this.stats.rerun.push(key);
        const results: RawResult[] = passResults ?? [];
        let matches: Match[] = [];
        let replay: UnitEntry['replay'];
        const depth = path.length;
        const pending = promises.length;
        // One string typed into (or a number, a boolean changed; or several, a shared schema's string the unit holds
        // at several places): the same matches as last time. Only those on the way down to a changed value are run
        // again; the others' values are the same objects (or equal ones), their results too.
        const leaves = hit?.matches ? query.leafEdit(hit.value, value) : undefined;
        if (hit?.matches && leaves) {
          this.stats.unitsReplayed++;
          // A unit of a big document has a match per node and rule (stripe: 8,000 on average in the 39 units holding
          // its first schema). The matches run again replace the old ones in their list (the last entry's, which is
          // dropped). Which they are depends only on the leaves: typing on into the same string, the last replay's
          // are run again at once, with the other results copied between them; else the list is searched.
          const old = hit.matches;
          matches = old;
          this.stats.matchesKept += old.length;
          const leavesKey = JSON.stringify(leaves);
          const last = hit.replay?.leaves === leavesKey ? hit.replay : undefined;
          let idx: number[];
          let oldAt: number[];
          if (last) {
            idx = last.idx;
            oldAt = last.at;
          } else {
            idx = [];
            oldAt = [];
            const tree = leafTree(leaves);
            let at = 0;
            for (let i = 0; i < old.length; i++) {
              const m = old[i]!;
              if (onTheWayDown(m.path, depth, tree)) {
                idx.push(i);
                oldAt.push(at);
              }
              at += m.n;
            }
          }
          const newAt: number[] = [];
          let from = 0;
          for (let k = 0; k < idx.length; k++) {
            const m = old[idx[k]!]!;
            for (let j = from; j < oldAt[k]!; j++) results.push(hit.results[j]!);
            newAt.push(results.length);
            lintNode(ctx, m.rule, m.path, valueAt(value, m.path.slice(depth)), results);
            matches[idx[k]!] = { rule: m.rule, path: m.path, n: results.length - newAt[k]! };
            from = oldAt[k]! + m.n;
          }
          for (let j = from; j < hit.results.length; j++) results.push(hit.results[j]!);
          this.stats.matchesRerun += idx.length;
          replay = { leaves: leavesKey, idx, at: newAt };
        } else {
          const record = hit !== undefined && recording > 0;
          // One-shot: a string match a rule gives nothing for is not replayed under the next use of its shared object.
          const prune = input.oneShot === true;
          query.run(
            sparseRoot(path, value),
            (rule, p, v) => {
              if (p.length < depth) return false;
              const n0 = results.length;
              const dead = lintNode(ctx, rule, p, v, results);
              if (record) matches.push({ rule, path: p, n: results.length - n0 });
              return dead;
            },
            prune,
            shared,
          );
        }
        if (passResults) continue;
        // Matches are kept for a unit run again after an edit, when few are (the unit being typed into), not for
        // every unit of a document opened or of an edit many units share: a match per node of a big document.
        // Asynchronous results land later, out of order: no matches kept then.
        const keep = hit !== undefined && recording-- > 0 && promises.length === pending;
        cache.set(key, { value, results, matches: keep ? matches : undefined, replay: keep ? replay : undefined });
        if (keep) held.keep(key);
      }
      for (const key of cache.keys()) if (!seen.has(key)) cache.delete(key);
      this.stats.matchesHeld += held.update(cache);
      lap('units');
      const units = seen;
      query.run(stubRoot(root), (rule, p) => {
        const d = unitDepth(p);
        if (d > 0 && units.has(unitKey(p.slice(0, d)))) return; // inside a unit: done above
        lintNode(ctx, rule, p, valueAt(root, p), fresh);
      });
      lap('above');
    }
    // The split rules: unit by unit (container entries), then the rest of the document. A one-shot lint keeps
    // nothing for an edit: the whole document at once, as Spectral runs them (the parts' results are its results;
    // split, every unit was validated in a document of its own, with the root's own errors made and dropped each time).
    for (const rule of q.split) {
      const root = rule.resolved ? inventory.resolved : inventory.unresolved;
      if (input.oneShot === true) {
        lintNode(ctx, rule, [], root, fresh);
        continue;
      }
      let cache = this.splitUnits.get(rule.name);
      if (!cache) this.splitUnits.set(rule.name, (cache = new Map()));
      const seen = new Set<string>();
      for (const [key, path, value] of unitsOf(root)) {
        if (path.length < 2) continue; // top-level units are validated with the rest
        seen.add(key);
        const hit = cache.get(key);
        if (hit && hit.value === value) continue;
        const tmp: RawResult[] = [];
        lintNode(ctx, rule, [], sparseRoot(path, value), tmp);
        cache.set(key, { value, results: tmp.filter(r => insideUnit(r.path, key)) });
      }
      for (const key of cache.keys()) if (!seen.has(key)) cache.delete(key);
      // The rest of the document: the last results while it is the same (an edit inside paths leaves it so).
      const sig = restSignature(root);
      let rest = this.splitRest.get(rule.name);
      if (!rest || !sameSignature(rest.sig, sig)) {
        const tmp: RawResult[] = [];
        lintNode(ctx, rule, [], withoutContainerUnits(root), tmp);
        this.splitRest.set(rule.name, (rest = { sig, results: tmp }));
      }
      for (const r of rest.results) {
        const d = unitDepth(r.path);
        if (d >= 2 && seen.has(unitKey(r.path.slice(0, d)))) continue;
        fresh.push(r);
      }
    }
    lap('split');
    // The model rules, as a group: the last run's results while what they read is unchanged.
    if (q.model.length > 0) this.runModelRules(q.model, ctx, fresh, input.oneShot === true);
    lap('model');
    // Everything else over the whole document.
    q.globalR.run(inventory.resolved, (rule, p, v) => lintNode(ctx, rule, p, v, fresh));
    q.globalU.run(inventory.unresolved, (rule, p, v) => lintNode(ctx, rule, p, v, fresh));
    if (promises.length > 0) await Promise.all(promises);
    // The walks hold the objects they reached until told to forget them (walk.ts): not beyond the run.
    for (const query of [q.localR, q.localU, q.globalR, q.globalU]) query.newRun();
    this.fnMemo.newRun();
    lap('global');

    const all: RunnerResult[] = [...input.preResults];
    // A result kept from the last run (a unit's, the conventions') whose range is the same gives the same object as
    // then: no copy of each of a big document's thousands of findings on every relint.
    const ranged = this.ranged;
    const addRanges = (list: RawResult[]): void => {
      if (input.oneShot) {
        // Nothing is kept for a next run: each raw result (made for this run, lintNode.ts) takes its range itself.
        // A copy (`{ ...r, range }`) of each of thousands of findings was a visible part of a cold lint: an object spread runs
        // slowly until the code is optimized, which a one-shot lint barely reaches.
        for (const r of list) {
          (r as RunnerResult).range = rangeOf(inventory, r);
          all.push(r as RunnerResult);
        }
        return;
      }
      for (const r of list) {
        const range = rangeOf(inventory, r);
        const hit = ranged.get(r);
        if (hit && sameRange(hit.range, range)) all.push(hit);
        else {
          const x = { ...r, range };
          if (!input.oneShot) ranged.set(r, x);
          all.push(x);
        }
      }
    };
    for (const list of straight) addRanges(list);
    for (const e of this.unitsR.values()) addRanges(e.results);
    for (const e of this.unitsU.values()) addRanges(e.results);
    for (const m of this.splitUnits.values()) for (const e of m.values()) addRanges(e.results);
    addRanges(fresh);
    lap('ranges');
    const prepared = prepareResults(all);
    lap('prepare');
    return prepared;
  }

  private runModelRules(rules: RuleLike[], ctx: NodeCtx, fresh: RawResult[], oneShot: boolean): void {
    const root = ctx.inventory.resolved;
    const unresolved = ctx.inventory.unresolved;
    if (oneShot) {
      // Nothing is kept for a next run: the rules read the document itself, not through views that record the reads.
      for (const rule of rules) lintNode(ctx, rule, [], rule.resolved ? root : unresolved, fresh);
      return;
    }
    const memo = this.modelMemo;
    if (
      memo &&
      isRecord(root) &&
      isRecord(unresolved) &&
      [...memo.deps].every(
        ([k, snap]) => sameAsRead(snap.resolved, snapshotOf(root, k), memo.names) && sameAsRead(snap.unresolved, snapshotOf(unresolved, k), memo.names),
      )
    ) {
      for (const r of memo.results) fresh.push(r);
      this.stats.modelReused = true;
      return;
    }
    this.modelMemo = undefined;
    const reads = isRecord(root) ? new Reads(root) : undefined;
    const input = reads ? reads.view(root) : root;
    const out: RawResult[] = [];
    const pending = ctx.promises.length;
    const stopped = stoppedRuleCount();
    // A rule placed as written is given the unresolved root and reads the resolved one from its inventory: the
    // same view, so that its reads are recorded too (and the model built once for the group).
    const viewed: NodeCtx = input === root ? ctx : { ...ctx, inventory: withResolved(ctx.inventory, input) };
    for (const rule of rules) lintNode(rule.resolved ? ctx : viewed, rule, [], rule.resolved ? input : unresolved, out);
    for (const r of out) fresh.push(r);
    // Asynchronous results are not in `out` yet: no memo then (the model functions are synchronous). Nor when the
    // budget stopped a rule: its findings are missing, and the next run names it only if it runs it.
    if (!reads || !isRecord(root) || !isRecord(unresolved) || ctx.promises.length !== pending || stoppedRuleCount() !== stopped) return;
    const deps = new Map<string, { resolved: unknown[]; unresolved: unknown[] }>();
    for (const k of reads.top.has('*') ? ['*'] : reads.top) deps.set(k, { resolved: snapshotOf(root, k), unresolved: snapshotOf(unresolved, k) });
    this.modelMemo = { deps, names: reads.names, results: out };
  }

  /** Forget everything (e.g. when the ruleset object is replaced). */
  reset(): void {
    this.ranged = new WeakMap();
    this.modelMemo = undefined;
    this.fnMemo = new FnMemo();
    this.key = undefined;
    this.queries = undefined;
    this.unitsR.clear();
    this.unitsU.clear();
    for (const h of this.held) h.clear();
    this.splitUnits.clear();
    this.splitRest.clear();
  }
}

/** Units per pass (resolved, unresolved) that keep their matches for a replay (see run). */
const MAX_RECORDED_UNITS = 64;

/** The changed leaves' paths (relative to their unit) as a tree of their segments. */
interface LeafTree {
  [segment: string]: LeafTree;
}

function leafTree(leaves: string[][]): LeafTree {
  const root: LeafTree = Object.create(null) as LeafTree;
  for (const leaf of leaves) {
    let node = root;
    for (const seg of leaf) node = node[seg] ??= Object.create(null) as LeafTree;
  }
  return root;
}

/** Whether a match at `path` (in a unit at `depth`) holds one of the changed leaves: its segments are on the tree. */
function onTheWayDown(path: JsonPath, depth: number, tree: LeafTree): boolean {
  let node: LeafTree | undefined = tree;
  for (let i = depth; i < path.length; i++) {
    node = node[path[i] as string];
    if (node === undefined) return false;
  }
  return true;
}

function emptyStats() {
  return {
    unitsRun: 0,
    unitsReused: 0,
    unitsReplayed: 0,
    matchesKept: 0,
    matchesRerun: 0,
    matchesHeld: 0, // kept for a replay after this run, all units together
    modelReused: false,
    rerun: [] as string[],
    ms: { units: 0, above: 0, split: 0, model: 0, global: 0, ranges: 0, prepare: 0 },
  };
}

function sameRange(a: IRange, b: IRange): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

function rangeOf(inventory: InventoryLike, r: RawResult): IRange {
  const doc = r.source === undefined || r.source === inventory.document.source ? inventory.document : inventory.referencedDocuments[r.source];
  return doc?.getRangeForJsonPath(r.path, true) ?? DEFAULT_RANGE;
}
