/**
 * `@stoplight/path`'s parse of a path string, remembered, for the bundles (scripts/vendorPatches.mjs, `stoplight-path-parse`).
 *
 * Every function of `@stoplight/path` parses its arguments with a generated (PEG) parser, character by character.
 * Memoizing the exported functions (stoplightPath.ts) does not reach what they call inside: Spectral's `$ref`
 * resolver joins each `$ref` with the folder of the file it is in, so `join` and `toFSPath` meet new strings at every
 * `$ref` while the strings they parse (the folder, `../models/error.yml`) come again and again (a multi-file document of
 * thousands of files spent a noticeable share of its lint in that parser). The parser's answers are kept by string; each call gets a copy
 * of its own, as the library's callers change the object and its `path` array. A string the parser refuses is
 * parsed (and refused) again each time.
 */
export interface ParsedPath {
  protocol: string | null;
  origin: string | null;
  absolute: boolean;
  drive: string | null;
  path: string[];
}

const MAX_ENTRIES = 20_000;

export function memoParse(parse: (path: string) => ParsedPath): (path: string) => ParsedPath {
  const cache = new Map<string, ParsedPath>();
  return (path: string): ParsedPath => {
    let parsed = cache.get(path);
    if (parsed === undefined) {
      parsed = parse(path);
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(path, parsed);
    }
    return { ...parsed, path: parsed.path.slice() };
  };
}
