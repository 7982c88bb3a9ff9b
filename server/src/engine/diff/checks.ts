/**
 * The change checks of `apiconv diff` (catalog: rules/diff/README.md): ids, default
 * severities, whether a finding is a breaking change, one-line descriptions.
 * Their docs are rules/diff/<id>.md (embedded at build time, like the rules' docs).
 */
import type { Severity } from '../problem';

export interface DiffCheck {
  id: string;
  severity: 'error' | 'warn' | 'info';
  /** A breaking change: reported as info when the break is allowed (major version bump, passed Sunset). */
  breaking: boolean | 'unclassified';
  description: string;
}

const C = (id: string, severity: DiffCheck['severity'], breaking: DiffCheck['breaking'], description: string): DiffCheck => ({
  id,
  severity,
  breaking,
  description,
});

export const DIFF_CHECKS: readonly DiffCheck[] = [
  C('path-removed', 'error', true, 'A path present in the base is gone from the head.'),
  C('operation-removed', 'error', true, 'A method of a path is gone.'),
  C('success-status-removed', 'error', true, 'A 2xx/3xx response of an operation is gone.'),
  C('response-property-removed', 'error', true, 'A property of a response body schema is gone (required or optional: clients may read it).'),
  C(
    'property-renamed',
    'error',
    true,
    'A property or parameter is gone and a sibling with an equal schema and description appeared in its place: reported once, as a rename.',
  ),
  C('response-property-became-optional', 'error', true, 'A response property that was required is not any more (or became nullable).'),
  C('response-type-changed', 'error', true, 'The type/format of a response property or body changed.'),
  C('response-enum-value-added', 'warn', false, 'A response enum gained a value clients may not handle.'),
  C('request-parameter-added-required', 'error', true, 'A new required parameter or header.'),
  C('request-parameter-became-required', 'error', true, 'An optional parameter became required.'),
  C('request-property-added-required', 'error', true, 'A new required property in a request body.'),
  C('request-property-became-required', 'error', true, 'An optional request property became required.'),
  C('request-type-changed', 'error', true, 'The type/format of a request parameter or property changed.'),
  C('request-enum-value-removed', 'error', true, 'A request enum lost a value clients may send.'),
  C(
    'request-constraint-tightened',
    'error',
    true,
    'A request maxLength/maximum/maxItems went down, minLength/minimum/minItems up, a pattern was added or changed to refuse strings the base took.',
  ),
  C(
    'request-object-closed',
    'error',
    true,
    'A request object that took properties it does not list refuses them now (additionalProperties or unevaluatedProperties set to false).',
  ),
  C('request-parameter-removed', 'warn', false, 'A parameter is gone (clients sending it are ignored or refused).'),
  C('request-property-removed', 'warn', false, 'A request body property is gone.'),
  C('new-field-without-default', 'warn', false, 'A new optional request parameter or property has no default.'),
  C('default-changed', 'warn', false, 'The default of a parameter or property changed.'),
  C('request-body-removed', 'warn', false, 'An operation no longer takes the request body it took (clients sending one are ignored or refused).'),
  C('response-header-removed', 'error', true, 'A response header is gone (warn when it was optional).'),
  C('response-header-became-optional', 'error', true, 'A response header that was required is not any more.'),
  C('response-header-type-changed', 'error', true, 'The type/format of a response header changed, or it became nullable.'),
  C('media-type-removed', 'error', true, 'A request or response content type is gone.'),
  C('request-body-became-required', 'error', true, 'A request body that was optional is now required.'),
  C('security-added', 'error', true, 'An operation that needed no security now needs it, or needs an added scope or an added scheme.'),
  C('api-key-location-changed', 'error', true, 'An API key scheme moved (`in` or `name` changed).'),
  C('error-status-removed', 'warn', false, 'A documented 4xx/5xx response is gone.'),
  C('error-schema-changed', 'error', true, 'The shared error body changed incompatibly (a field removed, renamed or retyped).'),
  C(
    'version-value-removed',
    'error',
    true,
    'A version value (enum of a version parameter or API-Version header) is gone while the head declares no 400 for it.',
  ),
  C('sunset-earlier', 'error', true, 'A Sunset date moved earlier.'),
  C('composition-changed', 'warn', 'unclassified', 'A oneOf/anyOf/allOf changed in a way the checks cannot prove safe.'),
  C('version-not-bumped', 'error', false, "The head has breaking changes but its major version is the base's."),
  C('document-removed', 'error', true, '(--base over folders) An OpenAPI document of the base is gone.'),
  C('document-added', 'info', false, '(--base over folders) A new OpenAPI document.'),
];

export type DiffCheckId = string;

const byId = new Map(DIFF_CHECKS.map(c => [c.id, c]));

export const DIFF_CHECK_IDS: ReadonlySet<string> = new Set(byId.keys());

export function diffCheck(id: string): DiffCheck | undefined {
  return byId.get(id);
}

export const SEVERITY_LEVEL: Record<string, Severity> = { error: 0, warn: 1, info: 2, hint: 3 };
