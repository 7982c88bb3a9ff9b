/**
 * The registry: every apiconv rule module, in catalog order. Adding a rule is
 * one line here plus `rules/<id>.ts`, `<id>.md` and `<id>.test.ts`.
 */
import type { ApiconvRule } from './types';
import pathApiPrefix from './path-api-prefix';

// Each group's helper adds its imports and entries under its own markers.
// -- imports: paths, lists, content, versioning
import pathNoVerbs from './path-no-verbs';
import pathNoVerbQuery from './path-no-verb-query';
import pathResourceNesting from './path-resource-nesting';
import pathCollectionPlural from './path-collection-plural';
import listParamSchema from './list-param-schema';
// -- imports: methods
// -- imports: security, errors

export const rules: readonly ApiconvRule[] = [
  pathApiPrefix,
  // -- entries: paths, lists, content, versioning
  pathNoVerbs,
  pathNoVerbQuery,
  pathResourceNesting,
  pathCollectionPlural,
  listParamSchema,
  // -- entries: methods
  // -- entries: security, errors
];

export type RuleId = (typeof rules)[number]['id'];
