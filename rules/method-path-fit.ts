import { defineRule } from './types';
import { isCollectionPath, isItemPath, isTemplate, segments, type Model, type Operation } from './_lib/oas';
import { isListOperation, SINGLETON } from './_lib/lists';
import { modelRule } from './_lib/ruleFunction';
import { defineOptions } from './_lib/options';
import { namesOneResource } from './_lib/singletons';
import { resourceSegments } from './_lib/paths';

/** The methods the rule judges: GET reads anything, and the seed gives no path rule for others. */
export const JUDGED_METHODS = ['post', 'put', 'patch', 'delete'] as const;
export type JudgedMethod = (typeof JUDGED_METHODS)[number];
export type PathKind = 'collection' | 'item';

const methods = { type: 'array', items: { enum: [...JUDGED_METHODS] }, uniqueItems: true } as const;

export const options = defineOptions<{ collectionMethods: JudgedMethod[]; itemMethods: JudgedMethod[]; singletons: boolean }>('method-path-fit', {
  collectionMethods: {
    schema: methods,
    default: ['post'],
    description:
      'The methods that may target a collection path (/users): POST creates there; PUT that replaces or DELETE that empties a whole collection, where the API does so.',
    example: ['post', 'put', 'delete'],
  },
  itemMethods: {
    schema: methods,
    default: ['put', 'patch', 'delete'],
    description:
      "The methods that may target an item path (/users/{id}): PUT, PATCH and DELETE act on one resource; POST where the API updates with it (Stripe's POST /v1/customers/{customer}).",
    example: ['post', 'put', 'patch', 'delete'],
  },
  singletons: {
    schema: { type: 'boolean' },
    default: false,
    description:
      "Whether any literal path the API never follows with an item's template, never lists and never posts to names one resource, where PUT, PATCH and DELETE act on an item (GitHub's PATCH /app/hook/config), besides one right after a template.",
    example: true,
  },
});

/**
 * A singleton sub-resource: a literal segment right after a template (`/pods/{name}/status`,
 * `/users/{id}/avatar`) or the caller's own (`/me`), on a path with no POST and no GET that lists.
 * It names one resource, so PUT, PATCH and DELETE act on an item there. With the singletons option, so
 * does any literal path that names one resource in the API (_lib/singletons.ts).
 */
function isSingleton(op: Operation, model: Model, singletons: boolean): boolean {
  if (singletons && op.effectivePaths.some(eff => namesOneResource(model, resourceSegments(eff, op.pathKey)))) return true;
  const segs = segments(op.pathKey);
  const last = segs[segs.length - 1];
  if (last === undefined || !(SINGLETON.test(last) || (segs.length > 1 && isTemplate(segs[segs.length - 2])))) return false;
  const onPath = model.operations.filter(o => o.pathKey === op.pathKey);
  return !onPath.some(o => o.method === 'post' || isListOperation(o, model));
}

/**
 * What an operation of a judged method targets, as the rule judges it, with the effective path that shows it:
 * a POST on any item path targets an item; PUT, PATCH and DELETE on a collection path target the collection,
 * unless the path is a singleton sub-resource (one resource, so an item). Undefined for other methods.
 */
export function targetOf(op: Operation, model: Model, singletons = false): { kind: PathKind; path: string } | undefined {
  if (op.method === 'post') {
    const item = op.effectivePaths.find(isItemPath);
    const collection = op.effectivePaths.find(isCollectionPath);
    return item !== undefined ? { kind: 'item', path: item } : collection !== undefined ? { kind: 'collection', path: collection } : undefined;
  }
  if (op.method !== 'put' && op.method !== 'patch' && op.method !== 'delete') return undefined;
  const collection = op.effectivePaths.find(isCollectionPath);
  if (collection !== undefined && !isSingleton(op, model, singletons)) return { kind: 'collection', path: collection };
  const item = op.effectivePaths.find(isItemPath);
  return item !== undefined ? { kind: 'item', path: item } : collection !== undefined ? { kind: 'item', path: collection } : undefined;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every(x => b.includes(x));
const isSeed = (o: typeof options.defaults) =>
  sameSet(o.collectionMethods, options.defaults.collectionMethods) && sameSet(o.itemMethods, options.defaults.itemMethods) && !o.singletons;

function seedMessage(M: string, kind: PathKind, path: string): string {
  return kind === 'item'
    ? `POST on the item path "${path}": POST creates a resource in a collection; post to the collection path, or use PUT/PATCH to change this item.`
    : `${M} on the collection path "${path}": ${M} acts on one resource; target its item path (e.g. "${path}/{id}").`;
}

/** The message with a team's options: where the API sends this method instead. */
function optionsMessage(M: string, kind: PathKind, path: string, allowed: PathKind[]): string {
  const where = allowed.length === 0 ? `the API does not use ${M}` : `the API sends ${M} to ${allowed[0]} paths only`;
  return `${M} on the ${kind} path "${path}": ${where}.`;
}

export default defineRule({
  id: 'method-path-fit',
  meta: {
    description: 'POST targets collection paths; PUT, PATCH and DELETE target item paths.',
    severity: 'warn',
    fixable: false,
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: modelRule(
    'apiconvMethodPathFit',
    (model, o) => {
      const seed = isSeed(o);
      const accepted: Record<PathKind, readonly string[]> = { collection: o.collectionMethods, item: o.itemMethods };
      return model.operations.flatMap(op => {
        const target = targetOf(op, model, o.singletons);
        if (target === undefined || accepted[target.kind].includes(op.method)) return [];
        // The seed takes GET and POST on collections and every method on items; what it rejects is one direction.
        const M = op.method.toUpperCase();
        const allowed = (['collection', 'item'] as const).filter(k => accepted[k].includes(op.method));
        return [{ message: seed ? seedMessage(M, target.kind, target.path) : optionsMessage(M, target.kind, target.path, allowed), path: op.path }];
      });
    },
    options,
  ),
});
