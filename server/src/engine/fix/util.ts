import type { JsonPath } from '../../../../rules/types';
/** Structural equality of JSON-like values (object key order ignored). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  if (ka.length !== kb.length) return false;
  return ka.every(k => Object.prototype.hasOwnProperty.call(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** `value` wrapped in the maps/sequences that `rest` (the part of a path that does not exist yet) names. */
export function nest(rest: JsonPath, value: unknown): unknown {
  let v = value;
  for (let j = rest.length - 1; j >= 0; j--) {
    const seg = rest[j];
    v = typeof seg === 'number' ? [v] : { [seg]: v };
  }
  return v;
}
