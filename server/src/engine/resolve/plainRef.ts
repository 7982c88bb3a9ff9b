/**
 * runner.js computeRef for the common `$ref` of a multi-file description — a relative path of plain characters and
 * a plain JSON pointer (`../schemas/pet.yaml#/Pet`) — from a file whose URI is a plain absolute path: the same URI,
 * without @stoplight/path.
 *
 * runner.js joins such a ref to the file's folder with @stoplight/path's `join`, `dirname`, `stripRoot` and
 * `toFSPath`, each of which parses its path with a generated parser: on digitalocean (2,850 files, every `$ref`
 * computed once per file and string) that was a visible part of the lint's time and garbage. For the paths read here
 * the join is a plain one (the folder's segments, then the ref's, `.` dropped, `..` taking one off), and the URI is
 * made as runner.js makes it: `new URI(path).fragment(fragment)`, or `#fragment` when the path is the file itself
 * (fileUriRef leaves both as they are: no `file:` scheme). Anything else — a scheme, an absolute path, a backslash,
 * `%`, a space, a query, `//`, a `..` above the root, a `.` or `..` segment in the fragment (the join would take it as
 * a segment of the path) — is runner.js's (undefined here). test/engine/plainRef.test.ts compares both on crafted
 * refs and on every `$ref` of the corpus's multi-file documents.
 */
import { ExtendedURI } from '@stoplight/json-ref-resolver/uri';

/** The URI objects runner.js makes (urijs). */
export interface Uri {
  toString(): string;
  href(): string;
  fragment(): string;
  fragment(f: string): Uri;
  path(): string;
  scheme(): string;
  clone(): Uri;
}

/** A relative path of plain characters (not starting with `/`), and an optional fragment of plain characters. */
const PLAIN = /^[A-Za-z0-9_.-][A-Za-z0-9_.\-/]*(?:#[A-Za-z0-9_.\-/~]*)?$/;

/**
 * The URI runner.js computes for `ref` in the file at `path` (its folder `folder`, both plain: the file's URI is
 * its path), made with `URI`, the class of the file's own URI (urijs, as runner.js makes them); undefined when the
 * ref is not one read here.
 */
export function plainRelativeRef(ref: string, folder: string, path: string, URI: new (s: string) => Uri): Uri | undefined {
  if (!PLAIN.test(ref)) return undefined;
  const hash = ref.indexOf('#');
  const rel = hash < 0 ? ref : ref.slice(0, hash);
  const fragment = hash < 0 ? '' : ref.slice(hash + 1);
  if (fragment !== '' && /(?:^|\/)\.\.?(?:\/|$)/.test(fragment)) return undefined;
  const segments = folder.split('/'); // ['', 'a', 'b'] for /a/b
  for (const s of rel.split('/')) {
    if (s === '.') continue;
    if (s === '') return undefined; // `//`, or a trailing `/`
    if (s === '..') {
      if (segments.length <= 1) return undefined; // above the root
      segments.pop();
      continue;
    }
    segments.push(s);
  }
  // the root, or a path that ends in `.`: not a file runner.js would name this way
  if (segments.length <= 1 || rel.endsWith('/.') || rel === '.') return undefined;
  const joined = segments.join('/');
  if (joined === path) return new ExtendedURI(`#${fragment}`) as unknown as Uri;
  return new URI(joined).fragment(fragment);
}
