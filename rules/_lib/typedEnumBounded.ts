/**
 * Spectral's `typed-enum` rule (same id, JSONPath, message and function), with its findings per enum bounded: an enum
 * of 100,000 values none of which has the schema's type gave 100,000 findings (a `spectral lint` that did not end in
 * five minutes, and a report nobody reads to the end). The first MAX_VALUE_FINDINGS values are reported one by one,
 * as Spectral reports them; the others in one finding at the `enum` key that counts them.
 */
import { oas } from '@stoplight/spectral-rulesets';
import { typedEnum } from '@stoplight/spectral-rulesets/dist/oas/functions';
import type { IFunctionResult, RulesetFunctionContext } from '@stoplight/spectral-core';

export const TYPED_ENUM_RULE = 'typed-enum';
/** Values of one enum reported one by one (the corpus has at most 3 in an enum). */
export const MAX_VALUE_FINDINGS = 20;

type RuleFn = (input: unknown, options: unknown, context: RulesetFunctionContext) => IFunctionResult[] | void;

export function typedEnumBounded(input: unknown, options: unknown, context: RulesetFunctionContext): IFunctionResult[] | void {
  const results = (typedEnum as unknown as RuleFn)(input, options, context);
  if (!Array.isArray(results) || results.length <= MAX_VALUE_FINDINGS) return results;
  const more = results.length - MAX_VALUE_FINDINGS;
  return [
    ...results.slice(0, MAX_VALUE_FINDINGS),
    {
      message: `${more.toLocaleString('en-US')} more enum values are not of the schema's type (${results.length.toLocaleString('en-US')} in all; the first ${MAX_VALUE_FINDINGS} are reported one by one).`,
      path: [...context.path, 'enum'],
    },
  ];
}
// As Spectral's typedEnum for the engine (engine/run/functions.ts): its results depend on the value it is given, the
// formats and the path, and lie below the path.
Object.defineProperty(typedEnumBounded, Symbol.for('apiconv.localFunction'), { value: true });
Object.defineProperty(typedEnumBounded, Symbol.for('apiconv.memoFunction'), { value: true });

/** The rule's definition with this function. */
export function typedEnumRule(): Record<string, unknown> {
  const def = (oas as unknown as { rules: Record<string, Record<string, unknown>> }).rules[TYPED_ENUM_RULE]!;
  return { [TYPED_ENUM_RULE]: { ...def, then: { ...(def.then as Record<string, unknown>), function: typedEnumBounded } } };
}
