/**
 * yamlOffsets.ts's tree of nodes (OffsetTree: a document's mappings and sequences, as offsets in one typed array), built
 * as the parse reads them, and its reading of plain text as limits.ts's depth scan reads it (plainText, for
 * YamlOffsets.scanBound).
 */
import { OFFSETS_MAX_NESTING, takesQuote } from '../limits';
import { giveUp } from './yamlOffsetsScalars';

/**
 * A mapping or a sequence as the parser's nodes place it: an offset in its tree's `ints` (a OffsetTree), where its
 * header (HEAD numbers: 1 for a mapping or 0, its own start and end, how many entries or items, its keys' place in
 * `keyed`) is followed, per entry (ENTRY numbers: keyStart, keyEnd, valueStart, valueEnd, -1 for a null value, and
 * the value's node or NONE) or item (ITEM numbers: start, end, -1 for a null item, and its node or NONE), by where
 * the parser's nodes would place it. One typed array for all of a document's nodes: outside V8's heap, they are not
 * copied by each collection of the young generation, as the nodes' objects and arrays were (19 MB of heap for
 * github-api's 3.4 MB).
 */
export type OffsetNode = number;

export const NONE = -1;
export const HEAD = 5;
export const ENTRY = 5;
export const ITEM = 3;

/** The nodes of one parse (see OffsetNode). */
export class OffsetTree {
  ints: Int32Array;
  size = 0;
  /** How deep its mappings and sequences nest (the root: 1). */
  depth = 0;
  /** Per mapping: its data object (whose keys are its keys, in order) or, where they differ, its keys' texts. */
  readonly keyed: (object | string[])[] = [];
  /** Per mapping of more than a few keys: key → entry, made when first looked up. */
  private indexes: Map<OffsetNode, Map<string, number>> | undefined;

  constructor(capacity: number) {
    this.ints = new Int32Array(Math.max(64, capacity));
  }

  isMap(n: OffsetNode): boolean {
    return this.ints[n] === 1;
  }

  start(n: OffsetNode): number {
    return this.ints[n + 1]!;
  }

  end(n: OffsetNode): number {
    return this.ints[n + 2]!;
  }

  count(n: OffsetNode): number {
    return this.ints[n + 3]!;
  }

  /** Where entry or item `i` of node `n` is in `ints`: its offsets (ENTRY or ITEM numbers, the last its value's node). */
  slot(n: OffsetNode, i: number): number {
    return n + HEAD + i * (this.ints[n] === 1 ? ENTRY : ITEM);
  }

  /** The node of entry or item `i`'s value (NONE: not a mapping or a sequence). */
  kid(n: OffsetNode, i: number): OffsetNode {
    return this.ints[this.slot(n, i) + (this.ints[n] === 1 ? ENTRY : ITEM) - 1]!;
  }

  /** A mapping's keys (the texts of its keys, in order). */
  keysOf(n: OffsetNode): string[] {
    const k = this.keyed[this.ints[n + 4]!]!;
    return Array.isArray(k) ? k : Object.keys(k);
  }

  /** The entry of a mapping's key, or -1. */
  entryOf(n: OffsetNode, key: string): number {
    if (this.count(n) <= 8) {
      // A few keys: read in order where they are, without the array of them keysOf makes of a data object (a range
      // is asked for each finding, down a path of small mappings). `for…in` gives Object.keys' order.
      const k = this.keyed[this.ints[n + 4]!]!;
      if (Array.isArray(k)) return k.indexOf(key);
      let i = 0;
      for (const name in k) {
        if (name === key) return i;
        i++;
      }
      return -1;
    }
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
/** The tree between parses (nothing is read into it). */
const IDLE = new OffsetTree(0);
let tree = IDLE;

/**
 * What limits.ts's depth scan makes of the plain scalars and keys read (see YamlOffsets.scanBound), line by line as it
 * reads them: it counts their brackets as flow collections (`open`: its running count, a close only while one is
 * open; `most`: the highest), except inside what it takes for quoted text (limits.ts takesQuote, to the closing
 * quote). `doubt`: a plain line where it would still be inside such a quote at the line's end or at a comment, from
 * where its reading of the text differs from this parse's. `lines`: the most continuation lines of one plain scalar
 * (each may sit deeper than the last, and the scan counts a level per deeper line).
 */
export const plainText = { open: 0, most: 0, doubt: false, lines: 0 };

/** YamlOffsets.scanBound of a parse that read `tree`: its nesting, one more for a sequence's dash, and plainText's. */
export function scanBound(tree: OffsetTree): number {
  return plainText.doubt ? Infinity : tree.depth + 1 + plainText.lines + plainText.most;
}

/**
 * The scan's reading of one line of plain text, character by character (plainText): the quote it takes itself to be
 * in (0: none), whether the next character is escaped, its last character but blanks and whether a blank followed
 * it. `inFlow`: the text is inside a flow collection (the scan's flow count is never 0 there); elsewhere it is the
 * running count of plain text's brackets.
 */
export class PlainLine {
  quote = 0;
  escaped = false;
  last = 0;
  blank = false;
  inFlow = false;

  reset(inFlow = false): void {
    this.quote = 0;
    this.escaped = false;
    this.last = 0;
    this.blank = false;
    this.inFlow = inFlow;
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
    if (c === 0x20 || c === 0x09) {
      this.blank = true;
      return;
    }
    if ((c === 0x22 || c === 0x27) && takesQuote(this.last, this.blank, this.inFlow || plainText.open > 0)) this.quote = c;
    else if (c === 0x5b || c === 0x7b) {
      if (++plainText.open > plainText.most) plainText.most = plainText.open;
    } else if ((c === 0x5d || c === 0x7d) && plainText.open > 0) plainText.open--;
    this.last = c;
    this.blank = false;
  }

  /** The line ends (or a comment starts): the scan must be out of any quote, or its reading differs. */
  end(): void {
    if (this.quote !== 0) plainText.doubt = true;
  }
}

const keyLine = new PlainLine();

/** The scan's reading of a plain key's or a flow collection's plain scalar's characters [from, to) (`inFlow`: the latter). */
export function readPlainText(text: string, from: number, to: number, inFlow = false): void {
  keyLine.reset(inFlow);
  for (let i = from; i < to; i++) keyLine.char(text.charCodeAt(i), text.charCodeAt(i + 1));
  keyLine.end();
}

/** Before a parse of `length` characters: a tree for its nodes. */
export function beginTree(length: number): OffsetTree {
  tree = new OffsetTree(length >> 2);
  plainText.open = 0;
  plainText.most = 0;
  plainText.doubt = false;
  plainText.lines = 0;
  return tree;
}

/** After a parse (whole or given up): no node is being read, and nothing of it is held here. */
export function endTree(): void {
  open = 0;
  for (const a of offsetsAt) a.length = 0;
  tree = IDLE;
}

/** Starts a node: the array its entries' or items' numbers are gathered in (emptied). */
export function enterNode(): number {
  const d = open++;
  if (d >= OFFSETS_MAX_NESTING) giveUp();
  if (d >= tree.depth) tree.depth = d + 1;
  if (d === offsetsAt.length) offsetsAt.push([]);
  else offsetsAt[d]!.length = 0;
  return d;
}

export function offsetsOf(d: number): number[] {
  return offsetsAt[d]!;
}

/** The node started by `enterNode` (d), with what was gathered for it (a mapping's `keyed`: see OffsetTree); ends it. */
export function makeNode(d: number, map: boolean, start: number, end: number, keyed: object | string[] | undefined): OffsetNode {
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
