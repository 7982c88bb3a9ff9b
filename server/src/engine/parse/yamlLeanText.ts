/**
 * yamlLean.ts's readers of scalars and flow collections, each from a text and an offset: quoted scalars (their
 * escapes and folded lines), block scalars (read as @stoplight/yaml-ast-parser reads them), the type of a plain
 * scalar, and flow sequences and mappings. Each gives up (throws GIVE_UP) on what it does not read.
 */
import { determineScalarType, parseYamlBigInteger, parseYamlBoolean, parseYamlFloat, ScalarType } from '@stoplight/yaml-ast-parser';

/** Not in the shape read here. */
export const GIVE_UP = new Error('not lean');

export function giveUp(): never {
  throw GIVE_UP;
}

/**
 * A mapping or a sequence as the parser's nodes place it: an offset in its tree's `ints` (a LeanTree), where its
 * header (HEAD numbers: 1 for a mapping or 0, its own start and end, how many entries or items, its keys' place in
 * `keyed`) is followed, per entry (ENTRY numbers: keyStart, keyEnd, valueStart, valueEnd, -1 for a null value, and
 * the value's node or NONE) or item (ITEM numbers: start, end, -1 for a null item, and its node or NONE), by where
 * the parser's nodes would place it. One typed array for all of a document's nodes: outside V8's heap, they are not
 * copied by each collection of the young generation, as the nodes' objects and arrays were (19 MB of heap for
 * github-api's 3.4 MB).
 */
export type LeanNode = number;

export const NONE = -1;
export const HEAD = 5;
export const ENTRY = 5;
export const ITEM = 3;

/** The nodes of one parse (see LeanNode). */
export class LeanTree {
  ints: Int32Array;
  size = 0;
  /** How deep its mappings and sequences nest (the root: 1). */
  depth = 0;
  /** Per mapping: its data object (whose keys are its keys, in order) or, where they differ, its keys' texts. */
  readonly keyed: (object | string[])[] = [];
  /** Per mapping of more than a few keys: key → entry, made when first looked up. */
  private indexes: Map<LeanNode, Map<string, number>> | undefined;

  constructor(capacity: number) {
    this.ints = new Int32Array(Math.max(64, capacity));
  }

  isMap(n: LeanNode): boolean {
    return this.ints[n] === 1;
  }

  start(n: LeanNode): number {
    return this.ints[n + 1]!;
  }

  count(n: LeanNode): number {
    return this.ints[n + 3]!;
  }

  /** A mapping's keys (the texts of its keys, in order). */
  keysOf(n: LeanNode): string[] {
    const k = this.keyed[this.ints[n + 4]!]!;
    return Array.isArray(k) ? k : Object.keys(k);
  }

  /** The entry of a mapping's key, or -1. */
  entryOf(n: LeanNode, key: string): number {
    const keyed = this.keyed[this.ints[n + 4]!]!;
    if (this.ints[n + 3]! <= 8) return (Array.isArray(keyed) ? keyed : Object.keys(keyed)).indexOf(key);
    this.indexes ??= new Map();
    let index = this.indexes.get(n);
    if (index === undefined) {
      index = new Map();
      const keys = this.keysOf(n);
      for (let i = 0; i < keys.length; i++) index.set(keys[i]!, i);
      this.indexes.set(n, index);
    }
    return index.get(key) ?? -1;
  }
}

// The nodes being read, innermost last: each one's numbers so far (arrays reused from node to node), and the tree
// they go to.
const offsetsAt: number[][] = [];
let open = 0;
let tree = new LeanTree(0);

/**
 * What limits.ts's depth scan makes of the plain scalars and keys read (see LeanYaml.scanBound), line by line as it
 * reads them: it counts their brackets as flow collections (`open`: its running count, a close only while one is
 * open; `most`: the highest), except inside what it takes for quoted text (a quote after `: , [ { - ?` or at a
 * line's start, to its closing quote). `doubt`: a plain line where it would still be inside such a quote at the
 * line's end or at a comment, from where its reading of the text differs from this parse's.
 */
export const plainText = { open: 0, most: 0, doubt: false };

/**
 * The scan's reading of one line of plain text, character by character (plainText): `state` holds its quote (0:
 * none), whether the next character is escaped, and its last character but blanks.
 */
export class PlainLine {
  quote = 0;
  escaped = false;
  last = 0;

  reset(): void {
    this.quote = 0;
    this.escaped = false;
    this.last = 0;
  }

  char(c: number, next: number): void {
    if (this.quote !== 0) {
      if (this.escaped) this.escaped = false;
      else if (this.quote === 0x22 && c === 0x5c) this.escaped = true;
      else if (c === this.quote) {
        if (this.quote === 0x27 && next === 0x27) this.escaped = true;
        else this.quote = 0;
      }
      return;
    }
    if (c === 0x20 || c === 0x09) return;
    if ((c === 0x22 || c === 0x27) && scanTakesQuote(this.last)) this.quote = c;
    else if (c === 0x5b || c === 0x7b) {
      if (++plainText.open > plainText.most) plainText.most = plainText.open;
    } else if ((c === 0x5d || c === 0x7d) && plainText.open > 0) plainText.open--;
    this.last = c;
  }

