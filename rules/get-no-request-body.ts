import { defineRule } from './types';
import { noRequestBody } from './_lib/methods';

export default defineRule({
  id: 'get-no-request-body',
  meta: {
    description: 'GET and HEAD operations take no request body.',
    severity: 'error',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  ...noRequestBody('apiconvGetNoRequestBody', ['get', 'head'], 'GET and HEAD read and take none; send inputs as path or query parameters.'),
});
