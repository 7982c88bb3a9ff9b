/** How an inference counts and says its evidence ("a in 40 of 43 list operations, b in 3"), and the seed's defaults it compares with. */
import { rules } from '../../../rules/index';
import { bump, ranked, tallyText, type Counts } from '../../../rules/_lib/majority';

/** The default of a rule's option: the seed's convention. */
export function defaultOption(rule: string, option: string): unknown {
  const defaults = rules.find(r => r.id === rule)?.options?.defaults as Record<string, unknown> | undefined;
  if (defaults?.[option] === undefined) throw new Error(`rule ${rule} has no option ${option}`);
  return defaults[option];
}

/** One rule's inferred setting: options, or `off` when the API has no convention for what the rule checks. */
export interface Inference {
  rule: string;
  options?: Record<string, unknown>;
  off?: boolean;
  /** Why, one line each: the counts behind the choice. */
  evidence: string[];
}

/** "a in 40 of 43 list operations, b in 3": counts, largest first (ties by name, so the text is stable). */
export const tally = (counts: Counts, total: number, what: string): string => tallyText({ counts, total, what });

export { bump, ranked as ranked_ };
