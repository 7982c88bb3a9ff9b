/**
 * The engine's front door: everything the CLI (cli/) and the language server (lsp/) use of the engine, and nothing
 * else of it (test/meta/layers.test.ts holds them to it). What a lint needs travels with its options
 * (`lintDocument`): the ruleset, the `$ref` policy, the input limits, the function budget and the rules it skips,
 * the open buffers. See README.md for what lies behind it.
 */

// Linting a document.
export { lintDocument, taskLintOptions, type DocumentLintOptions, type LimitSettings, type LintTask } from './lintDocument';
export { LintSuperseded, type LintOptions } from './lintOptions';
export { compareProblems, sameProblem, sortProblems } from './finish/order';
export { looksLikeOpenApi } from './sniff';
export { IncrementalLinter } from './pipeline/linter';
export { SEVERITY_NAMES, RulesetLoadError, type JsonPath, type LintProblem, type LintResult, type SeverityName } from './problem';
export { DEFAULT_LIMITS, type InputLimits } from './limits';
export { hasBom, withoutBom, problemsWithBom } from './bom';
export { collectGarbage, gcFunction, stageCollection } from './pipeline/garbageCollection';

// The score of an API.
export { GRADES, SCORE_CATEGORIES, gradeOf, meetsGrade, scoreFindings, type ApiScore, type Grade } from './score';
export { operationCount } from './apiSize';

// Rulesets: choosing and loading them, their rules' docs, the config file's schema.
export { BUILTIN_RULESETS, CONFIG_FILES, ConfigDiscovery, RulesetCache, findConfig, getDefaultRuleset, getRule, rulesetFileFor } from './ruleset';
export { oneLine } from './oneLine';
export { RulesetRefusedError, inspectRuleset } from './rulesetData';
export { compileFunctionSchemasWhenDefined } from './functionSchemas';
export { listRules, ruleInfo, ruleInfoOrCustom, type RuleInfo } from './ruleInfo';
export { ruleDocs } from './ruleDocs';
export { BUILTIN_EXTENDS, configSchema, schemaUrl } from './configSchema';
export { configProblems, type ConfigProblem } from './configCheck';

// Reading files: `$ref` policies, bytes to text and back.
export {
  OPEN_REF_POLICY,
  commonRoot,
  decodeBytes,
  encodeText,
  fileUriTarget,
  isInside,
  readBoundedFile,
  readRefFile,
  refPolicyOf,
  refusal,
  type RefPolicy,
} from './refFiles';

// The time budget of a ruleset's own JavaScript, and the threads that watch it.
export {
  BudgetWatch,
  DEFAULT_FUNCTION_BUDGET_MS,
  LOADING_NAME,
  MAX_STOPPED_RULES,
  attachMeter,
  createMeter,
  loadingOverrunMessage,
  overrunMessage,
  pollBudget,
  skipAfterOverrun,
  withFunctionBudget,
  type FunctionBudget,
  type Overrun,
} from './functionBudget';

// Suppressions and baselines.
export { IGNORE_KEY, UNKNOWN_RULE_CODE, collectDirectives } from './suppress';
export { BaselineError, applyBaseline, baselineText, createBaseline, readBaseline, writeBaseline } from './baseline';

// Fixes.
export {
  applyOps,
  computeFix,
  editsBetween,
  fixAllOfRule,
  fixFile,
  fixOptions,
  formatOf,
  hasBrokenPiece,
  isNumberKeyProblem,
  parseData,
  parseDataOrBroken,
  quoteKeyFix,
  rootSeenFrom,
  specOf,
  unifiedDiff,
  type OffsetEdit,
  type OptionsOf,
  type TextEdit,
} from './fix/index';

// The conventions an API follows, as rule options (`apiconv init --infer`).
export { inferConventions, inferredConfigText, type Inference } from './infer';

// The breaking-change diff.
export { DocLoader, NotOpenApiError, loadDocument, loadPair, type LoadedDoc } from './diff/load';
export { diffDocuments, type DiffProblem } from './diff/engine';
export { DiffConfigError, readDiffConfig } from './diff/config';
export { DIFF_CHECKS, SEVERITY_LEVEL, diffCheck } from './diff/checks';
export { GitError, GitRevision } from './diff/git';
export { BaseVersion, ChangedNodes } from './diff/changed';

// References across files: the index of `$ref`s, components, tags and operationIds; renames and file moves.
export { RefIndex, type FileState, type RefSymbol } from './refs/refIndex';
export { scanFile, type PosNode, type ScannedFile } from './refs/scan';
export { applyChanges, planMove, planRename, symbolName, type TextChange } from './refs/rename';

// Text positions, and what the editor's completion writes.
export { LineIndex } from './lineIndex';
export { commonPrefix, commonSuffix } from './parse/window';
export { ownCopy } from './ownCopy';
export { detectContext, type CursorContext } from './context';
export {
  ERROR_STATUSES,
  apiKeyScheme,
  defaultNames,
  deprecationHeaders,
  documentEntries,
  errorResponseComponents,
  errorResponses,
  errorSchema,
  expectedErrors,
  listParameter,
  pathPairEntries,
  renderJson,
  renderYaml,
  toPlainText,
  toSnippetSyntax,
  type ComponentNames,
  type ComponentNeed,
  type SnippetMap,
  type SnippetValue,
} from './snippets';
