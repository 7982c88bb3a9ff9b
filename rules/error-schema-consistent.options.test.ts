import { testRule } from '../test/helpers/testRule';

const components = `components:
  schemas:
    Problem:
      type: object
      properties:
        type: { type: string }
        title: { type: string }
        status: { type: integer }
        detail: { type: string }
    basic-error:
      type: object
      properties:
        message: { type: string }
        documentation_url: { type: string }
    A:
      type: object
      required: [status, code, message]
      properties:
        status: { type: string }
        code: { type: integer }
        message: { type: string }`;

/** An OpenAPI 3 document whose GET /things answers each status with the body `#/components/schemas/<name>`. */
const oas3 = (version: string, bodies: Record<string, string>) => `openapi: ${version}
info: { title: t, version: '1' }
paths:
  /things:
    get:
      responses:
${Object.entries(bodies)
  .map(
    ([code, name]) => `        '${code}':
          description: E
          content:
            application/json: { schema: { $ref: '#/components/schemas/${name}' } }`,
  )
  .join('\n')}
${components}
`;

const oas2 = (bodies: Record<string, string>) => `swagger: '2.0'
info: { title: t, version: '1' }
produces: [application/json]
paths:
  /things:
    get:
      responses:
${Object.entries(bodies)
  .map(
    ([code, name]) => `        '${code}':
          description: E
          schema: { $ref: '#/definitions/${name}' }`,
  )
  .join('\n')}
${components.replace('components:\n  schemas:', 'definitions:').replace(/^ {2}/gm, '')}
`;

testRule('error-schema-consistent', {
  valid: [
    {
      name: 'default: problem details and a team schema are not compared with shape A (oas3)',
      document: oas3('3.0.3', { '400': 'A', '404': 'Problem', '422': 'basic-error' }),
    },
    {
      name: 'options: shapes with problem, all problem details (oas3.1)',
      options: { shapes: ['A', 'B', 'problem'] },
      document: oas3('3.1.0', { '400': 'Problem', '404': 'Problem', '422': 'basic-error' }),
    },
    {
      name: 'options: schemas, all the team schema (oas2)',
      options: { schemas: ['basic-error'] },
      document: oas2({ '400': 'basic-error', '404': 'basic-error' }),
    },
  ],
  invalid: [
    {
      name: 'options: shapes with problem: shape A among problem details says what the rest uses (oas3)',
      options: { shapes: ['A', 'B', 'problem'] },
      document: oas3('3.0.3', { '400': 'A', '404': 'Problem', '409': 'Problem' }),
      errors: [
        {
          path: ['components', 'schemas', 'A'],
          message:
            "the 400 response uses shape A (status, code, message, errors), but 2 of the document's 3 error responses of shape A, shape B or problem details use RFC 9457 problem details (type, title, status, detail): use one error body shape across the API.",
        },
      ],
    },
    {
      name: 'options: schemas: problem details among the team schema (oas3.1)',
      options: { shapes: ['problem'], schemas: ['basic-error'] },
      document: oas3('3.1.0', { '400': 'basic-error', '404': 'basic-error', '422': 'Problem' }),
      errors: [
        {
          path: ['components', 'schemas', 'Problem'],
          message:
            'uses RFC 9457 problem details (type, title, status, detail), but 2 of the document\'s 3 error responses of problem details or the schema "basic-error" use the schema "basic-error"',
        },
      ],
    },
    {
      name: 'options: schemas: shape A among the team schema (oas2)',
      options: { schemas: ['basic-error'] },
      document: oas2({ '400': 'basic-error', '404': 'basic-error', '500': 'A' }),
      errors: [
        {
          path: ['definitions', 'A'],
          message:
            'uses shape A (status, code, message, errors), but 2 of the document\'s 3 error responses of shape A, shape B or the schema "basic-error" use the schema "basic-error"',
        },
      ],
    },
  ],
});
