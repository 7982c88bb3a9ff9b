/**
 * A one-shot lint's YAML parse: the data and, per mapping and sequence, the offsets that ranges of findings are
 * computed from, without a syntax tree (the YAML counterpart of jsonLean.ts).
 *
 * yamlFast.ts turns @stoplight/yaml-ast-parser's syntax tree into data: the tree (a node per key, value and entry,
 * each with its strings, parent and error list) is most of a cold lint's parse (stripe: 250 of 350 ms, and a
 * collection every megabyte of it). Here the text is read once into the data, and each mapping and sequence keeps
 * one array of numbers: where each key, value and entry starts and ends, as that parser's nodes would say.
 *
 * Only the common shape of an API description is read: block mappings and sequences indented with spaces, plain
 * keys and quoted keys that are strings, plain, quoted and block (`|`, `|-`, `>`, `>-`) scalars, flow collections.
 * Anything else — an anchor, alias or tag, an explicit key, a document marker or directive, a tab in the
 * indentation, a carriage return, a duplicate or merge key, a key that is not a string, a flow collection with a
 * comment or an empty entry, a block scalar with a keep indicator, an indentation indicator or more-indented lines
 * when folded, and every syntax error — gives up (undefined), and the text takes yamlFast's way, which gives the
 * same data as before and the parser's diagnostics. test/engine/yamlLean.test.ts compares data and ranges with
 * that way on every YAML document of the corpus and of the tests.
 */
import { determineScalarType, parseYamlBigInteger, parseYamlBoolean, parseYamlFloat, ScalarType } from '@stoplight/yaml-ast-parser';
import { isArrayIndex, orderedObject } from './units';

/** Offsets of a mapping's entries (ENTRY numbers each) or a sequence's items (ITEM numbers each), as the parser's nodes say. */
export interface LeanNode {
  map: boolean;
  /** the node's own start and end */
  start: number;
  end: number;
  /** mapping: keys in order */
  keys: string[] | undefined;
  /** mapping: keyStart, keyEnd, valueStart, valueEnd (-1: null) per entry; sequence: start, end per item */
  pos: number[];
  /** the node of each entry's or item's value when it is a mapping or a sequence */
  kids: (LeanNode | undefined)[];
  /** mapping: key → entry, made when first looked up */
  index?: Map<string, number>;
}

export const ENTRY = 4;
export const ITEM = 2;

export interface LeanYaml {
  data: unknown;
  root: LeanNode | undefined;
  /** the root's own start (a scalar root's too) */
  rootStart: number;
  rootEnd: number;
}

/** Not in the shape read here. */
const GIVE_UP = new Error('not lean');

let text = '';
let pos = 0;
let len = 0;
/** set by each value read: its own start and end, and its node when a mapping or a sequence */
let vStart = 0;
let vEnd = 0;
let vNode: LeanNode | undefined;
/** How the last value read left `pos`: 0 on its line after it, 1 at the start of the next line, 2 at the next content (or the end). */
let left = 0;

/** After a value: the column of the next line holding content (`pos` on its first character), -1 at the end. */
function nextIndent(): number {
  if (left === 0) {
    finishLine();
    return nextContentLine();
  }
  if (left === 1) return nextContentLine();
  return pos >= len ? -1 : columnOf(pos);
}

const isDash = (): boolean => text.charCodeAt(pos) === 0x2d && isBlank(text.charCodeAt(pos + 1));

/** The parser's test of the whole text (a character it refuses, or half of a surrogate pair). */
const NON_PRINTABLE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;

