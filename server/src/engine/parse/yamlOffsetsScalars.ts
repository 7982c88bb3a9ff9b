/**
 * yamlOffsets.ts's readers of scalars and flow collections, each from a text and an offset: quoted scalars (their
 * escapes and folded lines), block scalars (read as @stoplight/yaml-ast-parser reads them), the type of a plain
 * scalar, and flow sequences and mappings. Each gives up (throws GIVE_UP) on what it does not read. Also the
 * parser's test of the whole text for characters it refuses (hasNonPrintable).
 */
import { determineScalarType, parseYamlBigInteger, parseYamlBoolean, parseYamlFloat, ScalarType } from '@stoplight/yaml-ast-parser';

/** A character the parser refuses, or a surrogate (whole pairs it takes). */
const REFUSED_OR_SURROGATE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uD800-\uDFFF\uFFFE\uFFFF]/g;

/**
 * The parser's test of the whole text: a character it refuses, or half of a surrogate pair (its pattern,
 * `[…]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]`, is slow on a big text; one
 * character class and a look at each surrogate found take half of that).
 */
export function hasNonPrintable(s: string): boolean {
  const re = REFUSED_OR_SURROGATE;
  re.lastIndex = 0;
  for (let m = re.exec(s); m !== null; m = re.exec(s)) {
    const i = m.index;
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        re.lastIndex = i + 2; // a pair
        continue;
      }
    }
    return true;
  }
  return false;
}

/** Not in the shape read here. */
export const GIVE_UP = new Error('not read by the offsets parse');

export function giveUp(): never {
  throw GIVE_UP;
}

export const isBlank = (c: number): boolean => c === 0x20 || c === 0x0a || Number.isNaN(c) || c === 0x09;

/** Whether a plain scalar may start with `c` (followed by `n`), in the block context. */
export function plainStart(c: number, n: number): boolean {
  switch (c) {
    case 0x2d: // -
    case 0x3f: // ?
    case 0x3a: // :
      return !isBlank(n) && n !== 0x2c && n !== 0x5b && n !== 0x5d && n !== 0x7b && n !== 0x7d;
    case 0x2c:
    case 0x5b:
    case 0x5d:
    case 0x7b:
    case 0x7d:
    case 0x23:
    case 0x26:
    case 0x2a:
    case 0x21:
    case 0x7c:
    case 0x3e:
    case 0x27:
    case 0x22:
    case 0x25:
    case 0x40:
    case 0x60:
    case 0x20:
    case 0x09:
    case 0x0a:
      return false;
    default:
      return !Number.isNaN(c);
  }
}

/**
 * determineScalarType of a plain scalar's text (as yamlDocument's scalarType). Its number patterns all start with a
 * digit, a sign or a dot: a text starting with anything else is null, a boolean or a string by its whole text (a
 * key such as `type`, `name` or `format` no longer goes through its patterns).
 */
export function plainType(v: string): ScalarType {
  switch (v.charCodeAt(0)) {
    case 0x6e: // n
    case 0x4e: // N
      return v === 'null' || v === 'Null' || v === 'NULL' ? ScalarType.null : ScalarType.string;
    case 0x74: // t
    case 0x54: // T
      return v === 'true' || v === 'True' || v === 'TRUE' ? ScalarType.bool : ScalarType.string;
    case 0x66: // f
    case 0x46: // F
      return v === 'false' || v === 'False' || v === 'FALSE' ? ScalarType.bool : ScalarType.string;
    case 0x7e: // ~
      return v === '~' ? ScalarType.null : ScalarType.string;
  }
  const c = v.charCodeAt(0);
  if (!((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || Number.isNaN(c))) return ScalarType.string;
  return determineScalarType({ value: v, plainScalar: true, doubleQuoted: false, singleQuoted: false } as never);
}

/** A plain scalar's value, as yamlDocument reads it. */
export function plainValue(raw: string): unknown {
  switch (plainType(raw)) {
    case ScalarType.null:
      return null;
    case ScalarType.string:
      return raw;
    case ScalarType.bool:
      return parseYamlBoolean(raw);
    case ScalarType.int: {
      const v = parseYamlBigInteger(raw) as unknown;
      return typeof v === 'bigint' ? Number(v) : v;
    }
    case ScalarType.float:
      return parseYamlFloat(raw);
    default:
      return undefined;
  }
}

/**
 * A plain key that is not a string, as yamlDocument reads a key: its value (an int as the parser gives it, a bigint when
 * it is one), which the data's key is the text of. A null key gives up (yamlDocument's way gives up on it too).
 */
export function plainKeyValue(raw: string, type: ScalarType): unknown {
  if (type === ScalarType.null) giveUp();
  return type === ScalarType.int ? parseYamlBigInteger(raw) : plainValue(raw);
}

/** From `at`, past blanks and a comment to the end of the line and its line break: where the next line starts. Anything else gives up. */
export function pastLine(text: string, at: number): number {
  let i = at;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x20) i++;
    else if (c === 0x0a) return i + 1;
    else if (c === 0x23 && (text.charCodeAt(i - 1) === 0x20 || text.charCodeAt(i - 1) === 0x09)) {
      const br = text.indexOf('\n', i);
      return br < 0 ? text.length : br + 1;
    } else giveUp();
  }
  return i;
}

