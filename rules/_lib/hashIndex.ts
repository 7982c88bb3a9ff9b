/**
 * Finding the items met before without a string key for each: items are grouped by a number (a hash of what makes
 * them equal) and compared in full only within their group. A big document's hundreds of thousands of findings
 * made a JSON text each (their path, their fingerprint) for a Set or a Map, and most were garbage at once.
 */
import type { JsonPath } from '../types';

export class HashIndex {
  private readonly firstOfHash = new Map<number, number>();
  private readonly nextOfHash: Int32Array;

  /** `size`: how many items at most; `same(i, j)`: whether items i and j are equal (the caller holds them). */
  constructor(
    size: number,
    private readonly same: (i: number, j: number) => boolean,
  ) {
    this.nextOfHash = new Int32Array(size);
  }

  /** The first item added before that equals item `i` (of this `hash`), or -1: then `i` is added. */
  find(i: number, hash: number): number {
    const first = this.firstOfHash.get(hash);
    for (let j = first ?? -1; j >= 0; j = this.nextOfHash[j]!) if (this.same(i, j)) return j;
    this.nextOfHash[i] = first ?? -1;
    this.firstOfHash.set(hash, i);
    return -1;
  }
}

/** FNV-1a's start. */
export const HASH_START = 0x811c9dc5;

/** `h` with a text mixed in (FNV-1a over its UTF-16 units). */
export function mixText(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return Math.imul(h ^ 0x1f, 0x01000193); // the end of the text: ['ab', 'c'] and ['a', 'bc'] mix differently
}

/** `h` with a JSON path mixed in, an index apart from the string of its digits. */
export function mixPath(h: number, path: JsonPath): number {
  for (const seg of path) h = typeof seg === 'number' ? Math.imul(h ^ (seg | 0) ^ 0x5bd1e995, 0x01000193) : mixText(h, seg);
  return h;
}

/** Whether two paths have the same segments (an index and the string of its digits differ, as their JSON does). */
export function samePath(a: JsonPath, b: JsonPath): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
