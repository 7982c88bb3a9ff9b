/** Data as a string that tells values, types and key order apart. */
export function canon(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.keys(v)
      .map(k => `${JSON.stringify(k)}:${canon((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : `n${String(v)}`;
  if (typeof v === 'string') return JSON.stringify(v);
  return `${typeof v}:${String(v)}`;
}
