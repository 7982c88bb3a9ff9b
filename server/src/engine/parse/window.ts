/** The common prefix and suffix of two texts: where an edit changed a document. */

export function commonPrefix(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let lo = 0;
  // big strides first (string equality of slices is fast), then characters
  for (let step = 65536; step >= 16; step >>= 4) {
    while (lo + step <= max && a.slice(lo, lo + step) === b.slice(lo, lo + step)) lo += step;
  }
  while (lo < max && a.charCodeAt(lo) === b.charCodeAt(lo)) lo++;
  return lo;
}

export function commonSuffix(a: string, b: string, max: number): number {
  let n = 0;
  let ia = a.length;
  let ib = b.length;
  for (let step = 65536; step >= 16; step >>= 4) {
    while (n + step <= max && a.slice(ia - step, ia) === b.slice(ib - step, ib)) {
      n += step;
      ia -= step;
      ib -= step;
    }
  }
  while (n < max && a.charCodeAt(ia - 1) === b.charCodeAt(ib - 1)) {
    n++;
    ia--;
    ib--;
  }
  return n;
}
