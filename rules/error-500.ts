import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import { addStatusFix, declares, opLabel, responsesPathOf } from './_lib/errors';

export default defineRule({
  id: 'error-500',
  meta: {
    description: 'Every operation declares a 500 (internal server error) or a default response.',
    severity: 'info',
    fixable: 'safe',
    formats: ['oas2', 'oas3'],
  },
  spectral: modelRule('apiconvError500', model =>
    model.operations
      .filter(op => !declares(op, '500', 'default'))
      .map(op => ({
        message: `${opLabel(op)} declares neither 500 nor default: add a 500 error response so clients know the error body of a server failure.`,
        path: responsesPathOf(op),
      })),
  ),
  fix: addStatusFix('500'),
});
