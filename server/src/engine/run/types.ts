/** The shapes the rule runner works with: Spectral's rules, documents and results as the runner sees them. */
import type { IRange } from '@stoplight/types';

export type JsonPath = (string | number)[];
export type Fn = (input: unknown, options: unknown, context: FnContext) => unknown;

export interface Then {
  field?: string;
  function: Fn;
  functionOptions?: unknown;
}

export interface RuleLike {
  name: string;
  enabled: boolean;
  resolved: boolean;
  then: Then[];
  message: string | null;
  description: string | null;
  documentationUrl: string | null;
  severity: number;
  matchesFormat(formats: Set<unknown> | null): boolean;
  getGivenForFormats(formats: Set<unknown> | null): string[];
  getSeverityForSource(source: string, path: JsonPath): number;
}

/** What a rule function gets as `context.document`. */
export interface DocLike {
  source: string | null;
  data: unknown;
  formats?: Set<unknown> | null;
  getRangeForJsonPath(path: JsonPath, closest?: boolean): IRange | undefined;
  trapAccess<T>(obj: T): T;
}

export interface AssociatedItem {
  document: DocLike;
  path: JsonPath;
  missingPropertyPath: JsonPath;
}

/** What a rule function gets as `context.documentInventory` (the part of Spectral's DocumentInventory rules use). */
export interface InventoryLike {
  document: DocLike;
  resolved: unknown;
  unresolved: unknown;
  formats: Set<unknown> | null;
  source: string | null;
  graph: unknown;
  referencedDocuments: Record<string, DocLike>;
  findAssociatedItemForPath(path: JsonPath, resolved: boolean): AssociatedItem | null;
}

export interface FnContext {
  document: DocLike;
  documentInventory: InventoryLike;
  rule: RuleLike;
  path: JsonPath;
}

/** One result before ranges (ranges move with every edit; results of a unit are kept across edits). */
export interface RawResult {
  code: string;
  message: string;
  path: JsonPath;
  severity: number;
  source?: string;
  /** severity cap recorded by the rule function (rules/_lib/severity.ts) */
  cap?: 'info' | 'hint';
}

export interface RunnerResult extends RawResult {
  range: IRange;
}

export const DEFAULT_RANGE: IRange = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
