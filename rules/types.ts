/**
 * The shape of one apiconv rule module (`rules/<id>.ts`).
 *
 * A rule is a Spectral rule (`spectral`) plus apiconv metadata and an optional
 * pure fix. Nothing here imports an editor API: the CLI, the language server and
 * the exported Spectral ruleset all use these modules as they are.
 */
import type { RuleDefinition } from '@stoplight/spectral-core';
import type { DeclaredOptions } from './_lib/options';

export type JsonPath = (string | number)[];
export type SeverityName = 'error' | 'warn' | 'info' | 'hint';
export type Spec = 'oas2' | 'oas3';

/**
 * A fix is described as operations on JSON paths of the file the finding is in.
 * The engine (server/src/engine/fix) turns them into minimal text edits on the
 * YAML or JSON syntax tree, keeping comments, key order and layout.
 */
export type FixOp =
  /**
   * Set `value` at `path`; missing parent mappings are created. Replaces an existing value. A key new to its mapping
   * goes after the mapping's last key, or before the key `before` when the mapping has it (responses in status order).
   */
  | { kind: 'set'; path: JsonPath; value: unknown; before?: string }
  /** Remove the key (or sequence item) at `path`. */
  | { kind: 'remove'; path: JsonPath }
  /** Rename the mapping key at `path` to `to`, keeping its value. */
  | { kind: 'rename'; path: JsonPath; to: string }
  /** Append `value` to the sequence at `path`; the sequence is created if missing. */
  | { kind: 'append'; path: JsonPath; value: unknown };

export interface FixContext {
  /** The parsed data of the file the finding is in; `$ref`s are NOT resolved. */
  data: unknown;
  /** True when that file is the root document (where shared components may be added). */
  isRoot: boolean;
  /**
   * In a `$ref`'d file: the root document's data, and how a `$ref` from this file names the root document
   * ('../openapi.yaml'), for a fix that points at a component only the root has. Undefined in the root itself.
   */
  root?: { data: unknown; ref: string };
  /** 'oas2' (Swagger 2.0) or 'oas3' (OpenAPI 3.x) — of the root document. */
  spec: Spec;
  /** The finding's JSON path inside that file. */
  path: JsonPath;
  /** The finding's message. */
  message: string;
  /**
   * The rule's options for the document, as its config sets them over the defaults (the engine reads them from the
   * ruleset the document was linted with): a fix writes the convention the team chose, or offers nothing. An
   * `auto` option stays `auto`: what the document's majority decided is in the finding's message.
   */
  options: Readonly<Record<string, unknown>>;
  /** Another rule's options, the same way: the error response error-400 adds has the body error-schema asks for. */
  optionsOf: OptionsOf;
}

/** A rule's options by its id (see FixContext.options). */
export type OptionsOf = (rule: string) => Readonly<Record<string, unknown>>;

export interface FixResult {
  /** What the editor shows, e.g. "Add a 404 response". */
  title: string;
  ops: FixOp[];
  /**
   * The fix settles every finding of its rule in the file at once (a root `security` for every operation): the
   * editor then offers no "Fix all" of the rule beside it.
   */
  settlesRule?: boolean;
}

export interface RuleMeta {
  description: string;
  severity: SeverityName;
  /** 'safe' fixes preserve meaning and run unattended (`--fix`, fix on save); 'unsafe' ones are only offered. */
  fixable: 'safe' | 'unsafe' | false;
  /** Versions the rule applies to. */
  formats: Spec[];
  /** False: in `apiconv:all` only, not in `apiconv:recommended` (default true). */
  recommended?: boolean;
}

export interface ApiconvRule {
  id: string;
  meta: RuleMeta;
  /** The Spectral part, without `severity`, `description`, `formats` (taken from meta). */
  spectral: Omit<RuleDefinition, 'severity' | 'description' | 'formats' | 'recommended'>;
  /** The options the rule takes (`then.functionOptions` in a config), when its check encodes a choice. */
  options?: DeclaredOptions;
  /** Pure: the finding and the file's data in, path operations out. Undefined when no fix applies. */
  fix?: (ctx: FixContext) => FixResult | undefined;
  /**
   * The fix judges the whole document (what nothing references), so `--fix` takes it only in a pass in which no other
   * rule's fix changed the text: another fix may add a reference to what this one removes.
   */
  fixesLast?: boolean;
}

export function defineRule<const Id extends string>(rule: ApiconvRule & { id: Id }): ApiconvRule & { id: Id } {
  return rule;
}