export function parseYamlLean(source: string): LeanYaml | undefined {
  if (source.length === 0 || source.indexOf('\r') >= 0 || NON_PRINTABLE.test(source)) return undefined;
  text = source;
  len = source.length;
  pos = 0;
  try {
    let indent = nextContentLine(true);
    if (pos >= len) return undefined;
    if (indent === 0 && isDocMarker(pos) && text.charCodeAt(pos) === 0x2d && text.charCodeAt(pos + 3) === 0x0a) {
      // `---` alone on the first line: the start of the (only) document
      pos += 4;
      indent = nextContentLine();
      if (pos >= len) return undefined;
    }
    const c = text.charCodeAt(pos);
    if (indent !== 0 || (c === 0x2d && isDocMarker(pos))) return undefined;
    if (c === 0x25 /* % */) return undefined;
    const data = blockNode(0, -1);
    const root = vNode;
    const rootStart = vStart;
    const rootEnd = vEnd;
    if (root === undefined) return undefined; // a scalar for a document
    if (nextIndent() >= 0) return undefined; // something after the root
    return { data, root, rootStart, rootEnd };
  } catch (e) {
    if (e === GIVE_UP) return undefined;
    throw e;
  } finally {
    text = '';
  }
}

function giveUp(): never {
  if (leanDebug.on) leanDebug.at = { pos, where: new Error().stack!.split('\n')[2]!.trim() };
  throw GIVE_UP;
}

/** Where the last parse gave up, when on (tests). */
export const leanDebug: { on: boolean; at?: { pos: number; where: string } } = { on: false };

function isDocMarker(at: number): boolean {
  const a = text.charCodeAt(at);
  if ((a !== 0x2d && a !== 0x2e) || text.charCodeAt(at + 1) !== a || text.charCodeAt(at + 2) !== a) return false;
  const d = text.charCodeAt(at + 3);
  return Number.isNaN(d) || d === 0x20 || d === 0x0a || d === 0x09;
}

/**
 * From the start of a line (or the end of the last content), to the first character of the next line holding
 * something other than blanks and a comment; its indentation (the position is then on that character). At the end
 * of the text: -1.
 */
function nextContentLine(documentStart = false): number {
  for (;;) {
    const lineStart = pos;
    while (pos < len && text.charCodeAt(pos) === 0x20) pos++;
    if (pos >= len) return -1;
    const c = text.charCodeAt(pos);
    if (c === 0x0a) {
      pos++;
      continue;
    }
    if (c === 0x09) giveUp(); // a tab in the indentation (or a line of blanks with one)
    if (c === 0x23 /* # */) {
      const br = text.indexOf('\n', pos);
      if (br < 0) {
        pos = len;
        return -1;
      }
      pos = br + 1;
      continue;
    }
    if (pos - lineStart === 0 && !documentStart && isDocMarker(pos)) giveUp();
    return pos - lineStart;
  }
}

/** After a value: blanks and a comment to the end of the line (then past the line break); anything else gives up. */
function finishLine(): void {
  while (pos < len) {
    const c = text.charCodeAt(pos);
    if (c === 0x20) pos++;
    else if (c === 0x0a) {
      pos++;
      return;
    } else if (c === 0x23 && (text.charCodeAt(pos - 1) === 0x20 || text.charCodeAt(pos - 1) === 0x09)) {
      const br = text.indexOf('\n', pos);
      pos = br < 0 ? len : br + 1;
      return;
    } else giveUp();
  }
}

function columnOf(at: number): number {
  const br = text.lastIndexOf('\n', at - 1);
  return at - (br + 1);
}

/** A node that starts at `pos` (its first character), at column `col`; `parent` the indentation of what holds it. */
function blockNode(col: number, parent: number): unknown {
  const c = text.charCodeAt(pos);
  if (c === 0x2d && isBlank(text.charCodeAt(pos + 1))) return blockSeq(col);
  if (startsKey()) return blockMap(col);
  return inlineValue(parent);
}

const isBlank = (c: number): boolean => c === 0x20 || c === 0x0a || Number.isNaN(c) || c === 0x09;

