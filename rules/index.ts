/**
 * The registry: every apiconv rule module, in catalog order. Adding a rule is
 * one line here plus `rules/<id>.ts`, `<id>.md` and `<id>.test.ts`.
 */
import type { ApiconvRule } from './types';
import pathApiPrefix from './path-api-prefix';

// Each group's helper adds its imports and entries under its own markers.
// -- imports: paths, lists, content, versioning
// -- imports: methods
// -- imports: security, errors

export const rules: readonly ApiconvRule[] = [
  pathApiPrefix,
  // -- entries: paths, lists, content, versioning
  // -- entries: methods
  // -- entries: security, errors
];

export type RuleId = (typeof rules)[number]['id'];
