/**
 * @stoplight/json's pathToPointer with each segment encoded once: it escapes `~` and `/` and URI-encodes every
 * segment through a Unicode regular expression, for every site and target of a resolve (kubernetes: 10,000 refs,
 * most of their segments the same few words). A pointer is `#` and then `/` and the encoded segment for each
 * segment, each encoded on its own, so a segment's encoding is kept and the pointer joined from those.
 */
import { pathToPointer } from '@stoplight/json';

/** A pointer whose segments are escaped (`~0`, `~1`) and hold nothing pathToPointer URI-encodes. */
const AS_IS = /^#(?:\/(?:[\w\-.!*'()]|~[01])*)*$/;

export class PointerEncoder {
  private readonly segments = new Map<string, string>();

  /**
   * pathToPointer(path), given `escaped`, the path's pointer with its segments escaped and not URI-encoded (as
   * json-ref-resolver writes the pointers of sites and targets): that pointer itself when URI-encoding leaves it as it
   * is (no string to build), else of(path).
   */
  ofEscaped(escaped: string, path: readonly (string | number)[]): string {
    return AS_IS.test(escaped) ? escaped : this.of(path);
  }

  /** pathToPointer(path). */
  of(path: readonly (string | number)[]): string {
    if (path.length === 0) return '#';
    let out = '#';
    for (const seg of path) {
      if (typeof seg !== 'string') {
        out += '/' + pathToPointer([seg]).slice(2);
        continue;
      }
      let enc = this.segments.get(seg);
      if (enc === undefined) this.segments.set(seg, (enc = pathToPointer([seg]).slice(2)));
      out += '/' + enc;
    }
    return out;
  }
}
