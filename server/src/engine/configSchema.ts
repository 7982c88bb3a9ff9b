/**
 * The JSON Schema (draft-07) of an apiconv config (`.apiconv.yaml/.yml/.json`, also a `.spectral.*` YAML/JSON
 * ruleset), made from the rule registry: every rule id of `apiconv:recommended` and `apiconv:all` (the apiconv
 * rules and every `spectral:oas` rule) with its description and default severity, the severities, `extends`
 * values, `overrides`, and each apiconv rule's function options (`then.functionOptions`, see ruleOptions.ts).
 *
 * `npm run build` writes it to schema/apiconv-config.schema.json (shipped in the npm package and the
 * extension, for `yamlValidation`/`jsonValidation`); the language server validates open config files with it.
 */
import { oas as spectralOas } from '@stoplight/spectral-rulesets';
import { rules } from '../../../rules/index';
import { options as structureOptions } from '../../../rules/_lib/oasStructure';
import { docsUrl } from '../../../rules/ruleset';
import { DIFF_CHECKS } from './diff/checks';

export const CONFIG_SCHEMA_ID = 'https://raw.githubusercontent.com/apiconv/apiconv/main/schema/apiconv-config.schema.json';
export const CONFIG_SCHEMA_FILE = 'schema/apiconv-config.schema.json';

/** The config schema of a released version, for a modeline that stays right when the repository's main moves on. */
export function schemaUrl(version: string): string {
  return `https://raw.githubusercontent.com/apiconv/apiconv/v${version}/schema/apiconv-config.schema.json`;
}

/** The values `extends` names without a path: apiconv's and Spectral's built-in rulesets. */
export const BUILTIN_EXTENDS = ['apiconv:recommended', 'apiconv:all', 'spectral:oas', 'spectral:asyncapi', 'spectral:arazzo'] as const;

type Schema = Record<string, unknown>;

/** Ajv-errors' `errorMessage` (Spectral's option schemas have it) is no JSON Schema keyword: left out. */
function plain(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(plain);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([k]) => k !== 'errorMessage')
      .map(([k, v]) => [k, plain(v)]),
  );
}

/** The options schema of an apiconv rule (rules/_lib/options.ts), if it takes options. */
export function optionsSchemaOf(id: string): Schema | undefined {
  const options = id === structureOptions.rule ? structureOptions : rules.find(r => r.id === id)?.options;
  return options ? (plain(options.schema) as Schema) : undefined;
}

function severityName(s: unknown): string {
  if (typeof s === 'number') return ['error', 'warn', 'info', 'hint'][s] ?? 'warn';
  return typeof s === 'string' ? s : 'warn';
}

/** What an apiconv rule that takes no options accepts as options: nothing (Spectral refuses any). */
const NO_OPTIONS: Schema = { type: 'object', properties: {}, additionalProperties: false };

function ruleEntry(description: string, severity: string, url: string, options: Schema | undefined): Schema {
  const then: Schema = {
    type: 'object',
    properties: {
      function: { type: 'string', description: 'The function; may be left out for a built-in rule (its own function is kept).' },
      field: { type: 'string' },
      functionOptions: options ?? {},
    },
  };
  return {
    description: `${description}\n\nDefault severity: ${severity}. Docs: ${url}`,
    markdownDescription: `${description}\n\nDefault severity: \`${severity}\`. [Docs](${url})`,
    anyOf: [
      { $ref: '#/definitions/severity' },
      {
        type: 'object',
        description:
          options && options !== NO_OPTIONS
            ? 'The rule with other settings: `severity`, and its options in `then.functionOptions`.'
            : 'The rule with other settings (e.g. `severity`).',
        properties: {
          severity: { $ref: '#/definitions/severity' },
          then: { anyOf: [then, { type: 'array', items: then }] },
        },
      },
    ],
  };
}

