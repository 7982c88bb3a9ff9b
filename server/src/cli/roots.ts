/**
 * `--roots`: a named file that is not an OpenAPI document but a piece of one (a schema or a path item in a file of
 * its own, `$ref`'d from the document) is linted through the documents that reach it. The pre-commit hooks pass it,
 * so that a commit that changes only such a piece lints what it breaks.
 *
 * The files of the project are read as text and their `$ref`s to other files taken with a pattern (no parse: a
 * piece that does not parse still has its referrers found); the files that reach a piece, directly or through other
 * pieces, are followed up to the OpenAPI documents among them.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { looksLikeOpenApi } from '../engine';
import { sniff, walk } from './files';

/** The file part of every `$ref` to another file (`$ref: ./a.yaml#/X`, `"$ref": "a.json"`), a URL's left out. */
const FILE_REF = /["']?\$ref["']?\s*:\s*["']?([^"'#\s,}]+)/g;

/** Larger files are no OpenAPI document apiconv lints (the default size limit): not read here either. */
const MAX_BYTES = 16 * 1024 * 1024;

function textOf(file: string): string | undefined {
  try {
    const st = fs.statSync(file);
    return st.isFile() && st.size <= MAX_BYTES ? fs.readFileSync(file, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

/** The files `text` (of `file`) `$ref`s, as absolute paths. */
function refTargets(text: string, file: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(FILE_REF)) {
    const target = m[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, urn:…
    out.push(path.resolve(path.dirname(file), decodeURIComponent(target)));
  }
  return out;
}

/**
 * The OpenAPI documents under `project` that reach one of `pieces` (absolute paths) by `$ref`, directly or through
 * other files, in a stable order.
 */
export function documentsReaching(pieces: readonly string[], project: string): string[] {
  const files: string[] = [];
  walk(project, files);
  const refs = new Map<string, string[]>();
  for (const f of files) {
    const text = textOf(f);
    if (text !== undefined && text.includes('$ref')) refs.set(f, refTargets(text, f));
  }
  const reached = new Set(pieces);
  for (let grew = true; grew;) {
    grew = false;
    for (const [f, targets] of refs) {
      if (!reached.has(f) && targets.some(t => reached.has(t))) {
        reached.add(f);
        grew = true;
      }
    }
  }
  return files.filter(f => reached.has(f) && !pieces.includes(f) && sniff(f));
}

/** Whether a named file reads as an OpenAPI document (a broken one too: the lint says what is wrong with it). */
function isOpenApiFile(file: string): boolean {
  const text = textOf(file);
  return text !== undefined && looksLikeOpenApi(text);
}

/**
 * The documents to lint for the named `files`: the OpenAPI documents among them, and in place of each other file the
 * documents of `project` that reach it (said on stderr by `log`, as is a file that nothing reaches).
 */
export function documentsFor(files: readonly string[], project: string, log: (file: string, what: string) => void): string[] {
  const documents = files.filter(isOpenApiFile);
  const pieces = files.filter(f => !documents.includes(f));
  const out = new Set(documents);
  for (const piece of pieces) {
    const reaching = documentsReaching([piece], project);
    log(
      piece,
      reaching.length > 0
        ? `not an OpenAPI document: linted through the documents that $ref it`
        : 'not an OpenAPI document, and no document of the project $refs it: not linted',
    );
    for (const d of reaching) out.add(d);
  }
  return [...out];
}
