/**
 * When Spectral's `createRulesetFunction` compiles a function's schemas (see `lazy-function-schemas` in
 * scripts/vendorPatches.mjs). In the bundles, the functions defined while the bundle loads (Spectral's core and OAS functions,
 * the rules' own) compile their input and options schemas on their first call, which spares every start about a
 * tenth of a second of Ajv compiles for functions no rule of the run calls. An entry point calls this once its
 * imports are loaded: from then on a function is compiled when it is defined, as in Spectral, so that a user's
 * custom function with a bad schema is an error of its ruleset when the ruleset loads. Without the build step
 * (the tests run the sources) every function compiles when it is defined and this changes nothing.
 */
export function compileFunctionSchemasWhenDefined(): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for('apiconv.eagerFunctionSchemas')] = true;
}
