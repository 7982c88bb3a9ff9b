/**
 * The apiconv rulesets as Spectral ruleset definitions:
 * - `recommended`: the convention rules plus the structural `spectral:oas` rules
 *   named in the catalog (a broken document is reported before conventions are judged);
 * - `all`: recommended plus every `spectral:oas` rule.
 * This module is also bundled on its own (rules/out/) for `spectral lint --ruleset`.
 */
import type { RulesetDefinition } from '@stoplight/spectral-core';
import { oas as spectralOas } from '@stoplight/spectral-rulesets';
import { oas2, oas3 } from '@stoplight/spectral-formats';
import { rules } from './index';
import type { ApiconvRule } from './types';
import { EXAMPLE_RULES, memoizedExampleRules } from './_lib/memoExamples';
import { enumRule } from './_lib/oasSchemaOnce';
import { typedEnumRule } from './_lib/typedEnumBounded';
import { structureRule } from './_lib/oasStructure';

export const DOCS_BASE = 'https://github.com/apiconv/apiconv/blob/main/rules/';

export function docsUrl(id: string): string {
  return `${DOCS_BASE}${id}.md`;
}

/** spectral:oas rules that `recommended` turns on, with Spectral's own severities. */
export const REUSED_OAS_RULES = [
  'path-keys-no-trailing-slash',
  'path-not-include-query',
  'oas2-operation-security-defined',
  'oas3-operation-security-defined',
  'oas2-schema',
  'oas3-schema',
  'path-params',
  'operation-operationId-unique',
  'operation-parameters',
  'path-declarations-must-exist',
  'no-$ref-siblings',
  'duplicated-entry-in-enum',
  'typed-enum',
  'oas3-valid-media-example',
  'oas3-valid-schema-example',
  'oas2-valid-media-example',
  'oas2-valid-schema-example',
  'no-eval-in-markdown',
  'no-script-tags-in-markdown',
] as const;

/** The Spectral rule definition of an apiconv rule. */
export function toSpectral(rule: ApiconvRule): Record<string, unknown> {
  return {
    message: '{{error}}',
    ...rule.spectral,
    description: rule.meta.description,
    severity: rule.meta.severity,
    recommended: rule.meta.recommended !== false,
    documentationUrl: docsUrl(rule.id),
    formats: rule.meta.formats.map(f => (f === 'oas2' ? oas2 : oas3)),
  };
}

/**
 * The convention rules. In `recommended`, a rule of `all` only is defined but off (Spectral's `recommended: false`):
 * a config turns it on by its id (`unused-component: info`), with apiconv as with `spectral lint`.
 */
function conventionRules(set: 'recommended' | 'all'): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const r of rules) out[r.id] = set === 'all' ? { ...toSpectral(r), recommended: true } : toSpectral(r);
  return out;
}

export const recommended = {
  documentationUrl: DOCS_BASE,
  formats: [oas2, oas3],
  extends: [[spectralOas as never, 'off']],
  rules: {
    ...Object.fromEntries(REUSED_OAS_RULES.map(id => [id, true])),
    // Same ids and behaviour as spectral:oas, memoized: see rules/_lib/memoExamples.ts and oasSchemaOnce.ts; typed-enum's
    // findings per enum bounded (typedEnumBounded.ts).
    ...memoizedExampleRules(),
    ...enumRule(),
    ...typedEnumRule(),
    // oas3-schema with its `refs` option (oasStructure.ts).
    ...structureRule(),
    ...conventionRules('recommended'),
  },
} as unknown as RulesetDefinition;

export const all = {
  documentationUrl: DOCS_BASE,
  formats: [oas2, oas3],
  extends: [[spectralOas as never, 'all']],
  rules: { ...memoizedExampleRules(), ...enumRule(), ...typedEnumRule(), ...structureRule(), ...conventionRules('all') },
} as unknown as RulesetDefinition;

export { EXAMPLE_RULES };
export default recommended;
