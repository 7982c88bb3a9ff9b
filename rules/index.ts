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
import getNoRequestBody from './get-no-request-body';
import deleteNoRequestBody from './delete-no-request-body';
import getSuccess200 from './get-success-200';
import postCreate201 from './post-create-201';
import postRequestBody from './post-request-body';
import putRequestBody from './put-request-body';
import putSuccess200204 from './put-success-200-204';
import patchRequestBody from './patch-request-body';
import deleteSuccess204 from './delete-success-204';
import delete404 from './delete-404';
import methodPathFit from './method-path-fit';
import noBody204304 from './no-body-204-304';
import etagConditionalGet from './etag-conditional-get';
import cacheControlGet from './cache-control-get';
// -- imports: security, errors
import securityRequired from './security-required';
import securitySchemeConventional from './security-scheme-conventional';
import security401 from './security-401';
import security403 from './security-403';
import serversHttps from './servers-https';
import securityKeyInQuery from './security-key-in-query';
import errorSchema from './error-schema';
import errorSchemaConsistent from './error-schema-consistent';
import error400 from './error-400';
import error422 from './error-422';
import error404Item from './error-404-item';
import error500 from './error-500';
import statusCodeStandard from './status-code-standard';
import unusedComponent from './unused-component';

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
  getNoRequestBody,
  deleteNoRequestBody,
  getSuccess200,
  postCreate201,
  postRequestBody,
  putRequestBody,
  putSuccess200204,
  patchRequestBody,
  deleteSuccess204,
  delete404,
  methodPathFit,
  noBody204304,
  etagConditionalGet,
  cacheControlGet,
  // -- entries: security, errors
  securityRequired,
  securitySchemeConventional,
  security401,
  security403,
  serversHttps,
  securityKeyInQuery,
  errorSchema,
  errorSchemaConsistent,
  error400,
  error422,
  error404Item,
  error500,
  statusCodeStandard,
  unusedComponent,
];

export type RuleId = (typeof rules)[number]['id'];
