import { defineRule } from './types';
import { isCollectionPath, isItemPath } from './_lib/oas';
import { methodsRule } from './_lib/methods';

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
          ? [{ message: `POST on the item path "${item}": POST creates a resource in a collection; post to the collection path, or use PUT/PATCH to change this item.`, path: op.path }]
          : [];
      }
      if (op.method === 'put' || op.method === 'patch' || op.method === 'delete') {
        const collection = op.effectivePaths.find(isCollectionPath);
        return collection
          ? [{ message: `${M} on the collection path "${collection}": ${M} acts on one resource; target its item path (e.g. "${collection}/{id}").`, path: op.path }]
          : [];
      }
      return [];
    }),
  ),
});
