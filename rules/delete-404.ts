import { defineRule } from './types';
import { hasResponse } from './_lib/oas';
import { describeOp, methodsRule, responsesOrOp } from './_lib/methods';
import { addStatusFix } from './_lib/errorBody';

export default defineRule({
  id: 'delete-404',
  meta: {
    description: 'DELETE operations declare a 404 response for a resource that does not exist.',
    severity: 'error',
    fixable: 'safe',
    formats: ['oas2', 'oas3'],
  },
  spectral: methodsRule('apiconvDelete404', model =>
    model.operations
      .filter(op => op.method === 'delete' && !hasResponse(op, '404'))
      .map(op => ({
        message: `${describeOp(op)} declares no 404 response: deleting a resource that does not exist answers 404.`,
        path: responsesOrOp(op),
      })),
  ),
  fix: addStatusFix('404', 'Add a 404 response'),
});
