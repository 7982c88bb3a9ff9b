/**
 * `@stoplight/path` with its string functions memoized, for the bundles (scripts/vendorPatches.mjs, `memoizedStoplightPath`).
 *
 * Spectral's `$ref` resolver (json-ref-resolver's computeRef) joins, normalizes and takes the folder of paths for
 * every `$ref` it meets, and `@stoplight/path` parses each path with a generated (PEG) parser, character by
 * character: on a document of 2,850 files (digitalocean) that was about a tenth of the lint's CPU, for a few
 * thousand distinct paths. The functions are pure functions of their string arguments, so each answer is kept
 * (a bounded map per function); `parse` and `format`, which take or give objects, are the library's own.
 */
import * as real from '@stoplight/path';

const MAX_ENTRIES = 20_000;

type AnyFunction = (...args: unknown[]) => unknown;

function memo<F>(f: F): F {
  const fn = f as unknown as AnyFunction;
  const cache = new Map<string, unknown>();
  return ((...args: unknown[]) => {
    if (!args.every(a => typeof a === 'string')) return fn(...args);
    // A path holds no NUL character: the arguments joined by one, after their count, are a unique key.
    const key = `${args.length}\u0000${(args as string[]).join('\u0000')}`;
    const hit = cache.get(key);
    if (hit !== undefined || cache.has(key)) return hit;
    const value = fn(...args); // a throw is not kept: it is thrown again next time
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, value);
    return value;
  }) as unknown as F;
}

export const basename = memo(real.basename);
export const dirname = memo(real.dirname);
export const extname = memo(real.extname);
export const isAbsolute = memo(real.isAbsolute);
export const isURL = memo(real.isURL);
export const join = memo(real.join);
export const normalize = memo(real.normalize);
export const relative = memo(real.relative);
export const resolve = memo(real.resolve);
export const startsWithWindowsDrive = memo(real.startsWithWindowsDrive);
export const stripRoot = memo(real.stripRoot);
export const toFSPath = memo(real.toFSPath);
export { parse, format, sep, deserializeSrn, serializeSrn } from '@stoplight/path';
