/**
 * @stoplight/json's pathToPointer with each segment encoded once: it escapes `~` and `/` and URI-encodes every
 * segment through a Unicode regular expression, for every site and target of a resolve (kubernetes: 10,000 refs,
 * most of their segments the same few words). A pointer is `#` and then `/` and the encoded segment for each
 * segment, each encoded on its own, so a segment's encoding is kept and the pointer joined from those.
 */
import { pathToPointer } from '@stoplight/json';

export class PointerEncoder {
  private readonly segments = new Map<string, string>();

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
