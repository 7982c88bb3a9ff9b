import { defineRule } from './types';
import { isCollectionPath, isItemPath, isTemplate, segments, type Model, type Operation } from './_lib/oas';
import { isListOperation, SINGLETON } from './_lib/lists';
import { methodsRule } from './_lib/methods';

/**
 * A singleton sub-resource: a literal segment right after a template (`/pods/{name}/status`,
 * `/users/{id}/avatar`) or the caller's own (`/me`), on a path with no POST and no GET that lists.
 * It names one resource, so PUT, PATCH and DELETE act on an item there.
 */
function isSingleton(op: Operation, model: Model): boolean {
  const segs = segments(op.pathKey);
  const last = segs[segs.length - 1];
  if (last === undefined || !(SINGLETON.test(last) || (segs.length > 1 && isTemplate(segs[segs.length - 2])))) return false;
  const onPath = model.operations.filter(o => o.pathKey === op.pathKey);
  return !onPath.some(o => o.method === 'post' || isListOperation(o, model));
}

export default defineRule({
  id: 'method-path-fit',
  meta: {
    description: 'POST targets collection paths; PUT, PATCH and DELETE target item paths.',
    severity: 'warn',
    fixable: false,
    formats: ['oas2', 'oas3'],
  },
  spectral: methodsRule('apiconvMethodPathFit', model =>
    model.operations.flatMap(op => {
      const M = op.method.toUpperCase();
      if (op.method === 'post') {
        const item = op.effectivePaths.find(isItemPath);
        return item
          ? [
              {
                message: `POST on the item path "${item}": POST creates a resource in a collection; post to the collection path, or use PUT/PATCH to change this item.`,
                path: op.path,
              },
            ]
          : [];
      }
      if (op.method === 'put' || op.method === 'patch' || op.method === 'delete') {
        if (isSingleton(op, model)) return [];
        const collection = op.effectivePaths.find(isCollectionPath);
        return collection
          ? [
              {
                message: `${M} on the collection path "${collection}": ${M} acts on one resource; target its item path (e.g. "${collection}/{id}").`,
                path: op.path,
              },
            ]
          : [];
      }
      return [];
    }),
  ),
});
