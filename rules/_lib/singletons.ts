/**
 * Literal path segments that name one resource rather than a collection, read from the API's own paths: a
 * segment the API never follows with an item's template and never lists or posts to (GitHub's
 * `/app/hook/config`, `/repos/{owner}/{repo}/actions/permissions`; Plaid's `/asset_report/audit_copy/get`, where
 * no path names an item at all). What path-resource-nesting's `singletons` option lets another literal follow.
 */
import { isListOperation } from './lists';
import type { Model } from './oas';
import { hasTemplate, resourceSegments } from './paths';

/** A segment as a prefix key holds it: a template as `{}` (its name does not matter), a literal without a format extension (`Calls.json`). */
const keyOf = (seg: string) => (hasTemplate(seg) ? '{}' : seg.replace(/\.[A-Za-z0-9]+$/, ''));
const prefixKey = (segs: readonly string[]) => segs.map(keyOf).join('/');

interface Collections {
  /** Prefixes (of resource segments) that a template follows in some path. */
  withItems: Set<string>;
  /** Prefixes that are a path with a POST or a GET that lists. */
  listed: Set<string>;
}

const cache = new WeakMap<Model, Collections>();

function collectionsOf(model: Model): Collections {
  let c = cache.get(model);
  if (c) return c;
  c = { withItems: new Set(), listed: new Set() };
  const listedKeys = new Set(model.operations.filter(op => op.method === 'post' || isListOperation(op, model)).map(op => op.pathKey));
  for (const item of model.pathItems) {
    const listed = listedKeys.has(item.pathKey);
    for (const eff of item.effectivePaths) {
      const segs = resourceSegments(eff, item.pathKey);
      segs.forEach((seg, i) => {
        if (i > 0 && hasTemplate(seg)) c!.withItems.add(prefixKey(segs.slice(0, i)));
      });
      if (listed) c.listed.add(prefixKey(segs));
    }
  }
  cache.set(model, c);
  return c;
}

/** Whether the resource segments `prefix` (ending in a literal) name one resource in this API: no item below them, no list or POST on them. */
export function namesOneResource(model: Model, prefix: readonly string[]): boolean {
  const c = collectionsOf(model);
  const key = prefixKey(prefix);
  return !c.withItems.has(key) && !c.listed.has(key);
}

/** Whether some path of the API names an item right below the resource segments `prefix` (`/users` before `/users/{id}`). */
export function hasItemsBelow(model: Model, prefix: readonly string[]): boolean {
  return collectionsOf(model).withItems.has(prefixKey(prefix));
}
