/**
 * `modelRule` turns a check over the document model into a Spectral rule part.
 * The check returns findings with the narrowest JSON path a person would point at.
 */
import { createRulesetFunction } from '@stoplight/spectral-core';
import type { RuleDefinition } from '@stoplight/spectral-core';
import type { JsonPath } from '../types';
import { getModel, type Model } from './oas';
import { recordSeverityCap, type SeverityCap } from './severity';

export interface Finding {
  message: string;
  path: JsonPath;
  /** Report this finding at this severity at most (the apiconv engine only; see severity.ts). */
  severity?: SeverityCap;
}

type Check<O> = (model: Model, options: O) => Finding[];

/**
 * A Spectral rule body that runs `check` once on the whole resolved document.
 * `optionsSchema` (JSON Schema) validates user options, as Spectral does for its own functions.
 */
export function modelRule<O = null>(
  name: string,
  check: Check<O>,
  optionsSchema: Record<string, unknown> | null = null,
  defaultOptions?: O,
): Pick<RuleDefinition, 'given' | 'then'> {
  const fn = createRulesetFunction<unknown, O>({ input: null, options: optionsSchema as never }, (input, options, context) => {
    return check(getModel(input), (options ?? defaultOptions) as O).map(f => {
      if (f.severity) recordSeverityCap(context?.document, (context?.rule as { name?: string } | undefined)?.name, f.message, f.path, f.severity);
      return { message: f.message, path: f.path };
    });
  });
  Object.defineProperty(fn, 'name', { value: name });
  return {
    given: '$',
    then: defaultOptions === undefined ? { function: fn } : { function: fn, functionOptions: defaultOptions as never },
  };
}
