/**
 * The JSON parse of a one-shot lint (the CLI, a workspace lint: one text, linted once): the data jsonDocument.ts gives
 * and, instead of its syntax tree, the offset and length of every value, kept in one array of integers — what the
 * ranges of the findings are computed from. The tree (a node for every value, property and key: kubernetes, 4 MB,
 * 40 MB of heap against 5 MB for its data) is only needed to update the parse after an edit (parseJson.ts), which a
 * one-shot lint never does; the tree is still built when something asks for `ast` (lazily, by jsonDocument.ts).
 *
 * It reads a strict JSON text only (one JSON.parse accepts, without a duplicate or a `__proto__` key): any other
 * text gives undefined, and jsonDocument.ts parses it with its tree.
 */
import type { IRange } from '@stoplight/types';
import { LineIndex } from '../lineIndex';
import { OFFSETS_MAX_NESTING } from '../limits';
import { GiveUp, nextMember, skipSpace } from './jsonStrict';
import { isArrayIndex, writtenOrderObject } from './units';
import { ReadAhead } from './readAhead';

type Segment = string | number;

/**
 * Where the values of a JSON text are, in one array of integers (outside V8's heap): per array or object (a "node",
 * at its index), its number of children, then per child its offset, its length and its node (-1: not an array or an
 * object), in the order the children are written.
 */
export class JsonPositions {
  private readonly keyIndex = new Map<object, Map<string, number>>();
  private readonly lines: LineIndex;

  constructor(
    text: string,
    private readonly nodes: Int32Array,
    private readonly data: unknown,
    private readonly root: { offset: number; length: number; node: number },
  ) {
    this.lines = new LineIndex(text, 'jsonc');
  }

  /**
   * The range of the value at `path` (with `closest`: of the deepest value on the way when it does not exist): the
   * node @stoplight/json's getLocationForJsonPath finds in the syntax tree, as parsedDocs.ts jsonNodeAt walks it.
   */
  rangeAt(path: Segment[], closest: boolean): IRange | undefined {
    const nodes = this.nodes;
    let value = this.data;
    let { offset, length, node } = this.root;
    for (const segment of path) {
      const n = Number(segment);
      const seg = Number.isInteger(n) ? n : segment;
      let i: number | undefined;
      if (typeof seg === 'string' || !Array.isArray(value)) {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return closest ? this.lines.range(offset, offset + length) : undefined;
        const key = String(seg);
        i = this.indexOf(value, key);
        if (i === undefined) return closest ? this.lines.range(offset, offset + length) : undefined;
        value = (value as Record<string, unknown>)[key];
      } else {
        if (seg < 0 || seg >= value.length) return closest ? this.lines.range(offset, offset + length) : undefined;
        i = seg;
        value = value[seg];
      }
      // `value` was an array or an object: `node` is its node.
      const at = node + 1 + 3 * i;
      offset = nodes[at]!;
      length = nodes[at + 1]!;
      node = nodes[at + 2]!;
    }
    return this.lines.range(offset, offset + length);
  }

  /** The place of `key` among an object's keys (its written order: see settle). */
  private indexOf(o: object, key: string): number | undefined {
    let m = this.keyIndex.get(o);
    if (m === undefined) {
      m = new Map();
      let i = 0;
      for (const k of Object.keys(o)) m.set(k, i++);
      this.keyIndex.set(o, m);
    }
    return m.get(key);
  }
}

export interface JsonOffsets {
  data: unknown;
  positions: JsonPositions;
  /** how deep its arrays and objects nest (what limits.ts jsonTooDeep counts in it) */
  depth: number;
}

/**
 * The data and the positions of a strict JSON text, or undefined for any other text.
 *
 * The data is JSON.parse's: V8 parses in native code and, for a text of 100 KB or more, builds its objects in the old
 * generation, where no young-generation collection copies them again (kubernetes: JSON.parse is a small part of the
 * whole parse here, which is faster than reading the text in JavaScript and building the objects as it went, and its
 * objects were copied by the collections that followed). The positions come from one pass over the text JSON.parse
 * accepted (so it only looks for where each value ends). What JSON.parse reads otherwise than Spectral's parser is
 * then settled (settle): an object with an array-index key is made an ordered object (its keys in the written
 * order), and a text with a duplicate key or a `__proto__` key is given up (jsonDocument.ts leaves it to the parser,
 * which reports the one and keeps the other its own way).
 */
