/**
 * One side of a diff: a document parsed and `$ref`-resolved by the lint engine's own
 * parser and resolver (parse/parser.ts, resolve/resolver.ts: the same result as
 * Spectral's Document and DocumentInventory, multi-file included), with what maps a path
 * of the resolved document back to the file and range where it is written.
 */
import { OPEN_REF_POLICY, type RefPolicy } from '../refFiles';
import * as path from 'node:path';
import { isJsonText, looksLikeOpenApi } from '../sniff';
import type { FileReader } from '../spectralResolver';
import type { JsonPath, Range } from '../problem';
import { IncrementalParser, type ParsedDoc } from '../parse/parser';
import { IncrementalResolver } from '../resolve/resolver';
import { Inventory, type RefGraph } from '../resolve/inventory';
import type { DocLike } from '../run/types';
import { keyRangeFor, LineIndex } from '../ranges';

export type OasVersion = '2.0' | '3.0' | '3.1';

export interface LoadedDoc {
  /** Absolute path of the root file (for a git revision: the path in the work tree). */
  file: string;
  text: string;
  version: OasVersion;
  /** The parsed root document (unresolved). */
  data: Record<string, unknown>;
  resolved: Record<string, unknown>;
  /** Every file read, root first. */
  files: string[];
  /** Texts of every file read (for ranges and suppression comments). */
  texts: Map<string, string>;
  /** Where a path of the resolved document is written: its file, path there and range (the key of a collection). */
  locate(p: JsonPath): { source: string; path: JsonPath; range: Range };
  /** The value at `p` of a file read (the root or a $ref'd one) as written: its $refs unresolved. */
  unresolvedAt(source: string, p: JsonPath): unknown;
  /** The root text's first syntax error, when it has one: its data is what the parser made of it, not the document meant. */
  parseError?: { message: string; line: number };
}

export class NotOpenApiError extends Error {}

export interface LoadOptions {
  /** Reads `$ref`'d files (a git revision's reader); undefined falls back to the disk. Throw for a missing file. */
  readFile?: FileReader;
  allowRemoteRefs?: boolean;
}

/** A parser and resolver kept between loads of the same file (the editor: only the units an edit changed are parsed and resolved again). */
export class DocLoader {
  private parser: IncrementalParser | undefined;
  private kind: 'yaml' | 'json' | undefined;
  private resolver: IncrementalResolver | undefined;
  private reader: FileReader | undefined;
  readonly file: string;

  constructor(
    file: string,
    private readonly allowRemoteRefs = false,
    /** How `$ref`'d files are read from the disk (the language server's: its workspace folders). */
    private readonly refPolicy: RefPolicy = OPEN_REF_POLICY,
  ) {
    this.file = path.resolve(file);
  }

  async load(text: string, readFile?: FileReader): Promise<LoadedDoc> {
    const file = this.file;
    if (text.includes('\u0000') || !looksLikeOpenApi(text)) throw new NotOpenApiError(`not an OpenAPI document: ${file}`);
    const kind = isJsonText(text, file) ? 'json' : 'yaml';
    if (!this.parser || this.kind !== kind) {
      this.parser = new IncrementalParser(file, kind);
      this.kind = kind;
    }
    const parsed = this.parser.update(text);
    const doc = parsed.doc;
    const data = doc.data as Record<string, unknown> | undefined;
    if (typeof data !== 'object' || data === null || Array.isArray(data) || (data.openapi === undefined && data.swagger === undefined)) {
      throw new NotOpenApiError(`not an OpenAPI document: ${file}`);
    }
    this.reader = readFile;
    this.resolver ??= new IncrementalResolver({
      readFile: f => (this.reader ? this.reader(f) : undefined),
      allowRemoteRefs: this.allowRemoteRefs,
      refPolicy: this.refPolicy,
    });
    const res = await this.resolver.resolve(doc, parsed.changedUnits);
    const loaded = makeLoaded(
      file,
      text,
      doc,
      data,
      res.resolved as Record<string, unknown>,
      res.referencedDocuments as unknown as Record<string, DocLike & { text?: string }>,
      res.graph as RefGraph | null,
      res.files,
    );
    const error = doc.diagnostics.find(d => d.severity === 0);
    if (error) loaded.parseError = { message: error.message, line: error.range.start.line };
    return loaded;
  }
}