/** Whether a mapping key starts at `pos`: a plain or quoted key on this line followed by `:` and a blank. */
function startsKey(): boolean {
  const c = text.charCodeAt(pos);
  if (c === 0x22 || c === 0x27) {
    const close = quotedKeyEnd(pos);
    return close >= 0 && text.charCodeAt(close) === 0x3a && isBlank(text.charCodeAt(close + 1));
  }
  if (!plainStart(c, text.charCodeAt(pos + 1))) return false;
  const end = plainKeyEnd(pos);
  return end >= 0;
}

/** Where a quoted key's closing quote is followed (one past it), on one line; -1 when not so. */
function quotedKeyEnd(at: number): number {
  const q = text.charCodeAt(at);
  for (let i = at + 1; i < len; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) return -1;
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

/** The end of a plain key starting at `at` (its `:` followed by a blank), or -1 (no key on this line). */
function plainKeyEnd(at: number): number {
  for (let i = at; i < len; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) return -1;
    if (c === 0x3a && isBlank(text.charCodeAt(i + 1))) return i;
    if (c === 0x23 && (text.charCodeAt(i - 1) === 0x20 || text.charCodeAt(i - 1) === 0x09)) return -1;
  }
  return -1;
}

/** Whether a plain scalar may start with `c` (followed by `n`), in the block context. */
function plainStart(c: number, n: number): boolean {
  switch (c) {
    case 0x2d: // -
    case 0x3f: // ?
    case 0x3a: // :
      return !isBlank(n) && n !== 0x2c && n !== 0x5b && n !== 0x5d && n !== 0x7b && n !== 0x7d;
    case 0x2c: case 0x5b: case 0x5d: case 0x7b: case 0x7d: case 0x23: case 0x26: case 0x2a: case 0x21:
    case 0x7c: case 0x3e: case 0x27: case 0x22: case 0x25: case 0x40: case 0x60: case 0x20: case 0x09: case 0x0a:
      return false;
    default:
      return !Number.isNaN(c);
  }
}

function blockMap(col: number): unknown {
  const start = pos;
  const keys: string[] = [];
  const p: number[] = [];
  const kids: (LeanNode | undefined)[] = [];
  const values: unknown[] = [];
  let ordered = false;
  const seen = new Set<string>();
  let prevEnd = -1;
  for (;;) {
    // the key
    const keyStart = pos;
    let key: string;
    const c = text.charCodeAt(pos);
    let keyEnd: number;
    if (c === 0x22 || c === 0x27) {
      keyEnd = quotedKeyEnd(pos);
      if (keyEnd < 0) giveUp();
      key = quoted(pos, keyEnd, -1);
    } else {
      if (!plainStart(c, text.charCodeAt(pos + 1))) giveUp();
      const colon = plainKeyEnd(pos);
      if (colon < 0) giveUp();
      keyEnd = colon;
      while (keyEnd > keyStart && (text.charCodeAt(keyEnd - 1) === 0x20 || text.charCodeAt(keyEnd - 1) === 0x09)) keyEnd--;
      key = text.slice(keyStart, keyEnd);
      if (key.indexOf(': ') >= 0 || key.indexOf(' #') >= 0 || plainType(key) !== ScalarType.string) giveUp();
    }
    if (text.charCodeAt(keyEnd) !== 0x3a || !isBlank(text.charCodeAt(keyEnd + 1))) giveUp(); // `key :`, `'key':x`
    if (key === '<<' || key === '__proto__' || seen.has(key)) giveUp();
    seen.add(key);
    if (!ordered && isArrayIndex(key)) ordered = true;
    // the previous entry ended on this line: the syntax check's case (yamlSyntax.ts), left to yamlFast's way
    if (prevEnd >= 0 && keyStart > prevEnd && text.lastIndexOf('\n', keyStart - 1) < prevEnd) giveUp();
    pos = keyEnd + 1;
    while (pos < len && text.charCodeAt(pos) === 0x20) pos++;
    const v = text.charCodeAt(pos);
    let value: unknown;
    let valStart = -1;
    let valEnd = -1;
    let kid: LeanNode | undefined;
    let ni: number;
    if (pos >= len || v === 0x0a || v === 0x23) {
      // the value on the next lines, or none
      finishLine();
      const below = nextContentLine();
      if (below > col || (below === col && isDash())) {
        value = below === col ? blockSeq(col) : blockNode(below, col);
        valStart = vStart;
        valEnd = vEnd;
        kid = vNode;
        ni = nextIndent();
      } else {
        value = null;
        ni = below;
      }
    } else if (v === 0x09) {
      return giveUp();
    } else {
      value = inlineValue(col);
      valStart = vStart;
      valEnd = vEnd;
      kid = vNode;
      ni = nextIndent();
    }
    keys.push(key);
    values.push(value);
    p.push(keyStart, keyEnd, valStart, valEnd);
    kids.push(kid);
    prevEnd = valStart < 0 ? keyEnd + 1 : valEnd;
    if (ni < col) break;
    if (ni > col || isDash()) giveUp();
  }
  let data: Record<string, unknown>;
  if (!ordered) {
    data = {};
    for (let i = 0; i < keys.length; i++) data[keys[i]!] = values[i];
  } else {
    data = orderedObject();
    for (let i = 0; i < keys.length; i++) data[keys[i]!] = values[i];
  }
  vStart = start;
  vEnd = prevEnd;
  vNode = { map: true, start, end: prevEnd, keys, pos: p, kids };
  left = 2;
  return data;
}

