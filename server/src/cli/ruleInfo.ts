/** Moved to the engine (the language server asks too, and does not import from cli/): engine/ruleInfo.ts. */
export * from '../engine/ruleInfo';