/**
 * Both versions of one file, parsed and resolved by one loader: the head is parsed and resolved
 * again only where its text differs from the base's (the incremental engine's units), so
 * everything else is the same objects on both sides and the diff passes over it at once.
 */
export async function loadPair(
  baseText: string,
  headText: string,
  file: string,
  readers: { base?: FileReader; head?: FileReader },
  allowRemoteRefs = false,
): Promise<[LoadedDoc, LoadedDoc]> {
  const loader = new DocLoader(file, allowRemoteRefs);
  const base = await loader.load(baseText, readers.base);
  const head = await loader.load(headText, readers.head);
  return [base, head];
}

/** Parse and resolve one document (a fresh parser and resolver). */
export function loadDocument(text: string, file: string, options: LoadOptions = {}): Promise<LoadedDoc> {
  return new DocLoader(file, options.allowRemoteRefs === true).load(text, options.readFile);
}

export function oasVersionOf(data: Record<string, unknown>): OasVersion {
  if (data.swagger !== undefined) return '2.0';
  return /^3\.0/.test(String(data.openapi)) ? '3.0' : '3.1';
}

function makeLoaded(
  file: string,
  text: string,
  doc: ParsedDoc,
  data: Record<string, unknown>,
  resolved: Record<string, unknown>,
  referenced: Record<string, DocLike & { text?: string }>,
  graph: RefGraph | null,
  files: string[],
): LoadedDoc {
  const root: DocLike = {
    source: file,
    data,
    formats: undefined,
    getRangeForJsonPath: (p, closest) => doc.getRangeForJsonPath(p, closest),
    trapAccess: o => o,
  };
  const inventory = new Inventory(root, resolved, graph, referenced);
  const texts = new Map<string, string>([[file, text]]);
  for (const [src, d] of Object.entries(referenced)) {
    const o = d as { text?: unknown; input?: unknown };
    const t = typeof o.text === 'string' ? o.text : typeof o.input === 'string' ? o.input : undefined;
    if (t !== undefined) texts.set(src, t);
  }
  const indexes = new Map<string, LineIndex>();
  const locate = (p: JsonPath): { source: string; path: JsonPath; range: Range } => {
    let item = inventory.findAssociatedItemForPath(p, true);
    // A property that is a `$ref` (`email: { $ref: Email }`) is located at its key, not at the shared target.
    if (p.length >= 2 && p[p.length - 2] === 'properties') {
      const parent = inventory.findAssociatedItemForPath(p.slice(0, -1), true);
      const last = p[p.length - 1]!;
      const holder = parent ? walk(parent.document.data, parent.path) : undefined;
      if (parent && typeof holder === 'object' && holder !== null && Object.prototype.hasOwnProperty.call(holder, last))
        item = { document: parent.document, path: [...parent.path, last], missingPropertyPath: [] };
    }
    const target = item ?? { document: root, path: [] as JsonPath };
    const source = target.document.source ?? file;
    const range = (target.document.getRangeForJsonPath(target.path, true) as Range | undefined) ?? {
      start: { line: 0, character: 0 },
      end: { line: 0, character: 0 },
    };
    const t = texts.get(source);
    let narrowed: Range | undefined;
    if (t !== undefined) {
      let index = indexes.get(source);
      if (!index) indexes.set(source, (index = new LineIndex(t)));
      narrowed = keyRangeFor({ code: 'diff', message: '', severity: 0, path: target.path, range, source }, index);
    }
    return { source, path: [...target.path], range: narrowed ?? range };
  };
  const unresolvedAt = (source: string, p: JsonPath): unknown => {
    let v: unknown = source === file ? data : referenced[source]?.data;
    for (const seg of p) v = typeof v === 'object' && v !== null ? (v as Record<string | number, unknown>)[seg] : undefined;
    return v;
  };
  return { file, text, version: oasVersionOf(data), data, resolved, files: files.length ? files : [file], texts, locate, unresolvedAt };
}

function walk(v: unknown, p: JsonPath): unknown {
  for (const seg of p) v = typeof v === 'object' && v !== null ? (v as Record<string | number, unknown>)[seg] : undefined;
  return v;
}