export function parseJsonOffsets(text: string): JsonOffsets | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  try {
    const scanner = new Scanner(text);
    const start = skipSpace(text, 0);
    const end = scanner.value(start);
    const node = scanner.kid;
    const nodes = scanner.nodes.slice(0, scanner.size);
    if (node >= 0) data = settle(data, node, nodes, scanner.indexed);
    return { data, positions: new JsonPositions(text, nodes, data, { offset: start, length: end - start, node }), depth: scanner.deepest };
  } catch (e) {
    if (e instanceof GiveUp || e instanceof RangeError) return undefined;
    throw e;
  }
}

// The parse of a text read ahead by a one-shot lint's input checks (the depth check: pipeline/input.ts), taken by
// its parse (jsonDocument.ts).
const ahead = new ReadAhead<JsonOffsets | undefined>(parseJsonOffsets);

/** parseJsonOffsets of the text, kept for the parse of the same text that follows. */
export const jsonOffsetsFor = (text: string): JsonOffsets | undefined => ahead.of(text);

/** The offsets parse of `text` read ahead, or read now; forgotten then. */
export const takeJsonOffsets = (text: string): JsonOffsets | undefined => ahead.take(text);

/** Reads where the values of a text JSON.parse accepted are (JsonPositions' layout). */
class Scanner {
  nodes = new Int32Array(4096);
  size = 0;
  /** The node of the last value read (-1: not an array or an object). */
  kid = -1;
  /** The written keys of the objects with an array-index key, by node. */
  readonly indexed = new Map<number, string[]>();
  /** The children (offset, length, node) of the containers being read, the innermost last. */
  private children = new Int32Array(1024);
  private top = 0;
  /** Where the keys of the objects being read start and end (their quotes included), the innermost last. */
  private keys = new Int32Array(256);
  private keyTop = 0;
  /** How many arrays and objects are open, and the most that were. */
  private depth = 0;
  deepest = 0;

  constructor(private readonly text: string) {}

  /** The value at `p`: where it ends; its node in `kid`. */
  value(p: number): number {
    const c = this.text.charCodeAt(p);
    if (c === 123) return this.object(p);
    if (c === 91) return this.array(p);
    this.kid = -1;
    return c === 34 ? stringEnd(this.text, p) : scalarEnd(this.text, p);
  }

  private object(p: number): number {
    this.enter();
    const t = this.text;
    const from = this.top;
    const keyFrom = this.keyTop;
    let indexed = false;
    p = skipSpace(t, p + 1);
    if (t.charCodeAt(p) !== 125) {
      for (;;) {
        const keyEnd = this.key(p);
        if (this.keyNeedsReading) {
          const key = keyAt(t, p, keyEnd);
          // JSON.parse makes `__proto__` an own key, Spectral's parser the prototype: the parser decides (jsonDocument.ts).
          if (key === '__proto__') throw new GiveUp();
          if (!indexed && isArrayIndex(key)) indexed = true;
        }
        const next = this.member(skipSpace(t, skipSpace(t, keyEnd) + 1), 125);
        if (next < 0) {
          p = ~next;
          break;
        }
        p = next;
      }
    }
    const node = this.close(from);
    if (indexed) {
      const keys: string[] = [];
      for (let i = keyFrom; i < this.keyTop; i += 2) keys.push(keyAt(t, this.keys[i]!, this.keys[i + 1]!));
      this.indexed.set(node, keys);
    }
    this.keyTop = keyFrom;
    return p + 1;
  }

  private array(p: number): number {
    this.enter();
    const t = this.text;
    const from = this.top;
    p = skipSpace(t, p + 1);
    if (t.charCodeAt(p) !== 93) {
      for (;;) {
        const next = this.member(p, 93);
        if (next < 0) {
          p = ~next;
          break;
        }
        p = next;
      }
    }
    this.close(from);
    return p + 1;
  }

  /**
   * The value of a member at `p`, kept as a child: where the next member starts, or `~` the offset of the container's
   * closing bracket `close` (jsonStrict.ts nextMember).
   */
  private member(p: number, close: number): number {
    const start = p;
    p = this.value(p);
    this.child(start, p - start);
    return nextMember(this.text, p, close);
  }

  /** Whether the last key read has to be read as a string (it may be an array index or `__proto__`). */
  private keyNeedsReading = false;