function blockSeq(col: number): unknown {
  const start = pos;
  const items: unknown[] = [];
  const p: number[] = [];
  const kids: (LeanNode | undefined)[] = [];
  for (;;) {
    // at `-`
    pos++;
    while (pos < len && text.charCodeAt(pos) === 0x20) pos++;
    const c = text.charCodeAt(pos);
    let ni: number;
    if (pos >= len || c === 0x0a || c === 0x23) {
      finishLine();
      const below = nextContentLine();
      if (below > col) {
        items.push(blockNode(below, col));
        p.push(vStart, vEnd);
        kids.push(vNode);
        ni = nextIndent();
      } else {
        // a null item (no node in the parser's tree)
        items.push(null);
        p.push(-1, -1);
        kids.push(undefined);
        ni = below;
      }
    } else if (c === 0x09) {
      return giveUp();
    } else {
      items.push(blockNode(columnOf(pos), col));
      p.push(vStart, vEnd);
      kids.push(vNode);
      ni = nextIndent();
    }
    if (ni < col) break;
    if (ni > col) giveUp();
    if (!isDash()) break; // the next key of the mapping holding it, at its column
  }
  // A block sequence ends where the next content starts (or at the end of the text).
  const end = pos >= len ? len : pos;
  vStart = start;
  vEnd = end;
  vNode = { map: false, start, end, keys: undefined, pos: p, kids };
  left = 2;
  return items;
}

/** A value that starts on the current line at `pos`: a scalar or a flow collection (`parent`: the indentation of what holds it). */
function inlineValue(parent: number): unknown {
  vNode = undefined;
  const c = text.charCodeAt(pos);
  switch (c) {
    case 0x22: // "
    case 0x27: {
      // '
      const start = pos;
      const end = quotedEnd(pos);
      const v = quoted(start, end, parent);
      vStart = start;
      vEnd = end;
      pos = end;
      left = 0;
      return v;
    }
    case 0x7c: // |
    case 0x3e: // >
      return blockScalar(parent);
    case 0x5b: // [
    case 0x7b: // {
      return flow();
    case 0x26: case 0x2a: case 0x21: case 0x3f: case 0x25: case 0x40: case 0x60: case 0x2c: case 0x5d: case 0x7d: case 0x23:
      return giveUp();
  }
  return plainScalar(parent);
}

