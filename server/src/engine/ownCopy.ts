/**
 * A string's own copy. V8 makes a substring of 13 characters or more a "sliced string": a view that keeps the
 * whole string it was cut from alive. What a long-lived structure keeps of one version of a document (a piece
 * parsed on its own, a string a memo holds) is copied, so that it does not keep that version's whole text — 8 MB
 * for a big document — for as long as it lives.
 */
export function ownCopy(s: string): string {
  // A concatenation is a rope; slicing the rope flattens it into a new string, which the slice is then a view of.
  // (Cheaper than a JSON or TextEncoder round trip by an order of magnitude, and no Buffer.)
  return s.length < SLICE_MIN ? s : (' ' + s).slice(1);
}

/** Shorter substrings V8 copies anyway (SlicedString::kMinLength). */
const SLICE_MIN = 13;

/**
 * Gives every string of a freshly parsed value (not frozen yet) its own copy, in place: the parsed strings of a unit
 * that outlives the text it was parsed from would keep that whole text alive.
 */
export function ownStrings(value: unknown): void {
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null || seen.has(v)) continue;
    seen.add(v);
    const o = v as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      const x = o[k];
      if (typeof x === 'string') {
        if (x.length >= SLICE_MIN) o[k] = ownCopy(x);
      } else if (typeof x === 'object' && x !== null) stack.push(x);
    }
  }
}
