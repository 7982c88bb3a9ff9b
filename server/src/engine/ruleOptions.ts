/**
 * Options of apiconv rules from a YAML or JSON config, in Spectral's form for function options:
 *
 * ```yaml
 * rules:
 *   path-no-verbs:
 *     then:
 *       functionOptions: { extraVerbs: [search] }
 * ```
 *
 * Spectral needs `given` and `then.function` in such an object, and a YAML ruleset cannot name an apiconv
 * function (Spectral's migrator knows only its own core functions and `functions:` files). So, before the
 * ruleset is built, a rule object that bears an apiconv rule's id gets what it leaves out from the built-in
 * rule: `given`, and `then.function` (also when it names the rule's function, `apiconvPathNoVerbs`, which the
 * migrator could not resolve). Spectral then merges it onto the rule as for any override, and validates the
 * options with the function's JSON schema. A full definition (its own `given` and function) is left as it is.
 */
import { rules } from '../../../rules/index';
import { structureRule } from '../../../rules/_lib/oasStructure';

type Obj = Record<string, unknown>;
type SpectralPart = { given: unknown; then: Obj | Obj[] };

/** The built-in rules a config may give options: apiconv's, and the spectral:oas rule that takes some (oas3-schema). */
const byId = new Map<string, SpectralPart>([
  ...rules.map(r => [r.id, r.spectral as unknown as SpectralPart] as const),
  ...Object.entries(structureRule() as Record<string, SpectralPart>),
]);

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function completeRule(id: string, def: unknown): void {
  const spectral = byId.get(id);
  if (!spectral || !isObj(def)) return;
  const builtinThen = Array.isArray(spectral.then) ? spectral.then[0] : spectral.then;
  if (!('given' in def) || def.given === undefined) def.given = spectral.given;
  if (def.then === undefined) def.then = { ...builtinThen };
  else if (isObj(def.then) && (!('function' in def.then) || def.then.function === undefined || typeof def.then.function === 'string')) {
    def.then = { ...def.then, function: builtinThen.function };
    if (!('functionOptions' in (def.then as Obj)) && builtinThen.functionOptions !== undefined) (def.then as Obj).functionOptions = builtinThen.functionOptions;
  }
}

/** Completes, in place, the apiconv rule objects of a ruleset definition (its rules and its overrides' rules). */
export function completeApiconvRules(definition: unknown): void {
  if (!isObj(definition)) return;
  const each = (rulesObj: unknown) => {
    if (isObj(rulesObj)) for (const [id, def] of Object.entries(rulesObj)) completeRule(id, def);
  };
  each(definition.rules);
  if (Array.isArray(definition.overrides)) for (const o of definition.overrides) if (isObj(o)) each(o.rules);
}
