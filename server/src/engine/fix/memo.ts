/**
 * The fixes of one pass all start from the same text: its parse, its style and its data are
 * computed once rather than once per finding (--fix on spotify parsed the
 * document again for every one of its findings). A tiny cache keyed by the text itself.
 */
export function memoByText<T>(fn: (text: string) => T, size = 3): (text: string) => T {
  const cache = new Map<string, T>();
  return (text: string) => {
    if (cache.has(text)) {
      // Least recently used goes first: the pass's own text, asked for by every fix, stays.
      const hit = cache.get(text)!;
      cache.delete(text);
      cache.set(text, hit);
      return hit;
    }
    const v = fn(text);
    if (cache.size >= size) cache.delete(cache.keys().next().value!);
    cache.set(text, v);
    return v;
  };
}

/** Freezes a parsed value (iteratively), so a cached one cannot be changed by the code it is handed to. */
export function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null || Object.isFrozen(v)) continue;
    Object.freeze(v);
    for (const k of Object.keys(v)) stack.push((v as Record<string, unknown>)[k]);
  }
  return value;
}
