/**
 * `modelRule` turns a check over the document model into a Spectral rule part.
 * The check returns findings with the narrowest JSON path a person would point at.
 */
import { createRulesetFunction } from '@stoplight/spectral-core';
import type { RuleDefinition } from '@stoplight/spectral-core';
import type { JsonPath } from '../types';
import { getAt, getModel, isObject, type Model } from './oas';
import { runBudgeted } from './budget';
import { refCycleTest } from './refs';
import { HASH_START, HashIndex, mixPath, mixText, samePath } from './hashIndex';
import { recordSeverityCap, type SeverityCap } from './severity';
import type { RuleOptions } from './options';

export interface Finding {
  message: string;
  path: JsonPath;
  /** Report this finding at this severity at most (the apiconv engine only; see severity.ts). */
  severity?: SeverityCap;
}

/** Helpers a check may use besides the model. */
export interface CheckHelpers {
  /**
   * Spectral reports a path that ends at a `$ref` in the referenced place (a shared
   * component); a finding about the operation itself (and its fix, which edits the
   * operation) must then point at the parent key that holds the `$ref`: `anchor(path)`
   * walks up from such a path (below an operation) to the nearest key written inline.
   */
  anchor(path: JsonPath): JsonPath;
}

type Check<O> = (model: Model, options: O, helpers: CheckHelpers) => Finding[];

function helpersFor(context: unknown): CheckHelpers {
  const unresolved = (context as { documentInventory?: { unresolved?: unknown } } | undefined)?.documentInventory?.unresolved;
  return {
    anchor(path) {
      let p = path;
      while (p.length > 3) {
        const v = getAt(unresolved, p);
        if (!(isObject(v) && typeof v.$ref === 'string')) break;
        p = p.slice(0, -1);
        // A sequence index is no key a person points at: go up to the sequence's key.
        if (typeof p[p.length - 1] === 'number') p = p.slice(0, -1);
      }
      return p;
    },
  };
}

interface Inventory {
  findAssociatedItemForPath(path: JsonPath, resolved: boolean): { document: { source: string | null }; path: JsonPath } | null;
}

/**
 * Several findings can land on one source location: a shared response or schema
 * in a `$ref`'d file is reached through every operation that uses it, and a
 * resolver may hand each operation its own copy. Spectral keeps only one result
 * per location, the first it meets — and which one that is depends on the order
 * files were resolved, so the message (naming an operation) could change from run
 * to run. Keep one finding per source location ourselves, the least message, so
 * the outcome is the same every time.
 *
 * A place is found again by a number (hashIndex.ts), not by a JSON text of it for each of a big document's findings.
 */
export function onePerLocation(findings: Finding[], inventory: unknown, resolved: boolean): Finding[] {
  if (findings.length < 2 || typeof (inventory as Inventory | undefined)?.findAssociatedItemForPath !== 'function') return findings;
  const inv = inventory as Inventory;
  const n = findings.length;
  // Per finding: its place (the document it is written in, undefined where it has none, and the path there), the
  // first finding of its place, and (for a place's first) the finding kept for the place.
  const sources: (string | undefined)[] = new Array(n);
  const paths: JsonPath[] = new Array(n);
  const placeOf = new Int32Array(n);
  const kept = new Int32Array(n);
  const places = new HashIndex(n, (i, j) => sources[i] === sources[j] && samePath(paths[i]!, paths[j]!));
  let merged = false;
  for (let i = 0; i < n; i++) {
    const f = findings[i]!;
    let source: string | undefined;
    let at = f.path;
    try {
      const item = inv.findAssociatedItemForPath(f.path, resolved);
      if (item) {
        source = item.document.source ?? '';
        at = item.path;
      }
    } catch {
      // placed by its own path, as a finding with no item
    }
    sources[i] = source;
    paths[i] = at;
    const j = places.find(i, mixPath(source === undefined ? HASH_START : mixText(HASH_START, source), at));
    if (j < 0) {
      placeOf[i] = i;
      kept[i] = i;
    } else {
      merged = true;
      placeOf[i] = j;
      if (f.message < findings[kept[j]!]!.message) kept[j] = i;
    }
  }
  return merged ? findings.filter((_, i) => kept[placeOf[i]!] === i) : findings;
}

/** Where a model rule's findings are placed. */
export type Placement =
  /** Where what the finding's path reaches is written: through a `$ref`, in the file and at the place it points to. */
  | 'target'
  /**
   * In the document that names it, at the closest key written there (Spectral's `resolved: false`): a path item
   * `$ref`'d from another file is judged by its key, which is written in the user's document; placed at its target,
   * the finding would land on line 1 of the path item's file, whose data has no key to point at. The check still
   * judges the resolved document.
   */
  | 'naming';

/**
 * A Spectral rule body that runs `check` once on the whole resolved document, with the rule's declared options
 * (see options.ts): Spectral validates what a config sets with their schema, as it does for its own functions,
 * and the check gets the defaults with the config's values over them.
 */
export function modelRule<O = null>(
  name: string,
  check: Check<O>,
  options?: RuleOptions<O>,
  placement: Placement = 'target',
): Pick<RuleDefinition, 'given' | 'then' | 'resolved'> {
  const resolvedRule = placement === 'target';
  const fn = createRulesetFunction<unknown, Partial<O> | null>({ input: null, options: (options?.schema ?? null) as never }, (input, set, context) =>
    // Its model and its check's loops read the clock (budget.ts): a run past the rule's budget stops with one finding.
    runBudgeted(context, () => {
      const resolved = (options ? options.resolve(set) : null) as O;
      // A rule placed where the path is named is given the document as written; it judges the resolved one (Spectral's
      // DocumentInventory has it; its interface type leaves it out).
      const root = resolvedRule ? input : (context?.documentInventory as { resolved?: unknown } | undefined)?.resolved;
      // A finding through a `$ref` cycle judges no real object (the resolver left the `$ref`), and Spectral would
      // follow the cycle for ever to place it: none is reported.
      const all = check(getModel(root), resolved, helpersFor(context));
      const inCycle = refCycleTest(context?.documentInventory);
      const findings = inCycle === undefined ? all : all.filter(f => !inCycle(f.path));
      return onePerLocation(findings, context?.documentInventory, resolvedRule).map(f => {
        if (f.severity) recordSeverityCap(context?.document, (context?.rule as { name?: string } | undefined)?.name, f.message, f.path, f.severity);
        return { message: f.message, path: f.path };
      });
    }),
  );
  Object.defineProperty(fn, 'name', { value: name });
  // For the incremental engine (server/src/engine/run/functions.ts): what this function gives depends only on
  // the resolved document (read through one value: the model is built from it; the input itself, or the
  // inventory's `resolved` for a rule placed where the path is named), its options, the formats and the places of
  // the `$ref`s inside what it reads (`anchor`, `onePerLocation`); so while the parts of the document it read are
  // the same objects, its findings are the same.
  Object.defineProperty(fn, Symbol.for('apiconv.modelFunction'), { value: true });
  // Spectral validates a rule's options before its first run, and an options schema accepts no `null`: none set is `{}`.
  const then = options ? { function: fn, functionOptions: {} as never } : { function: fn };
  return resolvedRule ? { given: '$', then } : { given: '$', resolved: false, then };
}
