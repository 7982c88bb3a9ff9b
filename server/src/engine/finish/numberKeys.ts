/**
 * A YAML mapping key written as a number (`200:` under `responses`) is a `parser` finding: OpenAPI keys are
 * strings. The finding says which rule of OpenAPI asks for it; its fix (quoting the key) is fix/quoteKeys.ts.
 */
import type { LintProblem } from '../problem';

/** The YAML parser's message for a key that is not a string (a number, here). */
const NON_STRING_KEY = 'Mapping key must be a string scalar rather than number';

/** A `parser` finding about a key written as a number. */
export function isNumberKeyProblem(p: Pick<LintProblem, 'code' | 'message'>): boolean {
  return p.code === 'parser' && p.message.startsWith(NON_STRING_KEY);
}

/** The finding's message, with the rule of OpenAPI behind it (the status code's own where the key is one). */
export function numberKeyMessage(path: readonly (string | number)[]): string {
  const key = String(path[path.length - 1] ?? '');
  const parent = path[path.length - 2];
  const grand = path[path.length - 3];
  const statusCode = parent === 'responses' && grand !== 'properties' && /^\d{3}$/.test(key);
  const rule = statusCode
    ? 'an OpenAPI status code is a string: "This field MUST be enclosed in quotation marks (for example, "200") for compatibility between JSON and YAML" (Responses Object)'
    : 'OpenAPI asks "Keys used in YAML maps MUST be limited to a scalar string" (Format)';
  return `${NON_STRING_KEY}: ${rule}; quote it: '${key}'.`;
}