  /** The line ends (or a comment starts): the scan must be out of any quote, or its reading differs. */
  end(): void {
    if (this.quote !== 0) plainText.doubt = true;
  }
}

const keyLine = new PlainLine();

/** The scan's reading of a plain key's characters [from, to): a line of plain text of its own. */
export function readPlainText(text: string, from: number, to: number): void {
  keyLine.reset();
  for (let i = from; i < to; i++) keyLine.char(text.charCodeAt(i), text.charCodeAt(i + 1));
  keyLine.end();
}

/** Whether the depth scan takes a quote after `last` (its last character but blanks on the line; 0: none) for a quoted scalar's start. */
export function scanTakesQuote(last: number): boolean {
  return last === 0 || last === 0x3a || last === 0x2c || last === 0x5b || last === 0x7b || last === 0x2d || last === 0x3f;
}

/** Before a parse of `length` characters: a tree for its nodes. */
export function beginTree(length: number): LeanTree {
  tree = new LeanTree(length >> 2);
  plainText.open = 0;
  plainText.most = 0;
  plainText.doubt = false;
  return tree;
}

/** After a parse (whole or given up): no node is being read, and nothing of it is held here. */
export function endTree(): void {
  open = 0;
  for (const a of offsetsAt) a.length = 0;
  tree = new LeanTree(0);
}

/**
 * How deep the lean parse reads mappings and sequences: deeper, it gives up (the parse that takes the text then is
 * the one the depth scan of limits.ts guards; the lean parse is read first by a one-shot lint, pipeline/input.ts).
 */
export const MAX_NESTING = 200;

/** Starts a node: the array its entries' or items' numbers are gathered in (emptied). */
export function enterNode(): number {
  const d = open++;
  if (d >= MAX_NESTING) giveUp();
  if (d >= tree.depth) tree.depth = d + 1;
  if (d === offsetsAt.length) offsetsAt.push([]);
  else offsetsAt[d]!.length = 0;
  return d;
}

export function offsetsOf(d: number): number[] {
  return offsetsAt[d]!;
}

/** The node started by `enterNode` (d), with what was gathered for it (a mapping's `keyed`: see LeanTree); ends it. */
export function makeNode(d: number, map: boolean, start: number, end: number, keyed: object | string[] | undefined): LeanNode {
  const offsets = offsetsAt[d]!;
  const n = offsets.length;
  const t = tree;
  if (t.size + HEAD + n > t.ints.length) {
    const grown = new Int32Array(Math.max(t.ints.length * 2, t.size + HEAD + n));
    grown.set(t.ints.subarray(0, t.size));
    t.ints = grown;
  }
  const ints = t.ints;
  const id = t.size;
  ints[id] = map ? 1 : 0;
  ints[id + 1] = start;
  ints[id + 2] = end;
  ints[id + 3] = map ? n / ENTRY : n / ITEM;
  ints[id + 4] = map ? t.keyed.push(keyed!) - 1 : -1;
  for (let i = 0; i < n; i++) ints[id + HEAD + i] = offsets[i]!;
  t.size = id + HEAD + n;
  offsets.length = 0;
  open = d;
  return id;
}

export const isBlank = (c: number): boolean => c === 0x20 || c === 0x0a || Number.isNaN(c) || c === 0x09;

/** Whether a plain scalar may start with `c` (followed by `n`), in the block context. */
export function plainStart(c: number, n: number): boolean {
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

/** determineScalarType of a plain scalar's text (as yamlFast's scalarType: a first character that only a string has). */
export function plainType(v: string): ScalarType {
  const c = v.charCodeAt(0);
  if (!((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x6e || c === 0x4e || c === 0x7e || c === 0x74 || c === 0x54 || c === 0x66 || c === 0x46 || Number.isNaN(c))) return ScalarType.string;
  return determineScalarType({ value: v, plainScalar: true, doubleQuoted: false, singleQuoted: false } as never);
}

/** A plain scalar's value, as yamlFast reads it. */
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
 * A plain key that is not a string, as yamlFast reads a key: its value (an int as the parser gives it, a bigint when
 * it is one), which the data's key is the text of. A null key gives up (yamlFast's way gives up on it too).
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
  '0': '\0', a: '\x07', b: '\b', t: '\t', '\t': '\t', n: '\n', v: '\v', f: '\f', r: '\r', e: '\x1b', ' ': ' ', '"': '"', '/': '/', '\\': '\\', N: '\x85', _: '\xa0', L: '\u2028', P: '\u2029',
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