/** A plain scalar in the block context, maybe over several lines (more indented than `parent`). */
function plainScalar(parent: number): unknown {
  const start = pos;
  if (!plainStart(text.charCodeAt(pos), text.charCodeAt(pos + 1))) giveUp();
  let out = '';
  let end = lineOfPlain(pos);
  out = text.slice(start, end);
  let last = end;
  pos = end;
  // continuation lines
  for (;;) {
    let i = pos;
    // rest of this line: blanks then the line break
    while (i < len && text.charCodeAt(i) === 0x20) i++;
    if (i >= len || text.charCodeAt(i) !== 0x0a) break; // a comment or the end
    let breaks = 0;
    let j = i;
    let col = 0;
    for (;;) {
      // j at a line break
      breaks++;
      j++;
      const ls = j;
      while (j < len && text.charCodeAt(j) === 0x20) j++;
      col = j - ls;
      const d = text.charCodeAt(j);
      if (d === 0x0a) continue;
      break;
    }
    if (j >= len || col <= parent) break;
    const d = text.charCodeAt(j);
    if (d === 0x23 || d === 0x09) giveUp();
    if (d === 0x2d && isBlank(text.charCodeAt(j + 1))) giveUp();
    const e = lineOfPlain(j);
    if (text.charCodeAt(e) === 0x3a) giveUp(); // a key in a continuation line: the parser's error
    out += breaks === 1 ? ' ' : '\n'.repeat(breaks - 1);
    out += text.slice(j, e);
    last = e;
    pos = e;
  }
  pos = last;
  vStart = start;
  vEnd = last;
  left = 0;
  return scalarValue(out, true);
}

/** The end of a plain scalar's text on its line from `at` (before trailing blanks, a comment or `: `). */
function lineOfPlain(at: number): number {
  let i = at;
  let end = at;
  for (; i < len; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) break;
    if (c === 0x3a && isBlank(text.charCodeAt(i + 1))) giveUp(); // `a: b: c`
    if (c === 0x23 && (text.charCodeAt(i - 1) === 0x20 || text.charCodeAt(i - 1) === 0x09)) break;
    if (c !== 0x20 && c !== 0x09) end = i + 1;
  }
  // a tab among the blanks after it: the parser's warning about tabs
  for (let k = end; k < i; k++) if (text.charCodeAt(k) === 0x09) giveUp();
  return end;
}

