/** What the resolver takes and gives (the part of Spectral's DocumentInventory the engine uses). */
import type { FileReader } from '../spectralResolver';
import type { RefPolicy } from '../refFiles';
export type Segment = string | number;
export type JsonPath = Segment[];

/** A resolver error as json-ref-resolver reports it, before formatResolverErrors places it (documentInventory.ts). */
export interface RawError {
  code: string;
  message: string;
  path: Segment[];
  uriStack: string[];
}

interface Position {
  line: number;
  character: number;
}
interface Range {
  start: Position;
  end: Position;
}

/** What resolution needs of a parsed root document (parse/parser.ts ParsedDoc and Spectral's Document both are one). */
export interface ResolveInput {
  source: string | null;
  data: unknown;
  getRangeForJsonPath(path: JsonPath, closest?: boolean): Range | undefined;
}

export interface ReferencedDocument {
  source: string;
  data: unknown;
  getRangeForJsonPath(path: JsonPath, closest?: boolean): unknown;
}

export interface RefGraphLike {
  getNodeData(source: string): { refMap: Record<string, string> };
  /** A node's refMap as a Map, where the graph keeps one (the inventory's lookups: no object of thousands of keys). */
  refIndex?(source: string): ReadonlyMap<string, string> | undefined;
  /** The node ids (dependency-graph's overallOrder; used as a set by unreferencedReusableObject). */
  overallOrder(): string[];
}

export interface ResolvedDoc {
  /** Deep-equal to json-ref-resolver's result (cycles and shared objects included). */
  resolved: unknown;
  /** DocumentInventory.errors (formatResolverErrors: code 'invalid-ref', path, message, severity, range, source). */
  errors: unknown[];
  /** DocumentInventory.diagnostics (parser diagnostics of the referenced files). */
  diagnostics: unknown[];
  referencedDocuments: Record<string, ReferencedDocument>;
  /** What DocumentInventory.findAssociatedItemForPath reads (null when the document is no object). */
  graph: RefGraphLike | null;
  /** Every file read (root first). */
  files: string[];
  /** Units (units.ts keys) whose resolved value is not === the previous resolve's; 'all' when identity was not kept. */
  changedUnits: Set<string> | 'all';
  /** One-shot: the objects the resolve put at `$ref` sites (SharedObjects). */
  shared?: SharedObjects;
}

/**
 * The objects a resolve put at `$ref` sites (each also at its target's place, or at another site): the rules' walk
 * meets each of them more than once, and records what lies below them the first time (run/walk.ts).
 */
export interface SharedObjects {
  objects: ReadonlySet<object>;
  /**
   * Whether no other object is met twice: a resolve of local refs only (what other files' refs hold may share
   * objects it does not name) of a document without YAML aliases (the linter decides that part: ParsedDoc.noAliases).
   */
  all: boolean;
}

export interface IncrementalResolverOptions {
  readFile?: FileReader;
  allowRemoteRefs: boolean;
  /** How `$ref`'d files are read from the disk (refFiles.ts); default OPEN_REF_POLICY. */
  refPolicy?: RefPolicy;
  /** What resolves the refs to other files: our replay (remoteResolve.ts, the default) or json-ref-resolver itself (the reference the tests compare with). */
  remoteRefs?: 'own' | 'json-ref-resolver';
  /** The only resolve this resolver makes (a cold lint): it keeps nothing for a next one. */
  oneShot?: boolean;
}

/** Counters for tests and benchmarks. */
export interface ResolveStats {
  /** How the last resolve went: 'local' (this module), 'fallback' (the real resolver on the whole document), 'plain' (no object). */
  mode: 'local' | 'fallback' | 'plain';
  /** Why the last remote resolution used json-ref-resolver instead of remoteResolve.ts (kept until the next one that did not). */
  remoteFallbackReason?: string;
  /** Why the last resolve fell back. */
  fallbackReason?: string;
  /** Whether the last resolve recomputed the local decisions (false: reused). */
  decided: boolean;
  /** Whether the last resolve ran the resolver for the remote refs (false: reused or none). */
  remoteResolved: boolean;
  /** Units rebuilt by the last resolve. */
  rebuiltUnits: number;
  /** Changed units whose crawl the last resolve kept (only a string or number in them changed: crawlAfterEdit). */
  crawlsKept: number;
  /** Copies the last resolve kept without looking below them (rebuilt units whose own value alone changed). */
  copiesKept: number;
}