export function configSchema(): Schema {
  const ruleProps: Record<string, Schema> = {};
  for (const r of [...rules].sort((a, b) => a.id.localeCompare(b.id)))
    ruleProps[r.id] = ruleEntry(r.meta.description, r.meta.severity, docsUrl(r.id), optionsSchemaOf(r.id) ?? NO_OPTIONS);
  const oasRules = (spectralOas as unknown as { rules: Record<string, { description?: string; severity?: unknown; documentationUrl?: string }> }).rules;
  for (const id of Object.keys(oasRules).sort()) {
    if (ruleProps[id]) continue;
    const r = oasRules[id];
    // One that takes options has a page of apiconv's that documents them.
    const url = optionsSchemaOf(id) ? docsUrl(id) : (r.documentationUrl ?? 'https://docs.stoplight.io/docs/spectral/4dec24461f3af-open-api-rules');
    ruleProps[id] = ruleEntry(`${r.description ?? id} (spectral:oas)`, severityName(r.severity), url, optionsSchemaOf(id));
  }
  const extendsName = {
    anyOf: [
      { enum: [...BUILTIN_EXTENDS], description: 'A built-in ruleset.' },
      { type: 'string', not: { pattern: '^(apiconv|spectral):' }, description: 'A ruleset file (relative path), an npm package or a URL.' },
    ],
  };
  const rulesObject = {
    type: 'object',
    description: 'Rule severities (error, warn, info, hint, off), rule options, and custom rules.',
    properties: ruleProps,
    // A name that is no known rule defines a new rule: Spectral needs `given` and `then` (a severity alone is an error).
    additionalProperties: { $ref: '#/definitions/customRule' },
  };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: CONFIG_SCHEMA_ID,
    title: 'apiconv config (.apiconv.yaml)',
    description: 'An apiconv config: a Spectral ruleset that usually extends apiconv:recommended.',
    type: 'object',
    definitions: {
      severity: {
        anyOf: [
          { enum: ['error', 'warn', 'info', 'hint', 'off'] },
          { type: 'boolean', description: 'true: on at its default severity; false: off.' },
          { type: 'integer', minimum: -1, maximum: 3, description: '0 error, 1 warn, 2 info, 3 hint, -1 off.' },
        ],
      },
      extends: {
        anyOf: [
          extendsName,
          {
            type: 'array',
            items: {
              anyOf: [extendsName, { type: 'array', items: [extendsName, { enum: ['off', 'recommended', 'all'] }], minItems: 2, maxItems: 2 }],
            },
          },
        ],
      },
      customRule: {
        type: 'object',
        required: ['given', 'then'],
        properties: {
          description: { type: 'string' },
          message: { type: 'string' },
          severity: { $ref: '#/definitions/severity' },
          given: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
          then: { anyOf: [{ type: 'object' }, { type: 'array', items: { type: 'object' } }] },
          formats: { type: 'array', items: { type: 'string' } },
          resolved: { type: 'boolean' },
          recommended: { type: 'boolean' },
          documentationUrl: { type: 'string' },
          type: { enum: ['style', 'validation'] },
          tags: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
        patternProperties: { '^x-': {} },
      },
      rules: rulesObject,
    },
    properties: {
      extends: { $ref: '#/definitions/extends' },
      rules: { $ref: '#/definitions/rules' },
      overrides: {
        type: 'array',
        description: 'Settings for some files only (globs relative to the config).',
        items: {
          type: 'object',
          required: ['files'],
          properties: {
            files: { type: 'array', items: { type: 'string' }, minItems: 1 },
            extends: { $ref: '#/definitions/extends' },
            rules: { $ref: '#/definitions/rules' },
            formats: { type: 'array', items: { type: 'string' } },
            aliases: { type: 'object' },
            parserOptions: { type: 'object' },
          },
          additionalProperties: false,
        },
      },
      formats: { type: 'array', items: { type: 'string' } },
      documentationUrl: { type: 'string' },
      description: { type: 'string' },
      functions: { type: 'array', items: { type: 'string' }, description: 'Custom functions (JavaScript; loaded only in a trusted workspace).' },
      functionsDir: { type: 'string' },
      aliases: { type: 'object' },
      parserOptions: {
        type: 'object',
        properties: { duplicateKeys: { $ref: '#/definitions/severity' }, incompatibleValues: { $ref: '#/definitions/severity' } },
      },
      diff: {
        type: 'object',
        description: 'The checks of `apiconv diff` and of `apiconv.diff.base` in the editor (apiconv only; left out of what Spectral reads).',
        properties: {
          rules: {
            type: 'object',
            properties: Object.fromEntries(
              DIFF_CHECKS.map(c => [c.id, { description: `${c.description} (default: ${c.severity})`, enum: ['error', 'warn', 'info', 'hint', 'off'] }]),
            ),
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
    },
    patternProperties: { '^x-': {}, '^\\$schema$': { type: 'string' } },
    additionalProperties: false,
  };
}
