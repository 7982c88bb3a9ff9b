/**
 * Duplicate items of a list of JSON values (an `enum`, an example checked against `uniqueItems`), found in one pass:
 * the items are keyed by a canonical text, equal exactly when Ajv's deep equality (fast-deep-equal) holds for JSON
 * data. Pair by pair, as Ajv compares items whose types it does not know, an enum of 100,000 values took billions of
 * comparisons.
 */

/** A text equal for two JSON values exactly when they are deeply equal (object keys in any order; NaN equal to NaN). */
export function canonicalKey(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      // 0 and -0 are equal, as are two NaNs; JSON would write NaN and Infinity as null.
      return Object.is(value, -0) ? '0' : String(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map(canonicalKey).join(',')}]`;
      const o = value as Record<string, unknown>;
      const keys = Object.keys(o).sort();
      return `{${keys.map(k => `${JSON.stringify(k)}:${canonicalKey(o[k])}`).join(',')}}`;
    }
    default:
      return `${typeof value}:${String(value)}`;
  }
}

/**
 * The pair Ajv's `uniqueItems` reports, as [j, i] with j < i: the last item equal to an earlier one, and the last of
 * those earlier ones; undefined when the items are unique.
 */
export function lastDuplicatePair(list: readonly unknown[]): [number, number] | undefined {
  const lastAt = new Map<string, number>();
  let pair: [number, number] | undefined;
  for (let i = 0; i < list.length; i++) {
    const key = canonicalKey(list[i]);
    const j = lastAt.get(key);
    if (j !== undefined) pair = [j, i];
    lastAt.set(key, i);
  }
  return pair;
}
