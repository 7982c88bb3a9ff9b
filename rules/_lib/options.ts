/**
 * A rule's options, declared once: each option's JSON schema, its default (the seed's convention), what it
 * changes and an example a team would write. From this one declaration come the function's options schema
 * (Spectral validates a config's `then.functionOptions` with it, in apiconv and in `spectral lint`), the config
 * schema's entry for the rule (engine/configSchema.ts), the defaults the check runs with, and what the meta test
 * holds the rule's docs to (every option in its options table, with its default).
 *
 * The names and shapes are what an inference from an existing API would write: a name per choice, values that
 * are data (names, lists of status codes, an enum), never code; `auto` where the rule can take the document's own
 * majority instead.
 */
export type JsonSchema = Record<string, unknown>;

export interface OptionSpec<T> {
  /** The JSON schema of the value (without `description`: it is added from `description`). */
  schema: JsonSchema;
  /** What the rule does when the option is not set: the seed's convention. */
  default: T;
  /** One sentence: what the option changes. */
  description: string;
  /** A value other than the default that a team would write. */
  example: T;
}

export type OptionSpecs<O> = { [K in keyof O]-?: OptionSpec<O[K]> };

export interface RuleOptions<O> {
  /** The rule these options belong to (in messages). */
  rule: string;
  specs: OptionSpecs<O>;
  /** The options object's JSON schema: the declared options only. */
  schema: JsonSchema;
  defaults: O;
  /** The options a check runs with: the defaults, with what the config set over them. */
  resolve(set: Partial<O> | null | undefined): O;
}

/** A rule's options as the registry holds them: each rule's own options type, erased. */
export interface DeclaredOptions {
  rule: string;
  specs: Record<string, OptionSpec<unknown>>;
  schema: JsonSchema;
  defaults: object;
}

export function defineOptions<O>(rule: string, specs: OptionSpecs<O>): RuleOptions<O> {
  const names = Object.keys(specs) as (keyof O & string)[];
  const properties: Record<string, JsonSchema> = {};
  const defaults = {} as O;
  for (const name of names) {
    const spec = specs[name];
    properties[name] = { ...spec.schema, description: spec.description, default: spec.default };
    defaults[name] = spec.default;
  }
  const schema: JsonSchema = {
    type: 'object',
    properties,
    additionalProperties: false,
    errorMessage: { type: `"${rule}" options must be an object with ${names.map(n => `"${n}"`).join(', ')}` },
  };
  return {
    rule,
    specs,
    schema,
    defaults,
    resolve: set => ({ ...defaults, ...(set ?? {}) }) as O,
  };
}

/** Schemas the rules' options share. */
export const names = { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true } as const;
/** HTTP status codes as a config writes them: `201` (YAML reads a number), `'201'`, or a range `'2XX'`. */
export const statusCodes = {
  type: 'array',
  items: {
    anyOf: [
      { type: 'integer', minimum: 100, maximum: 599 },
      { type: 'string', pattern: '^[1-5](\\d\\d|XX)$' },
    ],
  },
  minItems: 1,
  uniqueItems: true,
} as const;
