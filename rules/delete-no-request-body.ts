import { defineRule } from './types';
import { noRequestBody } from './_lib/methods';

export default defineRule({
  id: 'delete-no-request-body',
  meta: {
    description: 'DELETE operations take no request body.',
    severity: 'warn',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  ...noRequestBody('apiconvDeleteNoRequestBody', ['delete'], 'DELETE identifies the resource by its path; many clients and proxies drop a DELETE body.'),
});
