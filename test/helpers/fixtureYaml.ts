/**
 * YAML blocks that many rule tests expect verbatim in a fixed document (the same text the fixes insert), written
 * once. Interpolated into the tests' template literals, so each test still states the whole expected text.
 */

/** The shared `Error` schema (apiconv's error convention), its lines indented by `indent`. */
function errorSchema(indent: string): string {
  return [
    'Error:',
    '  type: object',
    '  required:',
    '    - status',
    '    - code',
    '    - message',
    '  properties:',
    '    status:',
    '      type: string',
    '      example: error',
    '    code:',
    '      type: integer',
    '      example: 404',
    '    message:',
    '      type: string',
    '    errors:',
    '      type: object',
    '      additionalProperties:',
    '        type: string',
  ]
    .map(line => `${indent}${line}\n`)
    .join('');
}

/** The `Error` schema under `components.schemas` of an OAS 3 document. */
export const ERROR_SCHEMA_OAS3 = errorSchema('    ');
/** The `Error` schema under `definitions` of an OAS 2 document. */
export const ERROR_SCHEMA_OAS2 = errorSchema('  ');