// ---------------------------------------------------------------------------------------------
// Quoted scalars

/** One past the closing quote of the quoted scalar at `at`; -1 when there is none (or, `oneLine`, none before a line break). */
function closingQuote(text: string, at: number, oneLine: boolean): number {
  const q = text.charCodeAt(at);
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a && oneLine) return -1;
    if (q === 0x22 && c === 0x5c) {
      i++;
      continue;
    }
    if (c === q) {
      if (q === 0x27 && text.charCodeAt(i + 1) === 0x27) {
        i++;
        continue;
      }
      return i + 1;
    }
  }
  return -1;
}

/** One past the closing quote of the quoted scalar at `at` (over lines). */
export function quotedEnd(text: string, at: number): number {
  const end = closingQuote(text, at, false);
  return end < 0 ? giveUp() : end;
}

/** Where a quoted key's closing quote is followed (one past it), on one line; -1 when not so. */
export function quotedKeyEnd(text: string, at: number): number {
  return closingQuote(text, at, true);
}

/** The value of the quoted scalar text[from, to) (quotes included); over several lines (when `lines`) its lines are folded. */
export function quoted(text: string, from: number, to: number, lines: boolean): string {
  const q = text.charCodeAt(from);
  const body = text.slice(from + 1, to - 1);
  const multi = body.indexOf('\n') >= 0;
  if (multi && !lines) giveUp();
  if (q === 0x22) return multi || body.indexOf('\\') >= 0 ? doubleQuoted(body) : body;
  if (multi) return folded(body);
  return body.indexOf("''") >= 0 ? body.replace(/''/g, "'") : body;
}

/**
 * A single-quoted scalar over lines: each line break with the blanks after it is a space, or the line breaks after the
 * first when there are blank lines (the parser keeps the blanks before a line break).
 */
function folded(body: string): string {
  const lines = body.split('\n');
  let out = '';
  let breaks = 0;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    if (i > 0) line = line.replace(/^[ \t]+/, '');
    if (i > 0 && line === '' && i < lines.length - 1) {
      breaks++;
      continue;
    }
    if (i > 0) out += breaks === 0 ? ' ' : '\n'.repeat(breaks);
    breaks = 0;
    out += line.replace(/''/g, "'");
  }
  return out;
}

const ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\x85',
  _: '\xa0',
  L: '\u2028',
  P: '\u2029',
};

/** The text of a double-quoted scalar (quotes excluded): its escapes, escaped line breaks and folded lines. */
function doubleQuoted(body: string): string {
  let out = '';
  let i = 0;
  const n = body.length;
  while (i < n) {
    const c = body.charCodeAt(i);
    if (c === 0x5c) {
      const e = body[i + 1];
      if (e === '\n') {
        // an escaped line break: nothing, and the next line's leading blanks neither
        i += 2;
        while (i < n && (body.charCodeAt(i) === 0x20 || body.charCodeAt(i) === 0x09)) i++;
        continue;
      }
      if (e === 'x' || e === 'u' || e === 'U') {
        const w = e === 'x' ? 2 : e === 'u' ? 4 : 8;
        const hex = body.slice(i + 2, i + 2 + w);
        if (hex.length !== w || !/^[0-9a-fA-F]+$/.test(hex)) giveUp();
        const cp = parseInt(hex, 16);
        if (cp > 0x10ffff) giveUp();
        out += String.fromCodePoint(cp);
        i += 2 + w;
        continue;
      }
      const r = e === undefined ? undefined : ESCAPES[e];
      if (r === undefined) giveUp();
      out += r;
      i += 2;
      continue;
    }
    if (c === 0x0a) {
      // a line break and the blanks after it (blank lines too): a space, or the line breaks after the first
      let breaks = 0;
      while (i < n && (body.charCodeAt(i) === 0x0a || body.charCodeAt(i) === 0x20 || body.charCodeAt(i) === 0x09)) {
        if (body.charCodeAt(i) === 0x0a) breaks++;
        i++;
      }
      out += breaks === 1 ? ' ' : '\n'.repeat(breaks - 1);
      continue;
    }
    out += body[i];
    i++;
  }
  return out;
}
