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
import listPagination from './list-pagination';
import listParamNames from './list-param-names';
import listParamSchema from './list-param-schema';
import jsonMediaType from './json-media-type';
import versionDeclared from './version-declared';
import versionSingleStrategy from './version-single-strategy';
import versionPathFormat from './version-path-format';
import versionParam400 from './version-param-400';
import deprecationHeaders from './deprecation-headers';
import sunsetHttpDate from './sunset-http-date';
// -- imports: methods
// -- imports: security, errors

export const rules: readonly ApiconvRule[] = [
  pathApiPrefix,
  // -- entries: paths, lists, content, versioning
  pathNoVerbs,
  pathNoVerbQuery,
  pathResourceNesting,
  pathCollectionPlural,
  listPagination,
  listParamNames,
  listParamSchema,
  jsonMediaType,
  versionDeclared,
  versionSingleStrategy,
  versionPathFormat,
  versionParam400,
  deprecationHeaders,
  sunsetHttpDate,
  // -- entries: methods
  // -- entries: security, errors
];

export type RuleId = (typeof rules)[number]['id'];