/** One past the closing quote of the quoted scalar at `at` (over lines). */
function quotedEnd(at: number): number {
  const q = text.charCodeAt(at);
  for (let i = at + 1; i < len; i++) {
    const c = text.charCodeAt(i);
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
  return giveUp();
}

/** The value of the quoted scalar text[from, to) (quotes included); over several lines its lines are folded. */
function quoted(from: number, to: number, parent: number): string {
  const q = text.charCodeAt(from);
  const body = text.slice(from + 1, to - 1);
  const lines = body.indexOf('\n') >= 0;
  if (lines && parent < -1) giveUp();
  if (q === 0x22) return lines || body.indexOf('\\') >= 0 ? doubleQuoted(body) : body;
  if (lines) return folded(body);
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
    if (i > 0) line = line.replace(/^[ \t]+/, ''); // (blanks before a line break stay: the parser keeps them)
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
      // a line break and the blanks around it (blank lines too): a space, or the line breaks after the first
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

const ESCAPES: Record<string, string> = {
  '0': '\0', a: '\x07', b: '\b', t: '\t', '\t': '\t', n: '\n', v: '\v', f: '\f', r: '\r', e: '\x1b', ' ': ' ', '"': '"', '/': '/', '\\': '\\', N: '\x85', _: '\xa0', L: '\u2028', P: '\u2029',
};


/**
 * A block scalar (`|` or `>`, chomping `-` or none, maybe an indentation indicator) and its lines, read as the
 * parser reads them (js-yaml's readBlockScalar): `parent` is the indentation of what holds it.
 */
function blockScalar(parent: number): unknown {
  const start = pos;
  const folding = text.charCodeAt(pos) === 0x3e;
  pos++;
  let strip = false;
  let keep = false;
  let textIndent = parent + 1;
  let detected = false;
  for (let k = 0; k < 2; k++) {
    const h = text.charCodeAt(pos);
    if ((h === 0x2d || h === 0x2b) && !strip && !keep) {
      if (h === 0x2d) strip = true;
      else keep = true;
      pos++;
    } else if (h >= 0x31 && h <= 0x39 && !detected) {
      textIndent = parent + 1 + (h - 0x30) - 1;
      detected = true;
      pos++;
    }
  }
  if (text.charCodeAt(pos) !== 0x20 && text.charCodeAt(pos) !== 0x0a && text.charCodeAt(pos) !== 0x23 && pos < len) giveUp();
  finishLine();
  let value = '';
  let empty = 0;
  let moreIndented = false;
  for (;;) {
    const ls = pos;
    let lineIndent = 0;
    while ((!detected || lineIndent < textIndent) && text.charCodeAt(pos) === 0x20) {
      lineIndent++;
      pos++;
    }
    if (!detected && lineIndent > textIndent) textIndent = lineIndent;
    const c = text.charCodeAt(pos);
    if (c === 0x0a) {
      empty++;
      pos++;
      continue;
    }
    if (pos >= len || lineIndent < textIndent) {
      pos = pos >= len ? len : ls;
      break;
    }
    if (c === 0x09) giveUp();
    // @stoplight/yaml-ast-parser's own rules (not js-yaml's: leading empty lines of a literal scalar are dropped)
    if (folding) {
      if (c === 0x20) {
        moreIndented = true;
        value += '\n'.repeat(empty + 1);
      } else if (moreIndented) {
        moreIndented = false;
        value += '\n'.repeat(empty + 1);
      } else if (empty === 0) {
        if (detected) value += ' ';
      } else value += '\n'.repeat(empty);
    } else if (detected) value += '\n'.repeat(empty + 1);
    detected = true;
    empty = 0;
    const br = text.indexOf('\n', pos);
    const end = br < 0 ? len : br;
    value += text.slice(pos, end);
    pos = br < 0 ? len : br + 1;
    if (br < 0) break;
  }
  // chomping: keep the empty lines at the end, or clip to one line break (even at the end of a text without one,
  // and not when the scalar is empty, unless an indentation indicator was given)
  if (keep) value += '\n'.repeat(empty);
  else if (!strip && detected) value += '\n';
  // The parser's node ends at the last line break before what follows (or at the end of the text).
  let end: number;
  if (pos >= len) end = text.charCodeAt(len - 1) === 0x0a ? len - 1 : len;
  else end = pos - 1;
  vStart = start;
  vEnd = end;
  vNode = undefined;
  left = 1;
  return value;
}

/** A flow sequence or mapping (maybe over lines, no comments in it). */
function flow(): unknown {
  const start = pos;
  const isMap = text.charCodeAt(pos) === 0x7b;
  const close = isMap ? 0x7d : 0x5d;
  pos++;
  const keys: string[] = [];
  const values: unknown[] = [];
  const p: number[] = [];
  const kids: (LeanNode | undefined)[] = [];
  let ordered = false;
  skipFlowSpace();
  if (text.charCodeAt(pos) === close) {
    pos++;
  } else {
    for (;;) {
      if (isMap) {
        const keyStart = pos;
        const c = text.charCodeAt(pos);
        let key: string;
        let keyEnd: number;
        if (c === 0x22 || c === 0x27) {
          keyEnd = quotedKeyEnd(pos);
          if (keyEnd < 0) giveUp();
          key = quoted(pos, keyEnd, -1);
          pos = keyEnd;
        } else {
          flowPlain();
          keyEnd = vEnd;
          key = text.slice(keyStart, keyEnd);
          if (plainType(key) !== ScalarType.string) giveUp();
        }
        if (text.charCodeAt(pos) !== 0x3a || !isBlank(text.charCodeAt(pos + 1))) giveUp();
        if (key === '<<' || key === '__proto__' || keys.includes(key)) giveUp();
        if (!ordered && isArrayIndex(key)) ordered = true;
        pos++;
        skipFlowSpace();
        const v = flowValue();
        keys.push(key);
        values.push(v);
        p.push(keyStart, keyEnd, vStart, vEnd);
        kids.push(vNode);
      } else {
        values.push(flowValue());
        p.push(vStart, vEnd);
        kids.push(vNode);
      }
      skipFlowSpace();
      const d = text.charCodeAt(pos);
      if (d === 0x2c) {
        pos++;
        skipFlowSpace();
        if (text.charCodeAt(pos) === close || text.charCodeAt(pos) === 0x2c) giveUp(); // a trailing or empty entry
        continue;
      }
      if (d === close) {
        pos++;
        break;
      }
      giveUp();
    }
  }
  let data: unknown;
  if (isMap) {
    const o = ordered ? orderedObject() : ({} as Record<string, unknown>);
    for (let i = 0; i < keys.length; i++) o[keys[i]!] = values[i];
    data = o;
  } else data = values;
  vStart = start;
  vEnd = pos;
  vNode = { map: isMap, start, end: pos, keys: isMap ? keys : undefined, pos: p, kids };
  left = 0;
  return data;
}

function skipFlowSpace(): void {
  while (pos < len) {
    const c = text.charCodeAt(pos);
    if (c === 0x20 || c === 0x0a) pos++;
    else if (c === 0x09 || c === 0x23) giveUp();
    else return;
  }
  giveUp();
}

function flowValue(): unknown {
  vNode = undefined;
  const c = text.charCodeAt(pos);
  if (c === 0x5b || c === 0x7b) return flow();
  if (c === 0x22 || c === 0x27) {
    const start = pos;
    const end = quotedEnd(pos);
    const v = quoted(start, end, -2);
    vStart = start;
    vEnd = end;
    pos = end;
    return v;
  }
  const start = pos;
  flowPlain();
  return scalarValue(text.slice(start, vEnd), true);
}

/** A plain scalar in a flow collection, on one line. */
function flowPlain(): void {
  const start = pos;
  const c = text.charCodeAt(pos);
  if (!plainStart(c, text.charCodeAt(pos + 1))) giveUp();
  let end = pos;
  for (; pos < len; pos++) {
    const d = text.charCodeAt(pos);
    if (d === 0x0a || d === 0x2c || d === 0x5b || d === 0x5d || d === 0x7b || d === 0x7d) break;
    if (d === 0x3a && (isBlank(text.charCodeAt(pos + 1)) || text.charCodeAt(pos + 1) === 0x2c)) break;
    if (d === 0x23 && text.charCodeAt(pos - 1) === 0x20) giveUp();
    if (d === 0x09) giveUp();
    if (d !== 0x20) end = pos + 1;
  }
  if (text.charCodeAt(pos) === 0x0a) giveUp(); // a plain scalar over lines in a flow collection
  pos = end;
  vStart = start;
  vEnd = end;
}

/** determineScalarType of a plain scalar's text (as yamlFast's scalarType: a first character that only a string has). */
function plainType(v: string): ScalarType {
  const c = v.charCodeAt(0);
  if (!((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x6e || c === 0x4e || c === 0x7e || c === 0x74 || c === 0x54 || c === 0x66 || c === 0x46 || Number.isNaN(c))) return ScalarType.string;
  return determineScalarType({ value: v, plainScalar: true, doubleQuoted: false, singleQuoted: false } as never);
}

function scalarValue(raw: string, plain: boolean): unknown {
  if (!plain) return raw;
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

// ---------------------------------------------------------------------------------------------
// The parse of a text read ahead (the input checks' alias pre-test) and taken by its parse.

let ahead: { text: string; lean: LeanYaml | undefined } | undefined;

/** parseYamlLean of the text, kept for the parse of the same text that follows. */
export function leanFor(source: string): LeanYaml | undefined {
  if (ahead?.text !== source) ahead = { text: source, lean: parseYamlLean(source) };
  return ahead.lean;
}

/** The lean parse of `source` read ahead, or read now; forgotten then. */
export function takeLean(source: string): LeanYaml | undefined {
  const lean = ahead?.text === source ? ahead.lean : parseYamlLean(source);
  ahead = undefined;
  return lean;
}

export function dropLean(): void {
  ahead = undefined;
}

// ---------------------------------------------------------------------------------------------
// Ranges: what yamlRanges.ts finds in the parser's tree, from the offsets.

const leanOfResult = new WeakMap<object, LeanYaml>();

export function attachLean(result: object, lean: LeanYaml): void {
  leanOfResult.set(result, lean);
}

export function leanOf(result: object): LeanYaml | undefined {
  return leanOfResult.get(result);
}

/** Where a node's range ends: its last entry's or item's value, as the parser's getEndPosition goes down to it. */
function endOf(node: LeanNode): number {
  const n = node.kids.length;
  if (n === 0) return node.end;
  const kid = node.kids[n - 1];
  if (kid !== undefined) return endOf(kid);
  if (node.map) {
    const at = (n - 1) * ENTRY;
    return node.pos[at + 2]! < 0 ? node.pos[at + 1]! + 1 : node.pos[at + 3]!;
  }
  return node.pos[(n - 1) * ITEM]! < 0 ? node.end : node.pos[(n - 1) * ITEM + 1]!; // a null last item: the sequence's own end
}

function entryOf(node: LeanNode, key: string): number {
  const keys = node.keys!;
  if (keys.length <= 8) return keys.indexOf(key);
  if (node.index === undefined) {
    node.index = new Map();
    for (let i = 0; i < keys.length; i++) node.index.set(keys[i]!, i);
  }
  return node.index.get(key) ?? -1;
}

/** The start and end offsets of a JSON path's range (yamlRanges.ts yamlRangeForPath), or undefined when it is not there. */
export function leanOffsets(lean: LeanYaml, lineMap: number[], path: readonly (string | number)[]): [number, number] | undefined {
  if (path.length === 0) {
    const start = (lineMap.length > 0 ? lineMap[0]! : 0) - lean.rootStart === 0 ? 0 : lean.rootStart;
    return [start, lean.root !== undefined ? endOf(lean.root) : lean.rootEnd];
  }
  let node = lean.root;
  for (let i = 0; i < path.length; i++) {
    if (node === undefined) return undefined;
    const seg = path[i]!;
    const last = i === path.length - 1;
    if (node.map) {
      if (typeof seg !== 'string') return undefined;
      const e = entryOf(node, seg);
      if (e < 0) return undefined;
      const at = e * ENTRY;
      const kid = node.kids[e];
      if (last) {
        const keyEnd = node.pos[at + 1]!;
        if (node.pos[at + 2]! < 0) return [keyEnd + 1, keyEnd + 1];
        if (kid !== undefined) return [keyEnd + 1, endOf(kid)];
        return [node.pos[at + 2]!, node.pos[at + 3]!];
      }
      node = kid;
    } else {
      const k = Number(seg);
      if (!Number.isInteger(k) || k < 0 || k >= node.kids.length) return undefined;
      const kid = node.kids[k];
      if (node.pos[k * ITEM]! < 0) return undefined; // a null item
      if (last) return kid !== undefined ? [kid.start, endOf(kid)] : [node.pos[k * ITEM]!, node.pos[k * ITEM + 1]!];
      node = kid;
    }
  }
  return undefined;
}
