/**
 * What a fix knows of the rules' options (FixContext.options, optionsOf): each apiconv rule's options as the
 * ruleset sets them for the document (its overrides for the file applied, as the lint applies them), over the
 * rule's defaults. A fix then writes the convention the team configured, not the seed's.
 */
import type { Ruleset } from '@stoplight/spectral-core';
import type { OptionsOf } from '../../../../rules/types';
import { getDefaultRuleset, getRule } from '../ruleset';
import type { RuleLike } from '../run/types';

export type { OptionsOf };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The rules' defaults: their options under apiconv:recommended. */
export const defaultOptions: OptionsOf = rule => (getRule(rule)?.options?.defaults ?? {}) as Readonly<Record<string, unknown>>;

/** Per ruleset and file: the rules' options (the ruleset's own rules for a file are computed once). */
const memo = new WeakMap<Ruleset, Map<string, OptionsOf>>();

/** The options each rule has for `file` under `ruleset` (default: apiconv:recommended). */
export function fixOptions(ruleset: Ruleset | undefined, file: string): OptionsOf {
  const set = ruleset ?? getDefaultRuleset();
  let byFile = memo.get(set);
  if (!byFile) memo.set(set, (byFile = new Map()));
  let of = byFile.get(file);
  if (!of) byFile.set(file, (of = optionsIn(set.fromSource(file))));
  return of;
}

function optionsIn(ruleset: Ruleset): OptionsOf {
  const resolved = new Map<string, Readonly<Record<string, unknown>>>();
  return rule => {
    let o = resolved.get(rule);
    if (o === undefined) {
      const defaults = defaultOptions(rule);
      const configured = (ruleset.rules as unknown as Record<string, RuleLike | undefined>)[rule];
      // A rule whose function is the apiconv one has its options there; a config that gave the id another function
      // has none of ours, and the fix (of the apiconv rule) keeps the defaults.
      const own = getRule(rule)?.spectral.then;
      const fn = own && !Array.isArray(own) ? own.function : undefined;
      const then = configured?.then.find(t => t.function === (fn as unknown));
      o = Object.freeze({ ...defaults, ...(isRecord(then?.functionOptions) ? then.functionOptions : {}) });
      resolved.set(rule, o);
    }
    return o;
  };
}
