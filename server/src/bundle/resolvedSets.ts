/**
 * Setting the resolved values of a document's remote `$ref`s into it, for Spectral's `$ref` resolver in the
 * bundles (json-ref-resolver's runner.js, scripts/vendorPatches.mjs `resolver-remote-sets`).
 *
 * The runner sets each remote `$ref`'s resolved value with an Immer `produce` of its own: every one copies the
 * objects from the root down to the `$ref`, and an object as wide as `paths` is copied once per `$ref` below it.
 * On a document of 2,850 files (digitalocean) those copies were a seventh of the lint's CPU and most of its peak
 * memory (several hundred MB of copies that die at once). Here the values are set in one `produce` when none of
 * the `$ref`s lies inside another's value and none is the root: the tree that gives is the same, each object on the
 * way copied once. Otherwise (a `$ref` below another, whose value the later set must copy rather than write into,
 * or the root replaced) one `produce` each, as the runner does.
 */

type Path = readonly (string | number)[];

export interface ResolvedSet {
  /** The runner's result for one `$ref`: its uri and what it resolved to. */
  r: { uri: unknown; resolved?: { result?: unknown } };
  /** Where the value goes in the document. */
  path: Path;
}

export interface RunnerLike {
  _source: unknown;
  _setGraphNodeData(nodeId: string, data: unknown): void;
}

type Produce = (base: unknown, recipe: (draft: unknown) => unknown) => unknown;
type SetFn = (object: unknown, path: Path, value: unknown) => unknown;

/** Whether no path is a prefix of (or equal to) another, and none is empty. */
export function independent(paths: readonly Path[]): boolean {
  const full = new Set<string>();
  for (const p of paths) {
    if (p.length === 0) return false;
    const key = p.map(String).join('\u0000');
    if (full.has(key)) return false;
    full.add(key);
  }
  for (const p of paths) {
    let prefix = '';
    for (let i = 0; i < p.length - 1; i++) {
      prefix = i === 0 ? String(p[0]) : `${prefix}\u0000${String(p[i])}`;
      if (full.has(prefix)) return false;
    }
  }
  return true;
}

/** What the runner's loop did for each `$ref`, in its order: its value set into `runner._source`, its graph node's data set. */
export function applyResolvedSets(runner: RunnerLike, sets: readonly ResolvedSet[], produce: Produce, set: SetFn): void {
  if (sets.length > 1 && independent(sets.map(s => s.path))) {
    runner._source = produce(runner._source, draft => {
      for (const { r, path } of sets) {
        set(draft, path, r.resolved!.result);
        runner._setGraphNodeData(String(r.uri), r.resolved!.result);
      }
    });
    return;
  }
  for (const { r, path } of sets) {
    runner._source = produce(runner._source, draft => {
      if (r.resolved) {
        if (!path.length) return r.resolved.result;
        set(draft, path, r.resolved.result);
        runner._setGraphNodeData(String(r.uri), r.resolved.result);
      }
      return undefined;
    });
  }
}
