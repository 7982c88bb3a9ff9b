/** Spectral's DocumentInventory parts the resolver needs: referenced files parsed, parser and resolver errors formatted. */
import { Document } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { extname } from '@stoplight/path';
import { OPEN_REF_POLICY, readRefFile, type RefPolicy } from '../refFiles';
import { noteInputRead } from '../pipeline/garbageCollection';
import type { FileReader } from '../spectralResolver';
import { parseYamlReferenced } from '../parse/yamlDocument';
import { yamlRangeForPath } from '../parse/yamlRanges';
import { parseCached } from '../cache';
import type { JsonPath, RawError, ReferencedDocument, ResolveInput } from './types';
// ---------------------------------------------------------------------------
// Spectral's DocumentInventory parts (documentInventory.js, errorMessages.js)

/**
 * Spectral's YAML parser with the engine's parse of a `$ref`'d file (yamlDocument.ts: the same result), and the
 * engine's ranges, as the linted document's (parse/parsedDocs.ts): from yamlOffsets.ts's offsets, else from the syntax tree.
 */
const YAML_FAST = {
  ...Parsers.Yaml,
  parse: parseYamlReferenced,
  getLocationForJsonPath: (result: Parameters<typeof yamlRangeForPath>[0], path: JsonPath) => {
    const range = yamlRangeForPath(result, path);
    return range === undefined ? undefined : { range };
  },
};

/** DocumentInventory.parseResolveResult: parse a $ref'd file, keep it and its parser diagnostics. */
export class ReferencedFiles {
  readonly referencedDocuments: Record<string, ReferencedDocument> = {};
  readonly diagnostics: unknown[] = [];

  readonly parseResolveResult = (opts: { targetAuthority: { href(): string }; result: unknown }): Promise<unknown> => {
    const source = opts.targetAuthority.href().replace(/\/$/, '');
    const json = hasJsonExtension(source);
    const content = String(opts.result);
    // YAML: Parsers.Yaml's result, built with less; both through the cross-lint cache of parsed files (cache.ts).
    const base = json ? Parsers.Json : YAML_FAST;
    const kind = json ? 'json-offsets' : 'yaml-offsets';
    const parser = { ...base, parse: (text: string) => parseCached(kind, source, text, t => withoutTree(base.parse(t))) };
    const document = new Document(content, parser as never, source);
    // What gives the ranges of findings in this file (a syntax tree, or yamlOffsets.ts's offsets) is parsed again
    // when a range is first asked for, and kept in the cache from then on: only the files with findings keep theirs
    // (the offsets of all the files of a multi-file document were a third of the heap after the resolve).
    let full: unknown;
    document.getRangeForJsonPath = (path, closest) => {
      full ??= parseCached(`${kind}-tree`, source, content, t => base.parse(t));
      return base.getLocationForJsonPath(full as never, path, closest)?.range;
    };
    opts.result = document.data;
    if (document.diagnostics.length > 0)
      this.diagnostics.push(...formatParserDiagnostics(document.diagnostics as unknown as ParserDiagnostic[], document.source));
    this.referencedDocuments[source] = document as unknown as ReferencedDocument;
    return Promise.resolve(opts);
  };
}

/** A parse's result without its syntax tree, line map or offsets: what a referenced file keeps until a range in it is asked for. */
function withoutTree(result: unknown): unknown {
  return { ...(result as object), ast: undefined, lineMap: undefined };
}

/**
 * `extname(source) === '.json'` (@stoplight/path, as Spectral tells a $ref'd file's parser), read off the string for a
 * plain path: `extname` parses every path with a generated parser, and each file's path is a new one (digitalocean:
 * 2,850 files, a few percent of the lint). Anything else (`?`, `#`, a backslash, a `.` or `..` segment, which
 * `extname` resolves, a trailing slash) asks `extname`.
 */
export function hasJsonExtension(source: string): boolean {
  if (/[?#\\]|(^|\/)\.\.?(\/|$)/.test(source) || source.endsWith('/')) return extname(source) === '.json';
  const base = source.slice(source.lastIndexOf('/') + 1);
  return base !== '.json' && base.endsWith('.json');
}

interface ParserDiagnostic {
  code?: string | number;
  message: string;
  path?: JsonPath;
  [k: string]: unknown;
}

function getDiagnosticErrorMessage(diagnostic: ParserDiagnostic): string {
  const path = diagnostic.path;
  const key = path !== undefined && path.length > 0 ? path[path.length - 1] : undefined;
  let message = diagnostic.message.replace(/^[a-z]/, w => w.toUpperCase());
  if (diagnostic.code !== 'YAMLException') message = message.replace(/([a-z])([A-Z])/g, (_w, end: string, start: string) => `${end} ${start.toLowerCase()}`);
  if (key !== undefined) message = message.replace(/(Duplicate key)/, `$1: ${key}`);
  return message;
}

function formatParserDiagnostics(diagnostics: ParserDiagnostic[], source: string | null): unknown[] {
  return diagnostics.map(d => ({
    ...d,
    code: 'parser',
    message: getDiagnosticErrorMessage(d),
    path: d.path ?? [],
    ...(source !== null ? { source } : null),
  }));
}

/** errorMessages.js formatResolverErrors. */
export function formatResolverErrors(doc: ResolveInput, errors: RawError[]): unknown[] {
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (const error of errors) {
    if (seen.has(error.message)) continue;
    seen.add(error.message);
    const path = [...error.path, '$ref'];
    const range = doc.getRangeForJsonPath(path, true) ?? Document.DEFAULT_RANGE;
    const source = error.uriStack.length > 0 ? error.uriStack[error.uriStack.length - 1] : doc.source;
    out.push({
      code: 'invalid-ref',
      path,
      message: error.message.replace(/^Error\s*:\s*/, ''),
      severity: 0,
      range,
      ...(source !== null ? { source } : null),
    });
  }
  return out;
}

/**
 * Read a file the way spectralResolver.ts does: the injected reader (editor buffers) first, then the disk;
 * undefined when it cannot be read. The disk read is synchronous: for thousands of small files
 * that is much faster than fs/promises for thousands of small files.
 */
export async function readText(file: string, readFile: FileReader | undefined, policy: RefPolicy = OPEN_REF_POLICY): Promise<string | undefined> {
  const overlay = readFile ? await readFile(file) : undefined;
  if (overlay !== undefined) return overlay;
  let text: string | undefined;
  try {
    text = readRefFile(file, policy);
  } catch {
    return undefined;
  }
  if (text !== undefined) noteInputRead(text.length);
  return text;
}