  /** The key whose opening quote is at `p`: where it ends (past its closing quote); its span kept. */
  private key(p: number): number {
    const t = this.text;
    const q = stringEnd(t, p);
    // Only a key starting with a digit can be an array index, and only one starting with '_' `__proto__` (unless an
    // escape starts it).
    const first = t.charCodeAt(p + 1);
    this.keyNeedsReading = (first >= 48 && first <= 57) || first === 95 || first === 92;
    if (this.keyTop + 2 > this.keys.length) this.keys = grown(this.keys, this.keyTop + 2);
    this.keys[this.keyTop++] = p;
    this.keys[this.keyTop++] = q;
    return q;
  }

  private child(offset: number, length: number): void {
    if (this.top + 3 > this.children.length) this.children = grown(this.children, this.top + 3);
    const c = this.children;
    c[this.top] = offset;
    c[this.top + 1] = length;
    c[this.top + 2] = this.kid;
    this.top += 3;
  }

  /** A container's children, moved from the stack to its node. */
  private close(from: number): number {
    const n = this.top - from;
    if (this.size + 1 + n > this.nodes.length) this.nodes = grown(this.nodes, this.size + 1 + n);
    const node = this.size;
    const nodes = this.nodes;
    const c = this.children;
    nodes[node] = n / 3;
    for (let i = 0; i < n; i++) nodes[node + 1 + i] = c[from + i]!;
    this.size += 1 + n;
    this.top = from;
    this.depth--;
    this.kid = node;
    return node;
  }

  private enter(): void {
    if (++this.depth > OFFSETS_MAX_NESTING) throw new GiveUp();
    if (this.depth > this.deepest) this.deepest = this.depth;
  }
}

function grown(a: Int32Array, need: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(Math.max(need, 2 * a.length));
  b.set(a);
  return b;
}

/** Past the closing quote of the string whose opening quote is at `p` (in a text JSON.parse accepted). */
function stringEnd(t: string, p: number): number {
  let q = p + 1;
  for (;;) {
    q = t.indexOf('"', q);
    if (q < 0) throw new GiveUp();
    // A quote after an odd number of backslashes is escaped.
    let b = 0;
    while (t.charCodeAt(q - 1 - b) === 92) b++;
    if ((b & 1) === 0) return q + 1;
    q++;
  }
}

/** Past a number, `true`, `false` or `null` at `p` (in a text JSON.parse accepted). */
function scalarEnd(t: string, p: number): number {
  for (;;) {
    const c = t.charCodeAt(p);
    if (c === 44 || c === 93 || c === 125 || c === 32 || c === 10 || c === 13 || c === 9 || c !== c) return p;
    p++;
  }
}

/** The key between the quotes at `p` and `end - 1`. */
function keyAt(t: string, p: number, end: number): string {
  const raw = t.slice(p + 1, end - 1);
  return raw.includes('\\') ? (JSON.parse(t.slice(p, end)) as string) : raw;
}

/**
 * JSON.parse's data where it differs from Spectral's parser's: an object with an array-index key becomes an ordered
 * object with its keys in the written order (JSON.parse's objects list such keys first, as every object does); an
 * object with fewer keys than members had a duplicate key (GiveUp). `node` is `v`'s node; the value to keep is
 * returned (`v`, or the ordered object made of it).
 */
function settle(v: unknown, node: number, nodes: Int32Array, indexed: Map<number, string[]>): unknown {
  const count = nodes[node]!;
  let at = node + 3;
  if (Array.isArray(v)) {
    for (let i = 0; i < count; i++, at += 3) {
      const kid = nodes[at]!;
      if (kid < 0) continue;
      const x = v[i];
      const y = settle(x, kid, nodes, indexed);
      if (y !== x) v[i] = y;
    }
    return v;
  }
  if (typeof v !== 'object' || v === null) throw new GiveUp(); // a duplicate key's other value
  const o = v as Record<string, unknown>;
  const keys = indexed.get(node);
  if (keys === undefined) {
    // No array-index key: JSON.parse's order is the written one.
    let i = 0;
    for (const k in o) {
      if (i === count) throw new GiveUp();
      const kid = nodes[at]!;
      if (kid >= 0) {
        const x = o[k];
        const y = settle(x, kid, nodes, indexed);
        if (y !== x) o[k] = y;
      }
      i++;
      at += 3;
    }
    if (i !== count) throw new GiveUp(); // a duplicate key
    return o;
  }
  if (Object.keys(o).length !== count) throw new GiveUp(); // a duplicate key
  for (let i = 0; i < count; i++, at += 3) {
    const kid = nodes[at]!;
    if (kid < 0) continue;
    const x = o[keys[i]!];
    const y = settle(x, kid, nodes, indexed);
    if (y !== x) o[keys[i]!] = y;
  }
  return writtenOrderObject(keys, k => o[k]);
}
