/**
 * YAML blocks that many rule tests expect verbatim in a fixed document (the same text the fixes insert), written
 * once. Interpolated into the tests' template literals, so each test still states the whole expected text.
 */

/** The shared `Error` schema (apiconv's error convention) under `components.schemas` of an OAS 3 document. */
export const ERROR_SCHEMA_OAS3 = `    Error:
      type: object
      required:
        - status
        - code
        - message
      properties:
        status:
          type: string
          example: error
        code:
          type: integer
          example: 404
        message:
          type: string
        errors:
          type: object
          additionalProperties:
            type: string
`;
