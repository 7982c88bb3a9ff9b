import { testRule } from '../test/helpers/testRule';

/** OAuth 2.0's authorization endpoint as Box writes it: a page for a browser, success and errors alike. */
const authorize = `  /authorize:
    get:
      responses:
        '200':
          description: The sign-in page
          content:
            text/html: { schema: { type: string } }
        default:
          description: An error page
          content:
            text/html: { schema: { type: string } }`;

/** RFC 6749 (section 5.2): a token endpoint's error body; \`error\` is REQUIRED, the other two OPTIONAL. */
const oauthError = (required: string) => `type: object
      ${required}
      properties:
        error: { type: string, enum: [invalid_request, invalid_client, invalid_grant, unauthorized_client, unsupported_grant_type, invalid_scope] }
        error_description: { type: string }
        error_uri: { type: string }`;

const token = (required: string) => `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /oauth2/token:
    post:
      responses:
        '200': { description: A token }
        '400':
          description: An OAuth 2.0 error
          content:
            application/json: { schema: { $ref: '#/components/schemas/OAuth2Error' } }
components:
  schemas:
    OAuth2Error:
      ${oauthError(required)}
`;

testRule('error-schema', {
  valid: [
    {
      name: 'options: pages, an operation answering only text/html is left out (oas3)',
      options: { pages: true },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
${authorize}
`,
    },
    {
      name: 'options: pages, an operation that produces only text/html (oas2)',
      options: { pages: true },
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths:
  /authorize:
    get:
      produces: [text/html]
      responses:
        '200': { description: The sign-in page, schema: { type: string } }
        '400': { description: An error page, schema: { type: string } }
`,
    },
    {
      name: "RFC 6749's token error body, error required, is shape B with two optional members (oas3)",
      document: token('required: [error]'),
    },
  ],
  invalid: [
    {
      name: 'without pages (the default) an HTML page has no JSON error body (oas3.1)',
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
${authorize}
`,
      errors: [{ path: ['paths', '/authorize', 'get', 'responses', 'default'], message: 'the default response has no JSON error body' }],
    },
    {
      name: 'options: pages, an operation that also answers JSON is judged (oas3.1)',
      options: { pages: true },
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /authorize:
    get:
      responses:
        '200':
          description: The sign-in page
          content:
            text/html: { schema: { type: string } }
        '400':
          description: An error
          content:
            application/json: { schema: { type: object, properties: { reason: { type: string } } } }
`,
      errors: [{ path: ['paths', '/authorize', 'get', 'responses', '400', 'content', 'application/json', 'schema'], message: 'is not a conventional error' }],
    },
    {
      name: 'an OAuth 2.0 error body that leaves error optional breaks RFC 6749 and shape B alike (oas3)',
      document: token(''),
      errors: [{ path: ['components', 'schemas', 'OAuth2Error'], message: '"error" is not required (shape B (error string, required))' }],
    },
  ],
});
