/** An error in one line of at most 500 characters: its message and its causes', or an invalid ruleset's inner errors. */
export function oneLine(e: unknown): string {
  const parts: string[] = [];
  let cur: unknown = e;
  while (cur instanceof Error && parts.length < 4) {
    // Spectral throws AggregateErrors (empty message) for invalid rulesets: name the inner errors and their paths.
    const inner = (cur as Error & { errors?: unknown[] }).errors;
    if (Array.isArray(inner) && inner.length > 0 && !cur.message) {
      parts.push(
        inner
          .slice(0, 3)
          .map(x => {
            const p = (x as { path?: unknown }).path;
            return `${Array.isArray(p) && p.length ? `${p.join('.')}: ` : ''}${x instanceof Error ? x.message : String(x)}`;
          })
          .join('; ') + (inner.length > 3 ? ` (and ${inner.length - 3} more)` : ''),
      );
      break;
    }
    parts.push(cur.message);
    cur = (cur as Error & { cause?: unknown }).cause;
  }
  if (parts.length === 0) parts.push(String(e));
  return parts
    .join(': ')
    .replace(/\s*\n\s*/g, ' ')
    .slice(0, 500);
}
