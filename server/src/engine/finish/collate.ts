/**
 * `localeCompare`'s order (Spectral's order of results, and ours of problems) without ICU's collation data where
 * the order is known: building an `Intl.Collator` maps about 2 MB of ICU's tables into the process, on every lint,
 * although nearly every comparison is between rule ids (`oas3-schema`, `info-contact`) or between two file paths.
 *
 * For printable ASCII in the root collation (and English's, which does not change it), the order is: primary
 * weights in the order of `RANK` below (space, punctuation and symbols — not ignorable —, digits, letters without
 * case), then, for strings equal at that level, the first difference in case, lower case first. With `numeric`, a
 * run of digits weighs as its number. Anything else (a control character, a character past ASCII, a number with
 * leading zeros, another language's collation) is left to a real collator, made on first use; test/engine/collate
 * checks this order against `Intl.Collator`.
 */

/** The printable ASCII characters in the root collation's primary order; a letter's capital ranks as the letter. */
const ORDER = ' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz';

const RANK = new Int8Array(128).fill(-1);
for (let i = 0; i < ORDER.length; i++) RANK[ORDER.charCodeAt(i)] = i;
for (let c = 65; c <= 90; c++) RANK[c] = RANK[c + 32]!;

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** Collation of the environment's language leaves ASCII in the root order (ICU's default locale, as V8 takes it). */
function rootOrder(): boolean {
  const env = process.env;
  const id = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  const lang = id.split(/[_.@-]/)[0]!.toLowerCase();
  return lang === '' || lang === 'c' || lang === 'posix' || lang === 'en';
}

let known: boolean | undefined;

/** -1, 0 or 1, as `new Intl.Collator(undefined, { numeric }).compare(a, b)` gives it (its sign). */
export function collate(a: string, b: string, numeric: boolean): number {
  if (a === b) return 0;
  known ??= rootOrder();
  const r = known ? asciiOrder(a, b, numeric) : undefined;
  return r ?? Math.sign(collator(numeric).compare(a, b));
}

const collators: Array<Intl.Collator | undefined> = [undefined, undefined];

function collator(numeric: boolean): Intl.Collator {
  return (collators[numeric ? 1 : 0] ??= numeric ? new Intl.Collator(undefined, { numeric: true }) : new Intl.Collator());
}

/**
 * Each string's place in the collation of `strings` (equal places for strings it does not tell apart): a sort that
 * compares them many times (the results of a document of many files, by source) compares two numbers instead.
 */
export function collationRanks(strings: Iterable<string>, numeric: boolean): Map<string, number> {
  const sorted = [...new Set(strings)].sort((a, b) => collate(a, b, numeric));
  const ranks = new Map<string, number>();
  let rank = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (i > 0 && collate(sorted[i - 1]!, sorted[i]!, numeric) !== 0) rank++;
    ranks.set(sorted[i]!, rank);
  }
  return ranks;
}

/** The order of two different strings of printable ASCII; undefined for other strings (or digits with leading zeros). */
function asciiOrder(a: string, b: string, numeric: boolean): number | undefined {
  let i = 0;
  let j = 0;
  let tertiary = 0;
  while (i < a.length && j < b.length) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(j);
    if (ca >= 128 || cb >= 128) return undefined;
    const ra = RANK[ca]!;
    const rb = RANK[cb]!;
    if (ra < 0 || rb < 0) return undefined;
    if (numeric && isDigit(ca) && isDigit(cb)) {
      // Two numbers: the longer (without leading zeros) is the greater, else the first different digit decides.
      let ei = i;
      while (ei < a.length && isDigit(a.charCodeAt(ei))) ei++;
      let ej = j;
      while (ej < b.length && isDigit(b.charCodeAt(ej))) ej++;
      if ((ca === 48 && ei - i > 1) || (cb === 48 && ej - j > 1)) return undefined;
      if (ei - i !== ej - j) return ei - i < ej - j ? -1 : 1;
      for (let k = 0; k < ei - i; k++) {
        const d = a.charCodeAt(i + k) - b.charCodeAt(j + k);
        if (d !== 0) return d < 0 ? -1 : 1;
      }
      i = ei;
      j = ej;
      continue;
    }
    if (ra !== rb) return ra < rb ? -1 : 1;
    // The same letter in another case: lower case first, if nothing at the primary level decides.
    if (tertiary === 0 && ca !== cb) tertiary = ca > cb ? -1 : 1;
    i++;
    j++;
  }
  for (let k = i; k < a.length; k++) if (a.charCodeAt(k) >= 128 || RANK[a.charCodeAt(k)]! < 0) return undefined;
  for (let k = j; k < b.length; k++) if (b.charCodeAt(k) >= 128 || RANK[b.charCodeAt(k)]! < 0) return undefined;
  if (i < a.length) return 1;
  if (j < b.length) return -1;
  return tertiary === 0 ? undefined : tertiary;
}
