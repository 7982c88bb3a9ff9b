/**
 * The registry: every apiconv rule module, in catalog order. Adding a rule is
 * one line here plus `rules/<id>.ts`, `<id>.md` and `<id>.test.ts`.
 */
import type { ApiconvRule } from './types';
import pathApiPrefix from './path-api-prefix';

export const rules: readonly ApiconvRule[] = [
  pathApiPrefix,
];

export type RuleId = (typeof rules)[number]['id'];
